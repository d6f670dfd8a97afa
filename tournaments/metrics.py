"""The standings' metrics: a registry of columns, each a sum over an entry's results.

Pure functions over plain data (in the manner of Tabbycat's ``standings/metrics.py``): a
decided fixture is a :class:`Result` — a table of N participants in unit order, each with
a score and a placing — and nothing here touches the database. Each additive metric also
says how it reads the sums of its entry's stored unit rows (``sums``, ``from_sums``: what
``tournaments.standings_sums`` asks the database for), so that stored standings need not
build a :class:`Result` per match.

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

The relational metrics (Buchholz, Sonneborn-Berger, head-to-head) and the ranking are in
``tournaments.standings``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games.engine import Standing
from games.engine import games as registered_games
from games.engine.messages import Items, msg


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
            raise ValueError(msg("unknown tiebreak(s): {names}", names=Items(unknown)))


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
    #: a game's column: its short header in English (``Standing.short``)
    short: str = ""
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
    #: an additive metric's inputs over an entry's played matches: the names of the sums
    #: of its unit rows that a standings query gives (``standings_query.unit_value``)
    sums: tuple[str, ...] = ()

    def contribution(self, r: Result, index: int, points_per_win: int) -> float:
        raise NotImplementedError

    def from_sums(self, sums: Mapping[str, int], scheme: Scheme) -> float:
        """The metric over an entry's played matches, from its unit rows' ``sums`` (what
        :meth:`value` adds up over the same matches). Linear in the sums: the stored
        standings read it from an entry's sums so far, round after round."""
        return sums[self.sums[0]] if self.sums else 0

    def value(self, r: Result, index: int, scheme: Scheme) -> float:
        """What result ``r`` adds for participant ``index`` under ``scheme``."""
        return self.contribution(r, index, scheme.points_per_win)

    def derive(self, values: Mapping[str, Mapping[int, float]], entry: int) -> float:
        raise NotImplementedError

    def derive_column(self, values: Mapping[str, Sequence[float]], n: int) -> list[float]:
        """:meth:`derive` for each of ``n`` entries, from columns by position."""
        return [self.derive(values, i) for i in range(n)]

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
    sums = ("units",)

    def contribution(self, r, index, points_per_win):
        return 1


@metric
class Won(Metric):
    key, name, description = "won", "G", "matches won (a bye counts as won)"
    counts_byes = True
    table_sizes = (2,)
    sums = ("first_alone",)

    def contribution(self, r, index, points_per_win):
        return 1 if r.is_bye or (r.placings[index] == 1 and r.placings.count(1) == 1) else 0


@metric
class Lost(Metric):
    key, name, description = "lost", "P", "matches lost"
    higher_is_better = False
    table_sizes = (2,)
    sums = ("place_2",)

    def contribution(self, r, index, points_per_win):
        return 1 if r.placings[index] == 2 else 0


def _placed(n: int) -> type[Metric]:
    class Placed(Metric):
        key, name, description = f"placed_{n}", f"{n}º", f"times placed {n}º at a table"
        table_sizes = tuple(range(max(3, n), 5))
        sums = (f"place_{n}",)

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
    sums = ("half_places", "last_alone")

    def contribution(self, r, index, points_per_win):
        return r.placing_points(index, points_per_win)

    def from_sums(self, sums, scheme):
        # half_places: 2 × (k − place) − (tied − 1) summed, twice the placings' points per
        # win; the one placed last alone scored none: a lost match, at a pairs table
        return scheme.points_per_win * sums["half_places"] / 2 + (
            scheme.points_per_loss * sums["last_alone"]
        )

    def value(self, r, index, scheme):
        points = r.placing_points(index, scheme.points_per_win)
        lost = not r.is_bye and not points and not r.participants[index].forfeited
        return scheme.points_per_loss if lost else points


@metric
class HandsWon(Metric):
    key, name, description = "hands_won", "MG", "hands won"
    sums = ("hands_won",)

    def contribution(self, r, index, points_per_win):
        return r.participants[index].hands_won


@metric
class HandsLost(Metric):
    key, name, description = "hands_lost", "MP", "hands lost"
    higher_is_better = False
    table_sizes = (2,)
    sums = ("hands_against",)

    def contribution(self, r, index, points_per_win):
        return sum(p.hands_won for i, p in enumerate(r.participants) if i != index)


@metric
class PointsFor(Metric):
    key, name, description = "points_for", "TF", "game points won (the match scores, e.g. 11)"
    sums = ("score",)

    def contribution(self, r, index, points_per_win):
        return r.participants[index].score


@metric
class PointsAgainst(Metric):
    key, name, description = "points_against", "TC", "game points conceded"
    higher_is_better = False
    table_sizes = (2,)
    sums = ("score_against",)

    def contribution(self, r, index, points_per_win):
        return sum(p.score for i, p in enumerate(r.participants) if i != index)


@metric
class PointsDiff(Metric):
    key, name, description = "points_diff", "Dif", "game points won minus conceded"
    table_sizes = (2,)
    sums = ("score", "score_against")

    def from_sums(self, sums, scheme):
        return sums["score"] - sums["score_against"]

    def contribution(self, r, index, points_per_win):
        mine = r.participants[index].score
        return mine - sum(p.score for i, p in enumerate(r.participants) if i != index)


@metric
class Forfeits(Metric):
    key, name, description = "forfeits", "NP", "fixtures forfeited (not presented)"
    higher_is_better = False
    # no sums: a match played is forfeited by nobody (forfeits are the fixture's decision)

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

    def from_sums(self, sums, scheme):
        return sum(sums[f"counter:{c}"] for c in self.counters)


class _Rate(Metric):
    """Won per hundred made, of two of the game's other columns."""

    additive = False
    won: tuple[str, ...] = ()
    made: str = ""

    def derive(self, values, entry):
        made = values[self.made][entry]
        won = sum(values[k][entry] for k in self.won)
        return round(100 * won / made, 1) if made else 0

    def derive_column(self, values, n):
        won = list(map(sum, zip(*(values[k] for k in self.won), strict=True)))
        made = values[self.made]
        return [round(100 * w / m, 1) if m else 0 for w, m in zip(won, made, strict=True)]


def _game_metric(game: str, column: Standing) -> Metric:
    attributes = {
        "key": column.key,
        "name": column.name,
        "description": column.description,
        "short": column.short,
        "games": (game,),
    }
    if column.rate_of is None:
        sums = tuple(f"counter:{c}" for c in column.counters)
        extra = {"counters": column.counters, "sums": sums}
        return type(column.key, (_Counter,), {**attributes, **extra})()
    won, made = column.rate_of
    extra = {"won": won, "made": made, "depends": (*won, made)}
    return type(column.key, (_Rate,), {**attributes, **extra})()


for _game in registered_games():
    for _column in _game.standings:
        if _column.key in REGISTRY:  # one key, one column: a game would shadow another's
            raise ValueError(f"standings metric {_column.key!r} declared twice")
        REGISTRY[_column.key] = _game_metric(_game.name, _column)
