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
counts them. The rounds are then added up and ranked in ``standings_rounds``, by
``ranking.order``, the one the pure path (``standings.standings_by_round``) ranks with,
and they give the same rows
(``tests/tournaments/test_standings_sums.py``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Case, F, FilteredRelation, Q, QuerySet, Value, When

from games.engine import find_game
from games.models import Match, MatchUnit

from .models import Entry, Fixture, FixtureEntry, Tournament
from .ranking import Table
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
from .standings_inputs import Inputs, base_digest, first_change, round_digest_sql
from .standings_rounds import by_round
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


def played(tournament: Tournament | int, annulled: set[int]) -> QuerySet:
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


#: the compiled SQL of :func:`played` with its sums, by the query's shape: the text and
#: the parameters, with where the tournament's, the annulled entries' and the round's
#: values go. Compiling the queryset is ~4 ms of Python (a third of the floor query's
#: time, in every recompute); only the values change from one recompute to the next.
_COMPILED: dict[tuple, tuple[str, list, list[tuple[int, str, int]]]] = {}
#: stand-ins compiled in the place of the values, each within its column's range (the
#: ORM drops a comparison with a value out of it) and none a constant of the query
_TOURNAMENT, _ANNULLED, _ROUND = 2_000_000_011, 2_000_000_101, 32_001


def unit_rows_sql(
    tournament: int,
    annulled: set[int],
    names: Sequence[str],
    scheme: Scheme,
    from_round: int | None,
) -> tuple[str, list]:
    """The SQL and parameters of the unit rows of the tournament's decided matches
    (:func:`played`), with the values of the sums ``names`` first, then the round, the
    fixture, the entry and its place; only from ``from_round`` on unless None."""
    key = (connection.vendor, tuple(names), scheme.table_size, scheme.game, len(annulled))
    key = (*key, from_round is None)
    if key not in _COMPILED:
        stand_ins = {_ANNULLED + i for i in range(len(annulled))}
        rows = played(_TOURNAMENT, stand_ins)
        if from_round is not None:
            rows = rows.filter(fixture__round__number__gte=_ROUND)
        aliases = {f"s{i}": unit_value(name, scheme) for i, name in enumerate(names)}
        sql, params = (
            rows.annotate(**aliases)
            .order_by()
            .values_list(*aliases, "fixture__round__number", "fixture_id", "entry_id", "u__place")
            .query.sql_with_params()
        )
        slots = []
        for i, value in enumerate(params):
            if type(value) is not str and isinstance(value, int):
                if value == _TOURNAMENT:
                    slots.append((i, "tournament", 0))
                elif value == _ROUND:
                    slots.append((i, "round", 0))
                elif value - _ANNULLED in range(len(annulled)):
                    slots.append((i, "annulled", value - _ANNULLED))
        _COMPILED[key] = (sql, list(params), slots)
    sql, params, slots = _COMPILED[key]
    params = list(params)
    values = {"tournament": [tournament], "annulled": sorted(annulled), "round": [from_round]}
    for i, what, index in slots:
        params[i] = type(params[i])(values[what][index])  # the same type (Int2, …)
    return sql, params


def decided(
    tournament: int,
    annulled: set[int],
    names: Sequence[str],
    scheme: Scheme,
    from_round: int,
    relational: bool,
    summed: bool = True,
    digests_from: int | None = None,
    cut: int | None = None,
    latest: bool = False,
) -> tuple[dict[int, list[UnitRow]], Before, dict[int, tuple[int, ...]], set[int]]:
    """The tournament's decided matches (:func:`played`, without those an ``annulled``
    entry sat at) in one query: round → the ``UnitRow`` of every
    entry at every match from ``from_round`` on; if ``summed``, what the earlier
    rounds' matches leave (:class:`Before`), added up by the database: each entry's sums
    (the values of the sums ``names``, in that order) and, if ``relational``, how often
    each entry met each other and was placed above it (one row per pair of entries, none
    per match); and the digest of each round from ``digests_from`` (default:
    ``from_round``) on (``round_digest_sql``). The unit rows are read once (a
    materialised CTE when several parts read them); unsummed, only the rounds from the
    first of ``from_round`` and ``digests_from`` on.

    With a ``cut`` (summed): only the rows of round ``cut`` — with ``latest``, of the
    last round with a decided match if it is after ``cut`` —, what the rounds before it
    leave, and no digest but the rounds from ``from_round`` to before the cut that have
    a decided match (the last value; else empty)."""
    aliases = [f"s{i}" for i in range(len(names))]
    digests_from = from_round if digests_from is None else digests_from
    # each row's sums first: ``Before.add_played`` adds a row to an entry's sums as it
    # is (``map`` stops at the end of the sums), with no slice made per row
    inner, params = unit_rows_sql(
        tournament, annulled, names, scheme, None if summed else min(from_round, digests_from)
    )
    sums = ", ".join(aliases)
    k = len(aliases)
    assert k >= 3, "every table sums its units and its placings, and more"
    # the first round not summed, and its parameters
    if cut is None:
        upper, bound = "%s", [from_round]
    elif not latest:
        upper, bound = "%s", [cut]
    elif connection.vendor == "postgresql":
        upper, bound = "GREATEST(%s, (SELECT MAX(round) FROM p))", [cut]
    else:
        upper, bound = "MAX(%s, COALESCE((SELECT MAX(round) FROM p), 0))", [cut]
    # kind 0: a unit row; 1: an entry's sums before; 2: two entries' meetings before; 3:
    # a round's digest, in the place of the first three sums; 4: a round with results
    rows = "round >= %s" if cut is None else f"round = {upper}"
    parts = [(f"SELECT {sums}, 0, round, fixture, entry, place FROM p WHERE {rows}", bound)]
    if summed:
        parts.append(
            (
                f"SELECT {', '.join(f'SUM({a})' for a in aliases)}, 1, 0, 0, entry, 0"
                f" FROM p WHERE round < {upper} GROUP BY entry",
                bound,
            )
        )
    if summed and relational:  # the games between entries, in the place of the first two
        padding = ", 0" * (k - 2)
        parts.append(
            (
                "SELECT COUNT(*), SUM(CASE WHEN a.place < b.place THEN 1 ELSE 0 END)"
                f"{padding}, 2, 0, a.entry, b.entry, 0"
                " FROM p a JOIN p b ON a.fixture = b.fixture AND a.entry <> b.entry"
                f" WHERE a.round < {upper} GROUP BY a.entry, b.entry",
                bound,
            )
        )
    if cut is None:
        digest = ", ".join(
            round_digest_sql([*aliases, "fixture", "entry", "place"], connection.vendor)
        )
        parts.append(
            (
                f"SELECT {digest}{', 0' * (k - 3)}, 3, round, 0, 0, 0 FROM p WHERE round >= %s"
                " GROUP BY round",
                [digests_from],
            )
        )
    elif latest:
        parts.append(
            (
                f"SELECT {', '.join(['0'] * k)}, 4, round, 0, 0, 0 FROM p"
                f" WHERE round >= %s AND round < {upper} GROUP BY round",
                [from_round, *bound],
            )
        )
    query = (
        f"WITH p ({sums}, round, fixture, entry, place) AS MATERIALIZED ({inner}) "
        + " UNION ALL ".join(sql for sql, _ in parts)
    )
    played: dict[int, list[UnitRow]] = defaultdict(list)
    before = Before(from_round)
    digests: dict[int, tuple[int, ...]] = {}
    rounds: set[int] = set()
    with connection.cursor() as cursor:
        cursor.execute(query, [*params, *(p for _, values in parts for p in values)])
        for row in cursor.fetchall():
            kind = row[k]
            if kind == 0:
                played[row[k + 1]].append(row)
            elif kind == 1:
                before.sums[row[k + 3]] = list(row[:k])
                before.decided = True
            elif kind == 2:  # the two entries; the games, the times placed above
                before.games[row[k + 2]][row[k + 3]] = row[0]
                before.above[row[k + 2]][row[k + 3]] = row[1]
            elif kind == 3:
                digests[row[k + 1]] = tuple(row[:3])
            else:
                rounds.add(row[k + 1])
    return played, before, digests, rounds


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
    #: each snapshot's inputs (``standings_inputs``): those recorded before the first
    #: round redone, and this recompute's
    inputs: Inputs
    #: the rounds not ranked, their inputs being those of the stored snapshot (round →
    #: its digest)
    unchanged: dict[int, str]
    #: the rounds with results before the last one, from the first changed on, left
    #: unranked (``latest``): their snapshots are stale
    stale: set[int] = field(default_factory=set)


@dataclass
class Shape:
    """What every round of a tournament's standings is ranked with: its entries, the
    metrics and their sums, the byes and forfeits by round, and the inputs' base."""

    names: dict[int, str]
    withdrawn: set[int]
    annulled: set[int]
    ordered: list[Metric]
    additive: list[Metric]
    sum_names: list[str]
    relational: bool
    key: list
    base: str
    unplayed: dict[int, list[Result]]


def shape_of(tournament: Tournament, scheme: Scheme) -> Shape:
    """The tournament's :class:`Shape` (two queries: the entries, the byes and forfeits)."""
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
    base = base_digest(key, sorted(names.items()), sorted(withdrawn), repr(scheme))
    unplayed: dict[int, list[Result]] = defaultdict(list)
    for r in without_annulled(unplayed_results(tournament, gone), annulled):
        unplayed[r.round].append(r)
    return Shape(
        names, withdrawn, annulled, ordered, additive, sum_names, relational, key, base, unplayed
    )


def standings_from_sums(
    tournament: Tournament,
    scheme: Scheme,
    from_round: int = 0,
    kept: dict | None = None,
    skip: bool = True,
    latest: bool = False,
) -> Standings:
    """The standings after each round with results from ``from_round`` on (0 or 1: every
    round; round 0, everybody level, when nothing is decided at all), from the unit rows.

    ``kept``: the state a recompute kept (``Standings.state`` as JSON), valid for the
    results as they were then: if it is from ``from_round`` or before, only the rows from
    its round on are read. Else the rounds before ``from_round`` are read summed by the
    database (each entry's sums, and the meetings between entries when a tiebreak reads
    them). Either way a recompute after a result in the last round ranks one round,
    whatever the tournament's length.

    If ``skip``, a round whose inputs are those ``kept`` records for its stored snapshot
    (``standings_inputs``) is not ranked (``Standings.unchanged``).

    If ``latest``, when the kept state does not cover the rounds to redo (a correction
    in an earlier round, a first recompute, or one whose record shows an earlier round
    changed), only the last round with results is ranked (:func:`ranked_alone`), and
    the rounds before it from the first changed one are left stale."""
    shape = shape_of(tournament, scheme)
    names, annulled, sum_names = shape.names, shape.annulled, shape.sum_names
    additive, relational, base, unplayed = (
        shape.additive,
        shape.relational,
        shape.base,
        shape.unplayed,
    )
    record = Inputs.from_json((kept or {}).get("inputs"), base)
    recorded = record.rounds
    start = Before.from_json(kept, shape.key) if kept else None
    # a whole recompute starts from the kept state if the rounds before it are as
    # recorded: their digests, not their rows, are read to check it
    trusting = bool(
        from_round <= 1 and skip and start and start.round > 1 and start.decided and recorded
    )
    if start is not None and not trusting and (not from_round or start.round > from_round):
        start = None
    if latest and start is None:
        return ranked_alone(tournament, scheme, shape, max(from_round, 1), record=record)
    first = from_round if start is None else start.round
    played_rows, before, digests, _ = decided(
        tournament.pk,
        annulled,
        sum_names,
        scheme,
        first,
        relational,
        summed=start is None and first > 1,  # from round 1 on, no earlier round to sum
        digests_from=1 if trusting else first,
    )
    as_recorded: dict[int, str] = {}  # the rounds before a trusted state: as stored
    if trusting:
        assert start is not None
        changed = first_change(start.round, base, recorded, digests, unplayed)
        if changed is None:
            from_round = start.round
            as_recorded = {r: recorded[r][1] for r in recorded if r < from_round}
        elif latest:  # rank the last round alone, from the first one changed (one more query)
            standings = ranked_alone(tournament, scheme, shape, changed, record=record)
            standings.unchanged = {r: recorded[r][1] for r in recorded if r < changed}
            return standings
        else:  # read every round after all (one more query)
            start, first = None, from_round
            played_rows, before, digests, _ = decided(
                tournament.pk, annulled, sum_names, scheme, first, relational, summed=False
            )
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
    if from_round <= 1:
        chain: str | None = base
        inputs = Inputs(base)
    else:  # from the record of the rounds before, if any (else no digests)
        chain = record.before(from_round) if recorded else None
        inputs = record.until(from_round)
    rounds = by_round(
        list(names),
        scheme,
        shape.withdrawn,
        shape.ordered,
        played_rows,
        unplayed,
        before,
        relational,
        digests,
        chain,
        recorded if skip else None,
    )
    inputs.rounds.update((r, (i, "")) for r, i in rounds.inputs.items())  # "": not stored yet
    unchanged = as_recorded | rounds.unchanged
    return Standings(names, rounds.tables, rounds.state, shape.key, inputs, unchanged)


def ranked_alone(
    tournament: Tournament,
    scheme: Scheme,
    shape: Shape,
    stale_from: int,
    record: Inputs | None = None,
    until: int | None = None,
) -> Standings:
    """The standings after the last round with results alone (or after round ``until``),
    ranked from what the rounds before it leave, summed by the database in the one query
    of the unit rows (:func:`decided` with a cut): one ranking whatever the round.

    The rounds from ``stale_from`` to before it that have results are ``stale``; the
    inputs keep ``record``'s rounds before ``stale_from``, broken from it on (their
    snapshots are not what their inputs give until ranked again)."""
    unplayed = shape.unplayed
    cut = until if until is not None else max(unplayed, default=0)
    played_rows, before, _, with_results = decided(
        tournament.pk,
        shape.annulled,
        shape.sum_names,
        scheme,
        stale_from,
        shape.relational,
        cut=cut,
        latest=until is None,
    )
    last = max([*played_rows, cut])  # the round the query cut at: its rows, if any
    before.round = last
    before.cover(shape.names, len(shape.sum_names), shape.additive)
    for number in sorted(n for n in unplayed if n < last):
        before.add_unplayed(unplayed[number], shape.additive, scheme)
    rounds = by_round(
        list(shape.names),
        scheme,
        shape.withdrawn,
        shape.ordered,
        played_rows,
        {n: results for n, results in unplayed.items() if n <= last},
        before,
        shape.relational,
    )
    stale = {n for n in with_results | set(unplayed) if stale_from <= n < last}
    inputs = (record or Inputs(shape.base)).until(stale_from)
    if inputs.broken is None:
        inputs.broken = stale_from
    return Standings(shape.names, rounds.tables, rounds.state, shape.key, inputs, {}, stale)
