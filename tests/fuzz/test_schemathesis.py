"""schemathesis against the API's own OpenAPI schema, the way an outside reviewer runs it.

A real server (gunicorn, DEBUG off) on a database of its own with the demo data; the
schemathesis CLI with every check (``--checks all``) and every phase: examples, coverage,
fuzzing, and the stateful phase that chains operations through the schema's links (create
a match → post its events → undo → export…). Once anonymous, once as the demo scorer (its
session). Any failed check fails the test, with schemathesis' report (and curl lines to
reproduce each failure) as the message.

Bounded and repeatable: FUZZ_EXAMPLES examples per operation (default 12) and a fixed seed;
FUZZ_RANDOM=1 draws a new seed (printed in the report) to explore. The server's database
is a SQLite file, or ``<name>_fuzz`` next to DATABASE_URL's PostgreSQL database."""

from __future__ import annotations

import json
import os
import re
import secrets
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

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).with_name("schemathesis.toml")
BIN = Path(sys.executable).parent
EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "12")
SEED = [] if os.environ.get("FUZZ_RANDOM") == "1" else ["--seed", "20261"]

# its server runs on PostgreSQL in CI's second phase; the module's server is started once,
# so its tests stay on one pytest-xdist worker
pytestmark = [pytest.mark.services, pytest.mark.xdist_group("fuzz")]


# What logging in does (django.contrib.auth.login), without the login page: a session of
# the demo scorer, whose key is printed. The same on any authentication setup.
LOG_IN_THE_SCORER = """
from importlib import import_module
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

    manage("migrate", "--noinput")
    manage("load_demo")
    session_key = manage("shell", "-v", "0", "-c", LOG_IN_THE_SCORER).strip()
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
        server.terminate()
        server.wait(timeout=30)


def schemathesis(*args: str) -> subprocess.CompletedProcess:
    # run from a scratch directory: nothing (reports, state) lands in the checkout
    return subprocess.run(
        [BIN / "schemathesis", "--no-color", "--config-file", CONFIG, "run", *args],
        cwd=tempfile.gettempdir(),
        capture_output=True,
        text=True,
        timeout=600,
    )


def every_check(server: DemoServer, *extra: str) -> None:
    """Fails with schemathesis' report, and the end of the server's log (tracebacks)."""
    run = schemathesis(
        f"{server.url}/api/schema/",
        "--checks",
        "all",
        "--max-examples",
        EXAMPLES,
        *SEED,
        *extra,
    )
    server_log = server.log.read_text(errors="replace")[-5000:]
    report = f"{run.stdout}{run.stderr}\n--- server log ---\n{server_log}"
    assert run.returncode == 0, report
    # and it did run: every operation, every phase, links followed between operations
    operations = re.search(r"Selected: (\d+)/\d+\s+Tested: (\d+)", run.stdout)
    assert operations, report
    assert int(operations[1]) == int(operations[2]) >= 20, report
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
        assert f"✅ {phase}" in run.stdout, report
    links = re.search(r"API Links:\s+(\d+) covered", run.stdout)
    assert links, report
    assert int(links[1]) > 0, report


def test_anonymous(demo_server):
    """Reads answer as documented; writes are refused, also with the made-up credentials
    schemathesis generates from the security schemes."""
    every_check(demo_server)


def test_as_the_demo_scorer(demo_server):
    """Creating matches, posting events, undoing and importing as the demo club's scorer,
    logged in (a session); ignored_auth also checks that those writes refuse the request
    without the session."""
    # DRF checks CSRF on a session's writes: the cookie and the header carry one secret
    csrf = secrets.token_hex(16)
    every_check(
        demo_server,
        "--header",
        f"Cookie: sessionid={demo_server.scorer_session}; csrftoken={csrf}",
        "--header",
        f"X-CSRFToken: {csrf}",
        # the credentials are given: made-up keys beside them would prove nothing
        "--generation-with-security-parameters",
        "false",
    )


def test_a_schema_that_lies_fails_the_run(demo_server, tmp_path):
    """The harness fails when a check fails: the same schema, less the 404 of one
    operation, and that operation's undocumented 404 fails the run."""
    with urllib.request.urlopen(f"{demo_server.url}/api/schema/?format=json") as answer:
        schema = json.load(answer)
    operation = schema["paths"]["/api/v1/tournaments/{id}/"]["get"]
    del operation["responses"]["404"]
    lying = tmp_path / "schema.json"
    lying.write_text(json.dumps(schema))
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
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Undocumented status code" in run.stdout
    assert "Received: 404" in run.stdout
