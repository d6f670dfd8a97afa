"""Following the games app: a match's result changed → its ladder follows (a task)."""

from __future__ import annotations

import logging

from kombu.exceptions import OperationalError

from .tasks import update_ratings

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
