"""What the site shows of a Cuatrola hand: its header, the API's and the scoreboard's
views, the legal actions in the event notation and the match page's account (the site's
hooks of :class:`~games.engine.game.Game`; the counters the standings sum are the facts'
``COUNTERS``)."""

from __future__ import annotations

from typing import Any

from ..cards import SPANISH_20
from ..core.views import (
    cantes_story,
    cantes_view,
    legal_cards,
    next_actions,
    penalty_view,
    plays,
    seen,
)
from .hand import HandState
from .match import MatchState
from .options import SEATS

#: a deal shows any card of the deck as the trump card (C1)
_DEALS = tuple({"kind": "deal", "trump_card": c.text} for c in SPANISH_20)


def hand_header(hand: HandState) -> dict[str, Any]:
    return {"trump_card": hand.trump_card.text}


def hand_view(hand: HandState) -> dict[str, Any]:
    """The hand's calls, declaration, points, what is known of each seat and — when the
    deal is known — the legal cards, calls and cantes (what the scoring pad offers)."""
    deal_known = hand.deal is not None
    return {
        "mano": hand.mano,
        "trump_card": hand.trump_card.text,
        "calls": list(hand.calls),
        "declaration": hand.declaration,
        "declarer": hand.declarer,
        "sitting_out": hand.sitting_out,
        "tricks_won": list(hand.tricks_won),
        "points": list(hand.points()),
        "cantes": cantes_view(hand),
        "penalty": penalty_view(hand),
        **seen(hand, SEATS),
        "legal": {
            "calls": hand.legal_calls(),
            "cards": legal_cards(hand),
            "cantes": (
                [{"seat": seat, "suit": suit} for seat, suit in hand.legal_cantes()]
                if deal_known
                else None
            ),
        },
    }


def live_view(hand: HandState) -> dict[str, Any]:
    return {
        "trump_card": hand.trump_card.text,
        "declaration": hand.declaration,
        "declarer": hand.declarer,
        "tricks_won": list(hand.tricks_won),
    }


def legal_actions(match: MatchState) -> list[dict[str, Any]]:
    """The deal (any card of the deck as the shown trump card), the calls, the cards and
    the cantes the table may record next (C1, C3–C9)."""
    return next_actions(
        match, [{"kind": "deal", "trump_card": c.text} for c in SPANISH_20], _in_hand
    )


def _in_hand(hand: HandState, seat: int) -> list[dict[str, Any]]:
    out = [{"kind": "call", "call": call, "seat": seat} for call in hand.legal_calls()]
    out += plays(hand, seat)
    return out + [{"kind": "cante", "seat": s, "suit": suit} for s, suit in hand.legal_cantes()]


def hand_story(hand: HandState) -> dict[str, Any]:
    """The calls (each by its seat, from mano on), the trump card, the declaration and
    whether it failed (C10), the declarer and the seat sitting out, the cantes, each
    trick's card points and the penalty."""
    return {
        "speech": [
            {"seat": (hand.mano + i) % SEATS, "text": call} for i, call in enumerate(hand.calls)
        ],
        "facts": {
            "trump_card": hand.trump_card.text,
            "declaration": hand.declaration,
            "failed": hand.failed,
        },
        "roles": {"declarer": hand.declarer, "sitting_out": hand.sitting_out},
        "cantes": cantes_story(hand),
        "trick_points": [t.points for t in hand.tricks],
        "penalty": penalty_view(hand),
    }
