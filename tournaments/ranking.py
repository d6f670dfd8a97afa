"""The ranking of one round's standings, over columns of values by entry position.

Both ways into the standings (``tournaments.standings`` over results,
``tournaments.standings_sums`` over the stored unit rows) rank with :func:`order`: by match
points, then by each tiebreak in the tournament's order; whenever a criterion splits a
tied group, each part still tied is ranked again from the first criterion, so that
head-to-head is the mini-league of that smaller group (as football and FIDE apply it).
Entries tied on everything share a rank (the next rank skips: 1, 2, 2, 4); withdrawn
entries come after the others, ranked among themselves.

The criteria before head-to-head split a group the same whatever the group (only a
mini-league depends on who is in it), so one ``sorted`` by a tuple of them per entry
ranks as splitting and re-ranking each part does; only the groups still tied on them
(few, and small) go through the mini-leagues and the criteria after them.

A round's result is a :class:`Table`: the columns, and per entry in rank order its rank,
withdrawal and values as one tuple (what a snapshot stores, without a dict per row);
:class:`Row` values when a caller wants them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import groupby
from operator import gt, itemgetter, neg
from typing import Any

from .metrics import REGISTRY


@dataclass
class Row:
    entry: int
    rank: int
    metrics: dict[str, float]
    withdrawn: bool = False


def tidy(value: float) -> float:
    """Whole numbers as ``int`` (3, not 3.0), in the rows and the JSON stored from them."""
    if type(value) is int:  # most are: no float to make
        return value
    value = round(value, 3)
    return int(value) if value.is_integer() else value


def tidy_column(column: Sequence[float]) -> Sequence[float]:
    """:func:`tidy` for every value of a column (the column itself when all are ints)."""
    if set(map(type, column)) <= {int}:
        return column
    return [
        v if type(v) is int else int(r) if (r := round(v, 3)).is_integer() else r for v in column
    ]


@dataclass
class Table:
    """One round's standings, best first: each entry, its rank, whether it withdrew, and
    its values in the order of ``keys`` (the columns). Iterating gives :class:`Row`."""

    keys: tuple[str, ...]
    entries: list[int]
    ranks: list[int]
    withdrawn: list[bool]
    values: list[tuple[float, ...]]

    @classmethod
    def of(cls, rows: Sequence[Row]) -> Table:
        """``rows`` (all with the same columns in the same order) as a table."""
        keys = tuple(rows[0].metrics) if rows else ()
        return cls(
            keys,
            [r.entry for r in rows],
            [r.rank for r in rows],
            [r.withdrawn for r in rows],
            [tuple(r.metrics.values()) for r in rows],
        )

    @cached_property
    def rows(self) -> list[Row]:
        keys = self.keys
        return [
            Row(e, rank, dict(zip(keys, values, strict=True)), out)
            for e, rank, out, values in zip(
                self.entries, self.ranks, self.withdrawn, self.values, strict=True
            )
        ]

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, index: int) -> Row:
        return self.rows[index]


def order(
    entries: Sequence[int],
    values: Mapping[str, Sequence[float]],
    criteria: Sequence[str],
    mini_league: Callable[[list[int]], Mapping[int, float]],
    withdrawn: Sequence[Any],
) -> tuple[list[int], list[int], dict[int, float]]:
    """The positions of ``entries`` best first, the rank of each, and the head-to-head
    score of the widest mini-league each was in (by position; none if it was in none).

    ``values``: each criterion's values by position (head-to-head aside:
    ``mini_league(group of entries)`` gives it by entry); ``withdrawn``: true by
    position for an entry listed last. Tied entries are listed by entry."""
    n = len(entries)
    criteria = list(criteria)
    cut = criteria.index("head_to_head") if "head_to_head" in criteria else len(criteria)
    signed = [
        values[k] if not REGISTRY[k].higher_is_better else list(map(neg, values[k]))
        for k in criteria[:cut]
    ]
    keys = list(zip(withdrawn, *signed, strict=True))
    positions = range(n)
    if any(map(gt, entries, entries[1:])):  # tied entries are listed by entry
        positions = sorted(positions, key=entries.__getitem__)
    ranked = sorted(positions, key=keys.__getitem__)
    h2h: dict[int, float] = {}
    rest = criteria[cut:]
    signs = {k: -1 if REGISTRY[k].higher_is_better else 1 for k in rest}
    # the columns after the cut, each signed so that less is better (head-to-head: None)
    after = [(k, None if k == "head_to_head" else values[k], signs[k]) for k in rest]

    def split(group: list[int]) -> list[list[int]]:
        """``group`` (two or more, tied on the criteria before head-to-head) in tied
        parts, best first."""
        if len(group) == 2:  # the most frequent tie: no sort
            return split_two(*group)
        for _, column, sign in after:
            if column is None:
                tied = [entries[i] for i in group]
                scores = mini_league(tied)
                by_position = list(map(scores.__getitem__, tied))
                for i, score in zip(group, by_position, strict=True):
                    h2h.setdefault(i, score)  # the column shows the widest mini-league
            else:
                by_position = list(map(column.__getitem__, group))
            if by_position.count(by_position[0]) < len(by_position):  # split: each part
                if sign < 0:  # still tied is ranked again
                    by_position = list(map(neg, by_position))
                pairs = sorted(zip(by_position, group, strict=True))
                parts = []
                for _, part in groupby(pairs, key=itemgetter(0)):
                    part = [i for _, i in part]
                    parts.extend(split(part) if len(part) > 1 else [part])
                return parts
        return [group]

    def split_two(i: int, j: int) -> list[list[int]]:
        for _, column, sign in after:
            if column is None:
                scores = mini_league([entries[i], entries[j]])
                a, b = scores[entries[i]], scores[entries[j]]
                h2h.setdefault(i, a)
                h2h.setdefault(j, b)
            else:
                a, b = column[i], column[j]
            if a != b:
                return [[i], [j]] if sign * a < sign * b else [[j], [i]]
        return [[i, j]]

    out: list[int] = []
    ranks: list[int] = []
    for _, tied in groupby(ranked, key=keys.__getitem__):
        group = list(tied)
        if len(group) == 1 or not rest:
            ranks.extend([len(out) + 1] * len(group))
            out.extend(group)
            continue
        for part in split(group):
            if len(part) > 1:
                part.sort(key=entries.__getitem__)
            ranks.extend([len(out) + 1] * len(part))
            out.extend(part)
    return out, ranks, h2h
