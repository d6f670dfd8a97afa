"""Standings: the ranking by an ordered tiebreak list, and the relational metrics.

The metrics are in ``tournaments.metrics`` (re-exported here: this module is the
standings' one front). Two ways in, one ranking (``tournaments.ranking.order``):

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
from itertools import combinations

from . import ranking
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
from .ranking import Row, tidy_column

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


def without_annulled(results: Iterable[Result], annulled: Iterable[int]) -> list[Result]:
    """``results`` without every fixture an annulled entry sat at."""
    gone = set(annulled)
    return [r for r in results if not gone.intersection(r.entries)]


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
    aside: ``mini_league(group)`` gives it for a group of tied entries), ranked by
    ``ranking.order``."""
    keys = columns(scheme)
    out = set(withdrawn)
    entries = list(entries)
    by_position = {k: [values[k][e] for e in entries] for k in values if k != "head_to_head"}
    criteria = ["match_points", *scheme.tiebreaks]
    positions, ranks, h2h = ranking.order(
        entries, by_position, criteria, mini_league, [e in out for e in entries]
    )
    by_position["head_to_head"] = [h2h.get(i, 0) for i in range(len(entries))]
    shown = [tidy_column(by_position[k]) for k in keys]
    return [
        Row(
            entries[i],
            rank,
            {k: column[i] for k, column in zip(keys, shown, strict=True)},
            entries[i] in out,
        )
        for i, rank in zip(positions, ranks, strict=True)
    ]


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
