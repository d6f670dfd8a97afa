"""Random legal Cuatrola: deals, hands and whole matches.

Used by the property tests, the benchmarks and the demo data. Every choice is drawn
from the engine's own ``legal_calls()``, ``legal_plays()`` and ``legal_cantes()`` with
the deal known (V4), so what comes out is legal by construction.
"""

from __future__ import annotations

from random import Random
from typing import Any

from ..cards import SPANISH_20, Card
from ..core.simulate import Policy, play_out, simulator
from .events import Call, Cante
from .match import MatchState
from .options import HAND_SIZE, SEATS, CuatrolaRules
from .record import HandRecord


def random_deal(rng: Random, dealer: int) -> tuple[list[list[Card]], Card]:
    """Five cards to each seat and the dealer's last card, shown as trump (C1)."""
    cards = list(SPANISH_20.cards)
    rng.shuffle(cards)
    deal = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(SEATS)]
    return deal, deal[dealer][-1]


#: the chances of the random choices, by default (``random_match(..., sing=0.5)``)
POLICY: Policy = {"declare": 0.3, "sing": 0.8}


def play_random_hand(rng: Random, match: MatchState, dealer: int, p: Policy) -> HandRecord:
    """Play one legal random hand on ``match`` and return it as a record hand.

    The chances ``p`` (:data:`POLICY`): ``declare``, that a seat makes a declaration
    when it may; ``sing``, that a side announces a cante it may.
    """
    deal, trump = random_deal(rng, dealer)
    hand = match.start_hand(dealer, trump, deal)
    record = HandRecord(dealer, trump.text, deal=[[c.text for c in h] for h in deal])
    while hand.declaration is None:
        calls = hand.legal_calls()
        declarations = [c for c in calls if c != "pass"]
        call = rng.choice(declarations) if declarations and rng.random() < p["declare"] else "pass"
        match.apply(Call(call))
        record.calls.append(call)
    play_out(rng, match, hand, record.tricks, record.cantes, p["sing"], _cante)
    return record


def _cante(choice: tuple[int, str], after_trick: int) -> tuple[Cante, dict[str, Any]]:
    seat, suit = choice
    return Cante(seat, suit), {"after_trick": after_trick, "seat": seat, "suit": suit}


#: a legal random match record, played to its end (or ``max_hands`` hands); ``declare``
#: and ``sing`` as :func:`play_random_hand`'s
random_match = simulator("cuatrola", MatchState, CuatrolaRules, play_random_hand, POLICY)
