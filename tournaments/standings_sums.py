"""Stored standings from the unit rows: one query of typed columns, whatever the size.

The write path stores each match's result per scoring unit with how the unit stands
against the others (``games.models.MatchUnit``: score, hands, place, tied, score and
hands conceded, the game's counters as integer columns). One query
(``standings_query.decided``) reads the unit rows of the rounds a recompute redoes, and
what the rounds before them leave already added up by the database, unless the state
the previous recompute kept (``standings_state``) covers them. Asked as the Celery task
asks (``latest``), a recompute that the kept state does not cover ranks the last round
alone and leaves the earlier ones from the change stale (:func:`ranked_alone`; a stale
snapshot is ranked when read: ``standings_store.fresh_snapshot``). Byes and forfeits, which no match
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

from django.db.models import Q

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
from .standings_inputs import Inputs, base_digest, first_change
from .standings_query import RELATIONAL, decided
from .standings_rounds import by_round
from .standings_state import Before


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
    if latest and skip and from_round <= 1 and record.broken is not None:
        # the record stops where rounds were left stale: the rounds before that are
        # checked against it in the same query as the last round's
        return ranked_alone(tournament, scheme, shape, record.broken, record, verify=True)
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
    verify: bool = False,
) -> Standings:
    """The standings after the last round with results alone (or after round ``until``),
    ranked from what the rounds before it leave, summed by the database in the one query
    of the unit rows (:func:`decided` with a cut): one ranking whatever the round.

    The rounds from ``stale_from`` to before it that have results are ``stale``; the
    inputs keep ``record``'s rounds before ``stale_from``, broken from it on (their
    snapshots are not what their inputs give until ranked again). With ``verify``, the
    rounds before ``stale_from`` are checked against ``record`` (their digests, read in
    the same query): from the first that is not as recorded on, they are stale too; the
    others are ``unchanged``, as stored."""
    unplayed = shape.unplayed
    cut = until if until is not None else max(unplayed, default=0)
    record = record or Inputs(shape.base)
    played_rows, before, digests, with_results = decided(
        tournament.pk,
        shape.annulled,
        shape.sum_names,
        scheme,
        1 if verify else stale_from,
        shape.relational,
        cut=cut,
        latest=until is None,
        verify_before=stale_from if verify else None,
    )
    unchanged: dict[int, str] = {}
    if verify:
        changed = first_change(stale_from, shape.base, record.rounds, digests, unplayed)
        stale_from = stale_from if changed is None else changed
        unchanged = {r: stored for r, (_, stored) in record.rounds.items() if r < stale_from}
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
    inputs = record.until(stale_from)
    if inputs.broken is None:
        inputs.broken = stale_from
    return Standings(shape.names, rounds.tables, rounds.state, shape.key, inputs, unchanged, stale)
