"""A computer Belote player: the next event a table of computers records.

Deals at random (the only chance involved). In the auction a seat looks at the five
cards it holds then (the first five of its deal: the other three come after, B1) and
calls a suit headed by its J with the 9 or two more cards of the suit, or no trumps with
two aces and a ten (or three aces), when that contract is legal and its partner does not
hold the standing one; it never doubles. It announces every declaration it holds with its
first card, and a belote with its K or Q; plays by
:func:`games.engine.strategy.choose_card`.
"""

from __future__ import annotations

import random

from ..cards import Card
from ..strategy import card_for, count_suit
from .events import Belote, Call, Deal, Declaration, Event, Play
from .hand import HandState
from .match import MatchState
from .options import SUIT_OF_CONTRACT
from .play import trick_winner
from .proofs import side_of
from .simulate import random_deal

#: the cards a seat holds during the auction (B1: three, then two)
AUCTION_CARDS = 5


def wanted_contract(cards: list[Card]) -> str | None:
    """The contract these cards are worth calling, or None."""
    best: tuple[int, str] | None = None
    for contract, suit in SUIT_OF_CONTRACT.items():
        ranks = {c.rank for c in cards if c.suit == suit}
        if "J" in ranks and ("9" in ranks or len(ranks) >= 3):
            strength = (count_suit(cards, suit), contract)
            best = max(best, strength) if best else strength
    if best:
        return best[1]
    aces = sum(1 for c in cards if c.rank == "A")
    if aces >= 2 and aces + sum(1 for c in cards if c.rank == "10") >= 3:
        return "no_trumps"
    return None


def choose_call(hand: HandState) -> str:
    seat = hand.to_act
    if hand.standing_seat is not None and side_of(hand.standing_seat) == side_of(seat):
        return "pass"
    want = wanted_contract(list(hand.deal[seat][:AUCTION_CARDS]))
    return want if want in hand.legal_calls() else "pass"


def _announced_belote(hand: HandState, seat: int, suit: str) -> bool:
    return any(d.seat == seat and d.kind == "belote" and d.suit == suit for d in hand.declarations)


def next_event(match: MatchState, rng: random.Random) -> Event:
    """The event a table of computer players records next (the match is not over)."""
    if match.finished:
        raise ValueError("the match is over")
    if match.awaiting_deal:
        dealer = match.next_dealer if match.next_dealer is not None else 0
        deal = random_deal(rng)
        return Deal(tuple(tuple(c.text for c in h) for h in deal), dealer)
    hand = match.hands[-1]
    if not hand.auction_over:
        return Call(choose_call(hand))
    seat, contract = hand.to_act, hand.contract
    card = card_for(
        hand,
        lambda cards: trick_winner(cards, contract),
        contract.strength,
        contract.points,
        contract.beat,
    )
    declarations = hand.legal_declarations()
    for event in declarations:
        if isinstance(event, Declaration):
            return event
    if hand.pending_belote is None and card.rank in ("K", "Q"):
        for event in declarations:
            if (
                isinstance(event, Belote)
                and event.suit == card.suit
                and not _announced_belote(hand, seat, card.suit)
            ):
                return event
    return Play(card)
