"""Standings: a registry of metrics and a ranking by an ordered tiebreak list.

Pure functions over plain data (in the manner of Tabbycat's ``standings/metrics.py``): the
caller gives every fixture's result as a :class:`Result`; nothing here touches the
database. Only finished matches count; a bye counts as a won match worth its match points
and nothing else (no hands, no game points, not an opponent for Buchholz).

Ranking: by match points, then by each tiebreak in the tournament's order. Head-to-head is
applied among the entries still tied at that point only. Entries tied on everything share
a rank (the next rank skips: 1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """A finished fixture. ``b`` is None for a bye. Per-side pairs are (a, b)."""

    round: int
    a: int
    b: int | None
    score: tuple[int, int] = (0, 0)
    hands_won: tuple[int, int] = (0, 0)
    #: declarations made (won as declarer) per side: {"solo": n, "cuatrola": n, "quintola": n}
    made: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))

    @property
    def winner(self) -> int | None:
        if self.b is None:
            return self.a
        if self.score[0] == self.score[1]:
            return None
        return self.a if self.score[0] > self.score[1] else self.b

    def side(self, entry: int) -> int:
        return 0 if entry == self.a else 1


class Metric:
    """One column of the standings. ``key`` names it in a tiebreak list."""

    key: str = ""
    name: str = ""
    description: str = ""
    #: True: more is better (ranked descending)
    higher_is_better: bool = True

    def compute(
        self, entries: Sequence[int], results: Sequence[Result], points_per_win: int
    ) -> dict[int, float]:
        raise NotImplementedError


REGISTRY: dict[str, Metric] = {}


def metric(cls: type[Metric]) -> type[Metric]:
    REGISTRY[cls.key] = cls()
    return cls


def _per_entry(entries, results, value) -> dict[int, float]:
    """Sum ``value(result, side)`` over each entry's results."""
    out: dict[int, float] = dict.fromkeys(entries, 0)
    for r in results:
        for side, entry in enumerate((r.a, r.b)):
            if entry is not None and entry in out:
                out[entry] += value(r, side)
    return out


def _games(results):
    return [r for r in results if r.b is not None]


@metric
class Played(Metric):
    key, name, description = "played", "PJ", "matches played (byes not counted)"

    def compute(self, entries, results, points_per_win):
        return _per_entry(entries, _games(results), lambda r, s: 1)


@metric
class Won(Metric):
    key, name, description = "won", "G", "matches won (a bye counts as won)"

    def compute(self, entries, results, points_per_win):
        out = dict.fromkeys(entries, 0)
        for r in results:
            if r.winner in out:
                out[r.winner] += 1
        return out


@metric
class Lost(Metric):
    key, name, description = "lost", "P", "matches lost"
    higher_is_better = False

    def compute(self, entries, results, points_per_win):
        return _per_entry(
            entries,
            _games(results),
            lambda r, s: r.winner is not None and r.winner != (r.a, r.b)[s],
        )


@metric
class MatchPoints(Metric):
    key, name, description = "match_points", "Pts", "match points: points_per_win per won match"

    def compute(self, entries, results, points_per_win):
        return {e: w * points_per_win for e, w in Won().compute(entries, results, 0).items()}


@metric
class HandsWon(Metric):
    key, name, description = "hands_won", "MG", "hands won"

    def compute(self, entries, results, points_per_win):
        return _per_entry(entries, _games(results), lambda r, s: r.hands_won[s])


@metric
class HandsLost(Metric):
    key, name, description = "hands_lost", "MP", "hands lost"
    higher_is_better = False

    def compute(self, entries, results, points_per_win):
        return _per_entry(entries, _games(results), lambda r, s: r.hands_won[1 - s])


@metric
class PointsFor(Metric):
    key, name, description = "points_for", "TF", "game points won (the match scores, e.g. 11)"

    def compute(self, entries, results, points_per_win):
        return _per_entry(entries, _games(results), lambda r, s: r.score[s])


@metric
class PointsAgainst(Metric):
    key, name, description = "points_against", "TC", "game points conceded"
    higher_is_better = False

    def compute(self, entries, results, points_per_win):
        return _per_entry(entries, _games(results), lambda r, s: r.score[1 - s])


@metric
class PointsDiff(Metric):
    key, name, description = "points_diff", "Dif", "game points won minus conceded"

    def compute(self, entries, results, points_per_win):
        return _per_entry(entries, _games(results), lambda r, s: r.score[s] - r.score[1 - s])


class _Made(Metric):
    declaration = ""

    def compute(self, entries, results, points_per_win):
        return _per_entry(entries, _games(results), lambda r, s: r.made[s].get(self.declaration, 0))


@metric
class SolosMade(_Made):
    key, name, description, declaration = "solos", "Solo", "solos made", "solo"


@metric
class CuatrolasMade(_Made):
    key, name, description, declaration = "cuatrolas", "Cuat", "cuatrolas made", "cuatrola"


@metric
class QuintolasMade(_Made):
    key, name, description, declaration = "quintolas", "Quin", "quintolas made", "quintola"


@metric
class Buchholz(Metric):
    key, name, description = "buchholz", "Bu", "sum of the opponents' match points (Swiss)"

    def compute(self, entries, results, points_per_win):
        points = MatchPoints().compute(_all_entries(results, entries), results, points_per_win)
        return _per_entry(entries, _games(results), lambda r, s: points[(r.b, r.a)[s]])


@metric
class SonnebornBerger(Metric):
    key, name, description = (
        "sonneborn_berger",
        "SB",
        "sum of the match points of the opponents beaten",
    )

    def compute(self, entries, results, points_per_win):
        points = MatchPoints().compute(_all_entries(results, entries), results, points_per_win)
        return _per_entry(
            entries,
            _games(results),
            lambda r, s: points[(r.b, r.a)[s]] if r.winner == (r.a, r.b)[s] else 0,
        )


@metric
class HeadToHead(Metric):
    key, name, description = (
        "head_to_head",
        "H2H",
        "match points in the games among the tied entries",
    )

    def compute(self, entries, results, points_per_win):
        among = set(entries)
        games = [r for r in _games(results) if r.a in among and r.b in among]
        return MatchPoints().compute(entries, games, points_per_win)


def _all_entries(results: Iterable[Result], entries: Iterable[int]) -> set[int]:
    out = set(entries)
    for r in results:
        out.add(r.a)
        if r.b is not None:
            out.add(r.b)
    return out


COLUMNS = (
    "played",
    "won",
    "lost",
    "match_points",
    "hands_won",
    "hands_lost",
    "points_for",
    "points_against",
    "points_diff",
    "solos",
    "cuatrolas",
    "quintolas",
)
DEFAULT_TIEBREAKS = {
    "round_robin": ["head_to_head", "points_diff", "points_for", "hands_won"],
    "swiss": ["buchholz", "sonneborn_berger", "points_diff", "points_for"],
    "knockout": ["points_diff", "points_for"],
}


@dataclass
class Row:
    entry: int
    rank: int
    metrics: dict[str, float]


def rank(
    entries: Sequence[int],
    results: Sequence[Result],
    tiebreaks: Sequence[str],
    points_per_win: int = 1,
) -> list[Row]:
    """Standings rows, best first. ``tiebreaks`` are metric keys, applied in order."""
    unknown = [t for t in tiebreaks if t not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown tiebreak(s): {', '.join(unknown)}")
    columns = list(dict.fromkeys([*COLUMNS, *[t for t in tiebreaks if t != "head_to_head"]]))
    values = {key: REGISTRY[key].compute(entries, results, points_per_win) for key in columns}
    h2h: dict[int, float] = {}

    groups: list[list[int]] = [sorted(entries)]
    for key in ["match_points", *tiebreaks]:
        refined = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            if key == "head_to_head":
                scores = REGISTRY[key].compute(group, results, points_per_win)
                h2h.update(scores)
            else:
                scores = values[key]
            sign = 1 if REGISTRY[key].higher_is_better else -1
            by_value: dict[float, list[int]] = defaultdict(list)
            for e in group:
                by_value[scores[e]].append(e)
            refined += [by_value[v] for v in sorted(by_value, key=lambda v: -sign * v)]
        groups = refined
    rows, position = [], 1
    for group in groups:
        for e in sorted(group):
            metrics = {key: values[key][e] for key in columns}
            if "head_to_head" in tiebreaks:
                metrics["head_to_head"] = h2h.get(e, 0)
            rows.append(Row(e, position, metrics))
        position += len(group)
    return rows
