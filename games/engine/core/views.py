"""What every game's site hooks show alike (a game's ``views.py`` keeps its own fields):
the live scoreboard from a table of the hand's attributes, what is known of each seat,
the legal cards once the deal is known, the penalty and the cantes as the API writes
them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def live_view_of(**fields: str) -> Callable[[Any], dict[str, Any]]:
    """A game's ``live_view`` (the scoreboard): each key of ``fields`` the hand's
    attribute it names, then the tricks each unit won."""

    def live_view(hand: Any) -> dict[str, Any]:
        out = {key: getattr(hand, attr) for key, attr in fields.items()}
        out["tricks_won"] = list(hand.tricks_won)
        return out

    return live_view


def seen(hand: Any, seats: int) -> dict[str, Any]:
    """Whether the deal is known, and the cards known to be each seat's now."""
    held_now = hand.knowledge.held_now
    return {
        "deal_known": hand.deal is not None,
        "known": {str(seat): [c.text for c in held_now(seat)] for seat in range(seats)},
    }


def legal_cards(hand: Any) -> list[str] | None:
    """The cards the seat to play may play, when the deal is known (None: unknown)."""
    return [c.text for c in hand.legal_plays()] if hand.deal is not None else None


def penalty_view(hand: Any) -> dict[str, Any] | None:
    p = hand.penalty
    return {"seat": p.seat, "rule": p.rule} if p is not None else None


def cantes_view(hand: Any) -> list[dict[str, Any]]:
    """The hand's cantes (each after its trick, by its seat, with its value)."""
    return [
        {"after_trick": c.after_trick, "seat": c.seat, "suit": c.suit, "value": c.value}
        for c in hand.cantes
    ]


def cantes_story(hand: Any) -> list[dict[str, Any]]:
    """The hand's cantes as the match page tells them (``text``: the suit sung)."""
    return [
        {
            "after_trick": c.after_trick,
            "seat": c.seat,
            "suit": c.suit,
            "text": c.suit,
            "value": c.value,
        }
        for c in hand.cantes
    ]


def next_actions(
    match: Any,
    deal: tuple[dict[str, Any], ...],
    in_hand: Callable[[Any, int], list[dict[str, Any]]],
) -> list[dict[str, Any]]:
    """What the table may record next: nothing once the match is over, ``deal`` while a
    deal is awaited, else ``in_hand(hand, seat)`` for the hand in play and the seat to
    act (``plays`` gives its cards)."""
    if match.finished:
        return []
    if match.awaiting_deal:
        return [dict(action) for action in deal]
    hand = match.hands[-1]
    return in_hand(hand, hand.to_act)


def plays(hand: Any, seat: int) -> list[dict[str, Any]]:
    """The legal plays of the seat to act, in the event notation."""
    return [{"kind": "play", "card": c.text, "seat": seat} for c in hand.legal_plays()]
