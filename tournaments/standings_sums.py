"""Stored standings from the sums of the unit rows: two aggregate queries, whatever the size.

The write path stores each match's result per scoring unit with how the unit stands
against the others (``games.models.MatchUnit``: score, hands, counters, place, tied,
score and hands conceded). Here the rows of a tournament's decided matches are summed
per entry and round in one query (each metric names the sums it reads: ``Metric.sums``),
and the games between entries counted per pair and round in another (only when a column
needs them: Buchholz, Sonneborn-Berger, head-to-head); byes and forfeits, which no match
decides, come from a third small query of the fixtures and count as
``tournaments.standings`` counts them. The ranking is ``standings.ordered_rows``, the
one the pure path (``standings.standings_by_round``) ranks with, and it gives the same
rows (``tests/tournaments/test_standings_sums.py``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Count, F, FilteredRelation, IntegerField, Q, QuerySet, Sum, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from games.models import Match

from .models import Entry, Fixture, FixtureEntry, Tournament
from .standings import (
    REGISTRY,
    Metric,
    Participant,
    Result,
    Row,
    Scheme,
    add_up,
    columns,
    in_dependency_order,
    ordered_rows,
    without_annulled,
)

#: the metrics that read the games between entries, not sums
RELATIONAL = ("buchholz", "sonneborn_berger", "head_to_head")


def unit_sum(name: str, table_size: int) -> Count | Sum:
    """The aggregate of the unit rows (``u``) that metric sum ``name`` is."""
    k = table_size
    if name == "units":
        return Count("u")
    if name == "first_alone":
        return Count("u", filter=Q(u__place=1, u__tied=1))
    if name == "last_alone":
        return Count("u", filter=Q(u__place=k, u__tied=1))
    if name.startswith("place_"):
        return Count("u", filter=Q(u__place=int(name.removeprefix("place_"))))
    if name == "half_places":  # 2 × (k − place) − (tied − 1): twice the placing points
        return Sum(Value(2 * k + 1) - 2 * F("u__place") - F("u__tied"))
    if name.startswith("counter:"):
        key = name.removeprefix("counter:")
        return Sum(Cast(KeyTextTransform(key, "u__counters"), IntegerField()))
    if name in ("score", "score_against", "hands_won", "hands_against"):
        return Sum(f"u__{name}")
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


def sums_by_round(
    rows: QuerySet, names: Sequence[str], table_size: int
) -> dict[int, list[tuple[int, dict[str, int]]]]:
    """Round → ``(entry, {sum name: value})`` for every entry with a match in it."""
    aliases = {f"s{i}": unit_sum(name, table_size) for i, name in enumerate(names)}
    query = (
        rows.values("entry_id", "fixture__round__number")
        .annotate(**aliases)
        .order_by()
        .values_list("entry_id", "fixture__round__number", *aliases)
    )
    out: dict[int, list[tuple[int, dict[str, int]]]] = defaultdict(list)
    for entry, number, *values in query:
        out[number].append((entry, {n: v or 0 for n, v in zip(names, values, strict=True)}))
    return out


def pairs_by_round(rows: QuerySet) -> dict[int, list[tuple[int, int, int, int]]]:
    """Round → ``(entry, opponent, games, games placed above it)`` for every two entries
    that met at a match in it."""
    other = ~Q(fixture__participants__entry=F("entry"))
    theirs = Q(fixture__match__units__unit=F("o__position"))
    query = (
        rows.annotate(
            o=FilteredRelation("fixture__participants", condition=other),
            ou=FilteredRelation("fixture__match__units", condition=theirs),
        )
        .filter(o__isnull=False, ou__isnull=False)
        .values("entry_id", "o__entry_id", "fixture__round__number")
        .annotate(games=Count("u"), above=Count("u", filter=Q(u__place__lt=F("ou__place"))))
        .order_by()
        .values_list("fixture__round__number", "entry_id", "o__entry_id", "games", "above")
    )
    out: dict[int, list[tuple[int, int, int, int]]] = defaultdict(list)
    for number, *pair in query:
        out[number].append(tuple(pair))
    return out


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
    """A tournament's stored standings: its entries' names and the rows after each round."""

    names: dict[int, str]
    by_round: dict[int, list[Row]]


def standings_from_sums(tournament: Tournament, scheme: Scheme) -> Standings:
    """The standings after each round with results (round 0, everybody level, when there
    are none), from the unit rows' sums."""
    entries = list(
        tournament.entries.values_list(
            "pk", "name", "withdrawn", "withdrawal_results", "withdrawn_after_round"
        )
    )
    names = {pk: name for pk, name, *_ in entries}
    withdrawn = {pk for pk, _, out, _, _ in entries if out}
    annulled = {pk for pk, _, out, how, _ in entries if out and how == Entry.Results.ANNUL}
    gone = {pk: after for pk, _, out, _, after in entries if out and after is not None}
    keys = columns(scheme)
    ordered = [REGISTRY[k] for k in in_dependency_order(keys)]
    additive = [m for m in ordered if m.additive]
    names_needed = list(dict.fromkeys(s for m in additive for s in m.sums))
    rows = played(tournament, annulled)
    sums = sums_by_round(rows, names_needed, scheme.table_size)
    relational = any(k in RELATIONAL for k in keys)
    pairs = pairs_by_round(rows) if relational else {}
    unplayed: dict[int, list[Result]] = defaultdict(list)
    for r in without_annulled(unplayed_results(tournament, gone), annulled):
        unplayed[r.round].append(r)
    return Standings(
        names,
        by_round(list(names), scheme, withdrawn, ordered, sums, pairs, unplayed),
    )


def by_round(
    entries: list[int],
    scheme: Scheme,
    withdrawn: set[int],
    ordered: Sequence[Metric],
    sums: Mapping[int, list[tuple[int, dict[str, int]]]],
    pairs: Mapping[int, list[tuple[int, int, int, int]]],
    unplayed: Mapping[int, list[Result]],
) -> dict[int, list[Row]]:
    """Accumulate round by round and rank after each (see :func:`standings_from_sums`)."""
    additive = [m for m in ordered if m.additive]
    keys = {m.key for m in ordered}
    totals = {m.key: dict.fromkeys(entries, 0) for m in additive}
    games: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    above: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    ppw = scheme.points_per_win

    def mini_league(group: list[int]) -> dict[int, float]:
        members = set(group)  # an entry never meets itself: no need to leave it out
        return {e: ppw * sum(above[e][o] for o in above[e].keys() & members) for e in group}

    known = set(entries)
    out: dict[int, list[Row]] = {}
    for number in sorted(set(sums) | set(unplayed)) or [0]:
        for entry, got in sums.get(number, ()):
            if entry in known:
                for m in additive:
                    totals[m.key][entry] += m.from_sums(got, scheme)
        for r in unplayed.get(number, ()):
            add_up(totals, r, additive, scheme)
            for i, j in ((i, j) for i in range(len(r.entries)) for j in range(len(r.entries))):
                if i != j:
                    games[r.entries[i]][r.entries[j]] += 1
                    above[r.entries[i]][r.entries[j]] += r.placings[i] < r.placings[j]
        for entry, opponent, n, won_above in pairs.get(number, ()):
            games[entry][opponent] += n
            above[entry][opponent] += won_above
        values: dict[str, Mapping[int, float]] = dict(totals)
        for m in ordered:
            if m.depends:
                values[m.key] = {e: m.derive(values, e) for e in entries}
        for key, counts in (("buchholz", games), ("sonneborn_berger", above)):
            if key in keys:
                values[key] = _opponents(entries, counts, values["match_points"])
        out[number] = ordered_rows(entries, values, scheme, mini_league, withdrawn=withdrawn)
    return out


def _opponents(
    entries: list[int], counts: Mapping[int, Mapping[int, int]], points: Mapping[int, float]
) -> dict[int, float]:
    """Each entry's sum of its opponents' match points, once per game ``counts`` says."""
    return {e: sum(n * points.get(o, 0) for o, n in counts[e].items()) for e in entries}
