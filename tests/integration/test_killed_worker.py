"""A worker killed in the middle of a standings recompute: while the job is lost the API
says the standings are behind, and another worker redoes it within a minute — through
celery beat's sweep with the production defaults, not the broker's redelivery (which
waits CELERY_VISIBILITY_TIMEOUT, an hour) — and the standings come out right."""

import os
import random
import signal
import time

import pytest
from django.db.models import F
from django.utils import timezone
from rest_framework.test import APIClient

from tests.synthetic import finished_double_round_robin
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.standings import standings_by_round
from tournaments.standings_store import load_results, scheme_of, store_standings
from tournaments.tasks import recompute_standings

from .conftest import requires_services, start_worker, stop_worker, wait_for

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]

QUEUE = "standings-killtest"  # its own queue: only the worker to be killed takes the job


def pending(tournament_id: int) -> bool:
    response = APIClient().get(f"/api/v1/tournaments/{tournament_id}/standings/")
    assert response.status_code == 200, response.content
    return response.json()["pending"]


def test_a_killed_recompute_is_redone_within_a_minute_and_pending_says_so(tmp_path):
    tournament, _, _ = finished_double_round_robin(64, random.Random(7))  # ~1 s to recompute
    store_standings(tournament.pk)
    before = Tournament.objects.get(pk=tournament.pk).standings_computed_at
    assert not pending(tournament.pk)
    # a result is corrected: the write bumps the results version and a recompute is sent
    Tournament.objects.filter(pk=tournament.pk).update(
        results_version=F("results_version") + 1, standings_queued_at=timezone.now()
    )
    log = tmp_path / "workers.log"
    first = start_worker(log, QUEUE)  # the default visibility timeout: an hour
    recompute_standings.apply_async((tournament.pk,), {"only_if_behind": True}, queue=QUEUE)
    # the task clears the queued mark as it starts: kill the worker right then
    wait_for(
        lambda: Tournament.objects.get(pk=tournament.pk).standings_queued_at is None,
        30,
        "the worker never started the recompute",
        every=0.02,  # the recompute takes about a second: kill it in its first moments
    )
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    first.log.close()
    assert Tournament.objects.get(pk=tournament.pk).standings_computed_at == before, (
        "the recompute finished before the kill: nothing was interrupted"
    )
    assert pending(tournament.pk), "the API must say the standings are behind"

    # another worker, with beat and the production defaults (sweep 15 s, lease 30 s)
    start = time.monotonic()
    second = start_worker(log, "celery", beat=True)
    try:
        wait_for(
            lambda: Tournament.objects.get(pk=tournament.pk).standings_computed_at != before,
            60,
            "the killed job was not redone within a minute",
        )
    finally:
        stop_worker(second)
    print(f"redone {time.monotonic() - start:.1f} s after the second worker was started")
    assert not pending(tournament.pk)
    loaded = load_results(tournament)
    expected = standings_by_round(
        [e.pk for e in loaded.entries], loaded.results, scheme_of(tournament)
    )
    stored = StandingsSnapshot.objects.get(tournament=tournament, after_round=126).rows
    assert [(r["entry"], r["rank"]) for r in stored] == [(r.entry, r.rank) for r in expected[126]]
