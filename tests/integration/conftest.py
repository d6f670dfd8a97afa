"""A real ``celery worker`` process for the integration tests.

The worker is started once per test session against the *test* database that
pytest-django created, and stopped by its process id at the end.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar
from urllib.parse import quote

import pytest
from celery import Celery
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]

T = TypeVar("T")


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


def start_worker(
    log_path: Path, queues: str = "celery", beat: bool = False, **env_extra: str
) -> subprocess.Popen:
    """Start ``celery -A cuatrola_site worker`` on the test database (with an embedded
    ``beat`` when asked, its schedule file beside the log); wait until it answers a ping
    (through its own broker when ``CELERY_BROKER_URL`` is given)."""
    from cuatrola_site.celery import app

    env = {**os.environ, "DATABASE_URL": _test_database_url(), **env_extra}
    name = f"test-{uuid.uuid4().hex[:8]}@%h"
    log = log_path.open("a")
    command = [
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
    ]
    if beat:
        command += ["--beat", "--schedule", str(log_path.with_name(f"beat-{name[:13]}"))]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    proc.log = log
    destination = [name.replace("%h", os.uname().nodename)]
    proc.destination = destination
    deadline = time.monotonic() + 60
    pinger = app
    if "CELERY_BROKER_URL" in env_extra:
        # another broker: an app of its own (control messages go through an app's own
        # producer pool), with read and write URLs, which beat the environment's
        # CELERY_BROKER_URL (Celery reads it before any configuration)
        url = env_extra["CELERY_BROKER_URL"]
        pinger = Celery(set_as_current=False)
        pinger.conf.update(broker_read_url=url, broker_write_url=url)
    while not pinger.control.ping(destination=destination, timeout=0.5):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_worker(proc, signal.SIGKILL)
            pytest.fail(f"celery worker did not start; see {log_path}")
    return proc


def stop_worker(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Stop the worker and its pool children (or any process started here), by process
    group."""
    try:
        os.killpg(proc.pid, sig)
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        pass
    proc.log.close()


def wait_for(
    predicate: Callable[[], T],
    seconds: float = 30,
    message: str = "the worker did not do it in time",
    every: float = 0.2,
) -> T:
    """Ask ``predicate`` every ``every`` seconds until it gives something true, and return
    that; fail with ``message`` after ``seconds``. Fast polling only where the moment
    matters (a kill in the middle of a chunk): each poll is a query, and at 20 ms a wait
    of half a minute for a sweep was some 1,500 of them."""
    deadline = time.monotonic() + seconds
    while not (value := predicate()):
        assert time.monotonic() < deadline, message
        time.sleep(every)
    return value


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_port(proc: subprocess.Popen, port: int, what: str, log_path: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                stop_worker(proc, signal.SIGKILL)
                pytest.fail(f"{what} did not start; see {log_path}")
            time.sleep(0.1)


def start_redis(port: int, log_path: Path) -> subprocess.Popen:
    """A private ``redis-server`` (no persistence) that a test may stop and start again:
    the shared broker serves the other tests."""
    if shutil.which("redis-server") is None:
        pytest.skip("needs the redis-server program (apt-get install redis-server)")
    log = log_path.open("a")
    proc = subprocess.Popen(
        [
            *("redis-server", "--port", str(port), "--bind", "127.0.0.1"),
            *("--save", "", "--appendonly", "no", "--dir", str(log_path.parent)),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    proc.log = log
    _wait_for_port(proc, port, "redis-server", log_path)
    return proc


def start_server(log_path: Path, port: int, **env_extra: str) -> subprocess.Popen:
    """The site under gunicorn (one sync worker, production settings) on the test
    database, as the outside review ran it."""
    env = {
        **os.environ,
        "DATABASE_URL": _test_database_url(),
        "DEBUG": "false",
        "SECRET_KEY": "integration-test-key-" + uuid.uuid4().hex,
        "ALLOWED_HOSTS": "127.0.0.1",
        **env_extra,
    }
    log = log_path.open("a")
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "gunicorn", "cuatrola_site.wsgi"),
            *("-b", f"127.0.0.1:{port}", "-w", "1", "--timeout", "60"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    proc.log = log
    _wait_for_port(proc, port, "gunicorn", log_path)
    return proc


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker, tmp_path_factory):
    """A worker on the default queue for the whole session; yields its process."""
    if not services_configured():
        pytest.skip(SKIP_REASON)
    with django_db_blocker.unblock():
        proc = start_worker(tmp_path_factory.mktemp("celery") / "worker.log")
    SESSION_WORKER.append(proc)
    yield proc
    SESSION_WORKER.remove(proc)
    stop_worker(proc)


#: the session's worker once a test has started it: it then takes the tasks of every
#: later test's commits, also of a test that never asked for it
SESSION_WORKER: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def worker_idle_before_flush(request):
    """After any test while the session's worker runs (a test that did not ask for it
    still sends it the tasks its commits make: two phones racing, 2026-12-02): stop it
    taking tasks, empty the queue and stop what it still runs or holds (a match's
    analyses, a stats chunk) before pytest-django truncates the tables — a task holding
    row locks there deadlocks the TRUNCATE. Stopping its consumer first matters: a task
    that ends by queueing another (a stats chunk its next) left the worker idle for a
    moment after the purge, and the next task started under the TRUNCATE (CI,
    2026-12-03). The next test's setup lets it take tasks again. Set up after
    pytest-django's database fixture (plugins' autouse fixtures come first), so it is
    torn down before it."""
    from cuatrola_site.celery import app

    if SESSION_WORKER:
        proc = SESSION_WORKER[0]
        app.control.add_consumer("celery", destination=proc.destination, reply=True, timeout=5)
        _consuming(app, proc, True)
    yield
    if not SESSION_WORKER:
        return
    proc = SESSION_WORKER[0]
    app.control.cancel_consumer("celery", destination=proc.destination, reply=True, timeout=5)
    _consuming(app, proc, False)
    app.control.purge()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        inspect = app.control.inspect(destination=proc.destination, timeout=1)
        held = [
            task["id"]
            for replies in (inspect.active() or {}, inspect.reserved() or {})
            for tasks in replies.values()
            for task in tasks
        ]
        if not held:
            return
        app.control.revoke(held, terminate=True, signal="SIGKILL")
        time.sleep(0.2)
    pytest.fail("the session's celery worker still runs tasks 60 s after the test")


def _consuming(app, proc: subprocess.Popen, wanted: bool) -> None:
    """Wait until the worker's queues say it takes tasks (or no longer does): it answers
    ``add_consumer`` and ``cancel_consumer`` before it acts on them."""

    def settled() -> bool:
        replies = app.control.inspect(destination=proc.destination, timeout=1).active_queues()
        queues = [q["name"] for qs in (replies or {}).values() for q in qs]
        return replies is not None and ("celery" in queues) == wanted

    wait_for(settled, message=f"the session's worker {'takes' if wanted else 'stops'} tasks")


class PrivateSite:
    """The site under gunicorn and a worker with beat, both on a private ``redis-server``
    that a test stops (:meth:`broker_down`) and starts again, empty (:meth:`broker_up`)."""

    def __init__(self, log_path: Path):
        self.log_path = log_path
        self.broker_port = free_port()
        self.broker = f"redis://127.0.0.1:{self.broker_port}/0"
        self.port = free_port()
        self.started: dict[str, subprocess.Popen] = {}

    def broker_down(self) -> None:
        stop_worker(self.started.pop("redis"))

    def broker_up(self) -> None:
        self.started["redis"] = start_redis(self.broker_port, self.log_path)


@contextmanager
def private_site(log_path: Path, **worker_env: str) -> Iterator[PrivateSite]:
    """Start the three (the worker with ``worker_env``); stop each at the end, by pid."""
    site = PrivateSite(log_path)
    site.broker_up()
    try:
        site.started["worker"] = start_worker(
            log_path, "celery", beat=True, CELERY_BROKER_URL=site.broker, **worker_env
        )
        site.started["server"] = start_server(log_path, site.port, CELERY_BROKER_URL=site.broker)
        yield site
    finally:
        for name in ("server", "worker", "redis"):
            if name in site.started:
                stop_worker(site.started[name])
