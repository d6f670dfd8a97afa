"""Hands told trick by trick, for the match page. Plain data from the engine's states."""

from __future__ import annotations

from typing import Any

from .engine import HandState, MatchState
from .engine.cuatrola.options import SEATS


def hand_story(hand: HandState, names: list[str]) -> dict[str, Any]:
    """Calls, tricks (with who played what and who won), cantes and the result of a hand."""
    calls = [
        {"seat": (hand.mano + i) % SEATS, "name": names[(hand.mano + i) % SEATS], "call": c}
        for i, c in enumerate(hand.calls)
    ]
    cantes_after: dict[int, list[dict]] = {}
    for c in hand.cantes:
        cantes_after.setdefault(c.after_trick, []).append(
            {"name": names[c.seat], "suit": c.suit, "value": c.value}
        )
    tricks = [
        {
            "number": t.number,
            "plays": [
                {"name": names[s], "card": card.text, "wins": s == t.winner}
                for s, card in zip(t.seats, t.cards, strict=True)
            ],
            "winner": names[t.winner],
            "points": t.points,
            "cantes": cantes_after.get(t.number, []),
        }
        for t in hand.tricks
    ]
    if hand.current_cards:
        tricks.append(
            {
                "number": len(hand.tricks) + 1,
                "plays": [
                    {"name": names[s], "card": c.text, "wins": False} for s, c in hand.current_trick
                ],
                "winner": None,
                "points": None,
                "cantes": [],
            }
        )
    result = hand.result
    return {
        "number": hand.number,
        "dealer": names[hand.dealer],
        "trump_card": hand.trump_card.text,
        "calls": calls,
        "declaration": hand.declaration,
        "declarer": names[hand.declarer] if hand.declarer is not None else None,
        "sitting_out": names[hand.sitting_out] if hand.sitting_out is not None else None,
        "tricks": tricks,
        "result": result,
        "failed": hand.failed,
        "penalty": {"name": names[hand.penalty.seat], "rule": hand.penalty.rule}
        if hand.penalty
        else None,
    }


def match_story(state: MatchState, names: list[str]) -> list[dict[str, Any]]:
    """Every dealt hand, newest first, with the score after it."""
    stories = []
    for i, hand in enumerate(state.hands):
        story = hand_story(hand, names)
        story["score_after"] = state.score_after[i] if i < len(state.score_after) else None
        stories.append(story)
    return stories[::-1]
