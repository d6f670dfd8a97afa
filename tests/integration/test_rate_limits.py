"""Rate limits and the login lockout hold across gunicorn's worker processes.

A real ``gunicorn --workers 3`` on a loopback port serves the test database with the Redis
cache (CACHE_URL); more requests than the limit are sent at once from several threads,
and exactly the limit gets through. Each worker counting apart (a per-process cache) or
DRF's read-then-write history (workers answering at once all let theirs through) would
let more pass; the access log shows that more than one worker answered.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from .conftest import ROOT, _test_database_url

LIMIT = 30
SENT = 60
CLUBS = "/api/v1/clubs/"
SKIP_REASON = (
    "integration test: needs DATABASE_URL=postgres://… and CACHE_URL=redis://… (.ci/run sets both)"
)
pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not (settings.SHARED_CACHE and connection.vendor == "postgresql"), reason=SKIP_REASON
    ),
    pytest.mark.django_db(transaction=True),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """``gunicorn cuatrola_site.wsgi --workers 3`` on the test database and cache."""

    def __init__(self, log_dir: Path, **env_extra: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.access_log = log_dir / f"access-{self.port}.log"
        self.error_log = log_dir / f"error-{self.port}.log"  # gunicorn's and the app's
        env = {
            **os.environ,
            "DATABASE_URL": _test_database_url(),
            "DEBUG": "false",
            "SECRET_KEY": "integration-test-key-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1",
            # plain HTTP on loopback: the cookies must come back without TLS
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
            "THROTTLE_ANON": f"{LIMIT}/min",
            **env_extra,
        }
        env.pop("DJANGO_SETTINGS_MODULE", None)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "cuatrola_site.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "3",
                # the app is loaded once, before the fork: every worker is ready at once
                "--preload",
                "--access-logfile",
                str(self.access_log),
                "--access-logformat",
                "%(p)s %(s)s %(m)s %(U)s",
                "--error-logfile",
                "-",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.error_log.open("ab"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait_until_serving(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            assert self.proc.poll() is None, f"gunicorn exited; see {self.error_log}"
            assert time.monotonic() < deadline, f"gunicorn did not serve; see {self.error_log}"
            try:
                # /healthz is a plain page, outside the API's limits
                requests.get(f"{self.url}/healthz", timeout=5)
            except requests.ConnectionError:
                time.sleep(0.2)
                continue
            if self.error_log.read_text().count("Booting worker") >= 3:
                return
            time.sleep(0.2)

    def worker_pids(self, path: str) -> set[str]:
        """The pids of the workers that answered ``path`` (from the access log)."""
        lines = self.access_log.read_text().splitlines()
        return {line.split()[0] for line in lines if line.split()[-1] == path}

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


@pytest.fixture
def start_gunicorn(tmp_path):
    servers: list[Gunicorn] = []

    def start(**env: str) -> Gunicorn:
        server = Gunicorn(tmp_path, **env)
        servers.append(server)
        server.wait_until_serving()
        return server

    cache.clear()  # no counts left from other tests (the test process shares the cache)
    yield start
    for server in servers:
        server.stop()


def _get_all(url: str, headers: list[dict[str, str]]) -> Counter:
    """One GET per header set, six at a time; the status codes counted."""

    def get(h: dict[str, str]) -> int:
        return requests.get(url, headers=h, timeout=30).status_code

    with ThreadPoolExecutor(max_workers=6) as pool:
        return Counter(pool.map(get, headers))


def test_the_anonymous_limit_holds_across_three_workers(start_gunicorn):
    server = start_gunicorn()
    codes = _get_all(server.url + CLUBS, [{}] * SENT)
    assert codes == {200: LIMIT, 429: SENT - LIMIT}
    assert len(server.worker_pids(CLUBS)) >= 2, "one worker answered everything"


def test_a_forged_forwarded_for_gets_no_new_allowance(start_gunicorn):
    server = start_gunicorn()
    forged = [{"X-Forwarded-For": f"203.0.113.{n}"} for n in range(SENT)]
    assert _get_all(server.url + CLUBS, forged) == {200: LIMIT, 429: SENT - LIMIT}


def test_behind_one_proxy_the_address_it_forwards_is_counted(start_gunicorn):
    server = start_gunicorn(NUM_PROXIES="1")
    # one client behind the proxy, forging a different left part each time
    client = [{"X-Forwarded-For": f"10.0.0.{n}, 198.51.100.7"} for n in range(SENT)]
    assert _get_all(server.url + CLUBS, client) == {200: LIMIT, 429: SENT - LIMIT}
    # another client behind the same proxy has an allowance of its own
    neighbour = [{"X-Forwarded-For": "198.51.100.8"}] * 10
    assert _get_all(server.url + CLUBS, neighbour) == {200: 10}


def _try_login(base: str, username: str, password: str) -> int:
    """The login form as a browser sends it: the page (CSRF cookie and token), then the POST."""
    with requests.Session() as browser:
        page = browser.get(f"{base}/accounts/login/", timeout=30)
        assert page.status_code == 200, page.text[:500]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        answer = browser.post(
            f"{base}/accounts/login/",
            data={"username": username, "password": password, "csrfmiddlewaretoken": token},
            allow_redirects=False,
            timeout=30,
        )
        return answer.status_code


@pytest.fixture(scope="module")
def collected_static():
    """With DEBUG off the pages name hashed static files, as in production: collected with
    the production storage (a process of its own: the test settings serve from the finders,
    with no manifest)."""
    env = {**os.environ, "DEBUG": "false"}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity=0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=300,
    )


def test_the_login_lockout_holds_across_three_workers(
    start_gunicorn, collected_static, django_user_model
):
    django_user_model.objects.create_user("marta", password="la-sota-de-oros-7")
    server = start_gunicorn(AXES_FAILURE_LIMIT="5")
    with ThreadPoolExecutor(max_workers=4) as pool:
        codes = Counter(pool.map(lambda _: _try_login(server.url, "marta", "wrong"), range(12)))
    # the fifth failure locks the address: four forms re-shown, then 429 for the rest
    assert codes == {200: 4, 429: 8}
    assert len(server.worker_pids("/accounts/login/")) >= 2, "one worker answered everything"
    # the right password from the locked address does not get in
    assert _try_login(server.url, "marta", "la-sota-de-oros-7") == 429


def test_gunicorn_refuses_the_default_secret_key(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DJANGO_SETTINGS_MODULE")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "cuatrola_site.wsgi",
            "--bind",
            f"127.0.0.1:{_free_port()}",
            "--preload",
        ],
        cwd=ROOT,
        env={**env, "DEBUG": "false", "DATABASE_URL": _test_database_url()},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "SECRET_KEY is the insecure development default" in done.stderr
