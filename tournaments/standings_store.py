"""Loading results from the database for the pure standings module, and storing snapshots.

A constant number of queries whatever the number of matches: entries, fixtures with their
matches, the matches' unit results (``games.results.unit_results``: typed values, never a
hand's summary JSON), then the tournament's row lock, one delete and one bulk insert of the
snapshots.
"""

from __future__ import annotations

import re

from django.db import transaction
from django.utils import timezone

from games.models import Match
from games.results import unit_results

from .models import Entry, Fixture, StandingsSnapshot, Tournament
from .standings import DEFAULT_TIEBREAKS, Result, rank, standings_by_round


def tiebreaks_of(tournament: Tournament) -> list[str]:
    family = "round_robin" if "round_robin" in tournament.format else tournament.format
    return tournament.tiebreaks or DEFAULT_TIEBREAKS[family]


ROUND_NUMBER = re.compile(r"[0-9]{1,5}")  # ASCII digits: str.isdigit() also takes "²"


def parse_round_number(text: str) -> int:
    """A round number given as text (``?after_round=``); ValueError if it is not one."""
    if not ROUND_NUMBER.fullmatch(text):
        raise ValueError("after_round: a round number (1 to 5 digits)")
    return int(text)


def load_results(tournament: Tournament) -> tuple[list[Entry], list[Result]]:
    """Every finished fixture (and bye) of the tournament as a :class:`Result`."""
    entries = list(tournament.entries.all())
    fixtures = list(
        Fixture.objects.filter(round__tournament=tournament)
        .select_related("round", "match")
        .only(
            "round__number",
            "entry_a_id",
            "entry_b_id",
            "match__status",
        )
    )
    finished = [
        f.match_id
        for f in fixtures
        if f.match is not None and f.match.status == Match.Status.FINISHED
    ]
    units = unit_results(finished)
    results = []
    for f in fixtures:
        if f.entry_b_id is None:
            results.append(Result(f.round.number, f.entry_a_id, None))
        elif units.get(f.match_id):
            # a fixture's entry_a plays unit 0 (seats 0 and 2), entry_b unit 1
            a, b = units[f.match_id][:2]
            results.append(
                Result(
                    f.round.number,
                    f.entry_a_id,
                    f.entry_b_id,
                    (a.score, b.score),
                    (a.hands_won, b.hands_won),
                    (dict(a.counters), dict(b.counters)),
                )
            )
    return entries, results


def store_standings(tournament_id: int) -> int:
    """Recompute and store one snapshot per round; returns how many were stored.

    The tournament's ``results_version`` is read before the results, so the results read
    are at least that new, and the standings are stored as of that version — unless a
    recompute that started later has already stored newer ones (then nothing is stored).
    """
    tournament = Tournament.objects.get(pk=tournament_id)
    version = tournament.results_version
    entries, results = load_results(tournament)
    names = {e.pk: e.name for e in entries}
    by_round = standings_by_round(
        list(names), results, tiebreaks_of(tournament), tournament.points_per_win
    )
    if not by_round:  # nothing finished yet: everybody level
        by_round = {0: rank(list(names), [], tiebreaks_of(tournament), tournament.points_per_win)}
    now = timezone.now()
    snapshots = [
        StandingsSnapshot(
            tournament=tournament,
            after_round=after,
            computed_at=now,
            rows=[
                {"entry": r.entry, "name": names[r.entry], "rank": r.rank, **r.metrics}
                for r in rows
            ],
        )
        for after, rows in by_round.items()
    ]
    with transaction.atomic():
        stored = (
            Tournament.objects.select_for_update()
            .values_list("standings_version", flat=True)
            .get(pk=tournament_id)
        )
        if stored > version:
            return 0
        StandingsSnapshot.objects.filter(tournament=tournament).delete()
        StandingsSnapshot.objects.bulk_create(snapshots)
        Tournament.objects.filter(pk=tournament_id).update(
            standings_computed_at=now, standings_version=version
        )
    return len(snapshots)
