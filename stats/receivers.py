"""A finished (or corrected) match is counted by a worker after its write commits."""

from __future__ import annotations

import logging
from typing import Any

from django.dispatch import receiver
from kombu.exceptions import OperationalError

from games.signals import match_result_changed
from tournaments.tasks import PUBLISH_RETRY

from .tasks import count_match

logger = logging.getLogger(__name__)


@receiver(match_result_changed, dispatch_uid="stats.count_finished_match")
def count_finished_match(sender: Any, match_id: int, **kwargs: Any) -> None:
    """Send the count. With the broker down the write still answers at once, and the
    match stays uncounted until the sweep (``stats.sweep``) counts it."""
    try:
        count_match.apply_async((match_id,), retry_policy=PUBLISH_RETRY)
    except OperationalError:
        logger.warning("stats: could not send the count of match %s", match_id)
