"""Matches played by computer players, recorded through the write service.

The players' moves come from the engine (each game's ``computer_move``: a random deal,
then a simple, sensible, legal strategy); this module only drives them through
:mod:`games.services`, as a table would: event by event (``record_event``, what the
scoring pad does: the truer test of the write path) or the whole match as one record
(``record_hands``, what an import does: faster).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from clubs.models import Club, Player

from . import services
from .models import Match

EVENTS, RECORD = "events", "record"


def simulate_match(
    *,
    club: Club,
    players: Sequence[Player],
    user: AbstractBaseUser,
    game: str,
    rng: random.Random,
    rules: dict[str, Any] | None = None,
    mode: str = EVENTS,
    name: str = "",
    played_on: date | None = None,
) -> Match:
    """A finished match of ``game`` between ``players`` (seat order), played by computers
    and recorded by ``user`` through :mod:`games.services` (``mode``: EVENTS or RECORD)."""
    engine = services.game_of(game)
    ruleset = services.parse_rules(rules, game)
    match = services.create_match(
        club=club,
        players=players,
        user=user,
        game=game,
        rules=ruleset.as_dict(),
        first_dealer=rng.randrange(engine.seats(ruleset)),
        name=name,
        played_on=played_on,
    )
    if mode == RECORD:
        state = engine.new_match(ruleset, match.first_dealer)
        while not state.finished:
            state.apply(engine.computer_move(state, rng))
        record = engine.record_from_match(state, seats=[p.display_name for p in players])
        services.record_hands(match, record, user)
    elif mode == EVENTS:
        state = services.replay(match)
        while not state.finished:
            event = engine.event_to_dict(engine.computer_move(state, rng))
            number = len(state.hands) + 1 if state.awaiting_deal else len(state.hands)
            hand = match.hands.get(number=number)
            state = services.record_event(hand, hand.next_seq, event, user).state
    else:
        raise ValueError(f"mode must be {EVENTS!r} or {RECORD!r}")
    match.refresh_from_db()
    return match
