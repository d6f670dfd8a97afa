"""Each benchmark that the docs quote runs, at a tiny size, so that none can rot unseen
(bench/api.py and bench/standings.py once stopped starting and their figures went stale).

On PostgreSQL only (the benches' database; CI's second phase): each script runs in a
process of its own on this test's database (``BENCH_DATABASE_URL``: no database to make
and migrate), which the test empties afterwards."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from tests.integration.conftest import _test_database_url

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [
    pytest.mark.django_db(transaction=True),  # the bench's processes see the rows
    pytest.mark.services,
]


@pytest.fixture
def bench(db):
    if connection.vendor != "postgresql":
        pytest.skip("the benches run on PostgreSQL (DATABASE_URL=postgres://…, as .ci/run)")

    def run(script: str, *args: str) -> str:
        env = {**os.environ, "BENCH_DATABASE_URL": _test_database_url()}
        env.pop("CELERY_BROKER_URL", None)  # tasks in-process, as the benches say
        done = subprocess.run(
            [sys.executable, f"bench/{script}", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    return run


def test_the_api_bench_records_through_gunicorn(bench):
    out = bench("api.py", "--events", "4", "--workers", "1")
    assert "ERRORS" not in out
    lines = [line for line in out.splitlines() if "POST …/events/" in line]
    assert len(lines) == 2  # 1 and 8 clients
    assert "(4 requests)" in lines[0]
    assert "(32 requests)" in lines[1]


def test_the_standings_bench_recomputes_a_small_league(bench):
    out = bench("standings.py", "--pairs", "4")
    assert "4 pairs, double round robin:    12 matches" in out
    assert "ratio" in out


def test_the_event_cost_bench_reads_each_part_of_a_request(bench):
    out = bench("api_cost.py", "--hands", "1")
    measured = [line for line in out.splitlines() if "django CPU" in line and "statements" in line]
    me, events = measured
    assert me.startswith("GET /api/v1/me/")
    assert "statements 2 " in me  # the token, the roles
    # a mid-hand event with a token: the token, then the transaction's five (its two
    # ends, the match's lock with the user's grants in it, the hand's read and the one
    # write: WITH … INSERT, games/services/statements.py; tests/api/test_state_cache.py
    # counts them): 6, were 7 with the grants' own statement
    assert events.startswith("POST …/events/")
    assert "statements 6 " in events
    assert "events/me: django CPU" in out
