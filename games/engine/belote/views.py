"""What the site shows of a Belote round: its header, the API's and the scoreboard's
views, the legal actions in the event notation, the match page's account — the round's
result worked out as players check it on paper (:func:`scoring`) (the site's hooks of
:class:`~games.engine.game.Game`; the counters the standings sum are the facts'
``COUNTERS``)."""

from __future__ import annotations

from typing import Any

from ..core.views import legal_cards, live_view_of, next_actions, penalty_view, plays, seen
from .events import event_to_dict
from .hand import HandState
from .match import MatchState
from .options import CAPOT_BONUS, CONTRACT, LAST_TRICK_BONUS, SEATS, TRICKS
from .proofs import side_of


def speech(hand: HandState) -> list[dict[str, Any]]:
    """The auction with the seat of each call: from the first speaker on, every seat in
    turn (B2)."""
    return [{"seat": (hand.first + i) % SEATS, "call": c} for i, c in enumerate(hand.calls)]


def hand_header(hand: HandState) -> dict[str, Any]:
    """The contract standing (then final), the seat that called it and the multiplier
    (1, doubled 2, redoubled 4); a void round says so; ``{}`` before any contract."""
    if hand.void:
        return {"void": True}
    if hand.standing is None:
        return {}
    return {"contract": hand.standing, "declarer": hand.standing_seat, "multiplier": hand.doubling}


def _declarations(hand: HandState) -> list[dict[str, Any]]:
    return [
        {
            "seat": d.seat,
            "kind": d.kind,
            "cards": [c.text for c in d.cards],
            "suit": d.suit,
            "value": d.value,
            "trick": d.trick,
        }
        for d in hand.declarations
    ]


def hand_view(hand: HandState) -> dict[str, Any]:
    """The auction, the contract, the points so far, the declarations, what is known of
    each seat, the round's result worked out (:func:`scoring`) once it is complete, and —
    when the deal is known — the legal cards and declarations (calls always)."""
    deal_known = hand.deal is not None
    pending = hand.pending_belote
    return {
        "first": hand.first,
        "calls": list(hand.calls),
        "speech": speech(hand),
        "contract": hand.standing,
        "declarer": hand.standing_seat,
        "multiplier": hand.doubling,
        "void": hand.void,
        "tricks_won": list(hand.tricks_won),
        "card_points": list(hand.card_points),
        "declarations": _declarations(hand),
        "belote_pending": {"seat": pending[0], "suit": pending[1]} if pending else None,
        "penalty": penalty_view(hand),
        "scoring": scoring(hand),
        **seen(hand, SEATS),
        "legal": {
            "calls": hand.legal_calls(),
            "cards": legal_cards(hand),
            "declarations": (
                [event_to_dict(d) for d in hand.legal_declarations()] if deal_known else None
            ),
        },
    }


#: the scoreboard: the contract standing, its declarer, the multiplier, the tricks won
live_view = live_view_of(contract="standing", declarer="standing_seat", multiplier="doubling")


def legal_actions(match: MatchState) -> list[dict[str, Any]]:
    """The deal, the calls (a contract above the standing one; double on the opponents'
    contract, redouble by the doubled side, B2), the declarations the seat about to play
    may announce with its card (B5: sequences and fours with its first card, a belote
    with the first of its K and Q; with the deal only the true ones, without it those the
    record does not rule out) and the cards (B6)."""
    return next_actions(match, ({"kind": "deal"},), _in_hand)


def _in_hand(hand: HandState, seat: int) -> list[dict[str, Any]]:
    out = [{"kind": "call", "call": call, "seat": seat} for call in hand.legal_calls()]
    return out + [event_to_dict(d) for d in hand.legal_declarations()] + plays(hand, seat)


def _trick_points(hand: HandState) -> list[int]:
    """Each trick's card points under the contract (B4), the last trick's 10 included in
    the eighth: the tricks of a side add up to its card points."""
    if hand.contract is None:
        return []
    points = hand.contract.points
    return [
        sum(points[c] for c in t.cards) + (LAST_TRICK_BONUS if t.number == TRICKS else 0)
        for t in hand.tricks
    ]


def scoring(hand: HandState) -> dict[str, Any] | None:
    """A complete round's result worked out step by step, as players check it (B7, B8);
    lists are per side [side 0, side 1]. None until the round is complete.

    - ``card_points`` (the last trick's 10 included, to ``last_trick``'s side),
      ``declared`` (every declaration) and ``declarations`` (what counts: under
      ``compare_sequences`` only the side with the best sequence scores its sequences),
      ``capot`` (the side that took all 8 tricks) and its ``capot_points`` (90), and
      ``totals``;
    - ``outcome``: ``made`` (each side keeps its points), ``failed`` (the contract side has
      fewer: the defenders take all), ``doubled`` (doubled or redoubled: the side with
      fewer loses all to the other), ``equal`` (each keeps its own) or ``penalty`` (a
      renuncio: the other side of the ``penalty`` seat scores the contract's
      ``penalty_total`` card points plus every declaration); ``taken_by`` the side that
      takes ``taken`` points, if one does;
    - ``before_multiplier`` (each side's points after the transfer), ``multiplier`` and
      ``round_points`` (after it);
    - ``threshold`` (B8: round up when the remainder of ÷10 reaches it), ``conversion``
      (per side: ``points``, ``tens``, ``rest``, ``up``, ``game_points``) and
      ``game_points``.

    A void round: ``{"void": True}``.
    """
    result = hand.result
    if result is None:
        return None
    if result.void:
        return {"void": True}
    contract = CONTRACT[result.contract]
    side = side_of(result.declarer)
    declared = [0, 0]
    for d in hand.declarations:
        declared[side_of(d.seat)] += d.value
    capot = result.capot
    totals = [
        result.card_points[s] + result.declarations[s] + (CAPOT_BONUS if capot == s else 0)
        for s in (0, 1)
    ]
    m = result.multiplier
    before = [p // m for p in result.round_points]
    penalty = hand.penalty.seat if hand.penalty is not None else None
    if penalty is not None:
        outcome, taken_by = "penalty", 1 - side_of(penalty)
    elif totals[0] == totals[1]:
        outcome, taken_by = "equal", None
    elif m > 1:
        outcome, taken_by = "doubled", 0 if totals[0] > totals[1] else 1
    elif totals[side] < totals[1 - side]:
        outcome, taken_by = "failed", 1 - side
    else:
        outcome, taken_by = "made", None
    last = hand.tricks[-1].winner if len(hand.tricks) == TRICKS else None
    return {
        "void": False,
        "contract": result.contract,
        "declarer": result.declarer,
        "side": side,
        "card_points": list(result.card_points),
        "last_trick": side_of(last) if last is not None else None,
        "last_trick_bonus": LAST_TRICK_BONUS,
        "declared": declared,
        "declarations": list(result.declarations),
        "capot": capot,
        "capot_points": [CAPOT_BONUS if capot == s else 0 for s in (0, 1)],
        "totals": totals,
        "outcome": outcome,
        "taken_by": taken_by,
        "taken": before[taken_by] if taken_by is not None else None,
        "penalty": penalty,
        "penalty_total": contract.total if penalty is not None else None,
        "before_multiplier": before,
        "multiplier": m,
        "round_points": list(result.round_points),
        "threshold": contract.threshold,
        "conversion": [
            {
                "points": p,
                "tens": p // 10,
                "rest": p % 10,
                "up": p % 10 >= contract.threshold,
                "game_points": g,
            }
            for p, g in zip(result.round_points, result.game_points, strict=True)
        ],
        "game_points": list(result.game_points),
    }


def hand_story(hand: HandState) -> dict[str, Any]:
    """The calls (each by its seat), the contract (``declaration``: its name, with the
    multiplier when doubled) and its declarer, a void round, the declarations, each
    trick's card points, the penalty and the result worked out (:func:`scoring`)."""
    contract = hand.standing
    if contract is not None and hand.doubling > 1:
        contract = f"{contract} ×{hand.doubling}"
    return {
        "speech": [{"seat": s["seat"], "text": s["call"]} for s in speech(hand)],
        "facts": {
            "declaration": contract,
            "contract": hand.standing,
            "multiplier": hand.doubling,
            "void": hand.void,
            "declarations": _declarations(hand),
            "scoring": scoring(hand),
        },
        "roles": {"declarer": hand.standing_seat},
        "cantes": [],  # declarations are not cantes: they are told in ``facts``
        "trick_points": _trick_points(hand),
        "penalty": penalty_view(hand),
    }
