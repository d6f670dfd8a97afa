"""Random legal Subastao: deals, hands and whole matches.

Used by the property tests and the benchmarks. Every choice is drawn from the engine's
own ``legal_bids()``, ``legal_trumps()``, ``legal_plays()`` and ``legal_cantes()`` with the
deal known (V4), so what comes out is legal by construction.
"""

from __future__ import annotations

import random

from ..cards import Card
from ..core.simulate import random_match as core_random_match
from ..game import Record
from .events import PASS, Bid, Cante, Play, Trump
from .match import MatchState
from .options import SubastaoRules
from .record import HandRecord


def random_deal(rng: random.Random, rules: SubastaoRules) -> list[list[Card]]:
    """Every seat's cards (S1): 12 of 36 each, or 10 of 40 in pairs."""
    cards = list(rules.deck.cards)
    rng.shuffle(cards)
    size = rules.hand_size
    return [cards[i * size : (i + 1) * size] for i in range(rules.players)]


def play_random_hand(
    rng: random.Random,
    match: MatchState,
    dealer: int,
    *,
    bid: float = 0.45,
    sing: float = 0.8,
) -> HandRecord:
    """Play one legal random hand on ``match`` and return it as a record hand.

    ``bid`` is the chance a seat raises when it speaks (by one to three steps of 5);
    ``sing`` the chance the bid winner's side announces a cante or tute it may.
    """
    rules = match.rules
    deal = random_deal(rng, rules)
    hand = match.start_hand(dealer, deal)
    record = HandRecord(dealer, deal=[[c.text for c in h] for h in deal])
    while not hand.auction_over:
        bids = hand.legal_bids()
        raises = bids[1 : 1 + rng.randint(1, 3)]
        choice = rng.choice(raises) if raises and rng.random() < bid else PASS
        match.apply(Bid(choice))
        record.bids.append(choice)
    if hand.void:
        return record
    held = deal[hand.bidder]
    # the bid winner names its longest suit, as players mostly do (any suit is legal)
    trump = max(hand.legal_trumps(), key=lambda s: (sum(c.suit == s for c in held), rng.random()))
    match.apply(Trump(trump))
    record.trump = trump
    record.tricks, record.cantes = [], []
    while not hand.is_complete:
        if not hand.current_cards:
            record.tricks.append([])
        card = rng.choice(hand.legal_plays())
        match.apply(Play(card))
        record.tricks[-1].append(card.text)
        if not hand.current_cards and not hand.is_complete:
            cantes = hand.legal_cantes()
            if cantes and rng.random() < sing:
                cante: Cante = rng.choice(cantes)
                match.apply(cante)
                out = {"after_trick": len(hand.tricks), "seat": cante.seat}
                if cante.tute is not None:
                    out["tute"] = cante.tute
                else:
                    out["suit"] = cante.suit
                record.cantes.append(out)
    if not record.cantes:
        record.cantes = None
    return record


def random_match(
    rng: random.Random,
    rules: SubastaoRules | None = None,
    *,
    max_hands: int | None = None,
    with_deal: bool = True,
    bid: float = 0.45,
    sing: float = 0.8,
    first_dealer: int | None = None,
) -> Record:
    """A legal random match record, played to its end (or ``max_hands`` hands)."""
    return core_random_match(
        rng,
        "subastao",
        MatchState(rules or SubastaoRules()),
        lambda rng, match, dealer: play_random_hand(rng, match, dealer, bid=bid, sing=sing),
        max_hands=max_hands,
        with_deal=with_deal,
        first_dealer=first_dealer,
    )
