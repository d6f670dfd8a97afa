"""Random legal Belote: deals, rounds and whole games.

Used by the property tests and the benchmarks. Every choice is drawn from the engine's
own ``legal_calls()``, ``legal_declarations()`` and ``legal_plays()`` with the deal known
(V4), so what comes out is legal by construction.
"""

from __future__ import annotations

from random import Random

from ..cards import FRENCH_32, Card
from ..core.simulate import Policy, simulator
from .events import Belote, Call, Play
from .match import MatchState
from .options import CONTRACT_RANK, HAND_SIZE, SEATS, BeloteRules
from .record import HandRecord


def random_deal(rng: Random) -> list[list[Card]]:
    """Eight cards to each seat (B1: 3, 2, then 3 after the auction — all 8 here)."""
    cards = list(FRENCH_32.cards)
    rng.shuffle(cards)
    return [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(SEATS)]


def _choose_call(rng: Random, calls: list[str], p: Policy, opened: bool) -> str:
    bid, double = p["bid"], p["double"]
    contracts = [c for c in calls if c in CONTRACT_RANK]
    roll = rng.random()
    if contracts and roll < (bid / 3 if opened else bid):
        return rng.choice(contracts[:3])  # raise seldom, a little at a time: auctions end
    if roll > 1 - double:
        doubles = [c for c in calls if c in ("double", "redouble")]
        if doubles:
            return doubles[0]
    return "pass"


#: the chances of the random choices, by default (``random_match(..., double=0)``)
POLICY: Policy = {"bid": 0.4, "double": 0.1, "declare": 0.8}


def play_random_hand(rng: Random, match: MatchState, dealer: int, p: Policy) -> HandRecord:
    """Play one legal random round on ``match`` and return it as a record round.

    The chances ``p`` (:data:`POLICY`): ``bid``, that a seat raises the contract when it
    may; ``double``, that it doubles or redoubles; ``declare``, that a seat announces a
    declaration it holds (a belote only when the K or Q is a legal card to play).
    """
    deal = random_deal(rng)
    hand = match.start_hand(dealer, deal)
    record = HandRecord(dealer, deal=[[c.text for c in h] for h in deal])
    while not hand.auction_over:
        call = _choose_call(rng, hand.legal_calls(), p, hand.standing is not None)
        match.apply(Call(call))
        record.calls.append(call)
    declarations: list[dict] = []
    tricks: list[list[str]] = []
    while not hand.is_complete:
        if not hand.current_cards:
            tricks.append([])
        legal = hand.legal_plays()
        for event in hand.legal_declarations():
            if rng.random() >= p["declare"]:
                continue
            if isinstance(event, Belote) and (
                hand.pending_belote is not None
                or not any(c.rank in ("K", "Q") and c.suit == event.suit for c in legal)
            ):
                continue  # a belote comes with its K or Q, which must be a legal card
            try:
                match.apply(event)
            except Exception:  # an earlier choice used a card (overlap): skip it
                continue
            if isinstance(event, Belote):
                declarations.append({"seat": event.seat, "kind": "belote", "suit": event.suit})
            else:
                declarations.append(
                    {"seat": event.seat, "kind": event.kind, "cards": list(event.cards)}
                )
        card = rng.choice(hand.legal_plays())
        match.apply(Play(card))
        tricks[-1].append(card.text)
    record.tricks = tricks or None
    record.declarations = declarations or None
    return record


#: a legal random game record, played to its end (or ``max_hands`` rounds); ``bid``,
#: ``double`` and ``declare`` as :func:`play_random_hand`'s
random_match = simulator("belote", MatchState, BeloteRules, play_random_hand, POLICY)
