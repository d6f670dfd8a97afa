"""From a match's stored events to statistics totals, and the associative reduce.

A total's key is ``(scope, key, club, game, metric, tournament)``: ``tournament`` is the
match's tournament (0 for a match in none), the *visibility bucket* a reader's view sums
over (``stats/visible.py``). The facts of a hand come from the
engine (``Game.hand_facts``: one dict per seat); here they are only summed and routed to
scopes: a seat's to its player, a unit of two seats' to the pair, every seat's to the
club, the season and the tournament. ``hands`` counts the complete hands of each scope.
Sums of whole numbers: merging partial results in any grouping and order gives the same
totals (the property the chunked job relies on).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from operator import add
from typing import Any

from games.engine import find_game

TotalKey = tuple[str, str, int, str, str, int]
Totals = Counter  # Counter[TotalKey]


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What routes a match's facts to scopes: read once per match, events apart."""

    id: int
    game: str
    rules: dict[str, Any]
    first_dealer: int
    club: int
    season: int
    tournament: int | None
    players: tuple[int, ...]  # in seat order


def replay_facts(info: MatchInfo, events: Iterable[dict[str, Any]]) -> tuple[list[Counter], int]:
    """Replay a match's stored events: each seat's summed facts over its complete hands,
    and how many hands were complete."""
    game = find_game(info.game)
    rules = game.parse_rules(info.rules)
    state = game.new_match(rules, info.first_dealer)
    game.replay(state, [game.event_from_dict(data) for data in events])
    keys = game.fact_keys
    sums = [[0] * len(keys) for _ in range(game.seats(rules))]
    hands = 0
    for hand in state.hands:
        if not hand.is_complete:
            continue
        hands += 1
        for seat, facts in enumerate(game.hand_facts(hand)):
            # every seat's dict has exactly the game's keys, in their order (the engine
            # fills a blank of them): summed as vectors, without a lookup per key
            if len(facts) != len(keys):
                raise ValueError(f"{info.game} hand_facts: keys other than its fact_keys")
            sums[seat] = list(map(add, sums[seat], facts.values()))
    seats = [Counter({k: v for k, v in zip(keys, row, strict=True) if v}) for row in sums]
    return seats, hands


def route(info: MatchInfo, seats: list[Counter], hands: int, into: Totals) -> None:
    """Add a match's seat facts to every scope it counts in."""
    if not hands:
        return
    game = find_game(info.game)
    rules = game.parse_rules(info.rules)
    g, club = info.game, info.club
    everyone: Counter = Counter()
    for seat in seats:
        everyone.update(seat)
    whole = [("club", str(club)), ("season", f"{club}:{info.season}")]
    if info.tournament is not None:
        whole.append(("tournament", str(info.tournament)))
    scoped: list[tuple[str, str, Counter]] = [(s, k, everyone) for s, k in whole]
    for seat, facts in enumerate(seats):
        scoped.append(("player", str(info.players[seat]), facts))
    for unit in range(game.units(rules)):
        members = game.unit_seats(rules, unit)
        if len(members) == 2:
            a, b = sorted(info.players[s] for s in members)
            pair: Counter = Counter()
            for s in members:
                pair.update(seats[s])
            scoped.append(("pair", f"{a}-{b}", pair))
    # every total of the match sits in its tournament's bucket: who may read the
    # tournament decides, at read time, whether it is summed (no copy to move when the
    # tournament is opened or closed to the public)
    bucket = info.tournament or 0
    for scope, key, facts in scoped:
        into[(scope, key, club, g, "hands", bucket)] += hands
        for metric, value in facts.items():
            into[(scope, key, club, g, metric, bucket)] += value


def merge(parts: Iterable[Totals]) -> Totals:
    """The associative reduce: the sum of partial totals."""
    out: Totals = Counter()
    for part in parts:
        out.update(part)
    return out


def as_rows(totals: Totals) -> list[list[Any]]:
    """Totals as JSON rows ``[scope, key, club, game, metric, tournament, value]`` (sorted: a chunk
    stored twice stores the same text)."""
    return [[*key, value] for key, value in sorted(totals.items()) if value]


def from_rows(rows: Iterable[list[Any]]) -> Iterator[tuple[TotalKey, int]]:
    for scope, key, club, game, metric, tournament, value in rows:
        yield (scope, key, club, game, metric, tournament), value
