"""schemathesis against the API's own OpenAPI schema, the way an outside reviewer runs it.

A real server (gunicorn, DEBUG off) on a database of its own with the demo data; the
schemathesis CLI with every check (``--checks all``) and every phase: examples, coverage,
fuzzing, and the stateful phase that chains operations through the schema's links (create
a match → post its events → undo → export…). Anonymous and, at the same time, as the demo
scorer (its session). Any failed check fails the test, with schemathesis' report (and curl
lines to reproduce each failure) as the message.

Bounded and repeatable: FUZZ_EXAMPLES examples per operation and a fixed seed; FUZZ_RANDOM=1
draws a new seed (printed in the report) to explore. The examples follow the hypothesis
profile as the property tests do (tests/conftest.py): 12 as written (``dev``), 6 in CI
(``ci``), 120 ``thorough``. The server's database is a SQLite file, or ``<name>_fuzz``
next to DATABASE_URL's PostgreSQL database."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from psycopg import connect, sql

from tests.conftest import EXAMPLES_SCALE, HYPOTHESIS_PROFILE

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).with_name("schemathesis.toml")
BIN = Path(sys.executable).parent
EXAMPLES = os.environ.get("FUZZ_EXAMPLES") or str(round(12 * EXAMPLES_SCALE[HYPOTHESIS_PROFILE]))
SEED = [] if os.environ.get("FUZZ_RANDOM") == "1" else ["--seed", "20261"]

# its server runs on PostgreSQL in CI's second phase; the module's server is started once,
# so its tests stay on one pytest-xdist worker
pytestmark = [pytest.mark.services, pytest.mark.xdist_group("fuzz")]


# The server's database in one process (each manage.py start is Django's set-up again):
# the schema, the demo data, then what logging in does (django.contrib.auth.login) without
# the login page: a session of the demo scorer, whose key is printed last. The same on any
# authentication setup.
BUILD_THE_DEMO = """
import io
from importlib import import_module
from django.core.management import call_command
call_command("migrate", interactive=False, stdout=io.StringIO())
call_command("load_demo", stdout=io.StringIO())
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
scorer = User.objects.get(username="scorer")
session = import_module(settings.SESSION_ENGINE).SessionStore()
session[SESSION_KEY] = str(scorer.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = scorer.get_session_auth_hash()
session.create()
print(session.session_key)
"""


@dataclass
class DemoServer:
    url: str
    scorer_session: str
    log: Path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def database_url(tmp_path_factory) -> Iterator[str]:
    """A database for the server alone: the suite's own test database is not shared with
    another process (and SQLite's is in memory)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'demo.sqlite3'}"
        return
    parts = urlsplit(url)
    # one database per xdist worker: two workers must never drop each other's
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    name = f"{parts.path.lstrip('/')}_fuzz{worker}"
    admin = parts._replace(path="/postgres").geturl()
    drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
    with connect(admin, autocommit=True) as connection:
        connection.execute(drop)
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    yield parts._replace(path=f"/{name}").geturl()
    with connect(admin, autocommit=True) as connection:
        connection.execute(drop)


@pytest.fixture(scope="module")
def demo_server(database_url, tmp_path_factory) -> Iterator[DemoServer]:
    """gunicorn with the demo data, started and stopped by its pid."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        # the fuzzing is about the schema, not the rate limits (tested on their own)
        "THROTTLE_ANON": "100000/min",
        "THROTTLE_DEVICE": "100000/min",
        # tasks in-process: no worker for this server's database
        "CELERY_BROKER_URL": "",
    }
    env.pop("CACHE_URL", None)

    def manage(*args: str) -> str:
        run = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert run.returncode == 0, f"manage.py {args[0]}:\n{run.stdout}{run.stderr}"
        return run.stdout

    session_key = manage("shell", "-v", "0", "-c", BUILD_THE_DEMO).strip().splitlines()[-1]
    url = f"http://127.0.0.1:{_free_port()}"
    log = tmp_path_factory.mktemp("gunicorn") / "server.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [BIN / "gunicorn", "-w", "2", "-b", url.removeprefix("http://"), "cuatrola_site.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 120  # a busy machine (CI beside other work) is slow
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/schema/", timeout=2):
                    break
            except OSError:
                assert server.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the server did not start:\n" + log.read_text()
                time.sleep(0.2)
        yield DemoServer(url, session_key, log)
    finally:
        # gunicorn's quick shutdown (SIGINT): SIGTERM's graceful one waited up to 8 s here
        # for workers holding a keep-alive connection of schemathesis'
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)


def schemathesis(*args: str, out: Path) -> subprocess.Popen:
    """A schemathesis run started, its report (stdout and stderr) written to ``out``: a
    pipe left unread while the other run is awaited could fill and stall it."""
    with out.open("wb") as report:
        # run from a scratch directory: nothing (reports, state) lands in the checkout
        return subprocess.Popen(
            [BIN / "schemathesis", "--no-color", "--config-file", CONFIG, "run", *args],
            cwd=tempfile.gettempdir(),
            stdout=report,
            stderr=subprocess.STDOUT,
        )


def finished(run: subprocess.Popen, out: Path) -> tuple[int, str]:
    """The run's exit status and report, once it has ended (10 minutes at most)."""
    try:
        status = run.wait(timeout=600)
    except subprocess.TimeoutExpired:
        run.kill()
        run.wait()
        raise
    return status, out.read_text(errors="replace")


def every_check(server: DemoServer, out: Path, *extra: str) -> subprocess.Popen:
    """``schemathesis run`` with every check and every phase, started."""
    address = f"{server.url}/api/schema/"
    return schemathesis(
        address, "--checks", "all", "--max-examples", EXAMPLES, *SEED, *extra, out=out
    )


@pytest.fixture(scope="module")
def runs(demo_server, tmp_path_factory) -> Iterator[dict[str, tuple[subprocess.Popen, Path]]]:
    """Both runs started at once, on the one server (two gunicorn workers): the module
    waits for the longer run, not for the two one after the other (each run is one client
    making one request at a time). The same cases as one after the other; the anonymous
    run only reads or is refused, so what it reads may include the scorer's new matches,
    which the schema describes as any other."""
    folder = tmp_path_factory.mktemp("schemathesis")
    # DRF checks CSRF on a session's writes: the cookie and the header carry one secret
    csrf = secrets.token_hex(16)
    scorer = [
        "--header",
        f"Cookie: sessionid={demo_server.scorer_session}; csrftoken={csrf}",
        "--header",
        f"X-CSRFToken: {csrf}",
        # the credentials are given: made-up keys beside them would prove nothing
        "--generation-with-security-parameters",
        "false",
    ]
    started = {}
    for name, extra in (("scorer", scorer), ("anonymous", [])):
        out = folder / f"{name}.txt"
        started[name] = (every_check(demo_server, out, *extra), out)
    try:
        yield started
    finally:
        for run, _ in started.values():
            if run.poll() is None:
                run.kill()
            run.wait()


def passes_every_check(server: DemoServer, run: subprocess.Popen, out: Path) -> None:
    """Fails with schemathesis' report, and the end of the server's log (tracebacks)."""
    status, stdout = finished(run, out)
    server_log = server.log.read_text(errors="replace")[-5000:]
    report = f"{stdout}\n--- server log ---\n{server_log}"
    assert status == 0, report
    # and it did run: every operation, every phase, links followed between operations
    operations = re.search(r"Selected: (\d+)/\d+\s+Tested: (\d+)", stdout)
    assert operations, report
    assert int(operations[1]) == int(operations[2]) >= 20, report
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
        assert f"✅ {phase}" in stdout, report
    links = re.search(r"API Links:\s+(\d+) covered", stdout)
    assert links, report
    assert int(links[1]) > 0, report


def test_anonymous(demo_server, runs):
    """Reads answer as documented; writes are refused, also with the made-up credentials
    schemathesis generates from the security schemes."""
    passes_every_check(demo_server, *runs["anonymous"])


def test_as_the_demo_scorer(demo_server, runs):
    """Creating matches, posting events, undoing and importing as the demo club's scorer,
    logged in (a session); ignored_auth also checks that those writes refuse the request
    without the session."""
    passes_every_check(demo_server, *runs["scorer"])


def test_a_schema_that_lies_fails_the_run(demo_server, tmp_path):
    """The harness fails when a check fails: the same schema, less the 404 of one
    operation, and that operation's undocumented 404 fails the run."""
    with urllib.request.urlopen(f"{demo_server.url}/api/schema/?format=json") as answer:
        schema = json.load(answer)
    operation = schema["paths"]["/api/v1/tournaments/{id}/"]["get"]
    del operation["responses"]["404"]
    lying = tmp_path / "schema.json"
    lying.write_text(json.dumps(schema))
    out = tmp_path / "report.txt"
    run = schemathesis(
        str(lying),
        "--url",
        demo_server.url,
        "--include-path",
        "/api/v1/tournaments/{id}/",
        "--checks",
        "status_code_conformance",
        "--phases",
        "examples,coverage",
        *SEED,
        out=out,
    )
    status, stdout = finished(run, out)
    assert status == 1, stdout
    assert "Undocumented status code" in stdout
    assert "Received: 404" in stdout
