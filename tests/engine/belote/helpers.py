"""Builders for hand-computed Belote tests: the reference round of
``tests/engine/records/README.md`` ("Belote") and small helpers."""

from __future__ import annotations

import pytest

from games.engine.belote import BeloteRules, Call, HandState, Play
from games.engine.cards import FRENCH_32
from games.engine.errors import RuleError

C = FRENCH_32.card

# dealer 3: seat 0 speaks first and leads trick 1
DEAL = [
    "Jh 9h Kh Qh As Ks Qs 7c",
    "Ac Kc Qc Jc Ad 10d 8h 7h",
    "Ah 10h 10s Js 9s 10c 9c 8c",
    "7s 8s Kd Qd Jd 9d 8d 7d",
]
TRICKS = [
    "Jh 7h 10h 7s",
    "9h 8h Ah 8s",
    "Kh 10d 8c 7d",
    "Qh Jc 9c 8d",
    "As Qc 10s 9d",
    "Ks Kc Js Jd",
    "Qs Ad 9s Qd",
    "7c Ac 10c Kd",
]


def cards(text: str) -> list:
    return [C(t) for t in text.split()]


def deal_of(rows: list[str] | None) -> list | None:
    return None if rows is None else [cards(row) for row in rows]


def hand(
    *,
    dealer: int = 3,
    deal: list[str] | None = None,
    calls: str = "hearts pass pass pass",
    plays: str = "",
    rules: BeloteRules | None = None,
) -> HandState:
    """A round after ``calls`` and ``plays`` (space-separated), every event accepted."""
    state = HandState(rules or BeloteRules(), dealer, deal_of(deal))
    for call in calls.split():
        state.apply(Call(call))
    play(state, plays)
    return state


def play(state: HandState, plays: str) -> None:
    for text in plays.split():
        state.apply(Play(C(text)))


def snapshot(state: HandState) -> tuple:
    """What a refused event must leave unchanged."""
    return (
        state.seq,
        list(state.calls),
        state.doubling,
        len(state.plays),
        len(state.declarations),
        state.pending_belote,
        state.to_act,
        state.penalty,
        dict(state.knowledge.owner_of),
        [dict(h) for h in state._held],
    )


def refused(state: HandState, event, rule: str) -> RuleError:
    """Apply ``event``, expect RuleError with ``rule``, and check nothing changed."""
    before = snapshot(state)
    with pytest.raises(RuleError) as info:
        state.apply(event)
    assert info.value.rule == rule, info.value.message
    assert snapshot(state) == before, "a refused event changed the state"
    return info.value
