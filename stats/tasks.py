"""The statistics job on Celery workers: chunks any number of workers share, a merge
from the stored partials, one match counted as it finishes, and the sweep that makes
good what a broker outage or a killed worker lost (``stats/healing.py``).

Every task is idempotent (a chunk upserts its partial under (job, chunk); the merge runs
once per job; a match is counted once per version) and acknowledged late.
"""

from __future__ import annotations

from datetime import timedelta

from celery import group, shared_task
from django.db import transaction
from django.utils import timezone

from . import healing, store
from .models import StatChunk, StatJob

CHUNK_MATCHES = 200
RUNNING_FOR = timedelta(hours=1)


@shared_task(name="stats.replay_chunk", acks_late=True, reject_on_worker_lost=True)
def replay_chunk(job_id: int, chunk: int, first: int, last: int) -> int:
    """Replay the finished matches with ids in [first, last] into the job's partial;
    the chunk that completes the job sends the merge."""
    now = timezone.now()
    # the lease starts now: a worker killed from here on leaves it to expire
    StatChunk.objects.filter(job_id=job_id, chunk=chunk).update(started_at=now)
    StatJob.objects.filter(pk=job_id).update(active_at=now)
    if store.store_partial(job_id, chunk, first, last):
        merge_job.delay(job_id)
    return chunk


@shared_task(name="stats.merge_job", acks_late=True)
def merge_job(job_id: int) -> int:
    """Merge the job's partials into the totals; count what finished meanwhile."""
    missed = store.merge_job(job_id)
    for match_id in missed:
        count_match.delay(match_id)
    return len(missed)


def rebuild_running() -> bool:
    """A rebuild is under way (one running for longer than RUNNING_FOR is taken as lost:
    a chunk that cannot be replayed must not hold back the rebuild a correction needs)."""
    recent = timezone.now() - RUNNING_FOR
    return StatJob.objects.filter(status=StatJob.Status.RUNNING, started_at__gte=recent).exists()


@shared_task(name="stats.count_match", acks_late=True)
def count_match(match_id: int) -> str:
    """Add a finished match to the totals once; a corrected one sends a rebuild."""
    outcome = store.count_match(match_id)
    if outcome == "changed" and not rebuild_running():
        start_rebuild()
    return outcome


@shared_task(name="stats.sweep")
def sweep_stats() -> dict[str, int]:
    """Catch up (celery beat, every ``STATS_SWEEP_SECONDS``): resend lost chunks and
    merges; count the finished matches whose count was lost, or rebuild."""
    now = timezone.now()
    resent = healing.resend_chunks(now)
    merges = healing.unmerged()
    for job_id in merges:
        merge_job.delay(job_id)
    counted, rebuilt = 0, 0
    if not rebuild_running():  # a rebuild counts them all (its merge, what it missed)
        missing = healing.uncounted()
        if healing.miscounted() or len(missing) > healing.COUNT_AT_MOST:
            start_rebuild()
            rebuilt = 1
        else:
            counted = sum(store.count_match(pk) == "counted" for pk in missing)
    return {"resent": len(resent), "merges": len(merges), "counted": counted, "rebuilt": rebuilt}


def start_rebuild(chunk_matches: int = CHUNK_MATCHES, queue: str | None = None) -> StatJob:
    """A new full rebuild: the finished matches in runs of ``chunk_matches``, one task
    per run, sent when the job row is committed."""
    with transaction.atomic():
        job = StatJob.objects.create(queue=queue or "")
        ranges = list(store.chunk_ranges(store.finished_ids(), chunk_matches))
        job.chunks = len(ranges)
        job.save(update_fields=["chunks"])
        now = timezone.now()
        StatChunk.objects.bulk_create(
            StatChunk(job=job, chunk=n, first_match=a, last_match=b, sent_at=now)
            for n, (a, b) in enumerate(ranges)
        )
    options = {"queue": queue} if queue else {}
    if not ranges:
        merge_job.apply_async((job.pk,), **options)
    else:
        tasks = [replay_chunk.s(job.pk, n, a, b).set(**options) for n, (a, b) in enumerate(ranges)]
        group(tasks).apply_async(**options)
    job.refresh_from_db()
    return job
