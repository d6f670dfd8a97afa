"""The one query of a recompute's unit rows: typed columns, whatever the size.

For each entry at each of the tournament's decided matches, the values of the sums its
metrics name (``Metric.sums``: each an integer expression over its unit row, so the
database does the arithmetic and Python only adds), for the rounds a recompute redoes;
for the rounds before them, each entry's sums and the games between entries (Buchholz,
Sonneborn-Berger, head-to-head) already added up; each round's digest
(``standings_inputs``). With a cut (``standings_sums.ranked_alone``): the rows of one
round, the last with results or one asked for, and everything before it summed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.db import connection
from django.db.models import Case, F, FilteredRelation, Q, QuerySet, Value, When

from games.engine import find_game
from games.models import Match, MatchUnit

from .models import FixtureEntry, Tournament
from .standings import Scheme
from .standings_inputs import round_digest_sql
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
    verify_before: int | None = None,
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
    a decided match (the last value; else empty), and the digest of each round before
    ``verify_before`` if given."""
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
    # the first round not summed (``upper``), and its parameters; with a cut, the
    # rounds with decided matches (``r``) and the cut (``c``) made once
    ctes = [f"p ({sums}, round, fixture, entry, place) AS MATERIALIZED ({inner})"]
    cte_params: list = []
    if cut is None:
        upper, bound = "%s", [from_round]
    else:
        upper, bound = "(SELECT cut FROM c)", []
        if latest:
            greatest = "GREATEST" if connection.vendor == "postgresql" else "MAX"
            ctes.append("r AS (SELECT round FROM p GROUP BY round)")
            ctes.append(f"c AS (SELECT {greatest}(%s, COALESCE(MAX(round), 0)) AS cut FROM r)")
        else:
            ctes.append("c AS (SELECT %s AS cut)")
        cte_params.append(cut)
    # kind 0: a unit row; 1: an entry's sums before; 2: two entries' meetings before
    # (5: both ways, at pairs tables); 3: a round's digest, in the place of the first
    # three sums; 4: a round with results
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
    if summed and relational and scheme.table_size == 2:
        parts.append((_pairs_met(k, upper), bound))
    elif summed and relational:  # the games between entries, in the place of the first two
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
    if cut is None or verify_before:
        digest = ", ".join(
            round_digest_sql([*aliases, "fixture", "entry", "place"], connection.vendor)
        )
        where = "round >= %s" if cut is None else "round < %s"
        parts.append(
            (
                f"SELECT {digest}{', 0' * (k - 3)}, 3, round, 0, 0, 0 FROM p WHERE {where}"
                " GROUP BY round",
                [digests_from if cut is None else verify_before],
            )
        )
    if cut is not None and latest:
        parts.append(
            (
                f"SELECT {', '.join(['0'] * k)}, 4, round, 0, 0, 0 FROM r"
                f" WHERE round >= %s AND round < {upper}",
                [from_round],
            )
        )
    query = f"WITH {', '.join(ctes)} " + " UNION ALL ".join(sql for sql, _ in parts)
    played: dict[int, list[UnitRow]] = defaultdict(list)
    before = Before(from_round)
    digests: dict[int, tuple[int, ...]] = {}
    rounds: set[int] = set()
    with connection.cursor() as cursor:
        cursor.execute(query, [*params, *cte_params, *(p for _, values in parts for p in values)])
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
            elif kind == 5:  # the same both ways: the second entry's times above third
                a, b = row[k + 2], row[k + 3]
                before.games[a][b] = before.games[b][a] = row[0]
                before.above[a][b], before.above[b][a] = row[1], row[2]
            elif kind == 3:
                digests[row[k + 1]] = tuple(row[:3])
            else:
                rounds.add(row[k + 1])
    return played, before, digests, rounds


def _pairs_met(k: int, upper: str) -> str:
    """The SQL of how often each two entries met at a pairs table before round
    ``upper`` and how often each was placed above the other (kind 5), one row per pair:
    each fixture's two units folded into the smaller and the larger ``entry × 16 +
    place`` (a place is below 16), no join of the rows with themselves."""
    lo, hi = "f.lo %% 16", "f.hi %% 16"
    return (
        f"SELECT COUNT(*), SUM(CASE WHEN {lo} < {hi} THEN 1 ELSE 0 END),"
        f" SUM(CASE WHEN {hi} < {lo} THEN 1 ELSE 0 END){', 0' * (k - 3)}, 5, 0,"
        " f.lo / 16, f.hi / 16, 0 FROM (SELECT MIN(CAST(entry AS BIGINT) * 16 + place) AS lo,"
        " MAX(CAST(entry AS BIGINT) * 16 + place) AS hi"
        f" FROM p WHERE round < {upper} GROUP BY fixture HAVING COUNT(*) = 2) f"
        " GROUP BY f.lo / 16, f.hi / 16"
    )
