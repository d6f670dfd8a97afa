"""Subastao's statistics facts of a complete hand (see ``games/engine/facts.py``)."""

from __future__ import annotations

from .. import facts as shared
from .hand import HandState

#: the bid bands a won auction is counted in (S2: bids from 60 up, in fives)
BANDS = (60, 80, 100, 120)
KINDS = tuple(f"bid{low}" for low in BANDS)
TITLES = {
    "bid60": "bid of 60 to 75",
    "bid80": "bid of 80 to 95",
    "bid100": "bid of 100 to 115",
    "bid120": "bid of 120 or more",
}
MAX_TRUMPS = 10  # a suit of the 40-card deck
WIDTH, TOP = 10, 120
FACT_KEYS = (
    *shared.COMMON,
    *shared.declaration_keys(KINDS, MAX_TRUMPS),
    "cante_20",
    "cante_40",
    "cante_points",
    "tutes",
    "bid_points",  # the winning bids, summed: their average over the auctions won
    "bid_margin",  # the bid side's points (S6) minus its bid: how far over (or under)
    "bid_margin_hands",  # the auctions won whose hand was played out (no tute, no S7)
    *shared.bucket_keys(WIDTH, TOP),
)
#: the counters of a unit (``MatchUnit.counter_1`` on, in this order: append only), each
#: the sum of its facts over the unit's seats (one seat with three players): the auctions
#: won, the contracts made (bid reached, by tute or by the opponents' renuncio), the tutes
#: sung, the cante points (S2–S6)
COUNTERS = {
    "bids_won": tuple(f"declared_{kind}" for kind in KINDS),
    "bids_made": tuple(f"made_{kind}" for kind in KINDS),
    "tutes": ("tutes",),
    "cante_points": ("cante_points",),
}
FIGURES = shared.figures({**shared.CANTE_FIGURES, "tutes": "Tutes"})
#: the averages shown with the bids: (title, summed fact, the fact it is divided by; None:
#: by the auctions won)
AVERAGES = {
    "average": ("Average winning bid", "bid_points", None),
    "margin": ("Average points over the bid (hands played out)", "bid_margin", "bid_margin_hands"),
}


def band(bid: int) -> str:
    """The band a bid falls into: ``bid60`` (60–75), ``bid80``, ``bid100``, ``bid120`` (120 up)."""
    return f"bid{max(low for low in BANDS if low <= bid)}"


def hand_facts(hand: HandState) -> list[dict[str, int]]:
    """Per seat: the auction won (by band, and by trumps held when the deal is known) and
    made, the cantes and tute, tricks and card points, últimas, capot, mano's and the
    dealer's hand, penalty. A void hand (everybody passed) has no facts."""
    result = hand.result
    seats = hand.seats
    facts = shared.blank(FACT_KEYS, seats)
    if result is None or result.void:
        return facts
    held = None
    if hand.deal is not None:
        held = sum(card.suit == result.trump for card in hand.deal[result.bidder])
    shared.declare(facts[result.bidder], band(result.bid), bool(result.made), held)
    facts[result.bidder]["bid_points"] += result.bid
    if hand.tute is None and result.penalty is None:  # a tute or a renuncio ends early
        taken = result.points[hand.unit_of(result.bidder)]
        facts[result.bidder]["bid_margin"] += taken - result.bid
        facts[result.bidder]["bid_margin_hands"] += 1
    for cante in hand.cantes:
        facts[cante.seat][f"cante_{cante.value}"] += 1
        facts[cante.seat]["cante_points"] += cante.value
    if hand.tute is not None:
        facts[hand.tute.seat]["tutes"] += 1
    points = hand.deck.points
    shared.tricks_and_sides(
        facts,
        [(t.winner, sum(points[c] for c in t.cards)) for t in hand.tricks],
        hand.hand_size,
        mano=hand.first,
        dealer=hand.dealer,
        won=[result.delta[hand.unit_of(seat)] > 0 for seat in range(seats)],
        unit_of=[hand.unit_of(seat) for seat in range(seats)],
        offender=result.penalty.seat if result.penalty else None,
        width=WIDTH,
        top=TOP,
    )
    return facts
