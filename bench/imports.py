"""Importing a long card-record on PostgreSQL: in-process, and through gunicorn.

An 800-hand record (``"match": "hands", "target": 800``, with the deal) is imported

1. in-process by ``games.services.import_record`` (best of ``--repeat``, 3): hands per
   second and SQL queries, against the floor of checking the same record with the engine
   alone (``check_record``, no database);
2. through ``POST /api/v1/matches/import/`` on gunicorn (3 sync workers, its default 30 s
   timeout): one import alone, then three at once while an unrelated anonymous
   ``GET /api/v1/clubs/`` is sent, to see whether imports tie the site up.

Prints figures; asserts nothing.

    .venv/bin/python bench/imports.py [--hands 800] [--repeat 3] [--skip-http]

Needs PostgreSQL (``BENCH_ADMIN_URL``, default postgres://postgres@127.0.0.1:5432/postgres);
it creates the database ``cuatrola_bench_import``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ADMIN_URL, fresh_database, gunicorn

DB_NAME = "cuatrola_bench_import"
DB_URL = ADMIN_URL.rsplit("/", 1)[0] + f"/{DB_NAME}"


def setup(hands: int):
    """Fresh database, a club with an organiser and its device key; the record's text."""
    fresh_database(DB_NAME)
    from django.contrib.auth import get_user_model

    from clubs.devices import create_device_token
    from clubs.models import Club, Membership
    from games.engine import dump_record
    from games.engine.cuatrola import CuatrolaRules
    from games.engine.cuatrola.simulate import random_match

    user = get_user_model().objects.create(username="bench")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=user, role="organiser")
    _, key = create_device_token(club, user, "bench")
    record = random_match(random.Random(hands), CuatrolaRules(match="hands", target=hands))
    return club, user, key, dump_record(record)


def in_process(club, user, text: str, repeat: int) -> None:
    from django.db import connection

    from games import services
    from games.engine import check_record, parse_record

    record = parse_record(json.loads(text))
    n = len(record.hands)
    floor = min(_timed(lambda: check_record(record)) for _ in range(3))
    best, queries = float("inf"), [0]

    def count(execute, sql, params, many, context):
        queries[0] += 1
        return execute(sql, params, many, context)

    for _ in range(repeat):
        queries[0] = 0
        with connection.execute_wrapper(count):
            best = min(best, _timed(lambda: services.import_record(club, record, user)))
    print(f"in-process, PostgreSQL, one process (best of {repeat}); {n} hands, {len(text)} bytes")
    print(f"  check_record alone (floor)   {floor * 1000:9.1f} ms  {n / floor:9,.0f} hands/s")
    print(
        f"  services.import_record       {best * 1000:9.1f} ms  {n / best:9,.0f} hands/s"
        f"  {queries[0]} SQL queries  ({best / floor:.1f}x the floor)"
    )


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _request(port: int, method: str, path: str, body: bytes | None, headers: dict):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    start = time.perf_counter()
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    payload = response.read()
    elapsed = time.perf_counter() - start
    conn.close()
    return response.status, elapsed, payload


def over_http(key: str, text: str) -> None:
    body = json.dumps({"club": "bench", "record": json.loads(text)}).encode()
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    with gunicorn(DB_URL, 3) as port:
        _request(port, "GET", "/api/v1/clubs/", None, {})  # warm the workers up
        status, seconds, payload = _request(port, "POST", "/api/v1/matches/import/", body, headers)
        print("gunicorn 3 sync workers (30 s timeout), PostgreSQL, 2 cores")
        print(f"  one import                  {status}  {seconds:7.2f} s  {_what(payload)}")
        results: list[tuple[int, float, bytes]] = [None] * 3  # type: ignore[list-item]

        def post(i: int) -> None:
            results[i] = _request(port, "POST", "/api/v1/matches/import/", body, headers)

        threads = [threading.Thread(target=post, args=(i,)) for i in range(3)]
        for t in threads:
            t.start()
        time.sleep(0.3)  # the three imports hold the three workers
        get = _request(port, "GET", "/api/v1/clubs/", None, {})
        for t in threads:
            t.join()
        for i, (status, seconds, payload) in enumerate(results, 1):
            print(f"  three at once: import {i}     {status}  {seconds:7.2f} s  {_what(payload)}")
        print(f"  unrelated GET /api/v1/clubs/ during them: {get[0]} in {get[1]:.2f} s")


def _what(payload: bytes) -> str:
    try:
        data = json.loads(payload)
    except ValueError:
        return f"(not JSON: {payload[:60]!r})"
    if "id" in data:
        return f"match {data['id']}" + (f", job {data['job']}" if "job" in data else "")
    return str(data)[:100]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=800)
    parser.add_argument("--repeat", type=int, default=3, help="in-process runs (best of)")
    parser.add_argument("--skip-http", action="store_true")
    args = parser.parse_args()
    club, user, key, text = setup(args.hands)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
    in_process(club, user, text, args.repeat)
    if not args.skip_http:
        over_http(key, text)


if __name__ == "__main__":
    main()
