"""The rules of the games, in pure Python (no Django import).

Everything that knows a rule lives here; models, API, pages and tasks go through it.
Modelled on python-chess: small immutable values (:class:`Card`), a state object with
``legal_*()`` and ``apply()`` (:class:`HandState`, :class:`MatchState`), notation in and
out (cards as ``"12o"``, events as dicts, whole matches as ``card-record`` JSON).
Every game sits behind one interface (:class:`Game`) found by name with
:func:`find_game`, as python-chess's variants are. This package exports that interface
(the game objects, records, errors, cards); a game's own types (Cuatrola's ``HandState``,
``Call``…) are its package's (``games.engine.cuatrola``), for the engine and its tests.
"""

from .cards import FRENCH_32, SPANISH_20, SPANISH_36, SPANISH_40, Card, Deck
from .core.options import ranges_of
from .errors import RecordFormatError, RuleError
from .game import Game, HandOutcome, RuleOption, Standing
from .record import (
    Record,
    check_record,
    check_text,
    dump_record,
    hand_events,
    load_record,
    parse_record,
    record_from_match,
)
from .registry import default_game, find_game, games

__all__ = [
    "FRENCH_32",
    "SPANISH_20",
    "SPANISH_36",
    "SPANISH_40",
    "Card",
    "Deck",
    "Game",
    "HandOutcome",
    "Record",
    "RecordFormatError",
    "RuleError",
    "RuleOption",
    "Standing",
    "check_record",
    "check_text",
    "default_game",
    "dump_record",
    "find_game",
    "games",
    "hand_events",
    "load_record",
    "parse_record",
    "ranges_of",
    "record_from_match",
]
