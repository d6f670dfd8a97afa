"""Small builders for hand-computed Subastao tests."""

from __future__ import annotations

import pytest

from games.engine import Card, RuleError
from games.engine.subastao import Bid, HandState, Play, SubastaoRules, Trump

C = Card.parse

# 3 players, dealer 2 (seat 0 speaks first and leads trick 1). Each seat's cards are
# easy to follow: seat 0 holds every oros and the top copas, seat 1 the other copas and
# the top espadas, seat 2 the low espadas and every bastos.
SWEEP = [
    "1o 3o 12o 11o 10o 7o 6o 5o 4o 1c 3c 12c",
    "11c 10c 7c 6c 5c 4c 1e 3e 12e 11e 10e 7e",
    "6e 5e 4e 1b 3b 12b 11b 10b 7b 6b 5b 4b",
]
# pairs, dealer 3 (seat 0 first): each seat holds one whole suit
SUITS4 = [
    "1o 3o 12o 11o 10o 7o 6o 5o 4o 2o",
    "1c 3c 12c 11c 10c 7c 6c 5c 4c 2c",
    "1e 3e 12e 11e 10e 7e 6e 5e 4e 2e",
    "1b 3b 12b 11b 10b 7b 6b 5b 4b 2b",
]


def deal_of(rows: list[str] | None) -> list[list[Card]] | None:
    return None if rows is None else [[C(t) for t in row.split()] for row in rows]


def bids_of(text: str) -> list[int | str]:
    return [b if b == "pass" else int(b) for b in text.split()]


def hand(
    *,
    players: int = 3,
    dealer: int = 2,
    deal: list[str] | None = None,
    bids: str = "60 pass pass",
    trump: str | None = "o",
    plays: str = "",
    rules: SubastaoRules | None = None,
) -> HandState:
    """A hand after ``bids``, ``trump`` and ``plays`` (space-separated), all accepted."""
    rules = rules or SubastaoRules(players=players)
    state = HandState(rules, dealer, deal_of(deal))
    for bid in bids_of(bids):
        state.apply(Bid(bid))
    if trump is not None:
        state.apply(Trump(trump))
    play(state, plays)
    return state


def play(state: HandState, plays: str) -> None:
    for text in plays.split():
        state.apply(Play(C(text)))


def snapshot(state: HandState) -> tuple:
    """What a refused event must leave unchanged."""
    return (
        state.seq,
        list(state.bids),
        state.trump,
        len(state.plays),
        len(state.cantes),
        state.tute,
        state.to_act,
        state.penalty,
        dict(state.knowledge.owner_of),
        [state.held_cards(s) for s in range(state.seats)],
        list(state.cante_points),
    )


def refused(state: HandState, event, rule: str) -> RuleError:
    """Apply ``event``, expect RuleError with ``rule``, and check nothing changed."""
    before = snapshot(state)
    with pytest.raises(RuleError) as info:
        state.apply(event)
    assert info.value.rule == rule, info.value.message
    assert snapshot(state) == before, "a refused event changed the state"
    return info.value
