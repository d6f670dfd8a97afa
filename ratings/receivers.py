"""Following the games and tournaments apps: a match's result changed, or a tournament
was opened or closed to the public → its ladder follows (a task)."""

from __future__ import annotations

import logging

from kombu.exceptions import OperationalError

from .tasks import rebuild_ratings, update_ratings

logger = logging.getLogger(__name__)

#: the write that finished the match waits for this at most: one quick retry
PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


def on_match_result_changed(sender, match_id: int, **kwargs) -> None:
    """Send the update (sent after the write committed). With the broker down the match
    stays unrated until the beat's sweep (every minute), the next result in its ladder
    (which then re-rates from it, see ``ladder.update``) or ``manage.py rebuild_ratings``: the
    write that finished it still answers."""
    try:
        update_ratings.apply_async((match_id,), retry_policy=PUBLISH_RETRY)
    except OperationalError:
        logger.warning("ratings: could not send the update of match %s", match_id)


def on_visibility_changed(sender, club_id: int, game: str, **kwargs) -> None:
    """Rebuild the ladder the tournament's matches count in (or no longer do). With the
    broker down the sweep finds a ladder counting a closed tournament, and a reopened
    one's matches unrated, and rebuilds it."""
    try:
        rebuild_ratings.apply_async((club_id, game), retry_policy=PUBLISH_RETRY)
    except OperationalError:
        logger.warning("ratings: could not send the rebuild of club %s %s", club_id, game)
