"""What the benchmarks share: a fresh PostgreSQL database with the schema, and gunicorn."""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the project's packages, for every bench that imports this
ADMIN_URL = os.environ.get("BENCH_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")


#: main before the shared trick-taking core (issue 20): the "old" side of the A/B benches
BEFORE_CORE = "d19f205"


def add_old_tree_argument(parser) -> None:
    """``--old``: the tree an A/B bench compares this one with (see :func:`tree_at`)."""
    parser.add_argument(
        "--old",
        default=BEFORE_CORE,
        help="the old tree: a folder, or a revision of this repository (default: main "
        "before the shared core)",
    )


def tree_at(where: str) -> Path:
    """A tree to bench against: ``where`` itself if it is a folder, else this repository's
    files at revision ``where`` (a commit, tag or branch), exported once with `git archive`
    into bench/out/tree-<commit>/, so that an A/B bench starts from a fresh clone."""
    if Path(where).is_dir():
        return Path(where)
    commit = subprocess.run(
        ["git", "rev-parse", "--verify", f"{where}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    out = ROOT / "bench" / "out" / f"tree-{commit[:12]}"
    if not (out / "games").is_dir():
        out.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "archive", commit], cwd=ROOT, capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(out)], input=archive.stdout, check=True)
    return out


def database_url(name: str) -> str:
    """Database ``name`` on the bench's server; or ``BENCH_DATABASE_URL``, an existing
    database used as it is (a test's own, so that a bench runs without making one)."""
    return os.environ.get("BENCH_DATABASE_URL") or ADMIN_URL.rsplit("/", 1)[0] + f"/{name}"


def fresh_database(name: str) -> str:
    """Drop and create database ``name`` (not a ``BENCH_DATABASE_URL``), point Django at
    it, migrate; its URL."""
    import psycopg

    url = database_url(name)
    if not os.environ.get("BENCH_DATABASE_URL"):
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {name}")
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cuatrola_site.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url


@contextlib.contextmanager
def gunicorn(
    database_url: str, workers: int, root: Path = ROOT, broker: str | None = None
) -> Iterator[int]:
    """Serve the site of the tree ``root`` (this one unless an A/B bench says) with
    gunicorn on a free port; yields the port. Tasks run in-process unless ``broker`` (a
    Redis URL) is given: then they are queued there, as in production (no worker runs
    them; the queue is emptied when the server stops). ``BENCH_PORT`` names the port
    instead (a shared machine where each runner has ports of its own)."""
    port = int(os.environ.get("BENCH_PORT") or 0)
    if not port:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
        # served with DEBUG off, the site refuses the development key (settings.py): a
        # key of this run's own unless the caller gives one
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        # a bench's clients post as fast as they can with one token: no rate limit (with a
        # shared cache, CACHE_URL, the limit counts across the workers and would answer 429)
        "THROTTLE_USER_TOKEN": "1000000/min",
        "THROTTLE_DEVICE": "1000000/min",
        "THROTTLE_ANON": "1000000/min",
    }
    env.pop("CELERY_BROKER_URL", None)
    if broker:
        env["CELERY_BROKER_URL"] = broker
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "cuatrola_site.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(workers),
            "--log-level",
            "warning",
        ],
        cwd=root,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60  # a busy machine starts it slowly
        while time.monotonic() < deadline and server.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with status {server.returncode}")
        yield port
    finally:
        server.terminate()
        server.wait(timeout=20)
        if broker:
            purge(broker)


def purge(broker: str) -> int:
    """Drop the tasks a bench's server queued on ``broker`` (the default queue): nothing
    is left for a worker that later uses it. How many there were."""
    from kombu import Connection

    with Connection(broker) as conn:
        return conn.default_channel.queue_purge("celery") or 0
