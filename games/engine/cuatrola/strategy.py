"""A computer Cuatrola player: the next event a table of computers records.

Deals at random (the only chance involved); declares by its trumps: ``solo`` with three
trumps headed by the 1 or the 3, ``cuatrola`` with four trumps (or three with the 1, the
3 and a plain ace), ``quintola`` with five (or four with the 1 and the 3) — the highest it
wants that is legal, else a lower one, else ``pass``; sings a cante whenever it may (the
trump suit first); plays by :func:`games.engine.strategy.choose_card`.
"""

from __future__ import annotations

import random

from ..cards import SPANISH_20, Card
from ..strategy import card_for, count_suit
from ..tricks import STRENGTH, trick_winner
from .events import Call, Cante, Deal, Event, Play
from .hand import HandState
from .match import MatchState
from .simulate import random_deal


def wanted_call(cards: list[Card], trump: str) -> str:
    """The declaration these five cards are worth (``pass`` for none)."""
    trumps = count_suit(cards, trump)
    top = {c.rank for c in cards if c.suit == trump} & {"1", "3"}
    aces = sum(1 for c in cards if c.rank == "1" and c.suit != trump)
    if trumps == 5 or (trumps == 4 and len(top) == 2):
        return "quintola"
    if trumps >= 4 or (trumps == 3 and len(top) == 2 and aces):
        return "cuatrola"
    if trumps >= 3 and top:
        return "solo"
    return "pass"


def choose_call(hand: HandState) -> str:
    legal = hand.legal_calls()
    order = ["quintola", "cuatrola", "solo"]
    want = wanted_call(list(hand.deal[hand.to_act]), hand.trump)
    for call in order[order.index(want) :] if want != "pass" else []:
        if call in legal:
            return call
    return "pass"


def next_event(match: MatchState, rng: random.Random) -> Event:
    """The event a table of computer players records next (the match is not over)."""
    if match.finished:
        raise ValueError("the match is over")
    if match.awaiting_deal:
        dealer = match.next_dealer if match.next_dealer is not None else 0
        deal, trump = random_deal(rng, dealer)
        return Deal(trump.text, tuple(tuple(c.text for c in h) for h in deal), dealer)
    hand = match.hands[-1]
    if hand.declaration is None:
        return Call(choose_call(hand))
    cantes = hand.legal_cantes()
    if cantes:
        seat, suit = max(cantes, key=lambda c: c[1] == hand.trump)
        return Cante(seat, suit)
    trump = hand.trump
    card = card_for(
        hand, lambda cards: trick_winner(cards, trump), STRENGTH, SPANISH_20.points, (trump,)
    )
    return Play(card)
