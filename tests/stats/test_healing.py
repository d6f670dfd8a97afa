"""The statistics sweep (``stats.sweep``): a count lost with the broker is made good, a
chunk whose worker died is sent again, a correction whose message was lost rebuilds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from stats.models import CountedMatch, StatChunk, StatJob, StatTotal
from stats.tasks import start_rebuild, sweep_stats

# CI's second phase: the totals' raw SQL, leases and upserts (stats/store.py)
pytestmark = [pytest.mark.django_db, pytest.mark.services]


def club_hands(club) -> int:
    rows = StatTotal.objects.filter(scope="club", key=str(club.pk), metric="hands")
    return sum(rows.values_list("value", flat=True))


def test_a_match_whose_count_was_lost_is_counted_by_the_sweep(club_with_matches):
    """The four matches were imported with no count sent (as with the broker down: the
    commit's follow-up never ran): nothing is counted until the sweep, which counts each
    once; a second sweep finds nothing to do."""
    club, _, matches = club_with_matches
    assert CountedMatch.objects.count() == 0
    assert club_hands(club) == 0
    hands = sum(
        sum(h.is_complete for h in services.replay(m).hands) for m in matches
    )  # the engine's count, without the stats app
    assert sweep_stats() == {"resent": 0, "merges": 0, "counted": 4, "rebuilt": 0}
    assert club_hands(club) == hands
    assert sweep_stats()["counted"] == 0
    assert club_hands(club) == hands


def test_a_counted_match_at_an_old_version_makes_the_sweep_rebuild(club_with_matches):
    club, _, matches = club_with_matches
    start_rebuild()
    hands = club_hands(club)
    CountedMatch.objects.filter(match=matches[0]).update(version=0)  # a correction's count lost
    assert sweep_stats()["rebuilt"] == 1
    matches[0].refresh_from_db()
    assert CountedMatch.objects.get(match=matches[0]).version == matches[0].version > 0
    assert club_hands(club) == hands
    assert StatJob.objects.first().status == "done"


def test_a_chunk_whose_lease_ran_out_is_sent_again(club_with_matches, settings):
    """Chunk 1 of 2 started 31 s ago and stored nothing (its worker killed): the sweep
    sends it again and the job completes; a chunk started 5 s ago is left alone."""
    club, _, _ = club_with_matches
    settings.STATS_LEASE_SECONDS = 30
    done = start_rebuild(chunk_matches=2)
    hands = club_hands(club)
    job = StatJob.objects.create(chunks=2)
    now = timezone.now()
    for chunk in done.leases.all():
        StatChunk.objects.create(
            job=job,
            chunk=chunk.chunk,
            first_match=chunk.first_match,
            last_match=chunk.last_match,
            sent_at=now - timedelta(seconds=40),
            started_at=now - timedelta(seconds=31 if chunk.chunk == 1 else 5),
        )
    StatJob.objects.filter(pk=job.pk).update(active_at=now - timedelta(seconds=5))
    assert sweep_stats()["resent"] == 1  # chunk 1 only; chunk 0 is still leased
    job.refresh_from_db()
    assert (job.status, job.chunks_done) == ("running", 1)
    StatChunk.objects.filter(job=job, chunk=0).update(started_at=now - timedelta(seconds=31))
    assert sweep_stats()["resent"] == 1
    job.refresh_from_db()
    assert (job.status, job.chunks_done) == ("done", 2)
    assert club_hands(club) == hands
