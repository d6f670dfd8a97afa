"""Standings: a registry of metrics and a ranking by an ordered tiebreak list.

Pure functions over plain data (in the manner of Tabbycat's ``standings/metrics.py``): the
caller gives every decided fixture as a :class:`Result` — a table of N participants in
unit order, each with a score and a placing — and nothing here touches the database.

- **Placing points** (the ``match_points`` column, "Pts"): at a table of ``k`` entries the
  one placed ``p``-th scores ``points_per_win × (k − p)``; entries tied for a place share
  the points of the places they cover equally. At a pairs table that is
  ``points_per_win`` for the won match and ``points_per_loss`` (0 unless the tournament
  says) for a lost one played — not for one forfeited.
- **Byes**: in pairs formats a bye counts as a won match worth its match points and
  nothing else (no hands, no game points, not an opponent for Buchholz); at tables of
  three or more a bye scores a table's average placing points (1 at a table of three).
- **Forfeits**: a fixture decided by a forfeit counts as played, with the scores it was
  awarded; the entries that forfeited are placed last; no hands.
- **Withdrawals**: a withdrawn entry whose results are *annulled* takes no part in any
  result (every fixture it sat at is dropped for everybody); withdrawn entries are listed
  after the others, ranked among themselves, and marked.

Ranking: by match points, then by each tiebreak in the tournament's order. Whenever a
criterion splits a tied group, each part still tied is ranked again from the first
criterion: head-to-head is then the mini-league of that smaller group (as football and
FIDE apply it). Entries tied on everything share a rank (the next rank skips: 1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from games.engine import Standing
from games.engine import games as registered_games


@dataclass(frozen=True)
class Participant:
    """One entry's part in a result (a scoring unit of the match)."""

    entry: int
    score: int = 0
    is_winner: bool = False
    hands_won: int = 0
    #: the game's own counts (``games.results.UnitResult.counters``: the keys its engine
    #: declares in ``Game.counters``)
    counters: Mapping[str, int] = field(default_factory=dict)
    #: conceded a forfeit (placed last)
    forfeited: bool = False


@dataclass(frozen=True)
class Result:
    """A decided fixture: its participants in unit order (one participant: a bye).

    ``placings`` (1 = first) follow from the participants: the forfeiters last, then the
    winner, then by score; equal participants share a place.
    """

    round: int
    participants: tuple[Participant, ...]
    #: entries per table in this tournament (a bye's value depends on it)
    table_size: int = 2
    #: decided by a forfeit, not played
    forfeit: bool = False
    placings: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = [(p.forfeited, not p.is_winner, -p.score) for p in self.participants]
        object.__setattr__(self, "placings", tuple(1 + sum(o < key for o in keys) for key in keys))

    @classmethod
    def pair(
        cls,
        round: int,
        a: int,
        b: int | None,
        score: tuple[int, int] = (0, 0),
        hands_won: tuple[int, int] = (0, 0),
        counters: tuple[Mapping[str, int], Mapping[str, int]] = ({}, {}),
    ) -> Result:
        """A pairs result (``b`` None: a bye); the higher score wins."""
        if b is None:
            return cls(round, (Participant(a),))
        return cls(
            round,
            tuple(
                Participant(entry, score[i], score[i] > score[1 - i], hands_won[i], counters[i])
                for i, entry in enumerate((a, b))
            ),
        )

    @property
    def is_bye(self) -> bool:
        return len(self.participants) == 1

    @property
    def entries(self) -> tuple[int, ...]:
        return tuple(p.entry for p in self.participants)

    def placing_points(self, index: int, points_per_win: int) -> float:
        """What participant ``index`` scores for its placing (see the module docstring)."""
        k = self.table_size
        if self.is_bye:
            return points_per_win if k == 2 else points_per_win * (k - 1) / 2
        place = self.placings[index]
        shared = self.placings.count(place)
        return points_per_win * sum(k - q for q in range(place, place + shared)) / shared


@dataclass(frozen=True)
class Scheme:
    """How a tournament ranks: its tiebreaks, points per win, table size, game and points
    per lost match (pairs tables only)."""

    tiebreaks: tuple[str, ...] = ()
    points_per_win: int = 1
    table_size: int = 2
    game: str = registered_games()[0].name  # the first registered: the site's default
    points_per_loss: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))
        if self.points_per_loss and self.table_size != 2:
            raise ValueError("points per lost match apply to pairs tables only")
        if not 0 <= self.points_per_loss < self.points_per_win:
            raise ValueError("points per lost match: from 0 to fewer than per win")
        unknown = [t for t in self.tiebreaks if t not in available(self.table_size, self.game)]
        if unknown:
            raise ValueError(f"unknown tiebreak(s): {', '.join(unknown)}")


class Metric:
    """One column of the standings. ``key`` names it in a tiebreak list.

    An additive metric is a sum over the entry's results of ``contribution(result, index,
    points_per_win)`` (so standings after each round can be accumulated); a derived one is
    computed from other columns (``derive``); the others (Buchholz, Sonneborn-Berger,
    head-to-head) override ``compute``.
    """

    key: str = ""
    name: str = ""
    description: str = ""
    #: True: more is better (ranked descending)
    higher_is_better: bool = True
    additive: bool = True
    #: byes count for this metric (else only fixtures decided at a table)
    counts_byes: bool = False
    #: the table sizes it means something for (None: any)
    table_sizes: tuple[int, ...] | None = None
    #: the games it reads counters of (None: any game)
    games: tuple[str, ...] | None = None
    #: a derived metric: the columns it is computed from
    depends: tuple[str, ...] = ()

    def contribution(self, r: Result, index: int, points_per_win: int) -> float:
        raise NotImplementedError

    def value(self, r: Result, index: int, scheme: Scheme) -> float:
        """What result ``r`` adds for participant ``index`` under ``scheme``."""
        return self.contribution(r, index, scheme.points_per_win)

    def derive(self, values: Mapping[str, Mapping[int, float]], entry: int) -> float:
        raise NotImplementedError

    def compute(
        self, entries: Sequence[int], results: Sequence[Result], scheme: Scheme
    ) -> dict[int, float]:
        out: dict[int, float] = dict.fromkeys(entries, 0)
        for r in results:
            if r.is_bye and not self.counts_byes:
                continue
            for i, p in enumerate(r.participants):
                if p.entry in out:
                    out[p.entry] += self.value(r, i, scheme)
        return out

    def applies(self, table_size: int, game: str) -> bool:
        return (self.table_sizes is None or table_size in self.table_sizes) and (
            self.games is None or game in self.games
        )


REGISTRY: dict[str, Metric] = {}


def metric(cls: type[Metric]) -> type[Metric]:
    REGISTRY[cls.key] = cls()
    return cls


def available(table_size: int, game: str) -> list[str]:
    """The metric keys that apply to a tournament of tables of ``table_size`` of ``game``."""
    return [k for k, m in REGISTRY.items() if m.applies(table_size, game)]


@metric
class Played(Metric):
    key, name, description = "played", "PJ", "fixtures played or forfeited (byes not counted)"

    def contribution(self, r, index, points_per_win):
        return 1


@metric
class Won(Metric):
    key, name, description = "won", "G", "matches won (a bye counts as won)"
    counts_byes = True
    table_sizes = (2,)

    def contribution(self, r, index, points_per_win):
        return 1 if r.is_bye or (r.placings[index] == 1 and r.placings.count(1) == 1) else 0


@metric
class Lost(Metric):
    key, name, description = "lost", "P", "matches lost"
    higher_is_better = False
    table_sizes = (2,)

    def contribution(self, r, index, points_per_win):
        return 1 if r.placings[index] == 2 else 0


def _placed(n: int) -> type[Metric]:
    class Placed(Metric):
        key, name, description = f"placed_{n}", f"{n}º", f"times placed {n}º at a table"
        table_sizes = tuple(range(max(3, n), 5))

        def contribution(self, r, index, points_per_win):
            return 1 if r.placings[index] == n else 0

    Placed.__name__ = f"Placed{n}"
    return metric(Placed)


for _n in (1, 2, 3, 4):
    _placed(_n)


@metric
class MatchPoints(Metric):
    key, name = "match_points", "Pts"
    description = (
        "placing points: points per win × (k − place) at a table of k (pairs: per won match)"
    )
    counts_byes = True

    def contribution(self, r, index, points_per_win):
        return r.placing_points(index, points_per_win)

    def value(self, r, index, scheme):
        points = r.placing_points(index, scheme.points_per_win)
        lost = not r.is_bye and not points and not r.participants[index].forfeited
        return scheme.points_per_loss if lost else points


@metric
class HandsWon(Metric):
    key, name, description = "hands_won", "MG", "hands won"

    def contribution(self, r, index, points_per_win):
        return r.participants[index].hands_won


@metric
class HandsLost(Metric):
    key, name, description = "hands_lost", "MP", "hands lost"
    higher_is_better = False
    table_sizes = (2,)

    def contribution(self, r, index, points_per_win):
        return sum(p.hands_won for i, p in enumerate(r.participants) if i != index)


@metric
class PointsFor(Metric):
    key, name, description = "points_for", "TF", "game points won (the match scores, e.g. 11)"

    def contribution(self, r, index, points_per_win):
        return r.participants[index].score


@metric
class PointsAgainst(Metric):
    key, name, description = "points_against", "TC", "game points conceded"
    higher_is_better = False
    table_sizes = (2,)

    def contribution(self, r, index, points_per_win):
        return sum(p.score for i, p in enumerate(r.participants) if i != index)


@metric
class PointsDiff(Metric):
    key, name, description = "points_diff", "Dif", "game points won minus conceded"
    table_sizes = (2,)

    def contribution(self, r, index, points_per_win):
        mine = r.participants[index].score
        return mine - sum(p.score for i, p in enumerate(r.participants) if i != index)


@metric
class Forfeits(Metric):
    key, name, description = "forfeits", "NP", "fixtures forfeited (not presented)"
    higher_is_better = False

    def contribution(self, r, index, points_per_win):
        return 1 if r.participants[index].forfeited else 0


# ------------------------------------------------------------------ a game's own metrics
# Each game declares its columns (``Game.standings``, in the engine): this module names no
# game nor any of its counters.
class _Counter(Metric):
    """The sum of one or more of the participants' ``counters``."""

    counters: tuple[str, ...] = ()

    def contribution(self, r, index, points_per_win):
        mine = r.participants[index].counters
        return sum(mine.get(c, 0) for c in self.counters)


class _Rate(Metric):
    """Won per hundred made, of two of the game's other columns."""

    additive = False
    won: tuple[str, ...] = ()
    made: str = ""

    def derive(self, values, entry):
        made = values[self.made][entry]
        won = sum(values[k][entry] for k in self.won)
        return round(100 * won / made, 1) if made else 0


def _game_metric(game: str, column: Standing) -> Metric:
    attributes = {
        "key": column.key,
        "name": column.name,
        "description": column.description,
        "games": (game,),
    }
    if column.rate_of is None:
        return type(column.key, (_Counter,), {**attributes, "counters": column.counters})()
    won, made = column.rate_of
    extra = {"won": won, "made": made, "depends": (*won, made)}
    return type(column.key, (_Rate,), {**attributes, **extra})()


for _game in registered_games():
    for _column in _game.standings:
        if _column.key in REGISTRY:  # one key, one column: a game would shadow another's
            raise ValueError(f"standings metric {_column.key!r} declared twice")
        REGISTRY[_column.key] = _game_metric(_game.name, _column)


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
    for key in _in_dependency_order(keys):
        m = REGISTRY[key]
        if key in totals:
            values[key] = dict(totals[key])
        elif m.depends:
            values[key] = {e: m.derive(values, e) for e in entries}
        elif key != "head_to_head":
            values[key] = m.compute(entries, results, scheme)
    h2h: dict[int, float] = {}

    def between(group: Sequence[int]) -> list[Result]:
        if games_between is None:
            return list(results)
        seen: dict[int, Result] = {}
        for a, b in combinations(group, 2):
            for r in games_between.get(frozenset((a, b)), ()):
                seen[id(r)] = r
        return list(seen.values())

    criteria = ["match_points", *scheme.tiebreaks]

    def order(group: list[int]) -> list[list[int]]:
        """``group`` (tied so far) in tied parts, best first."""
        if len(group) == 1:
            return [group]
        for key in criteria:
            metric_ = REGISTRY[key]
            if key == "head_to_head":
                scores = metric_.compute(group, between(group), scheme)
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
    rows, position = [], 1
    for listed, is_out in (
        (sorted(e for e in entries if e not in out), False),
        (sorted(out & set(entries)), True),
    ):
        if not listed:
            continue
        for group in order(listed):
            for e in sorted(group):
                metrics = {key: _tidy(values[key][e]) for key in keys if key != "head_to_head"}
                if "head_to_head" in keys:
                    metrics["head_to_head"] = _tidy(h2h.get(e, 0))
                rows.append(Row(e, position, {k: metrics[k] for k in keys}, is_out))
            position += len(group)
    return rows


def _in_dependency_order(keys: Sequence[str]) -> list[str]:
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
    keys = _in_dependency_order(columns(scheme))
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
            for m in additive:
                if r.is_bye and not m.counts_byes:
                    continue
                for i, p in enumerate(r.participants):
                    if p.entry in totals[m.key]:
                        totals[m.key][p.entry] += m.value(r, i, scheme)
        out[number] = rank(
            entries,
            so_far,
            scheme,
            withdrawn=withdrawn,
            totals=totals,
            games_between=games_between,
        )
    return out
