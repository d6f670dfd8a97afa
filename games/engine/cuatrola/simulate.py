"""Random legal Cuatrola: deals, hands and whole matches.

Used by the property tests, the benchmarks and the demo data. Every choice is drawn
from the engine's own ``legal_calls()``, ``legal_plays()`` and ``legal_cantes()`` with
the deal known (V4), so what comes out is legal by construction.
"""

from __future__ import annotations

import random

from ..cards import SPANISH_20, Card
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
    rules = rules or CuatrolaRules()
    match = MatchState(rules)
    dealer = rng.randrange(SEATS) if first_dealer is None else first_dealer
    hands: list[HandRecord] = []
    while not match.finished and (max_hands is None or len(hands) < max_hands):
        hands.append(play_random_hand(rng, match, dealer, declare=declare, sing=sing))
        dealer = (dealer + 1) % SEATS
    if not with_deal:
        for h in hands:
            h.deal = None
    return Record(
        "cuatrola",
        rules,
        hands,
        seats=["Ana", "Blas", "Carmen", "Diego"],
        rules_given=rules.as_dict(),
    )
