"""A worker killed in the middle of a statistics chunk loses nothing and holds nothing
up: with the production settings (the broker would redeliver the chunk only after its
visibility timeout, an hour) the chunk's lease runs out and celery beat's sweep sends it
again, so the job finishes within a minute of the kill; every chunk upserts its partial
under (job, chunk), and the merge from the stored partials gives the very totals an
in-process replay of the whole log gives."""

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
from stats.models import StatChunk, StatJob, StatPartial, StatTotal
from stats.tasks import start_rebuild
from tests.factories import ClubFactory, MembershipFactory

from .conftest import requires_services, start_worker, stop_worker, wait_for

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]

ROW = ("scope", "key", "club_id", "game", "metric", "tournament")
QUEUE = "stats-killtest"  # its own queue: only these workers take the chunks


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
    first = start_worker(log, f"{QUEUE},celery")
    job = start_rebuild(chunk_matches=4, queue=QUEUE)
    assert job.chunks == 10

    def mid_chunk() -> bool:
        """Two chunks stored and one started, not stored: the moment to kill."""
        stored = StatPartial.objects.filter(job=job).values_list("chunk", flat=True)
        started = StatChunk.objects.filter(job=job, started_at__isnull=False)
        return len(stored) >= 2 and started.exclude(chunk__in=list(stored)).exists()

    wait_for(mid_chunk, 60, "the first worker never got two chunks in", every=0.02)
    os.killpg(first.pid, signal.SIGKILL)
    killed = time.monotonic()
    first.wait()
    first.log.close()
    killed_at = job_row()
    assert killed_at.status == "running"
    stored = set(StatPartial.objects.filter(job=job).values_list("chunk", flat=True))
    held = set(
        StatChunk.objects.filter(job=job, started_at__isnull=False).values_list("chunk", flat=True)
    )
    assert held - stored, "the kill did not land in the middle of a chunk"

    # another worker, with beat, on the production defaults (sweep 15 s, lease 30 s)
    second = start_worker(log, f"{QUEUE},celery", beat=True)
    try:
        wait_for(lambda: job_row().status == "done", 90, "the rebuild never completed")
    finally:
        stop_worker(second)
    took = time.monotonic() - killed
    assert took < 60, f"the job finished {took:.0f} s after the kill"
    done = job_row()
    assert (done.chunks_done, done.hands) == (10, hands)
    assert done.partials.count() == 10  # one per chunk, however often one ran
    rows = StatTotal.objects.values_list(*ROW, "value")
    totals = Counter({tuple(row[:-1]): row[-1] for row in rows})
    assert totals == expected
    print(f"killed after {killed_at.chunks_done}/10 chunks; done {took:.0f} s later")
