"""Stored standings from the unit rows: one query of typed columns, whatever the size.

The write path stores each match's result per scoring unit with how the unit stands
against the others (``games.models.MatchUnit``: score, hands, place, tied, score and
hands conceded, the game's counters as integer columns). Here one query reads, for each
entry at each of the tournament's decided matches, the values of the sums its metrics
name (``Metric.sums``: each an integer expression over its unit row, so the database
does the arithmetic and Python only adds), for the rounds a recompute redoes; for the
rounds before them it gives each entry's sums and the games between entries (Buchholz,
Sonneborn-Berger, head-to-head) already added up, unless the state the previous
recompute kept (``standings_state``) covers them. Byes and forfeits, which no match
decides, come from a small query of the fixtures and count as ``tournaments.standings``
counts them. The ranking is ``ranking.order``, the one the pure path
(``standings.standings_by_round``) ranks with, over columns by entry position (each
round's :class:`~tournaments.ranking.Table`), and it gives the same rows
(``tests/tournaments/test_standings_sums.py``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import mul

from django.db import connection
from django.db.models import Case, F, FilteredRelation, Q, QuerySet, Value, When

from games.engine import find_game
from games.models import Match, MatchUnit

from .models import Entry, Fixture, FixtureEntry, Tournament
from .ranking import Table, order, tidy_column
from .standings import (
    REGISTRY,
    Metric,
    Participant,
    Result,
    Scheme,
    columns,
    in_dependency_order,
    without_annulled,
)
from .standings_state import Before, UnitRow

#: the metrics that read the games between entries, not sums
RELATIONAL = ("buchholz", "sonneborn_berger", "head_to_head")


def unit_value(name: str, scheme: Scheme) -> F | Case | Value:
    """What one unit row (``u``) adds to metric sum ``name``, as an SQL expression."""
    k = scheme.table_size

    def count(**condition: int) -> Case:
        return Case(When(Q(**{f"u__{c}": v for c, v in condition.items()}), then=1), default=0)

    if name == "units":
        return Value(1)
    if name == "first_alone":
        return count(place=1, tied=1)
    if name == "last_alone":
        return count(place=k, tied=1)
    if name.startswith("place_"):
        return count(place=int(name.removeprefix("place_")))
    if name == "half_places":  # 2 × (k − place) − (tied − 1): twice the placing points
        return Value(2 * k + 1) - 2 * F("u__place") - F("u__tied")
    if name.startswith("counter:"):
        keys = find_game(scheme.game).counters
        return F(f"u__{MatchUnit.counter_column(keys, name.removeprefix('counter:'))}")
    if name in ("score", "score_against", "hands_won", "hands_against"):
        return F(f"u__{name}")
    raise ValueError(f"no unit sum {name!r}")


def played(tournament: Tournament, annulled: set[int]) -> QuerySet:
    """Each entry's place at the tournament's finished matches, joined to its unit row
    (``u``): fixtures decided by their match, none an annulled entry sat at."""
    rows = FixtureEntry.objects.filter(
        fixture__round__tournament=tournament,
        fixture__decision="",
        fixture__match__status=Match.Status.FINISHED,
    )
    if annulled:
        rows = rows.exclude(fixture__participants__entry__in=annulled)
    unit = Q(fixture__match__units__unit=F("position"))
    return rows.annotate(u=FilteredRelation("fixture__match__units", condition=unit)).filter(
        u__isnull=False  # a match without unit rows counts for nobody
    )


def decided(
    rows: QuerySet,
    names: Sequence[str],
    scheme: Scheme,
    from_round: int,
    relational: bool,
    summed: bool = True,
) -> tuple[dict[int, list[UnitRow]], Before]:
    """The decided matches ``rows`` in one query: round → the :data:`UnitRow` of every
    entry at every match from ``from_round`` on; and, if ``summed``, what the earlier
    rounds' matches leave (:class:`Before`), added up by the database: each entry's sums
    (the values of the sums ``names``, in that order) and, if ``relational``, how often
    each entry met each other and was placed above it (one row per pair of entries, none
    per match). Summed, the unit rows are read once (a materialised CTE) for the three
    parts; else only the rounds from ``from_round`` on are read."""
    aliases = {f"s{i}": unit_value(name, scheme) for i, name in enumerate(names)}
    if not summed:
        rows = rows.filter(fixture__round__number__gte=from_round)
    inner, params = (
        rows.annotate(**aliases)
        .order_by()
        .values_list("fixture__round__number", "fixture_id", "entry_id", "u__place", *aliases)
        .query.sql_with_params()
    )
    sums = ", ".join(aliases)
    parts = [
        f"SELECT 0, round, fixture, entry, place, {sums} FROM p WHERE round >= %s",
        f"SELECT 1, 0, 0, entry, 0, {', '.join(f'SUM({a})' for a in aliases)}"
        " FROM p WHERE round < %s GROUP BY entry",
    ]
    if relational:  # the games between entries, in the place of the first two sums
        assert len(aliases) >= 2, "every table sums its units and its placings"
        padding = ", 0" * (len(aliases) - 2)
        parts.append(
            "SELECT 2, 0, a.entry, b.entry, 0, COUNT(*),"
            f" SUM(CASE WHEN a.place < b.place THEN 1 ELSE 0 END){padding}"
            " FROM p a JOIN p b ON a.fixture = b.fixture AND a.entry <> b.entry"
            " WHERE a.round < %s GROUP BY a.entry, b.entry"
        )
    if summed:
        query = (
            f"WITH p (round, fixture, entry, place, {sums}) AS MATERIALIZED ({inner}) "
            + " UNION ALL ".join(parts)
        )
        params = [*params, *[from_round] * len(parts)]
    else:
        query = f"SELECT 0, * FROM ({inner}) p"
    played: dict[int, list[UnitRow]] = defaultdict(list)
    before = Before(from_round)
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        for kind, number, fixture, entry, place, *values in cursor.fetchall():
            if kind == 0:
                played[number].append((fixture, entry, place, values))
            elif kind == 1:
                before.sums[entry] = values
                before.decided = True
            else:  # fixture, entry: the two entries; the games, the times placed above
                before.games[fixture][entry], before.above[fixture][entry] = values[:2]
    return played, before


def unplayed_results(tournament: Tournament, gone: Mapping[int, int]) -> list[Result]:
    """The byes and forfeits of the tournament (fixtures no match decides), in one
    query; ``gone``: entry → the round it withdrew after (no bye after that)."""
    rows = (
        FixtureEntry.objects.filter(fixture__round__tournament=tournament)
        .filter(
            Q(fixture__decision=Fixture.Decision.FORFEIT)
            | Q(fixture__decision="", fixture__match__isnull=True)
        )
        .order_by("fixture_id", "position")
        .values_list(
            "fixture_id",
            "fixture__round__number",
            "fixture__decision",
            "entry_id",
            "awarded_score",
            "forfeited",
        )
    )
    fixtures: dict[int, list[tuple]] = defaultdict(list)
    for fixture, *row in rows:
        fixtures[fixture].append(row)
    out = []
    for units in fixtures.values():
        number, decision = units[0][0], units[0][1]
        result = unplayed_result(number, decision, [u[2:] for u in units], tournament, gone)
        if result is not None:
            out.append(result)
    return out


def unplayed_result(
    number: int,
    decision: str,
    units: Sequence[tuple[int, int | None, bool]],
    tournament: Tournament,
    gone: Mapping[int, int],
) -> Result | None:
    """A bye or a forfeit as a :class:`Result` (``units``: entry, awarded score and
    forfeited, in unit order); None for what counts for nobody."""
    k = tournament.table_size
    if decision == Fixture.Decision.FORFEIT:
        participants = tuple(Participant(e, score or 0, forfeited=f) for e, score, f in units)
        return Result(number, participants, k, forfeit=True)
    if decision or len(units) != 1:
        return None
    entry = units[0][0]
    if gone.get(entry, number) < number:  # a bye drawn after it withdrew is no win
        return None
    return Result(number, (Participant(entry),), k)


@dataclass
class Standings:
    """A tournament's stored standings: its entries' names, the rows after each round
    (from the first round redone on), and the state before the last of them (what the
    next recompute may start from)."""

    names: dict[int, str]
    by_round: dict[int, Table]
    state: Before
    #: what the state was computed for (``Before.from_json``)
    key: list


def standings_from_sums(
    tournament: Tournament, scheme: Scheme, from_round: int = 0, kept: dict | None = None
) -> Standings:
    """The standings after each round with results from ``from_round`` on (0 or 1: every
    round; round 0, everybody level, when nothing is decided at all), from the unit rows.

    ``kept``: the state a recompute kept (``Standings.state`` as JSON), valid for the
    results as they were then: if it is from ``from_round`` or before, only the rows from
    its round on are read. Else the rounds before ``from_round`` are read summed by the
    database (each entry's sums, and the meetings between entries when a tiebreak reads
    them). Either way a recompute after a result in the last round ranks one round,
    whatever the tournament's length."""
    entries = list(
        tournament.entries.values_list(
            "pk", "name", "withdrawn", "withdrawal_results", "withdrawn_after_round"
        )
    )
    names = {pk: name for pk, name, *_ in entries}
    withdrawn = {pk for pk, _, out, _, _ in entries if out}
    annulled = {pk for pk, _, out, how, _ in entries if out and how == Entry.Results.ANNUL}
    gone = {pk: after for pk, _, out, _, after in entries if out and after is not None}
    ordered = [REGISTRY[k] for k in in_dependency_order(columns(scheme))]
    additive = [m for m in ordered if m.additive]
    sum_names = list(dict.fromkeys(s for m in additive for s in m.sums))
    relational = any(m.key in RELATIONAL for m in ordered)
    key = [sum_names, [m.key for m in additive], relational, sorted(names), sorted(annulled)]
    start = Before.from_json(kept, key) if kept and from_round else None
    if start is not None and start.round > from_round:
        start = None
    first = from_round if start is None else start.round
    played_rows, before = decided(
        played(tournament, annulled), sum_names, scheme, first, relational, start is None
    )
    unplayed: dict[int, list[Result]] = defaultdict(list)
    for r in without_annulled(unplayed_results(tournament, gone), annulled):
        unplayed[r.round].append(r)
    if start is not None:
        before = start
    before.cover(names, len(sum_names), additive)
    if start is None:  # the byes and forfeits before ``from_round``: in a kept state
        for number in sorted(n for n in unplayed if n < from_round):
            before.add_unplayed(unplayed[number], additive, scheme)
    else:  # the rounds the kept state is behind ``from_round`` by
        behind = set(played_rows) | set(unplayed)
        for number in sorted(n for n in behind if start.round <= n < from_round):
            before.add_played(played_rows.pop(number, ()), relational)
            before.add_unplayed(unplayed.get(number, ()), additive, scheme)
    before.round = from_round
    out, state = by_round(
        list(names), scheme, withdrawn, ordered, played_rows, unplayed, before, relational
    )
    return Standings(names, out, state, key)


def by_round(
    entries: list[int],
    scheme: Scheme,
    withdrawn: set[int],
    ordered: Sequence[Metric],
    played: Mapping[int, list[UnitRow]],
    unplayed: Mapping[int, list[Result]],
    state: Before,
    relational: bool,
) -> tuple[dict[int, Table], Before]:
    """Accumulate round by round from ``state.round`` and rank after each (see
    :func:`standings_from_sums`); ``played`` holds the rounds from it on, ``state`` what
    the earlier ones left (it runs on), ``unplayed`` every round's byes and forfeits.
    Also returns a copy of the state before the last round ranked.

    Each entry's sums so far are one list (what its rows add, element by element); an
    additive metric is read from them after each round (``Metric.from_sums`` is linear in
    the sums), plus what byes and forfeits gave it (``state.extra``, as the pure path
    adds them). ``state.above[e][o]``: how many times ``e`` was placed above ``o`` so far,
    the running matrix every mini-league reads."""
    additive = [m for m in ordered if m.additive]
    keys = {m.key for m in ordered}
    sum_names = list(dict.fromkeys(s for m in additive for s in m.sums))
    # a metric that is one sum as it is reads a column of the lists; others, a dict each
    plain = {m.key: sum_names.index(m.sums[0]) for m in additive if _reads_one_sum(m)}
    unsummed = [m.key for m in additive if not m.sums and _default_from_sums(m)]
    named = [m for m in additive if m.key not in plain and m.key not in unsummed]
    # a metric over several sums, as the linear function it is: its terms, by sum's index
    linear = {m.key: terms for m in named if (terms := _terms(m, sum_names, scheme)) is not None}
    named = [m for m in named if m.key not in linear]
    for key, (constant, terms) in list(linear.items()):
        if constant == 0 and len(terms) == 1 and terms[0][1] == 1:  # one sum as it is
            plain[key] = terms[0][0]
            del linear[key]
    derived = [m for m in ordered if m.depends]
    entries = sorted(entries)  # by position: tied entries are listed by entry
    n = len(entries)
    flags = [e in withdrawn for e in entries]
    criteria = ["match_points", *scheme.tiebreaks]
    shown_keys = tuple(columns(scheme))
    so_far, extra, above = state.sums, state.extra, state.above
    ppw = scheme.points_per_win

    def mini_league(group: list[int]) -> dict[int, float]:
        # a tied group is small: its pairs cost less than each member's every opponent
        none = [0] * len(group)  # dict.get's default for an opponent never placed below
        return {e: ppw * sum(map(above[e].get, group, none)) for e in group}

    def plus(column: Sequence[float], key: str) -> Sequence[float]:
        """``column`` and what byes and forfeits gave metric ``key``, as the pure path
        adds them (most tournaments have none: the column as it is)."""
        bonus = extra[key]
        if not any(bonus.values()):
            return column
        return [v + bonus[e] for v, e in zip(column, entries, strict=True)]

    numbers = sorted(n for n in set(played) | set(unplayed) if n >= state.round)
    if not numbers and not state.decided:
        numbers = [0]  # nothing decided at all: everybody level
    kept = state.copy(state.round)
    out: dict[int, Table] = {}
    for number in numbers:
        if number == numbers[-1]:
            kept = state.copy(number)
        state.add_played(played.get(number, ()), relational)
        state.add_unplayed(unplayed.get(number, ()), additive, scheme)
        # every column by position: each sum's column at once, then each metric's
        rows = [so_far[e] for e in entries]
        sums = list(zip(*rows, strict=True)) if rows else [()] * len(sum_names)
        values: dict[str, Sequence[float]] = {}
        for key, i in plain.items():
            values[key] = plus(sums[i], key)
        for key, (constant, terms) in linear.items():
            values[key] = plus(_linear_column(constant, terms, sums, n), key)
        for key in unsummed:
            bonus = extra[key]
            values[key] = [bonus[e] for e in entries]
        if named:
            by_name = [dict(zip(sum_names, row, strict=True)) for row in rows]
            for m in named:
                values[m.key] = plus([m.from_sums(s, scheme) for s in by_name], m.key)
        for m in derived:
            values[m.key] = m.derive_column(values, n)
        for key, counts in (("buchholz", state.games), ("sonneborn_berger", above)):
            if key in keys:
                values[key] = _opponents(entries, counts, values["match_points"])
        positions, ranks, h2h = order(entries, values, criteria, mini_league, flags)
        values["head_to_head"] = [h2h.get(i, 0) for i in range(n)]
        listed = list(zip(*(tidy_column(values[k]) for k in shown_keys), strict=True))
        out[number] = Table(
            shown_keys,
            [entries[i] for i in positions],
            ranks,
            [flags[i] for i in positions],
            [listed[i] for i in positions],
        )
    return out, kept


def _terms(
    m: Metric, sum_names: Sequence[str], scheme: Scheme
) -> tuple[float, list[tuple[int, float]]] | None:
    """``m.from_sums`` as a constant and (index of a sum, coefficient) terms, read off
    the function at zero and at each sum alone (``Metric.from_sums`` is linear); None if
    the terms do not give it back at a few other points (then it is called as it is)."""
    zero = dict.fromkeys(sum_names, 0)
    constant = m.from_sums(zero, scheme)
    terms = []
    for i, name in enumerate(sum_names):
        c = m.from_sums(zero | {name: 1}, scheme) - constant
        if c:
            terms.append((i, int(c) if float(c).is_integer() else c))
    for probe in ([1] * len(sum_names), [3 + 2 * i for i in range(len(sum_names))]):
        at = m.from_sums(dict(zip(sum_names, probe, strict=True)), scheme)
        if at != constant + sum(c * probe[i] for i, c in terms):
            return None
    return constant, terms


def _linear_column(
    constant: float, terms: Sequence[tuple[int, float]], sums: Sequence[Sequence[int]], n: int
) -> list[float]:
    """``constant + Σ c × sum`` for each of ``n`` entries (``terms``: the index of each
    sum in ``sums``, each sum's column, and its coefficient). With whole or half
    coefficients (match points: half the placings' points by points per win) in integers,
    halved at the end: exact, and an int wherever the value is whole."""
    coefficients = [constant, *(c for _, c in terms)]
    d = next((d for d in (1, 2) if all(float(d * c).is_integer() for c in coefficients)), 0)
    columns = [sums[i] for i, _ in terms]
    if not d:  # other coefficients: as floats
        return [
            constant + sum(c * v for (_, c), v in zip(terms, row, strict=True))
            for row in zip(*columns, strict=True)
        ]
    k0, *ks = (int(d * c) for c in coefficients)
    if not columns:
        numbers = [0] * n
    elif set(ks) == {1}:  # a game's counters added up
        numbers = list(columns[0]) if len(ks) == 1 else list(map(sum, zip(*columns, strict=True)))
    elif len(ks) == 1:
        numbers = [ks[0] * a for a in columns[0]]
    elif len(ks) == 2:  # points' difference
        (j, k), (first, second) = ks, columns
        numbers = [j * a + k * b for a, b in zip(first, second, strict=True)]
    else:
        numbers = [sum(map(mul, ks, row)) for row in zip(*columns, strict=True)]
    if k0:
        numbers = [k0 + v for v in numbers]
    return numbers if d == 1 else [v >> 1 if not v & 1 else v / 2 for v in numbers]


def _default_from_sums(m: Metric) -> bool:
    return type(m).from_sums is Metric.from_sums


def _reads_one_sum(m: Metric) -> bool:
    """``m`` is its one sum as it is (``Metric.from_sums`` not overridden)."""
    return _default_from_sums(m) and len(m.sums) == 1


def _opponents(
    entries: list[int], counts: Mapping[int, Mapping[int, int]], points: Sequence[float]
) -> list[float]:
    """Each entry's sum of its opponents' match points (``points``, by position), once
    per game ``counts`` says."""
    by_entry = dict(zip(entries, points, strict=True))
    return [sum(n * by_entry.get(o, 0) for o, n in counts[e].items()) for e in entries]
