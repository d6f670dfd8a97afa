"""Liveness checks for ``/healthz``: the database and the Celery broker."""

from __future__ import annotations

from django.conf import settings
from django.db import connection


def database_status() -> dict:
    """Run ``SELECT 1`` on the default database."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the message says which
        return {"ok": False, "vendor": connection.vendor, "error": str(exc)}
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
        return {"ok": False, "mode": "broker", "error": str(exc)}
    return {"ok": True, "mode": "broker", "transport": str(transport)}
