"""A computer Subastao player: the next event a table of computers records.

Deals at random (the only chance involved); bids the lowest raise while it stays within
what its cards are worth (:func:`hand_value`: card points, its longest suit as trump,
the 12 and 11 pairs it could sing), else passes; names its longest suit; sings whenever
it may (a tute first, then the trump suit); plays by
:func:`games.engine.strategy.choose_card`.
"""

from __future__ import annotations

import random

from ..cards import Card
from ..strategy import card_for, count_suit
from ..tricks import STRENGTH, trick_winner
from .events import PASS, Bid, Cante, Deal, Event, Play, Trump
from .hand import HandState
from .match import MatchState
from .simulate import random_deal


def best_suit(cards: list[Card], suits: tuple[str, ...], points: dict[Card, int]) -> str:
    """The suit a holder of ``cards`` would name trump: the longest, then the richest."""
    return max(
        suits,
        key=lambda s: (count_suit(cards, s), sum(points[c] for c in cards if c.suit == s)),
    )


def hand_value(cards: list[Card], suits: tuple[str, ...], points: dict[Card, int]) -> int:
    """What a seat expects to make with ``cards``: their card points, 5 a trump beyond
    four in its longest suit, and its cantes (40 in that suit, 20 in another)."""
    trump = best_suit(cards, suits, points)
    held = set(cards)
    cantes = sum(
        (40 if suit == trump else 20)
        for suit in suits
        if Card.parse("12" + suit) in held and Card.parse("11" + suit) in held
    )
    longest = count_suit(cards, trump)
    return sum(points[c] for c in cards) + 5 * (longest - 4) + cantes


def choose_bid(hand: HandState) -> int | str:
    bids = hand.legal_bids()
    raises = [b for b in bids if b != PASS]
    deck = hand.deck
    value = hand_value(list(hand.deal[hand.to_act]), deck.suits, deck.points)
    if raises and raises[0] <= value:
        return raises[0]
    return PASS


def _cante_rank(cante: Cante, trump: str | None) -> tuple[bool, bool]:
    return (cante.tute is not None, cante.suit == trump)


def next_event(match: MatchState, rng: random.Random) -> Event:
    """The event a table of computer players records next (the match is not over)."""
    if match.finished:
        raise ValueError("the match is over")
    if match.awaiting_deal:
        dealer = match.next_dealer if match.next_dealer is not None else 0
        deal = random_deal(rng, match.rules)
        return Deal(tuple(tuple(c.text for c in h) for h in deal), dealer)
    hand = match.hands[-1]
    if not hand.auction_over:
        return Bid(choose_bid(hand))
    if hand.phase == "trump":
        held = list(hand.deal[hand.bidder])
        return Trump(best_suit(held, tuple(hand.legal_trumps()), hand.deck.points))
    cantes = hand.legal_cantes()
    if cantes:
        return max(cantes, key=lambda c: _cante_rank(c, hand.trump))
    trump = hand.trump
    card = card_for(
        hand, lambda cards: trick_winner(cards, trump), STRENGTH, hand.deck.points, (trump,)
    )
    return Play(card)
