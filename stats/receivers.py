"""A finished (or corrected) match is counted by a worker after its write commits."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from games.signals import match_result_changed

from .tasks import count_match


@receiver(match_result_changed, dispatch_uid="stats.count_finished_match")
def count_finished_match(sender: Any, match_id: int, **kwargs: Any) -> None:
    count_match.delay(match_id)
