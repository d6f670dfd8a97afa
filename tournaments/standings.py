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
from itertools import combinations


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
    """One column of the standings. ``key`` names it in a tiebreak list.

    An additive metric is a sum over the entry's results of ``contribution(result, side,
    points_per_win)`` (so standings after each round can be accumulated); the others
    (Buchholz, Sonneborn-Berger, head-to-head) override ``compute``.
    """

    key: str = ""
    name: str = ""
    description: str = ""
    #: True: more is better (ranked descending)
    higher_is_better: bool = True
    additive: bool = True
    #: byes count for this metric (else only real games)
    counts_byes: bool = False

    def contribution(self, r: Result, side: int, points_per_win: int) -> float:
        raise NotImplementedError

    def compute(
        self, entries: Sequence[int], results: Sequence[Result], points_per_win: int
    ) -> dict[int, float]:
        out: dict[int, float] = dict.fromkeys(entries, 0)
        for r in results:
            if r.b is None and not self.counts_byes:
                continue
            for side, entry in enumerate((r.a, r.b)):
                if entry is not None and entry in out:
                    out[entry] += self.contribution(r, side, points_per_win)
        return out


REGISTRY: dict[str, Metric] = {}


def metric(cls: type[Metric]) -> type[Metric]:
    REGISTRY[cls.key] = cls()
    return cls


def _is_winner(r: Result, side: int) -> bool:
    return r.winner is not None and r.winner == (r.a, r.b)[side]


@metric
class Played(Metric):
    key, name, description = "played", "PJ", "matches played (byes not counted)"

    def contribution(self, r, side, points_per_win):
        return 1


@metric
class Won(Metric):
    key, name, description = "won", "G", "matches won (a bye counts as won)"
    counts_byes = True

    def contribution(self, r, side, points_per_win):
        return 1 if _is_winner(r, side) else 0


@metric
class Lost(Metric):
    key, name, description = "lost", "P", "matches lost"
    higher_is_better = False

    def contribution(self, r, side, points_per_win):
        return 1 if r.winner is not None and not _is_winner(r, side) else 0


@metric
class MatchPoints(Metric):
    key, name, description = "match_points", "Pts", "match points: points_per_win per won match"
    counts_byes = True

    def contribution(self, r, side, points_per_win):
        return points_per_win if _is_winner(r, side) else 0


@metric
class HandsWon(Metric):
    key, name, description = "hands_won", "MG", "hands won"

    def contribution(self, r, side, points_per_win):
        return r.hands_won[side]


@metric
class HandsLost(Metric):
    key, name, description = "hands_lost", "MP", "hands lost"
    higher_is_better = False

    def contribution(self, r, side, points_per_win):
        return r.hands_won[1 - side]


@metric
class PointsFor(Metric):
    key, name, description = "points_for", "TF", "game points won (the match scores, e.g. 11)"

    def contribution(self, r, side, points_per_win):
        return r.score[side]


@metric
class PointsAgainst(Metric):
    key, name, description = "points_against", "TC", "game points conceded"
    higher_is_better = False

    def contribution(self, r, side, points_per_win):
        return r.score[1 - side]


@metric
class PointsDiff(Metric):
    key, name, description = "points_diff", "Dif", "game points won minus conceded"

    def contribution(self, r, side, points_per_win):
        return r.score[side] - r.score[1 - side]


class _Made(Metric):
    declaration = ""

    def contribution(self, r, side, points_per_win):
        return r.made[side].get(self.declaration, 0)


@metric
class SolosMade(_Made):
    key, name, description, declaration = "solos", "Solo", "solos made", "solo"


@metric
class CuatrolasMade(_Made):
    key, name, description, declaration = "cuatrolas", "Cuat", "cuatrolas made", "cuatrola"


@metric
class QuintolasMade(_Made):
    key, name, description, declaration = "quintolas", "Quin", "quintolas made", "quintola"


def _opponents_sum(entries, results, points_per_win, only_beaten: bool) -> dict[int, float]:
    points = MatchPoints().compute(_all_entries(results, entries), results, points_per_win)
    out: dict[int, float] = dict.fromkeys(entries, 0)
    for r in results:
        if r.b is None:
            continue
        for side, entry in enumerate((r.a, r.b)):
            if entry in out and (not only_beaten or _is_winner(r, side)):
                out[entry] += points[(r.b, r.a)[side]]
    return out


@metric
class Buchholz(Metric):
    key, name, description = "buchholz", "Bu", "sum of the opponents' match points (Swiss)"
    additive = False

    def compute(self, entries, results, points_per_win):
        return _opponents_sum(entries, results, points_per_win, only_beaten=False)


@metric
class SonnebornBerger(Metric):
    key, name, description = (
        "sonneborn_berger",
        "SB",
        "sum of the match points of the opponents beaten",
    )

    additive = False

    def compute(self, entries, results, points_per_win):
        return _opponents_sum(entries, results, points_per_win, only_beaten=True)


@metric
class HeadToHead(Metric):
    key, name, description = (
        "head_to_head",
        "H2H",
        "match points in the games among the tied entries",
    )

    additive = False

    def compute(self, entries, results, points_per_win):
        among = set(entries)
        games = [r for r in results if r.b is not None and r.a in among and r.b in among]
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


def _columns(tiebreaks: Sequence[str]) -> list[str]:
    unknown = [t for t in tiebreaks if t not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown tiebreak(s): {', '.join(unknown)}")
    return list(dict.fromkeys([*COLUMNS, *[t for t in tiebreaks if t != "head_to_head"]]))


def rank(
    entries: Sequence[int],
    results: Sequence[Result],
    tiebreaks: Sequence[str],
    points_per_win: int = 1,
    *,
    totals: dict[str, dict[int, float]] | None = None,
    games_between: dict[frozenset, list[Result]] | None = None,
) -> list[Row]:
    """Standings rows, best first. ``tiebreaks`` are metric keys, applied in order.

    ``totals`` may give additive metrics already summed, and ``games_between`` the results
    indexed by pair, so that :func:`standings_by_round` need not rescan every result.
    """
    columns = _columns(tiebreaks)
    totals = totals or {}
    values = {
        key: totals[key]
        if key in totals
        else REGISTRY[key].compute(entries, results, points_per_win)
        for key in columns
    }
    h2h: dict[int, float] = {}

    groups: list[list[int]] = [sorted(entries)]
    for key in ["match_points", *tiebreaks]:
        refined = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            if key == "head_to_head":
                among = results
                if games_between is not None:
                    among = [
                        r
                        for a, b in combinations(group, 2)
                        for r in games_between.get(frozenset((a, b)), ())
                    ]
                scores = REGISTRY[key].compute(group, among, points_per_win)
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


def standings_by_round(
    entries: Sequence[int],
    results: Sequence[Result],
    tiebreaks: Sequence[str],
    points_per_win: int = 1,
) -> dict[int, list[Row]]:
    """The standings after each round that has results, accumulating the additive metrics
    round by round (each result is read once per metric, not once per round)."""
    columns = _columns(tiebreaks)
    additive = [REGISTRY[k] for k in columns if REGISTRY[k].additive]
    totals = {m.key: dict.fromkeys(entries, 0) for m in additive}
    by_round: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_round[r.round].append(r)
    so_far: list[Result] = []
    games_between: dict[frozenset, list[Result]] = defaultdict(list)
    out = {}
    for number in sorted(by_round):
        for r in by_round[number]:
            so_far.append(r)
            if r.b is not None:
                games_between[frozenset((r.a, r.b))].append(r)
            for m in additive:
                if r.b is None and not m.counts_byes:
                    continue
                for side, entry in enumerate((r.a, r.b)):
                    if entry in totals[m.key]:
                        totals[m.key][entry] += m.contribution(r, side, points_per_win)
        out[number] = rank(
            entries,
            so_far,
            tiebreaks,
            points_per_win,
            totals={k: dict(v) for k, v in totals.items()},
            games_between=games_between,
        )
    return out
