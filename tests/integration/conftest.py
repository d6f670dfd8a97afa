"""A real ``celery worker`` process for the integration tests.

The worker is started once per test session against the *test* database that
pytest-django created, and stopped by its process id at the end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def services_configured() -> bool:
    return bool(settings.CELERY_BROKER_URL) and connection.vendor == "postgresql"


SKIP_REASON = (
    "integration test: needs DATABASE_URL=postgres://… and CELERY_BROKER_URL=redis://… "
    "(.ci/run sets both)"
)
requires_services = pytest.mark.skipif(not services_configured(), reason=SKIP_REASON)


def _test_database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"])
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{db['NAME']}"


def start_worker(log_path: Path, queues: str = "celery", **env_extra: str) -> subprocess.Popen:
    """Start ``celery -A cuatrola_site worker`` on the test database; wait until it
    answers a ping."""
    from cuatrola_site.celery import app

    env = {**os.environ, "DATABASE_URL": _test_database_url(), **env_extra}
    name = f"test-{uuid.uuid4().hex[:8]}@%h"
    log = log_path.open("a")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "cuatrola_site",
            "worker",
            "--loglevel=INFO",
            "--concurrency=1",
            "--without-gossip",
            "--without-mingle",
            "-Q",
            queues,
            "-n",
            name,
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    proc.log = log
    deadline = time.monotonic() + 60
    while not app.control.ping(destination=[name.replace("%h", os.uname().nodename)], timeout=0.5):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_worker(proc, signal.SIGKILL)
            pytest.fail(f"celery worker did not start; see {log_path}")
    return proc


def stop_worker(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Stop the worker and its pool children, by process group."""
    try:
        os.killpg(proc.pid, sig)
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        pass
    proc.log.close()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """A worker on the default queue for the whole session; yields its process."""
    if not services_configured():
        pytest.skip(SKIP_REASON)
    with django_db_blocker.unblock():
        proc = start_worker(tmp_path_factory.mktemp("celery") / "worker.log")
    yield proc
    stop_worker(proc)
