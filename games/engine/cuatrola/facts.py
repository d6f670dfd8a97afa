"""Cuatrola's statistics facts of a complete hand (see ``games/engine/facts.py``)."""

from __future__ import annotations

from ..facts import (
    CANTE_FIGURES,
    COMMON,
    blank,
    bucket_keys,
    declaration_keys,
    declare,
    figures,
    tricks_and_sides,
)
from .hand import HandState, side_of
from .options import CALLS, HAND_SIZE, SEATS, TRICKS

KINDS = CALLS[1:]  # solo, cuatrola, quintola: "plain" is nobody's declaration
TITLES = {kind: kind for kind in KINDS}  # the declarations' own names
WIDTH, TOP = 10, 120
FIGURES = figures(CANTE_FIGURES)
FACT_KEYS = (
    *COMMON,
    *declaration_keys(KINDS, HAND_SIZE),
    "cante_20",
    "cante_40",
    "cante_points",
    *bucket_keys(WIDTH, TOP),
)
#: the counters of a side (``MatchUnit.counter_1`` on, in this order: append only), each
#: the sum of its facts over the side's seats: the declarations won (``<kind>``, from
#: ``made_<kind>``: the declarer's side won the hand, by tricks, points or the opponents'
#: renuncio), the declarations made, won or not (``declared_<kind>``) and the cante
#: points (C9, C10); a solo's partner, sitting out, adds nothing
COUNTERS = {
    **{kind: (f"made_{kind}",) for kind in KINDS},
    **{f"declared_{kind}": (f"declared_{kind}",) for kind in KINDS},
    "cante_points": ("cante_points",),
}


def hand_facts(hand: HandState) -> list[dict[str, int]]:
    """Per seat: the declaration (by trumps held when the deal is known), the cantes, the
    tricks and card points taken, últimas, capot, mano's and the dealer's hand, penalty."""
    result = hand.result
    facts = blank(FACT_KEYS, SEATS)
    if result is None:
        return facts
    if result.declarer is not None:
        held = None
        if hand.deal is not None:
            held = sum(card.suit == hand.trump for card in hand.deal[result.declarer])
        made = result.winner_side == side_of(result.declarer)
        declare(facts[result.declarer], result.declaration, made, held)
    for cante in hand.cantes:
        facts[cante.seat][f"cante_{cante.value}"] += 1
        facts[cante.seat]["cante_points"] += cante.value
    tricks_and_sides(
        facts,
        [(t.winner, t.points) for t in hand.tricks],
        TRICKS,
        mano=hand.mano,
        dealer=hand.dealer,
        won=[result.winner_side == side_of(seat) for seat in range(SEATS)],
        unit_of=[side_of(seat) for seat in range(SEATS)],
        offender=result.penalty.seat if result.penalty else None,
        width=WIDTH,
        top=TOP,
        absent=hand.sitting_out,  # a solo's partner took no points: he did not play
    )
    return facts
