"""Writes of the tournaments app: tournaments, entries, withdrawals, rounds, forfeits and
fixtures filled from paper records (``tournaments.services``: import from here; the
modules of this package are its parts).

Matches are created and recorded through ``games.services`` (the one writer of matches);
the draw and the standings are the pure modules ``pairing`` and ``standings``; the shape of
a table (entries per table, players per entry, who sits where) comes from the game
registry, so nothing here knows a game's rules.

Parts: ``base`` (the user type, ``Conflict``, the organiser check), ``tournament``
(create, settings, seeding), ``entries`` (add, merge players, withdraw, readmit),
``decisions`` (forfeits, voids, the results version), ``rounds`` (draw the next round,
undo, redraw, swap, schedule), ``draw`` (who meets whom, read from the results) and
``records`` (paper records into a fixture's match).
"""

from games.services import Refused, Stale

from .base import ROUND_ROBINS, Conflict, User
from .decisions import decide_fixture, default_forfeit_score
from .entries import add_entry, default_withdrawal, merge_players, readmit_entry, withdraw_entry
from .records import import_fixture_record
from .rounds import (
    delete_round,
    draw_refusal,
    generate_next_round,
    redraw_round,
    schedule_round,
    seat_players,
    swap_entries,
)
from .tournament import (
    SETTINGS_BEFORE_START,
    create_tournament,
    set_seeding,
    table_shape,
    update_tournament,
)

__all__ = [
    "ROUND_ROBINS",
    "SETTINGS_BEFORE_START",
    "Conflict",
    "Refused",
    "Stale",
    "User",
    "add_entry",
    "create_tournament",
    "decide_fixture",
    "default_forfeit_score",
    "default_withdrawal",
    "delete_round",
    "draw_refusal",
    "generate_next_round",
    "import_fixture_record",
    "merge_players",
    "readmit_entry",
    "redraw_round",
    "schedule_round",
    "seat_players",
    "set_seeding",
    "swap_entries",
    "table_shape",
    "update_tournament",
    "withdraw_entry",
]
