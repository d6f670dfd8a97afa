"""Belote's statistics facts of a complete round (see ``games/engine/facts.py``)."""

from __future__ import annotations

from .. import facts as shared
from ..facts import COMMON, blank, bucket_keys, declaration_keys, declare, figures, tricks_and_sides
from .declarations import KINDS as DECLARATIONS
from .hand import TRICKS, HandState
from .proofs import side_of

SEATS = 4
#: contracts by kind: plain, doubled or redoubled (B2)
DOUBLINGS = {1: "", 2: "_doubled", 4: "_redoubled"}
KINDS = tuple(
    f"{kind}{suffix}"
    for kind in ("suit", "no_trumps", "all_trumps")
    for suffix in DOUBLINGS.values()
)
TITLES = {
    "suit": "suit contract",
    "suit_doubled": "suit contract, doubled",
    "suit_redoubled": "suit contract, redoubled",
    "no_trumps": "no trumps",
    "no_trumps_doubled": "no trumps, doubled",
    "no_trumps_redoubled": "no trumps, redoubled",
    "all_trumps": "all trumps",
    "all_trumps_doubled": "all trumps, doubled",
    "all_trumps_redoubled": "all trumps, redoubled",
}
MAX_TRUMPS = 8
WIDTH, TOP = 20, 240
FACT_KEYS = (
    *COMMON,
    *declaration_keys(KINDS, MAX_TRUMPS),
    *(f"decl_{kind}" for kind in DECLARATIONS),
    "decl_points",
    *bucket_keys(WIDTH, TOP),
)
#: the counters of a side (``MatchUnit.counter_1`` on, in this order: append only), each
#: the sum of its terms over the side's seats (B7–B8): the game points the round gave it
#: and the round won (more round points: the outcome's own), capots, the contracts
#: called, made (the side scored at least as much as the defence, doubled or not) and
#: made doubled or redoubled. (``made_<kind>`` also asks for round points above 0: a
#: round that is not void always gives some to a side, so "at least the defence's" is it.)
COUNTERS = {
    "game_points": (shared.GAINED,),
    "rounds_won": (shared.WON,),
    "capots": ("capots",),
    "contracts": tuple(f"declared_{kind}" for kind in KINDS),
    "contracts_made": tuple(f"made_{kind}" for kind in KINDS),
    "doubled_made": tuple(f"made_{kind}" for kind in KINDS if kind.endswith("doubled")),
}
#: the declarations' figures by kind (each of its KINDS), then their points
DECLARED = {
    "tierce": "Tierces",
    "quarte": "Quartes",
    "quint": "Quints",
    "four": "Fours",
    "belote": "Belotes",
}
FIGURES = figures(
    {
        **{f"decl_{kind}": DECLARED[kind] for kind in DECLARATIONS},
        "decl_points": "Declaration points",
    }
)


def hand_facts(hand: HandState) -> list[dict[str, int]]:
    """Per seat: the contract (by trumps held in a suit contract when the deal is known)
    and whether its side scored at least as much as the other, the declarations and
    belote, tricks and card points, últimas, capot (none in a round a penalty ended: B7),
    the first speaker's and the dealer's round, penalty. A void round (four passes) has
    no facts."""
    result = hand.result
    facts = blank(FACT_KEYS, SEATS)
    if result is None or result.void:
        return facts
    contract = hand.contract
    side = side_of(result.declarer)
    ours, theirs = result.round_points[side], result.round_points[1 - side]
    held = None
    if hand.deal is not None and contract.trump is not None:
        held = sum(card.suit == contract.trump for card in hand.deal[result.declarer])
    kind = contract.kind + DOUBLINGS[result.multiplier]
    declare(facts[result.declarer], kind, ours > 0 and ours >= theirs, held)
    for declaration in hand.declarations:
        facts[declaration.seat][f"decl_{declaration.kind}"] += 1
        facts[declaration.seat]["decl_points"] += declaration.value
    points = contract.points
    won = [result.winner_side == side_of(seat) for seat in range(SEATS)]
    tricks_and_sides(
        facts,
        [(t.winner, sum(points[c] for c in t.cards)) for t in hand.tricks],
        TRICKS,
        mano=hand.first,
        dealer=hand.dealer,
        won=won,
        unit_of=[side_of(seat) for seat in range(SEATS)],
        offender=result.penalty_seat,
        width=WIDTH,
        top=TOP,
        capot=result.penalty_seat is None,  # B7: a penalty round has no capot
    )
    return facts
