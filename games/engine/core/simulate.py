"""One random-match driver for every game's simulator (property tests, benchmarks, demo
data): deal in rotation from a random first dealer, play legal random hands until the
match is over, and write the record. A game's ``simulate.py`` supplies how one random
hand is played (from its own ``legal_*()``); what is left is the same for all."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..game import Record

NAMES = ["Ana", "Blas", "Carmen", "Diego"]


def random_match(
    rng: random.Random,
    game: str,
    match: Any,
    play_hand: Callable[[random.Random, Any, int], Any],
    *,
    max_hands: int | None = None,
    with_deal: bool = True,
    first_dealer: int | None = None,
) -> Record:
    """A legal random match record on the empty ``match``, played to its end (or
    ``max_hands`` hands); ``play_hand(rng, match, dealer)`` plays one hand and returns
    its record hand. Without the deal, each hand's ``deal`` is left out."""
    seats = match.players
    dealer = rng.randrange(seats) if first_dealer is None else first_dealer
    hands: list[Any] = []
    while not match.finished and (max_hands is None or len(hands) < max_hands):
        hands.append(play_hand(rng, match, dealer))
        dealer = (dealer + 1) % seats
    if not with_deal:
        for h in hands:
            h.deal = None
    rules = match.rules
    return Record(game, rules, hands, seats=NAMES[:seats], rules_given=rules.as_dict())
