"""Storing standings snapshots, and loading results for the pure standings module.

:func:`store_standings` ranks the rounds from the earliest changed one from the sums of
the unit rows (``standings_sums``: the tournament, the state kept, its entries, one query
of the unit rows, the byes and forfeits) and stores their snapshots that changed (the
tournament's row lock, the digests, one delete, one COPY, the state kept): a constant
number of queries whatever the number of matches. :func:`load_results` gives every decided
fixture as a ``standings.Result`` (match results read through
``games.results.unit_results``; the fixture's entry at unit ``u`` is the match's unit
``u``), for what ranks in Python: the draw's score groups, checks, tests.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from hashlib import md5
from typing import Any

from django.db import transaction
from django.db.models import Case, F, Prefetch, Q, When
from django.utils import timezone

from games.bulk import JsonText, insert_rows
from games.engine import find_game
from games.models import HandEvent, Match
from games.results import unit_results

from .fields import compact_values
from .models import (
    Entry,
    Fixture,
    FixtureEntry,
    Round,
    StandingsSnapshot,
    StandingsState,
    Tournament,
)
from .ranking import Table
from .standings import Participant, Result, Row, Scheme, default_tiebreaks
from .standings_sums import ranked_alone, shape_of, standings_from_sums, unplayed_result


def tiebreaks_of(tournament: Tournament) -> list[str]:
    return tournament.tiebreaks or default_tiebreaks(tournament.format, tournament.table_size)


def scheme_of(tournament: Tournament) -> Scheme:
    return Scheme(
        tuple(tiebreaks_of(tournament)),
        tournament.points_per_win,
        tournament.table_size,
        tournament.game,
        tournament.points_per_loss,
    )


ROUND_NUMBER = re.compile(r"[0-9]{1,5}")  # ASCII digits: str.isdigit() also takes "²"


def parse_round_number(text: str) -> int:
    """A round number given as text (``?after_round=``); ValueError if it is not one."""
    if not ROUND_NUMBER.fullmatch(text):
        raise ValueError("after_round: a round number (1 to 5 digits)")
    return int(text)


@dataclass
class Loaded:
    """A tournament's entries and every decided fixture as a :class:`Result`."""

    entries: list[Entry]
    results: list[Result]
    #: entries withdrawn (listed last), and those whose results are annulled
    withdrawn: set[int]
    annulled: set[int]


def load_results(tournament: Tournament) -> Loaded:
    """Byes, forfeits and finished matches (void fixtures count for nobody)."""
    entries = list(tournament.entries.all())
    fixtures = list(
        Fixture.objects.filter(round__tournament=tournament)
        .select_related("round", "match")
        .only("round__number", "decision", "match__status")
        .prefetch_related(
            Prefetch("participants", FixtureEntry.objects.order_by("position"), to_attr="units")
        )
    )
    finished = [
        f.match_id
        for f in fixtures
        if not f.decision and f.match is not None and f.match.status == Match.Status.FINISHED
    ]
    by_match = unit_results(finished)
    k = tournament.table_size
    # a bye drawn for an entry after it withdrew (before services made none) is no win
    gone = {
        e.pk: e.withdrawn_after_round
        for e in entries
        if e.withdrawn and e.withdrawn_after_round is not None
    }
    results = []
    for f in fixtures:
        number = f.round.number
        if f.decision or f.match_id is None:
            units = [(u.entry_id, u.awarded_score, u.forfeited) for u in f.units]
            result = unplayed_result(number, f.decision, units, tournament, gone)
            if result is not None:
                results.append(result)
        elif by_match.get(f.match_id):  # a match without unit rows counts for nobody
            units = {u.unit: u for u in by_match[f.match_id]}
            participants = tuple(
                Participant(
                    u.entry_id,
                    units[u.position].score,
                    units[u.position].is_winner,
                    units[u.position].hands_won,
                    dict(units[u.position].counters),
                )
                for u in f.units
            )
            results.append(Result(number, participants, k))
    return Loaded(
        entries,
        results,
        {e.pk for e in entries if e.withdrawn},
        {e.pk for e in entries if e.withdrawn and e.withdrawal_results == Entry.Results.ANNUL},
    )


def store_standings(tournament_id: int, whole: bool = False, *, latest: bool = False) -> int:
    """Recompute and store the snapshots from the earliest round whose results changed
    (``Tournament.standings_redo_from``; every round when it is unknown, or ``whole``);
    returns how many snapshots that recompute covers (0 when skipped).

    With ``latest`` (how the Celery task asks), a recompute that the kept state does not
    cover — a correction in an earlier round, a first recompute — ranks only the last
    round with results and marks the snapshots from the first changed round to it
    ``stale`` (``standings_sums.ranked_alone``): each is ranked when it is read
    (:func:`fresh_snapshot`). Without, every round from the changed one is ranked.

    The snapshots before that round stay; of those from it on, a round whose inputs are
    those recorded for its snapshot is not ranked (``standings_inputs``; checked under
    the lock), and only the snapshots whose rows changed are rewritten (each snapshot's
    digest is stored with it; the text is made only for those). The tournament's
    ``results_version`` is read before the results, so the results read are at least that
    new, and the standings are stored as of that version — unless a recompute that
    started later has already stored newer ones (then nothing is stored). The round to
    redo from is cleared only if no result changed meanwhile (else the next recompute,
    which that change queued, redoes from the earliest of both).
    """
    tournament = Tournament.objects.get(pk=tournament_id)
    version = tournament.results_version
    start = 0 if whole else tournament.standings_redo_from or 0
    kept_state = (  # as of the stored standings: valid for every round before ``start``
        StandingsState.objects.filter(
            tournament=tournament_id, version=tournament.standings_version
        )
        .values_list("state", flat=True)
        .first()
    )
    scheme = scheme_of(tournament)
    standings = standings_from_sums(tournament, scheme, start, kept_state, latest=latest)
    texts = {n: snapshot_text(table, standings.names) for n, table in standings.by_round.items()}
    digests = {n: digest_of(text) for n, text in texts.items()} | standings.unchanged
    now = timezone.now()
    with transaction.atomic():
        stored = (
            Tournament.objects.select_for_update()
            .values_list("standings_version", flat=True)
            .get(pk=tournament_id)
        )
        if stored > version:
            return 0
        # the snapshots this recompute owns: from ``start`` on, and round 0 (everybody
        # level) which any decided round replaces
        owned = StandingsSnapshot.objects.filter(tournament_id=tournament_id).filter(
            Q(after_round__gte=start) | Q(after_round=0)
        )
        on_file = dict(owned.values_list("after_round", "digest"))
        if any(on_file.get(after) != d for after, d in standings.unchanged.items()):
            # a snapshot not ranked is no longer the one recorded (another recompute
            # wrote since the record was read): rank every round after all
            standings = standings_from_sums(
                tournament, scheme, start, kept_state, skip=False, latest=latest
            )
            texts = {n: snapshot_text(t, standings.names) for n, t in standings.by_round.items()}
            digests = {n: digest_of(text) for n, text in texts.items()}
        kept = {after for after, digest in on_file.items() if digests.get(after) == digest}
        stale = standings.stale
        for after, (i, _) in standings.inputs.rounds.items():
            if after in digests:  # what this recompute stores, as recorded
                standings.inputs.rounds[after] = (i, digests[after])
        owned.exclude(after_round__in=kept).delete()
        insert_rows(
            StandingsSnapshot,
            ["tournament_id", "after_round", "computed_at", "rows", "digest", "stale"],
            [
                [tournament_id, after, now, text, digests[after], False]
                for after, text in texts.items()
                if after not in kept
            ]
            + [  # no rows: they are ranked when read (``fresh_snapshot``)
                [tournament_id, after, now, JsonText("[]"), "", True] for after in sorted(stale)
            ],
        )
        StandingsState.objects.bulk_create(
            [
                StandingsState(
                    tournament_id=tournament_id,
                    version=version,
                    state=standings.state.as_json(standings.key)
                    | {"inputs": standings.inputs.as_json()},
                )
            ],
            update_conflicts=True,
            unique_fields=["tournament"],
            update_fields=["version", "state"],
        )
        Tournament.objects.filter(pk=tournament_id).update(
            standings_computed_at=now,
            standings_version=version,
            standings_redo_from=Case(
                When(results_version=version, then=None), default=F("standings_redo_from")
            ),
        )
    return len(digests) + len(standings.stale)


def fresh_snapshot(snapshot: StandingsSnapshot) -> StandingsSnapshot:
    """``snapshot`` as it is, or, if it is ``stale``, with the rows its round's results
    give now (``standings_sums.ranked_alone`` up to its round: one ranking, the queries
    of a recompute), stored unless a result changed meanwhile (then the next recompute
    decides). What a page or the API shows after a round is never a stale snapshot."""
    if not snapshot.stale:
        return snapshot
    tournament = Tournament.objects.get(pk=snapshot.tournament_id)
    version = tournament.results_version  # read before the results, as store_standings
    scheme = scheme_of(tournament)
    after = snapshot.after_round
    standings = ranked_alone(tournament, scheme, shape_of(tournament, scheme), after, until=after)
    table = standings.by_round.get(after)
    if table is None:  # no results after that round any more: the next recompute drops it
        snapshot.rows = []
        return snapshot
    text = snapshot_text(table, standings.names)
    now = timezone.now()
    with transaction.atomic():
        current = (
            Tournament.objects.select_for_update()
            .values_list("results_version", flat=True)
            .get(pk=tournament.pk)
        )
        if current == version:
            StandingsSnapshot.objects.filter(pk=snapshot.pk, stale=True).update(
                rows=text, digest=digest_of(text), computed_at=now, stale=False
            )
    snapshot.rows = StandingsSnapshot._meta.get_field("rows").decode(text)
    snapshot.digest, snapshot.computed_at, snapshot.stale = digest_of(text), now, False
    return snapshot


def snapshot_rows(rows: list[Row], names: dict[int, str]) -> list[dict[str, Any]]:
    """A snapshot's stored rows: each entry's name, rank and withdrawal, then its columns."""
    return [
        {"entry": r.entry, "name": names[r.entry], "rank": r.rank, "withdrawn": r.withdrawn}
        | r.metrics
        for r in rows
    ]


#: the columns a snapshot's row starts with, before the scheme's
LEADING = ("entry", "name", "rank", "withdrawn")


def snapshot_text(rows: Sequence[Row] | Table, names: Mapping[int, str]) -> JsonText:
    """:func:`snapshot_rows` as the text ``fields.RowsField`` stores (``compact_rows``),
    made straight from the table's tuples: one ``json.dumps`` of lists."""
    table = rows if isinstance(rows, Table) else Table.of(rows)
    return compact_values(
        (*LEADING, *table.keys),
        [
            (e, names[e], rank, out, *values)
            for e, rank, out, values in zip(
                table.entries, table.ranks, table.withdrawn, table.values, strict=True
            )
        ],
    )


def digest_of(text: str) -> str:
    """A snapshot's digest: of its stored text (other rows, other text)."""
    return md5(text.encode(), usedforsecurity=False).hexdigest()


def fixture_rows(tournament: Tournament, round_: Round | None = None) -> list[dict[str, Any]]:
    """The tournament's rounds (newest first; or only ``round_``) with every fixture as the
    pages show it: its entries in unit order with their players' seats, each unit's score
    (the match's so far, or what a forfeit awarded), who won, and the fixture's status
    (``bye``, ``forfeit``, ``void``, ``finished``, ``in_progress``)."""
    rounds = [round_] if round_ is not None else list(tournament.rounds.order_by("-number"))
    fixtures = list(
        Fixture.objects.filter(round__in=rounds)
        .select_related("match")
        .prefetch_related(
            Prefetch(
                "participants",
                FixtureEntry.objects.select_related("entry")
                .prefetch_related("entry__members__player")
                .order_by("position"),
                to_attr="units",
            )
        )
        .order_by("table")
    )
    match_ids = [f.match_id for f in fixtures if f.match_id is not None]
    by_match = unit_results(match_ids)
    with_events = set(
        HandEvent.objects.filter(hand__match_id__in=match_ids)
        .values_list("hand__match_id", flat=True)
        .distinct()
    )
    game = find_game(tournament.game)
    ruleset = game.parse_rules(tournament.rules)
    seats_of = defaultdict(list)
    for s in range(game.seats(ruleset)):
        seats_of[game.unit_of_seat(ruleset, s)].append(s)
    rows: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for f in fixtures:
        results = {u.unit: u for u in by_match.get(f.match_id, [])}
        units = []
        for u in f.units:
            players = u.entry.players()
            result = results.get(u.position)
            if f.decision == Fixture.Decision.FORFEIT:
                score, winner = u.awarded_score, not u.forfeited
            elif f.decision == Fixture.Decision.VOID or result is None:
                score, winner = None, False
            else:
                score = result.score
                winner = result.is_winner and f.match.status == Match.Status.FINISHED
            units.append(
                {
                    "entry": u.entry,
                    "players": list(zip(players, seats_of[u.position], strict=False)),
                    "score": score,
                    "winner": winner,
                    "forfeited": u.forfeited,
                }
            )
        if f.decision:
            status = f.decision
        elif f.match is None:
            status = "bye"
        else:
            status = f.match.status
        rows[f.round_id].append(
            {
                "fixture": f,
                "table": f.table,
                "match": f.match,
                "entries": [u["entry"] for u in units],
                "units": units,
                "status": status,
                "has_events": f.match_id in with_events,
            }
        )
    return [{"round": r, "fixtures": rows[r.pk]} for r in rounds]
