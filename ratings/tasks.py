"""The ratings' Celery tasks: follow a match's result; rebuild a ladder.

Both are idempotent (a match is applied once: ``ladder.update`` compares what was applied
with the result now), so ``acks_late`` is safe: a worker killed mid-task leaves its
transaction rolled back, and the redelivered task does the work once.
"""

from __future__ import annotations

from celery import shared_task

from . import ladder


@shared_task(name="ratings.update", acks_late=True)
def update_ratings(match_id: int) -> str:
    """Apply a finished (or corrected) match to its club's ladder for its game."""
    return ladder.update(match_id)


@shared_task(name="ratings.rebuild", acks_late=True)
def rebuild_ratings(club_id: int, game: str) -> int:
    """Rebuild one club's ladder for one game."""
    return ladder.rebuild(club_id, game)


@shared_task(name="ratings.sweep")
def sweep_ratings() -> int:
    """Catch up every ladder with a finished match whose update was lost (celery beat)."""
    return ladder.sweep()
