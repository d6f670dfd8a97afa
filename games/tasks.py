"""Celery tasks of the games app."""

from __future__ import annotations

import os
import socket

from celery import shared_task
from django.db.models import F
from django.utils import timezone

from .models import WorkerHeartbeat


@shared_task(name="games.heartbeat")
def heartbeat() -> str:
    """Record that a worker is alive; idempotent apart from the counter and timestamp.

    Returns the host name of the process that ran it, so a caller can tell the separate
    worker from an in-process (eager) run.
    """
    hostname = f"{socket.gethostname()}:{os.getpid()}"
    updated = WorkerHeartbeat.objects.filter(hostname=hostname).update(
        seen_at=timezone.now(), beats=F("beats") + 1
    )
    if not updated:
        WorkerHeartbeat.objects.create(hostname=hostname, seen_at=timezone.now(), beats=1)
    return hostname


@shared_task(name="games.analyse_match", acks_late=True, reject_on_worker_lost=True)
def analyse_match(match_id: int) -> dict[str, int]:
    """Make the analysis of every finished hand of the match current (docs/analysis.md):
    idempotent (a hand whose analysis is of its current log is skipped), each hand
    bounded by ``ANALYSIS_BUDGET`` CPU seconds (past it: stored "not solved")."""
    from . import analysis

    return analysis.analyse_match(match_id)


@shared_task(name="games.sweep_analysis")
def sweep_analysis() -> int:
    """Catch up (celery beat, every ``ANALYSIS_SWEEP_SECONDS``): send the analysis of
    matches whose finished hands have a deal but no current analysis, at most
    ``ANALYSIS_SWEEP_AT_MOST`` a sweep (``games.analysis.sweep_lost``). Returns how
    many were sent."""
    from . import analysis

    return len(analysis.sweep_lost())
