"""Standings: the ranking by an ordered tiebreak list, and the relational metrics.

The metrics are in ``tournaments.metrics`` (re-exported here: this module is the
standings' one front). Two ways in, one ranking (:func:`ordered_rows`):

- :func:`rank` and :func:`standings_by_round` over :class:`Result` values (pure: the
  pages' previews, the draw's score groups, tests);
- ``tournaments.standings_sums`` over the sums of the stored unit rows, read with two
  aggregate queries whatever the tournament's size (the stored snapshots).

Ranking: by match points, then by each tiebreak in the tournament's order. Whenever a
criterion splits a tied group, each part still tied is ranked again from the first
criterion: head-to-head is then the mini-league of that smaller group (as football and
FIDE apply it). Entries tied on everything share a rank (the next rank skips: 1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, groupby

from .metrics import (
    REGISTRY,
    MatchPoints,
    Metric,
    Participant,
    Result,
    Scheme,
    available,
    metric,
)

__all__ = [
    "REGISTRY",
    "Metric",
    "Participant",
    "Result",
    "Row",
    "Scheme",
    "available",
    "columns",
    "default_tiebreaks",
    "rank",
    "standings_by_round",
    "without_annulled",
]


# ------------------------------------------------------------------ relational metrics
def _opponents_sum(entries, results, scheme, only_beaten: bool) -> dict[int, float]:
    points = MatchPoints().compute(_all_entries(results, entries), results, scheme)
    out: dict[int, float] = dict.fromkeys(entries, 0)
    for r in results:
        if r.is_bye:
            continue
        for i, p in enumerate(r.participants):
            if p.entry not in out:
                continue
            for j, q in enumerate(r.participants):
                if j != i and (not only_beaten or r.placings[i] < r.placings[j]):
                    out[p.entry] += points[q.entry]
    return out


@metric
class Buchholz(Metric):
    key, name, description = "buchholz", "Bu", "sum of the opponents' match points (Swiss)"
    additive = False

    def compute(self, entries, results, scheme):
        return _opponents_sum(entries, results, scheme, only_beaten=False)


@metric
class SonnebornBerger(Metric):
    key, name = "sonneborn_berger", "SB"
    description = "sum of the match points of the opponents finished above"
    additive = False

    def compute(self, entries, results, scheme):
        return _opponents_sum(entries, results, scheme, only_beaten=True)


@metric
class HeadToHead(Metric):
    key, name = "head_to_head", "H2H"
    description = (
        "the mini-league of the tied: points per win for each tied opponent finished above"
    )
    additive = False

    def compute(self, entries, results, scheme):
        among = set(entries)
        out: dict[int, float] = dict.fromkeys(entries, 0)
        for r in results:
            tied = [(i, p.entry) for i, p in enumerate(r.participants) if p.entry in among]
            for (i, e), (j, f) in combinations(tied, 2):
                if r.placings[i] < r.placings[j]:
                    out[e] += scheme.points_per_win
                elif r.placings[j] < r.placings[i]:
                    out[f] += scheme.points_per_win
        return out


def _all_entries(results: Iterable[Result], entries: Iterable[int]) -> set[int]:
    out = set(entries)
    for r in results:
        out.update(r.entries)
    return out


#: the columns every table shows, by table size, before the game's own
COLUMNS = {
    2: (
        "played",
        "won",
        "lost",
        "match_points",
        "hands_won",
        "hands_lost",
        "points_for",
        "points_against",
        "points_diff",
        "forfeits",
    ),
    3: (
        "played",
        "placed_1",
        "placed_2",
        "placed_3",
        "match_points",
        "points_for",
        "hands_won",
        "forfeits",
    ),
}
#: default tiebreaks by format family (pairs) or table size (tables of three)
DEFAULT_TIEBREAKS = {
    "round_robin": ["head_to_head", "points_diff", "points_for", "hands_won"],
    "swiss": ["buchholz", "sonneborn_berger", "points_diff", "points_for"],
    "knockout": ["points_diff", "points_for"],
    "tables_of_3": ["points_for", "buchholz"],
}


def default_tiebreaks(format: str, table_size: int) -> list[str]:
    if table_size != 2:
        return DEFAULT_TIEBREAKS[f"tables_of_{table_size}"]
    return DEFAULT_TIEBREAKS["round_robin" if "round_robin" in format else format]


def columns(scheme: Scheme) -> list[str]:
    """Every column of a table: the shape's, the game's own, then the tiebreaks."""
    base = COLUMNS[scheme.table_size]
    own = [
        k
        for k, m in REGISTRY.items()
        if m.games is not None and m.applies(scheme.table_size, scheme.game)
    ]
    return list(dict.fromkeys([*base, *own, *scheme.tiebreaks]))


@dataclass
class Row:
    entry: int
    rank: int
    metrics: dict[str, float]
    withdrawn: bool = False


def without_annulled(results: Iterable[Result], annulled: Iterable[int]) -> list[Result]:
    """``results`` without every fixture an annulled entry sat at."""
    gone = set(annulled)
    return [r for r in results if not gone.intersection(r.entries)]


def _tidy(value: float) -> float:
    """Whole numbers as ``int`` (3, not 3.0), in the rows and the JSON stored from them."""
    if type(value) is int:  # most are: no float to make
        return value
    return int(value) if float(value).is_integer() else round(value, 3)


def rank(
    entries: Sequence[int],
    results: Sequence[Result],
    scheme: Scheme,
    *,
    withdrawn: Iterable[int] = (),
    totals: Mapping[str, Mapping[int, float]] | None = None,
    games_between: Mapping[frozenset, list[Result]] | None = None,
) -> list[Row]:
    """Standings rows, best first (withdrawn entries last). ``scheme.tiebreaks`` are
    metric keys, applied in order; results of annulled entries must already be left out
    (:func:`without_annulled`).

    ``totals`` may give additive metrics already summed, and ``games_between`` the results
    indexed by pair of entries, so that :func:`standings_by_round` need not rescan every
    result.
    """
    keys = columns(scheme)
    totals = totals or {}
    values: dict[str, dict[int, float]] = {}
    for key in in_dependency_order(keys):
        m = REGISTRY[key]
        if key in totals:
            values[key] = dict(totals[key])
        elif m.depends:
            values[key] = {e: m.derive(values, e) for e in entries}
        elif key != "head_to_head":
            values[key] = m.compute(entries, results, scheme)

    def between(group: Sequence[int]) -> list[Result]:
        if games_between is None:
            return list(results)
        seen: dict[int, Result] = {}
        for a, b in combinations(group, 2):
            for r in games_between.get(frozenset((a, b)), ()):
                seen[id(r)] = r
        return list(seen.values())

    def mini_league(group: list[int]) -> Mapping[int, float]:
        return REGISTRY["head_to_head"].compute(group, between(group), scheme)

    return ordered_rows(entries, values, scheme, mini_league, withdrawn=withdrawn)


def ordered_rows(
    entries: Sequence[int],
    values: Mapping[str, Mapping[int, float]],
    scheme: Scheme,
    mini_league: Callable[[list[int]], Mapping[int, float]],
    *,
    withdrawn: Iterable[int] = (),
) -> list[Row]:
    """The rows of :func:`rank` from every column's ``values`` by entry (head-to-head
    aside: ``mini_league(group)`` gives it for a group of tied entries)."""
    keys = columns(scheme)
    h2h: dict[int, float] = defaultdict(int)  # 0 for an entry in no mini-league
    criteria = ["match_points", *scheme.tiebreaks]

    def order(group: list[int]) -> list[list[int]]:
        """``group`` (tied so far) in tied parts, best first."""
        if len(group) == 1:
            return [group]
        for key in criteria:
            metric_ = REGISTRY[key]
            if key == "head_to_head":
                scores = mini_league(group)
                for e in group:  # the column shows the widest mini-league an entry was in
                    h2h.setdefault(e, scores[e])
            else:
                scores = values[key]
            sign = 1 if metric_.higher_is_better else -1
            by_value: dict[float, list[int]] = defaultdict(list)
            for e in group:
                by_value[scores[e]].append(e)
            if len(by_value) > 1:  # split: rank each part again from the first criterion
                parts = [by_value[v] for v in sorted(by_value, key=lambda v: -sign * v)]
                return [tied for part in parts for tied in order(part)]
        return [group]

    out = set(withdrawn)
    shown = {key: h2h if key == "head_to_head" else values[key] for key in keys}
    rows, position = [], 1
    for listed, is_out in (
        (sorted(e for e in entries if e not in out), False),
        (sorted(out & set(entries)), True),
    ):
        if not listed:
            continue
        for group in (
            part for tied in _presorted(listed, values, criteria) for part in order(tied)
        ):
            for e in sorted(group):
                metrics = {  # most are ints already: no call to tidy them
                    key: v if type(v := shown[key][e]) is int else _tidy(v) for key in keys
                }
                rows.append(Row(e, position, metrics, is_out))
            position += len(group)
    return rows


def _presorted(
    listed: list[int], values: Mapping[str, Mapping[int, float]], criteria: Sequence[str]
) -> list[list[int]]:
    """``listed`` in groups, best first, by the criteria before head-to-head: those split
    a group the same whatever the group (only a mini-league depends on who is in it), so
    sorting by them at once ranks as splitting and re-ranking each part does; ``order``
    then ranks each group from the first criterion, as it would have reached it."""
    head = list(criteria)
    if "head_to_head" in head:
        head = head[: head.index("head_to_head")]
    signs = [(values[k], 1 if REGISTRY[k].higher_is_better else -1) for k in head]

    def key(e: int) -> tuple[float, ...]:
        return tuple(-sign * column[e] for column, sign in signs)

    return [list(g) for _, g in groupby(sorted(listed, key=key), key=key)]


def in_dependency_order(keys: Sequence[str]) -> list[str]:
    """``keys`` with every derived metric's inputs before it (added if not shown)."""
    out: list[str] = []

    def add(key: str) -> None:
        for dep in REGISTRY[key].depends:
            add(dep)
        if key not in out:
            out.append(key)

    for key in keys:
        add(key)
    return out


def add_up(
    totals: Mapping[str, dict[int, float]], r: Result, additive: Sequence[Metric], scheme: Scheme
) -> None:
    """Add what result ``r`` gives each of its entries in ``totals`` to each metric."""
    for m in additive:
        if r.is_bye and not m.counts_byes:
            continue
        for i, p in enumerate(r.participants):
            if p.entry in totals[m.key]:
                totals[m.key][p.entry] += m.value(r, i, scheme)


def standings_by_round(
    entries: Sequence[int],
    results: Sequence[Result],
    scheme: Scheme,
    *,
    withdrawn: Iterable[int] = (),
    annulled: Iterable[int] = (),
) -> dict[int, list[Row]]:
    """The standings after each round that has results, accumulating the additive metrics
    round by round (each result is read once per metric, not once per round)."""
    results = without_annulled(results, annulled)
    withdrawn = set(withdrawn)
    keys = in_dependency_order(columns(scheme))
    additive = [REGISTRY[k] for k in keys if REGISTRY[k].additive]
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
            for a, b in combinations(r.entries, 2):
                games_between[frozenset((a, b))].append(r)
            add_up(totals, r, additive, scheme)
        out[number] = rank(
            entries,
            so_far,
            scheme,
            withdrawn=withdrawn,
            totals=totals,
            games_between=games_between,
        )
    return out
