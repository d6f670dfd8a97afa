"""Celery tasks of the tournaments app: standings follow finished matches.

The bookkeeping lives on the tournament row (see ``Tournament``):

- ``results_version`` is bumped in the very transaction that changes a result, so no
  result can be committed without the standings being known to be behind;
- ``standings_version`` is the results version the stored standings were computed from;
  the standings are *pending* while it is behind;
- ``standings_redo_from`` is the earliest round whose results changed since then (set in
  the same UPDATE as the version, by :func:`results_changed`: several changes coalesce to
  the earliest; unknown — a withdrawal, a deleted round — means a whole recompute), so a
  recompute redoes only the snapshots from that round on;
- ``standings_queued_at`` marks a recompute sent and not started yet: further requests
  coalesce on it (one queued at most), and it expires after ``STANDINGS_LEASE_SECONDS``.

Sending a job is best effort: with the broker down the write that finished a match still
commits and answers, and the standings stay marked behind. :func:`sweep_standings`, run by
celery beat every ``STANDINGS_SWEEP_SECONDS``, sends a recompute for every tournament
behind with no live claim — after a broker outage, a job lost with the broker, or a worker
killed mid-recompute — so standings catch up by themselves within a minute.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db.models import Case, Expression, F, PositiveIntegerField, Q, Value, When
from django.db.models.functions import Least
from django.utils import timezone
from kombu.exceptions import OperationalError

from .models import Tournament

logger = logging.getLogger(__name__)

#: A write waits for this: one quick retry (a pooled connection to a restarted broker),
#: then give up and leave the job to the sweep.
PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


def results_changed(round_number: int | Expression | None) -> dict[str, Any]:
    """The tournament row's UPDATE for results changed in round ``round_number`` (an
    expression may give it; None: unknown, the next recompute is whole): the results
    version moves on and the round to redo from becomes the earliest changed.

    The first change since the stored standings sets the round; a later one keeps the
    earlier of the two, unless an unknown change is already pending (None stays None:
    nothing that happened since the standings were stored may be left out)."""
    kind = PositiveIntegerField()
    if round_number is None:
        redo: Expression = Value(None, output_field=kind)
    else:
        if isinstance(round_number, int):
            round_number = Value(round_number, output_field=kind)
        redo = Case(
            When(results_version=F("standings_version"), then=round_number),
            When(standings_redo_from__isnull=True, then=Value(None, output_field=kind)),
            default=Least(F("standings_redo_from"), round_number),
            output_field=kind,
        )
    return {"results_version": F("results_version") + 1, "standings_redo_from": redo}


def _claimable(now: datetime) -> Q:
    """No recompute queued, or the one queued was sent longer ago than the lease."""
    expired = now - timedelta(seconds=settings.STANDINGS_LEASE_SECONDS)
    return Q(standings_queued_at__isnull=True) | Q(standings_queued_at__lt=expired)


def _claim(tournament_id: int, now: datetime) -> bool:
    """Mark a recompute as queued, unless one is (one conditional UPDATE: no race)."""
    return bool(
        Tournament.objects.filter(Q(pk=tournament_id) & _claimable(now)).update(
            standings_queued_at=now
        )
    )


def _send(tournament_id: int, claimed_at: datetime) -> bool:
    """Send the recompute; on a broker error, log it and release the claim so that the
    next request or the sweep sends it. Never raises for the broker."""
    try:
        recompute_standings.apply_async(
            (tournament_id,), {"only_if_behind": True}, retry_policy=PUBLISH_RETRY
        )
    except OperationalError as exc:
        Tournament.objects.filter(pk=tournament_id, standings_queued_at=claimed_at).update(
            standings_queued_at=None
        )
        logger.warning(
            "standings of tournament %s not queued (broker: %s); the sweep will send them",
            tournament_id,
            exc,
        )
        return False
    return True


def request_standings(tournament_id: int) -> bool:
    """Queue a recompute unless one is already queued (bursts coalesce: one running, at
    most one queued). Returns whether a task was sent; a broker error is logged, not
    raised (the caller's write is committed: the sweep catches up)."""
    now = timezone.now()
    return _claim(tournament_id, now) and _send(tournament_id, now)


@shared_task(name="tournaments.recompute_standings", acks_late=True, reject_on_worker_lost=True)
def recompute_standings(tournament_id: int, only_if_behind: bool = False) -> int:
    """Recompute the tournament's standings from its match results, from the earliest
    round changed (``standings_redo_from``; idempotent). Returns how many rounds were
    ranked (0 when skipped).

    The queued mark is cleared first, so a result that arrives while this runs queues
    exactly one more recompute. With ``only_if_behind`` (how requests and the sweep send
    it) a job whose work another recompute already did is skipped: the same job sent
    twice, or redelivered by the broker after a worker died, costs one query.
    """
    from .standings_store import store_standings

    Tournament.objects.filter(pk=tournament_id).update(standings_queued_at=None)
    if (
        only_if_behind
        and not Tournament.objects.filter(
            pk=tournament_id, results_version__gt=F("standings_version")
        ).exists()
    ):
        return 0
    return store_standings(tournament_id, latest=True)  # earlier rounds ranked when read


@shared_task(name="tournaments.sweep_standings")
def sweep_standings() -> list[int]:
    """Send a recompute for every tournament whose standings are behind its results and
    that has no recompute queued within the lease. Returns the tournaments sent.

    Run by celery beat every ``STANDINGS_SWEEP_SECONDS`` (``CELERY_BEAT_SCHEDULE``)."""
    now = timezone.now()
    behind = Tournament.objects.filter(
        Q(results_version__gt=F("standings_version")) & _claimable(now)
    ).values_list("pk", flat=True)
    return [pk for pk in behind if _claim(pk, now) and _send(pk, now)]
