"""Database models of the games app.

Matches, hands and their event logs arrive with the recording work; for now the app
holds the worker heartbeat that proves the Celery path end to end.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class WorkerHeartbeat(models.Model):
    """The last time a Celery worker ran the heartbeat task, by worker host name."""

    hostname = models.CharField(_("worker"), max_length=200, unique=True)
    seen_at = models.DateTimeField(_("seen at"))
    beats = models.PositiveIntegerField(_("beats"), default=0)

    class Meta:
        verbose_name = _("worker heartbeat")
        verbose_name_plural = _("worker heartbeats")

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.seen_at:%Y-%m-%d %H:%M:%S}"

    @classmethod
    def last_seen_iso(cls) -> str | None:
        latest = cls.objects.order_by("-seen_at").values_list("seen_at", flat=True).first()
        return latest.isoformat() if latest else None
