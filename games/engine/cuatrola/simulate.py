"""Random legal Cuatrola: deals, hands and whole matches.

Used by the property tests, the benchmarks and the demo data. Every choice is drawn
from the engine's own ``legal_calls()``, ``legal_plays()`` and ``legal_cantes()`` with
the deal known (V4), so what comes out is legal by construction.
"""

from __future__ import annotations

import random

from ..cards import SPANISH_20, Card
from ..core.simulate import random_match as core_random_match
from ..game import Record
from .events import Call, Cante, Play
from .match import MatchState
from .options import HAND_SIZE, SEATS, CuatrolaRules
from .record import HandRecord


def random_deal(rng: random.Random, dealer: int) -> tuple[list[list[Card]], Card]:
    """Five cards to each seat and the dealer's last card, shown as trump (C1)."""
    cards = list(SPANISH_20.cards)
    rng.shuffle(cards)
    deal = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(SEATS)]
    return deal, deal[dealer][-1]


def play_random_hand(
    rng: random.Random,
    match: MatchState,
    dealer: int,
    *,
    declare: float = 0.3,
    sing: float = 0.8,
) -> HandRecord:
    """Play one legal random hand on ``match`` and return it as a record hand.

    ``declare`` is the chance a seat makes a declaration when it may; ``sing`` the chance
    a side announces a cante it may.
    """
    deal, trump = random_deal(rng, dealer)
    hand = match.start_hand(dealer, trump, deal)
    record = HandRecord(dealer, trump.text, deal=[[c.text for c in h] for h in deal])
    while hand.declaration is None:
        calls = hand.legal_calls()
        declarations = [c for c in calls if c != "pass"]
        call = rng.choice(declarations) if declarations and rng.random() < declare else "pass"
        match.apply(Call(call))
        record.calls.append(call)
    while not hand.is_complete:
        if len(hand.current_cards) == 0:
            record.tricks.append([])
        card = rng.choice(hand.legal_plays())
        match.apply(Play(card))
        record.tricks[-1].append(card.text)
        if not hand.current_cards and not hand.is_complete:
            cantes = hand.legal_cantes()
            if cantes and rng.random() < sing:
                seat, suit = rng.choice(cantes)
                match.apply(Cante(seat, suit))
                record.cantes.append({"after_trick": len(hand.tricks), "seat": seat, "suit": suit})
    return record


def random_match(
    rng: random.Random,
    rules: CuatrolaRules | None = None,
    *,
    max_hands: int | None = None,
    with_deal: bool = True,
    declare: float = 0.3,
    sing: float = 0.8,
    first_dealer: int | None = None,
) -> Record:
    """A legal random match record, played to its end (or ``max_hands`` hands)."""
    return core_random_match(
        rng,
        "cuatrola",
        MatchState(rules or CuatrolaRules()),
        lambda rng, match, dealer: play_random_hand(rng, match, dealer, declare=declare, sing=sing),
        max_hands=max_hands,
        with_deal=with_deal,
        first_dealer=first_dealer,
    )
