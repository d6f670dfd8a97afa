"""Small builders for hand-computed engine tests."""

from __future__ import annotations

import pytest

from games.engine import Card, RuleError
from games.engine.cuatrola import Call, CuatrolaRules, HandState, Play

C = Card.parse

# dealer 3 (mano 0), trump 10o shown by seat 3
DEAL = ["1o 3o 12c 11c 10e", "12o 1c 3c 10b 11e", "11o 10c 1e 3e 12b", "10o 12e 1b 3b 11b"]
# dealer 3, trump 10o: seat 0 holds the copas pair, seat 2 the oros (trump) pair
CANTE_DEAL = ["12c 11c 1b 3b 10e", "1c 3c 10c 12b 11b", "12o 11o 1e 3e 12e", "1o 3o 10o 11e 10b"]


def deal_of(rows: list[str] | None) -> list[list[Card]] | None:
    return None if rows is None else [[C(t) for t in row.split()] for row in rows]


def hand(
    *,
    dealer: int = 3,
    trump: str = "10o",
    deal: list[str] | None = None,
    calls: str = "pass pass pass pass",
    plays: str = "",
    rules: CuatrolaRules | None = None,
    score: tuple[int, int] = (0, 0),
) -> HandState:
    """A hand after ``calls`` and ``plays`` (space-separated), every event accepted."""
    state = HandState(rules or CuatrolaRules(), dealer, C(trump), deal_of(deal), score_before=score)
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
        len(state.plays),
        len(state.cantes),
        state.to_act,
        state.penalty,
        dict(state.knowledge.owner_of),
    )


def refused(state: HandState, event, rule: str) -> RuleError:
    """Apply ``event``, expect RuleError with ``rule``, and check nothing changed."""
    before = snapshot(state)
    with pytest.raises(RuleError) as info:
        state.apply(event)
    assert info.value.rule == rule, info.value.message
    assert snapshot(state) == before, "a refused event changed the state"
    return info.value
