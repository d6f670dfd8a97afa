"""``manage.py rebuild_stats``: recompute every statistic from the event log."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from stats.models import StatJob
from stats.tasks import CHUNK_MATCHES, start_rebuild


class Command(BaseCommand):
    help = "Rebuild the replay statistics from the event log, in chunks shared by the workers."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--chunk-matches", type=int, default=CHUNK_MATCHES)
        parser.add_argument("--queue", default=None, help="the Celery queue of the chunks")
        parser.add_argument("--wait", action="store_true", help="wait until the job is done")

    def handle(self, *args: Any, chunk_matches: int, queue: str | None, wait: bool, **kw: Any):
        job = start_rebuild(chunk_matches=chunk_matches, queue=queue)
        while wait and job.status != StatJob.Status.DONE:
            time.sleep(0.5)
            job.refresh_from_db()
        self.stdout.write(
            f"job {job.pk}: {job.chunks_done}/{job.chunks} chunks, {job.hands} hands, {job.status}"
        )
