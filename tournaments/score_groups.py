"""Score-group draws (Swiss), pure: tables of two by maximum-weight matching (networkx's
``max_weight_matching``, as Tabbycat draws its pairs), tables of three by a small exact
search or a bounded local search, both minimising one cost.

The cost of a draw is lexicographic — each criterion counts only among draws equal on all
the ones before it — and is summed over the pairs that share a table (a table of three
holds three pairs) and the entries that sit out:

1. byes: an entry sitting out costs the byes it already had (nobody has a second bye
   before everybody has had one);
2. repeats: each pair that already met;
3. who sits out: the lowest-ranked, as in a Swiss (FIDE C.04: the bye to the lowest score
   group), once the two above are as low as they can be;
4. score groups: the squared difference of two entries' scores (so a floater goes to the
   next group, not two groups down);
5. rank: the squared distance of two entries in the ranking (top down: 1 meets 2);
6. seat balance: two entries that sat first (seats 0 and 2, dealing first) as often as
   each other (a last tie-break only: the draws the tests pin keep the rank order, and a
   table lists its entries in rank order).

Each criterion's weight exceeds the largest total the ones after it can reach, so integer
weights give the lexicographic order exactly.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import networkx as nx

Table = tuple[int, ...]

#: tables of two: fields larger than this are matched among rank neighbours first
WINDOW_FROM = 48
WINDOW = 12
#: tables of three: seatings of at most this many entries are searched exhaustively
EXACT_UP_TO = 12
#: tables of three: the local search stops after this long (seconds) at the latest
SEARCH_SECONDS = 0.6


@dataclass(frozen=True)
class DrawEntry:
    """What a generator needs to know of an entry."""

    number: int
    #: match points so far (the score groups)
    score: float = 0
    #: every entry it has sat at a table with
    opponents: frozenset[int] = frozenset()
    #: byes it has had
    byes: int = 0
    #: rounds it sat first at a table of two (seats 0 and 2, dealing first)
    first: int = 0


class _Costs:
    """The lexicographic cost of seating entries together, as one integer."""

    LEVELS = 6

    def __init__(self, ranked: Sequence[DrawEntry], k: int) -> None:
        self.k = k
        self.entries = {e.number: e for e in ranked}
        self.rank = {e.number: i for i, e in enumerate(ranked)}
        n = len(ranked)
        scores = [e.score for e in ranked] or [0]
        spread = max(scores) - min(scores)
        tables = n // k + n % k  # tables and entries sitting out
        pairs = tables * k * (k - 1) // 2
        # the largest total each criterion can reach over a whole draw
        most = [
            tables * max((e.byes for e in ranked), default=0),
            pairs,
            tables * n,
            pairs * self._score(spread),
            pairs * n * n,
            pairs,
        ]
        self.weight = [0] * self.LEVELS
        unit = 1
        for level in reversed(range(self.LEVELS)):
            self.weight[level] = unit
            unit *= most[level] + 1
        self.top = unit  # more than any draw's cost

    @staticmethod
    def _score(difference: float) -> int:
        return round(difference * difference * 100)  # scores in halves and thirds

    def pair(self, a: int, b: int) -> int:
        ea, eb = self.entries[a], self.entries[b]
        w = self.weight
        return (
            w[1] * (b in ea.opponents)
            + w[3] * self._score(ea.score - eb.score)
            + w[4] * (self.rank[a] - self.rank[b]) ** 2
            + w[5] * (self.k == 2 and ea.first == eb.first)
        )

    def bye(self, a: int) -> int:
        return self.weight[0] * self.entries[a].byes + self.weight[2] * (
            len(self.rank) - 1 - self.rank[a]
        )

    def table(self, table: Sequence[int]) -> int:
        if len(table) == 1:
            return self.bye(table[0])
        return sum(self.pair(a, b) for a, b in combinations(table, 2))


def score_group_round(entries: Sequence[DrawEntry], table_size: int = 2) -> list[Table]:
    """Tables of ``table_size`` for the next round, by score groups, at the lowest cost
    above; ``len(entries) % table_size`` entries sit out with a bye. Tables come in rank
    order of their best-ranked entry, byes last; a table lists its entries in rank
    order."""
    ranked = sorted(entries, key=lambda e: (-e.score, e.number))
    if not ranked:
        return []
    costs = _Costs(ranked, table_size)
    if table_size == 2:
        groups = _match_pairs(ranked, costs)
    elif len(ranked) <= EXACT_UP_TO:
        groups = _exact(ranked, table_size, costs)
    else:
        groups = _local_search(ranked, table_size, costs)
    rank = costs.rank
    tables = [tuple(sorted(g, key=rank.__getitem__)) for g in groups]
    tables.sort(key=lambda t: (len(t) == 1, rank[t[0]]))
    return tables


def _match_pairs(ranked: Sequence[DrawEntry], costs: _Costs) -> list[Table]:
    """A perfect matching of greatest weight ``top - cost`` (so of lowest cost), with one
    more vertex, the bye, when the count is odd.

    A large field is first matched with each entry's WINDOW neighbours in the ranking only
    (the blossom algorithm is cubic: 256 entries on every edge take seconds): a draw's
    pairs are near in rank, by the criteria. If that draw repeats a meeting or leaves
    someone out, the whole graph decides."""
    numbers = [e.number for e in ranked]
    if len(numbers) > WINDOW_FROM:
        pairs = _matching(numbers, costs, WINDOW)
        seated = sum(len(t) for t in pairs)
        if seated == len(numbers) and not any(
            len(t) == 2 and t[1] in costs.entries[t[0]].opponents for t in pairs
        ):
            return pairs
    return _matching(numbers, costs, len(numbers))


def _matching(numbers: list[int], costs: _Costs, window: int) -> list[Table]:
    graph = nx.Graph()
    for i, a in enumerate(numbers):
        for b in numbers[i + 1 : i + 1 + window]:
            graph.add_edge(a, b, weight=costs.top - costs.pair(a, b))
    if len(numbers) % 2:
        for a in numbers:
            graph.add_edge(a, 0, weight=costs.top - costs.bye(a))  # numbers are from 1
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [(a,) if b == 0 else (b,) if a == 0 else (a, b) for a, b in matching]


def _exact(ranked: Sequence[DrawEntry], k: int, costs: _Costs) -> list[Table]:
    """Every seating (branch and bound): the best-ranked entry left takes k - 1 others, or
    sits out while byes are left to give."""
    numbers = tuple(e.number for e in ranked)
    spare = len(numbers) % k
    best: list = [None, costs.top * 2]

    def go(rest: tuple[int, ...], byes_left: int, chosen: list[Table], cost: int) -> None:
        if cost >= best[1]:
            return
        if not rest:
            best[:] = [list(chosen), cost]
            return
        top, others = rest[0], rest[1:]
        if byes_left:
            go(others, byes_left - 1, [*chosen, (top,)], cost + costs.bye(top))
        if len(rest) - byes_left >= k:
            for mates in combinations(range(len(others)), k - 1):
                table = (top, *(others[i] for i in mates))
                left = tuple(x for i, x in enumerate(others) if i not in mates)
                go(left, byes_left, [*chosen, table], cost + costs.table(table))

    go(numbers, spare, [], 0)
    return best[0]


def _local_search(ranked: Sequence[DrawEntry], k: int, costs: _Costs) -> list[Table]:
    """From the byes by the first criteria and tables of consecutive ranks, swap two
    entries of different tables (or a seated one and one sitting out) while that lowers
    the cost; at most SEARCH_SECONDS."""
    deadline = time.monotonic() + SEARCH_SECONDS
    spare = len(ranked) % k
    out = sorted(ranked, key=lambda e: costs.bye(e.number))[:spare]
    out_numbers = {e.number for e in out}
    seated = [e.number for e in ranked if e.number not in out_numbers]
    groups = [seated[i : i + k] for i in range(0, len(seated), k)]
    groups += [[e.number] for e in out]
    cost = [costs.table(g) for g in groups]
    improved = True
    while improved and time.monotonic() < deadline:
        improved = False
        for i, j in combinations(range(len(groups)), 2):
            gi, gj = groups[i], groups[j]
            for x in range(len(gi)):
                for y in range(len(gj)):
                    gi[x], gj[y] = gj[y], gi[x]
                    ci, cj = costs.table(gi), costs.table(gj)
                    if ci + cj < cost[i] + cost[j]:
                        cost[i], cost[j] = ci, cj
                        improved = True
                    else:
                        gi[x], gj[y] = gj[y], gi[x]
            if time.monotonic() > deadline:
                break
    return [tuple(g) for g in groups]
