"""A worker killed in the middle of a statistics rebuild loses nothing: the chunks it
held are redelivered (acks_late) to another worker, every chunk upserts its partial under
(job, chunk), and the merge from the stored partials gives the very totals an in-process
replay of the whole log gives."""

import os
import random
import signal
import time
from collections import Counter

import pytest

from games import services
from games.engine.cuatrola.simulate import random_match
from games.models import HandEvent
from stats import store
from stats.models import StatJob, StatTotal
from stats.tasks import start_rebuild
from tests.factories import ClubFactory, MembershipFactory

from .conftest import requires_services, start_worker, stop_worker

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]

ROW = ("scope", "key", "club_id", "game", "metric", "tournament")
QUEUE = "stats-killtest"  # its own queue: only these workers take the chunks


def wait_for(predicate, seconds: float, message: str) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, message
        time.sleep(0.02)


def job_row() -> StatJob:
    return StatJob.objects.get()


def test_a_worker_killed_mid_rebuild_loses_nothing(tmp_path):
    club = ClubFactory(slug="killtest")
    scorer = MembershipFactory(club=club).user
    rng = random.Random(5)
    matches = [services.import_record(club, random_match(rng), scorer) for _ in range(40)]
    ids = sorted(m.pk for m in matches)
    expected, hands, _ = store.range_totals(ids[0], ids[-1])  # in-process, one piece
    # PostgreSQL's path rebuilds plain plays from their columns: the same events as stored
    stored_log = HandEvent.objects.filter(hand__match_id__in=ids).order_by(
        "hand__match_id", "hand__number", "seq"
    )
    assert list(store._events(ids)) == list(stored_log.values_list("hand__match_id", "data"))

    log = tmp_path / "workers.log"
    quick = {"CELERY_VISIBILITY_TIMEOUT": "5"}  # a lost chunk comes back after 5 s
    first = start_worker(log, f"{QUEUE},celery", **quick)
    job = start_rebuild(chunk_matches=1, queue=QUEUE)
    assert job.chunks == 40
    wait_for(lambda: job_row().chunks_done >= 3, 60, "the first worker stored no chunk")
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    first.log.close()
    killed_at = job_row()
    assert killed_at.chunks_done < killed_at.chunks, "the job ended before the kill"
    assert killed_at.status == "running"

    second = start_worker(log, f"{QUEUE},celery", **quick)
    try:
        wait_for(lambda: job_row().status == "done", 90, "the rebuild never completed")
    finally:
        stop_worker(second)
    done = job_row()
    assert (done.chunks_done, done.hands) == (40, hands)
    assert done.partials.count() == 40  # one per chunk, however often one ran
    rows = StatTotal.objects.values_list(*ROW, "value")
    totals = Counter({tuple(row[:-1]): row[-1] for row in rows})
    assert totals == expected
    print(f"killed after {killed_at.chunks_done}/40 chunks; totals identical")
