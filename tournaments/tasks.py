"""Celery tasks of the tournaments app: standings follow finished matches."""

from __future__ import annotations

from celery import shared_task

from .models import Tournament


def request_standings(tournament_id: int) -> bool:
    """Queue a recompute unless one is already queued (bursts coalesce: one running, at
    most one queued). Returns whether a task was sent."""
    queued = Tournament.objects.filter(pk=tournament_id, standings_pending=False).update(
        standings_pending=True
    )
    if queued:
        recompute_standings.delay(tournament_id)
    return bool(queued)


@shared_task(name="tournaments.recompute_standings", acks_late=True, reject_on_worker_lost=True)
def recompute_standings(tournament_id: int) -> int:
    """Recompute the whole tournament's standings from its match results (idempotent).

    The pending flag is cleared first, so a result that arrives while this runs queues
    exactly one more recompute. Acknowledged late: a worker killed mid-way leaves the
    message to be redelivered and the work is simply redone.
    """
    from .standings_store import store_standings

    Tournament.objects.filter(pk=tournament_id).update(standings_pending=False)
    return store_standings(tournament_id)
