"""The statistics catch up by themselves, as the standings and the ratings do: celery beat
runs :func:`sweep` every ``STATS_SWEEP_SECONDS``.

- **Matches not counted.** A match is counted once per version (``CountedMatch``); one
  finished while the broker was down (its ``stats.count_match`` never sent) has no row,
  and the sweep counts it. A counted match whose version has moved on (a correction whose
  message was lost) starts a rebuild. Many missing at once (after migrating, or a long
  outage) start a rebuild rather than being counted one by one.
- **Chunks as leases.** A chunk started longer than ``STATS_LEASE_SECONDS`` ago with no
  partial stored lost its worker (killed mid-chunk: the broker would hand it back only
  after its visibility timeout, an hour); a job with nothing started or stored for a
  lease lost its queued chunks (the broker emptied). The sweep sends those chunks again
  and a job whose partials are all stored but not merged its merge. Every chunk upserts
  its partial and the merge runs once, so a chunk done twice changes nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Exists, F, OuterRef, Q
from kombu.exceptions import OperationalError

from games.models import Match
from tournaments.tasks import PUBLISH_RETRY

from .models import CountedMatch, StatChunk, StatJob, StatPartial

logger = logging.getLogger(__name__)

#: more matches missing than this: one rebuild, not a count each
COUNT_AT_MOST = 200


def lease() -> timedelta:
    return timedelta(seconds=settings.STATS_LEASE_SECONDS)


def lost_chunks(now: datetime) -> list[StatChunk]:
    """The running jobs' chunks with no partial whose lease ran out (see the module)."""
    expired = now - lease()
    running = StatJob.objects.filter(status=StatJob.Status.RUNNING)
    idle = running.filter(
        Q(active_at__lt=expired) | Q(active_at__isnull=True, started_at__lt=expired)
    )
    stored = StatPartial.objects.filter(job=OuterRef("job"), chunk=OuterRef("chunk"))
    open_ = StatChunk.objects.filter(job__in=running).filter(~Exists(stored))
    lost = open_.filter(Q(started_at__lt=expired) | Q(job__in=idle, sent_at__lt=expired))
    return list(lost.select_related("job").order_by("job_id", "chunk"))


def resend_chunks(now: datetime) -> list[tuple[int, int]]:
    """Claim and send again every lost chunk; ``(job, chunk)`` of those sent."""
    from .tasks import replay_chunk

    sent = []
    for c in lost_chunks(now):
        # one conditional UPDATE: two sweeps at once send a chunk once
        claimed = StatChunk.objects.filter(pk=c.pk, sent_at=c.sent_at, started_at=c.started_at)
        if not claimed.update(sent_at=now, started_at=None):
            continue
        options = {"queue": c.job.queue} if c.job.queue else {}
        try:
            replay_chunk.apply_async(
                (c.job_id, c.chunk, c.first_match, c.last_match),
                retry_policy=PUBLISH_RETRY,
                **options,
            )
        except OperationalError as exc:
            logger.warning("stats: chunk %s of job %s not resent (%s)", c.chunk, c.job_id, exc)
            continue
        sent.append((c.job_id, c.chunk))
    return sent


def unmerged() -> list[int]:
    """Running jobs whose every partial is stored: their merge was lost."""
    jobs = StatJob.objects.filter(status=StatJob.Status.RUNNING).values_list("pk", "chunks")
    return [pk for pk, chunks in jobs if StatPartial.objects.filter(job_id=pk).count() >= chunks]


def uncounted() -> list[int]:
    """Finished matches with no ``CountedMatch`` (their count lost), by id."""
    counted = CountedMatch.objects.filter(match_id=OuterRef("pk"))
    missing = Match.objects.filter(status=Match.Status.FINISHED).filter(~Exists(counted))
    return list(missing.order_by("pk").values_list("pk", flat=True)[: COUNT_AT_MOST + 1])


def miscounted() -> bool:
    """A match counted at a version it no longer has (or no longer finished)."""
    return (
        CountedMatch.objects.exclude(match__version=F("version")).exists()
        or CountedMatch.objects.exclude(match__status=Match.Status.FINISHED).exists()
    )
