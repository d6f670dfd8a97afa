"""What the rounds before a recompute's first one leave, and its copy kept between
recomputes.

A recompute from round ``r`` ranks round ``r`` from each entry's sums, its byes' and
forfeits' points and the meetings between entries over the rounds before ``r``
(:class:`Before`). ``standings_sums`` has the database add them up; each recompute also
keeps the state before the last round it ranked (``StandingsState``, at the standings'
version), so that the next one, after a result in that round or a later one — the usual
case: the round in play — reads only the rows from that round on.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import add
from typing import Any

from .standings import Metric, Result, Scheme, add_up

#: one entry's part in a decided match, as the query reads it: the values of the sums,
#: then 0, the round, the fixture, the entry and its place
UnitRow = tuple[int, ...]
#: entry → other entry → a count (games between them, or times placed above the other)
Matrix = dict[int, dict[int, int]]


def matrix() -> Matrix:
    return defaultdict(lambda: defaultdict(int))


@dataclass
class Before:
    """The state before round ``round``: each entry's sums over its decided matches (in
    the order of the sums' names), what byes and forfeits gave each additive metric, the
    games between entries and the times each was placed above each other, and whether
    anything was decided at all."""

    round: int
    sums: dict[int, list[int]] = field(default_factory=dict)
    extra: dict[str, dict[int, float]] = field(default_factory=dict)
    games: Matrix = field(default_factory=matrix)
    above: Matrix = field(default_factory=matrix)
    decided: bool = False

    def cover(self, entries: Iterable[int], width: int, additive: Sequence[Metric]) -> None:
        """Every entry has its sums and extras (zero until it has some)."""
        for e in entries:
            self.sums.setdefault(e, [0] * width)
        for m in additive:
            self.extra.setdefault(m.key, {}).update(
                (e, 0) for e in entries if e not in self.extra[m.key]
            )

    def add_played(self, rows: Sequence[UnitRow], relational: bool) -> None:
        """Add the rows of decided matches (every unit of each)."""
        sums = self.sums
        for row in rows:
            entry = row[-2]
            mine = sums.get(entry)
            if mine is not None:  # the row's sums come first: ``map`` stops after them
                sums[entry] = list(map(add, mine, row))
        if rows:
            self.decided = True
        if relational:
            tables: dict[int, list[tuple[int, int]]] = {}
            for row in rows:
                unit = (row[-2], row[-1])
                table = tables.setdefault(row[-3], [unit])
                if table[0] is not unit:
                    table.append(unit)
            for units in tables.values():
                self.meet(units)

    def add_unplayed(
        self, results: Iterable[Result], additive: Sequence[Metric], scheme: Scheme
    ) -> None:
        """Add byes and forfeits, as the pure path counts them."""
        for r in results:
            add_up(self.extra, r, additive, scheme)
            self.meet(list(zip(r.entries, r.placings, strict=True)))
            self.decided = True

    def meet(self, units: Sequence[tuple[int, int]]) -> None:
        """The entries at one table (with their places) met each other."""
        games, above = self.games, self.above
        if len(units) == 2:  # a pairs table, the usual one: no loops
            (a, p), (b, q) = units
            games[a][b] += 1
            games[b][a] += 1
            if p < q:  # (an opponent never placed below reads as 0: a defaultdict)
                above[a][b] += 1
            elif q < p:
                above[b][a] += 1
            return
        for e, place in units:
            for o, other in units:
                if o != e:
                    games[e][o] += 1
                    above[e][o] += place < other

    def copy(self, round_: int) -> Before:
        """A copy that the running state's further rounds leave alone, as before ``round_``."""
        out = Before(round_, dict(self.sums), {k: dict(v) for k, v in self.extra.items()})
        for mine, theirs in ((self.games, out.games), (self.above, out.above)):
            for e, row in mine.items():
                theirs[e].update(row)
        out.decided = self.decided
        return out

    def as_json(self, key: list[Any]) -> dict[str, Any]:
        """The state as stored (``key``: what it was computed for, see :func:`from_json`)."""
        return {
            "key": key,
            "round": self.round,
            "decided": self.decided,
            "sums": [[e, *values] for e, values in self.sums.items()],
            "extra": {
                k: [[e, v] for e, v in by_entry.items() if v] for k, by_entry in self.extra.items()
            },
            # per entry: its opponents, the games with each, the times placed above each
            "games": [
                [e, list(row), list(row.values()), list(map(self.above[e].__getitem__, row))]
                for e, row in self.games.items()
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], key: list[Any]) -> Before | None:
        """The stored state, or None if it was computed for another ``key`` (other sums,
        tiebreaks, entries or annulled results: a whole recompute follows)."""
        if data.get("key") != key:
            return None
        out = cls(data["round"], decided=data["decided"])
        out.sums = {e: values for e, *values in data["sums"]}
        out.extra = {k: dict(pairs) for k, pairs in data["extra"].items()}
        for e, others, games, above in data["games"]:
            out.games[e].update(zip(others, games, strict=True))
            out.above[e].update(zip(others, above, strict=True))
        return out
