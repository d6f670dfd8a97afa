"""The record checker every game shares: replay the hands in order, report each complete
hand's summary, and the first refused event as the error (RECORD_FORMAT.md "Which error
is reported"). A game's codec supplies how one hand is replayed and summarised."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import RuleError
from ..game import Record


def check_record(
    match: Any,
    record: Record,
    replay_hand: Callable[[Any, int, Any], Any],
    summary: Callable[[Any, Any], dict[str, Any]],
) -> dict[str, Any]:
    """Replay ``record`` on the empty ``match``; the checker's JSON object without the
    ``file`` key. ``replay_hand(match, number, hand_record)`` applies one hand's events
    (RuleError at the first refused one) and returns the hand state."""
    report = []
    try:
        for number, h in enumerate(record.hands, 1):
            hand = replay_hand(match, number, h)
            if hand.is_complete:
                report.append(summary(hand, match.score_after[number - 1]))
            else:
                report.append({"number": number, "complete": False})
    except RuleError as error:
        return {"valid": False, "error": error.as_dict()}
    return {
        "valid": True,
        "finished": match.finished,
        "winner_side": match.winner_side,
        "score": list(match.score),
        "hands": report,
    }
