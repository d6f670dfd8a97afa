"""A worker killed in the middle of a standings recompute: the job is redone (acks_late)
by the next worker, and the standings come out right."""

import os
import random
import signal
import time

import pytest

from tests.synthetic import finished_double_round_robin
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.standings import standings_by_round
from tournaments.standings_store import load_results, tiebreaks_of
from tournaments.tasks import recompute_standings

from .conftest import requires_services, start_worker, stop_worker

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]

QUEUE = "standings-killtest"  # its own queue: the session's worker must not take the job


def wait_for(predicate, seconds: float, message: str) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, message
        time.sleep(0.02)


def test_a_killed_recompute_is_redone_and_right(tmp_path):
    tournament, _, _ = finished_double_round_robin(64, random.Random(7))  # ~1 s to recompute
    Tournament.objects.filter(pk=tournament.pk).update(standings_pending=True)
    log = tmp_path / "workers.log"
    first = start_worker(log, QUEUE, CELERY_VISIBILITY_TIMEOUT="3")
    recompute_standings.apply_async((tournament.pk,), queue=QUEUE)
    # the task clears the pending flag as it starts: kill the worker right then
    wait_for(
        lambda: not Tournament.objects.get(pk=tournament.pk).standings_pending,
        30,
        "the worker never started the recompute",
    )
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    first.log.close()
    assert not StandingsSnapshot.objects.filter(tournament=tournament).exists(), (
        "the recompute finished before the kill: nothing was interrupted"
    )

    second = start_worker(log, QUEUE, CELERY_VISIBILITY_TIMEOUT="3")
    try:
        wait_for(
            lambda: StandingsSnapshot.objects.filter(tournament=tournament).count() == 126,
            90,
            "the killed job was not redone",
        )
    finally:
        stop_worker(second)
    entries, results = load_results(tournament)
    expected = standings_by_round([e.pk for e in entries], results, tiebreaks_of(tournament))
    stored = StandingsSnapshot.objects.get(tournament=tournament, after_round=126).rows
    assert [(r["entry"], r["rank"]) for r in stored] == [(r.entry, r.rank) for r in expected[126]]
