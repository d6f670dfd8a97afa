"""Random legal Subastao: deals, hands and whole matches.

Used by the property tests and the benchmarks. Every choice is drawn from the engine's
own ``legal_bids()``, ``legal_trumps()``, ``legal_plays()`` and ``legal_cantes()`` with the
deal known (V4), so what comes out is legal by construction.
"""

from __future__ import annotations

from random import Random
from typing import Any

from ..cards import Card
from ..core.simulate import Policy, play_out, simulator
from .events import PASS, Bid, Cante, Trump
from .match import MatchState
from .options import SubastaoRules
from .record import HandRecord


def random_deal(rng: Random, rules: SubastaoRules) -> list[list[Card]]:
    """Every seat's cards (S1): 12 of 36 each, or 10 of 40 in pairs."""
    cards = list(rules.deck.cards)
    rng.shuffle(cards)
    size = rules.hand_size
    return [cards[i * size : (i + 1) * size] for i in range(rules.players)]


#: the chances of the random choices, by default (``random_match(..., bid=0.2)``)
POLICY: Policy = {"bid": 0.45, "sing": 0.8}


def play_random_hand(rng: Random, match: MatchState, dealer: int, p: Policy) -> HandRecord:
    """Play one legal random hand on ``match`` and return it as a record hand.

    The chances ``p`` (:data:`POLICY`): ``bid``, that a seat raises when it speaks (by
    one to three steps of 5); ``sing``, that the bid winner's side announces a cante or
    tute it may.
    """
    rules = match.rules
    deal = random_deal(rng, rules)
    hand = match.start_hand(dealer, deal)
    record = HandRecord(dealer, deal=[[c.text for c in h] for h in deal])
    while not hand.auction_over:
        bids = hand.legal_bids()
        raises = bids[1 : 1 + rng.randint(1, 3)]
        choice = rng.choice(raises) if raises and rng.random() < p["bid"] else PASS
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
    play_out(rng, match, hand, record.tricks, record.cantes, p["sing"], _cante)
    if not record.cantes:
        record.cantes = None
    return record


def _cante(cante: Cante, after_trick: int) -> tuple[Cante, dict[str, Any]]:
    out: dict[str, Any] = {"after_trick": after_trick, "seat": cante.seat}
    if cante.tute is not None:
        out["tute"] = cante.tute
    else:
        out["suit"] = cante.suit
    return cante, out


#: a legal random match record, played to its end (or ``max_hands`` hands); ``bid`` and
#: ``sing`` as :func:`play_random_hand`'s
random_match = simulator("subastao", MatchState, SubastaoRules, play_random_hand, POLICY)
