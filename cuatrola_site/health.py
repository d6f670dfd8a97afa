"""Liveness checks for ``/healthz``: the database and the Celery broker.

Anyone may read ``/healthz``, so a failure is reported as ``ok: false`` only; its text
(which names hosts, ports and users) goes to the log.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection

logger = logging.getLogger(__name__)


def database_status() -> dict:
    """Run ``SELECT 1`` on the default database."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the log says which
        logger.warning("healthz: the database is down: %s", exc)
        return {"ok": False, "vendor": connection.vendor}
    return {"ok": True, "vendor": connection.vendor}


def broker_status() -> dict:
    """Open (and close) one connection to the Celery broker.

    With no broker configured tasks run in-process (eager), which is healthy by definition.
    """
    if not settings.CELERY_BROKER_URL:
        return {"ok": True, "mode": "eager"}
    from cuatrola_site.celery import app

    try:
        with app.connection_for_write(url=settings.CELERY_BROKER_URL) as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=2)
            transport = conn.transport_cls
    except Exception as exc:
        logger.warning("healthz: the broker is down: %s", exc)
        return {"ok": False, "mode": "broker"}
    return {"ok": True, "mode": "broker", "transport": str(transport)}
