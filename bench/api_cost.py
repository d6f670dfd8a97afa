"""Where an event's time goes: one request's CPU in the Django process and in PostgreSQL,
its wall time and its statements, for ``POST …/events/`` and ``GET /api/v1/me/``.

bench/api.py measures throughput through gunicorn; on a shared machine its figures swing
with the load. This one runs the requests in-process (Django's test client, token
authentication and DEBUG off as the bench's server, the same cache and broker), one at a
time, and reads what each one cost: ``time.process_time()`` of this process, the CPU
time of the PostgreSQL backend serving it (``/proc/<pid>/stat``, when the server is on
this machine and readable; "-" otherwise), the wall time, the statements sent and the
time spent waiting on them (the COMMIT's: the write-ahead log flushed to disk). The
events are those of one random legal match (no deal entered), all of them but the first
five; medians. Prints figures; asserts nothing.

    .venv/bin/python bench/api_cost.py [--hands 26] [--db-name NAME] [--broker redis://…]

The cache is ``CACHE_URL`` as for bench/api.py; ``--broker``: tasks are queued there (a
finished hand's analysis is a worker's), emptied at the end; without it they run in the
request.

Needs PostgreSQL (``BENCH_ADMIN_URL``, default postgres://postgres@127.0.0.1:5432/postgres).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api import requests_for, setup_database
from common import purge

#: the first events (a match's first hand: its row and the workers' first answers) not
#: measured
SKIP = 5
#: what the server gets from bench/api.py's gunicorn (common.gunicorn)
SERVER_ENV = {
    "DEBUG": "false",
    "ALLOWED_HOSTS": "testserver",
    "LOG_LEVEL": "WARNING",
    "THROTTLE_USER_TOKEN": "1000000/min",
    "THROTTLE_DEVICE": "1000000/min",
    "THROTTLE_ANON": "1000000/min",
}


def backend_cpu(pid: int) -> float | None:
    """CPU seconds (user and system) the PostgreSQL backend ``pid`` has used, or None when
    its /proc entry cannot be read (another machine, another user's process)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=26, help="hands of the match")
    parser.add_argument("--db-name", default="cuatrola_bench_cost", help="the database to make")
    parser.add_argument("--broker", help="queue the tasks on this Redis URL")
    args = parser.parse_args()
    os.environ.update(SERVER_ENV)
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.pop("CELERY_BROKER_URL", None)
    if args.broker:
        os.environ["CELERY_BROKER_URL"] = args.broker
    from games.engine.cuatrola import CuatrolaRules
    from games.engine.cuatrola.simulate import random_match

    rules = CuatrolaRules(match="hands", target=args.hands)
    record = random_match(random.Random(3), rules, with_deal=False)
    token, [match_id] = setup_database(args.db_name, [record])
    from django.db import connection
    from django.test import Client

    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    costs: dict[str, list[tuple]] = {"me": [], "events": []}

    def timed(execute, sql, params, many, context):
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            sent.append((sql, time.perf_counter() - start))

    def measure(kind: str, send) -> None:
        sent.clear()
        with connection.execute_wrapper(timed):
            pg, cpu, wall = backend_cpu(pid), time.process_time(), time.perf_counter()
            answer = send()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            pg = None if pg is None else backend_cpu(pid) - pg
        assert answer.status_code < 300, answer.content
        waited = sum(t for _, t in sent)
        flushed = sum(t for sql, t in sent if sql == "COMMIT")
        costs[kind].append((cpu, pg, wall, len(sent), waited, flushed))

    sent: list[tuple[str, float]] = []
    # a transaction's BEGIN goes with its first statement (psycopg), its COMMIT is no
    # cursor's: timed here, and counted as the two statements they are
    commit = connection._commit

    def timed_commit():
        start = time.perf_counter()
        try:
            return commit()
        finally:
            sent.extend([("BEGIN", 0.0), ("COMMIT", time.perf_counter() - start)])

    connection._commit = timed_commit

    plan = requests_for(record, match_id)
    for i, (_, path, body) in enumerate(plan):
        post = functools.partial(
            client.generic, "POST", path, json.dumps(body), content_type="application/json"
        )
        if i < SKIP:
            post()
            continue
        measure("events", post)
        measure("me", functools.partial(client.get, "/api/v1/me/"))
    if args.broker:
        purge(args.broker)
    print(
        f"in-process, PostgreSQL, cache {os.environ.get('CACHE_URL', 'per process')}, "
        f"tasks {'queued on ' + args.broker if args.broker else 'in-process'}; "
        f"{len(costs['events'])} events of one match ({args.hands} hands), each followed by "
        "a GET /api/v1/me/; medians per request"
    )
    rows = {}
    for kind, label in (("me", "GET /api/v1/me/"), ("events", "POST …/events/")):
        cpu, pg, wall, statements, waited, flushed = zip(*costs[kind], strict=True)
        known = [p for p in pg if p is not None]
        rows[kind] = [statistics.median(cpu), statistics.mean(known) if known else None]
        rows[kind].append(statistics.median(wall))
        pg_text = f"{rows[kind][1] * 1000:6.2f} ms" if known else "     - ms"
        print(
            f"{label:16} django CPU {rows[kind][0] * 1000:6.2f} ms  postgres CPU {pg_text} "
            f"(mean)  wall {rows[kind][2] * 1000:6.2f} ms  statements "
            f"{statistics.median(statements):g} (max {max(statements)})"
        )
        print(
            f"{'':16} waiting on the database {statistics.median(waited) * 1000:6.2f} ms, of "
            f"which COMMIT {statistics.median(flushed) * 1000:6.2f} ms (its WAL flush)"
        )
    me, events = rows["me"], rows["events"]
    print(
        f"events/me: django CPU {events[0] / me[0]:.2f}×, wall {events[2] / me[2]:.2f}×"
        + (f", postgres CPU {events[1] / me[1]:.2f}×" if me[1] and events[1] else "")
    )


if __name__ == "__main__":
    main()
