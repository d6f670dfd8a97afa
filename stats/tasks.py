"""The statistics job on Celery workers: chunks any number of workers share, a merge
from the stored partials, and one match counted as it finishes.

Every task is idempotent (a chunk upserts its partial under (job, chunk); the merge runs
once per job; a match is counted once per version) and acknowledged late: a worker
killed mid-chunk loses nothing, the broker hands the chunk to another worker.
"""

from __future__ import annotations

from datetime import timedelta

from celery import group, shared_task
from django.db import transaction
from django.utils import timezone

from . import store
from .models import StatJob

CHUNK_MATCHES = 200
RUNNING_FOR = timedelta(hours=1)


@shared_task(name="stats.replay_chunk", acks_late=True)
def replay_chunk(job_id: int, chunk: int, first: int, last: int) -> int:
    """Replay the finished matches with ids in [first, last] into the job's partial;
    the chunk that completes the job sends the merge."""
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


@shared_task(name="stats.count_match", acks_late=True)
def count_match(match_id: int) -> str:
    """Add a finished match to the totals once; a corrected one sends a rebuild."""
    outcome = store.count_match(match_id)
    # a job that has run for longer than RUNNING_FOR is taken as lost (a chunk that
    # cannot be replayed): it does not hold back the rebuild a correction needs
    recent = timezone.now() - RUNNING_FOR
    running = StatJob.objects.filter(status=StatJob.Status.RUNNING, started_at__gte=recent)
    if outcome == "changed" and not running.exists():
        start_rebuild()
    return outcome


def start_rebuild(chunk_matches: int = CHUNK_MATCHES, queue: str | None = None) -> StatJob:
    """A new full rebuild: the finished matches in runs of ``chunk_matches``, one task
    per run, sent when the job row is committed."""
    with transaction.atomic():
        job = StatJob.objects.create()
        ranges = list(store.chunk_ranges(store.finished_ids(), chunk_matches))
        job.chunks = len(ranges)
        job.save(update_fields=["chunks"])
    options = {"queue": queue} if queue else {}
    if not ranges:
        merge_job.apply_async((job.pk,), **options)
    else:
        tasks = [replay_chunk.s(job.pk, n, a, b).set(**options) for n, (a, b) in enumerate(ranges)]
        group(tasks).apply_async(**options)
    job.refresh_from_db()
    return job
