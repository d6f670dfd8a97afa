"""Live reads for scoreboards: the live endpoint under 50 concurrent pollers.

16 tournaments × 8 matches in progress on PostgreSQL, gunicorn on this machine; 50
pollers (5 processes × 10 threads) each poll a random tournament's
``GET /api/v1/tournaments/{id}/live/`` as fast as they can for a fixed time:
  - full: no validator, a 200 with the whole room each time;
  - 304:  ``If-None-Match`` with the current ETag, as a polling scoreboard does;
and, in the same run with the same pollers, the baseline ``GET /api/v1/me/`` (a trivial
authenticated DRF endpoint, one query). Every request carries a user token. Prints
requests/s and p50/p99; asserts nothing.

    .venv/bin/python bench/live.py [--seconds 6] [--workers 4]
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ADMIN_URL, fresh_database, gunicorn

DB = "cuatrola_bench_live"
DB_URL = ADMIN_URL.rsplit("/", 1)[0] + f"/{DB}"
PROCESSES, THREADS = 5, 10


def setup(tournaments: int = 16, pairs: int = 16) -> tuple[str, list[int]]:
    fresh_database(DB)
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Membership, Player
    from clubs.tokens import create_user_token
    from tournaments import services

    user = get_user_model().objects.create(username="bench")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=user, role="organiser")
    ids = []
    for n in range(tournaments):
        t = services.create_tournament(club=club, user=user, name=f"T{n}", format="round_robin")
        players = Player.objects.bulk_create(
            Player(club=club, display_name=f"T{n}P{i}") for i in range(2 * pairs)
        )
        for i in range(pairs):
            services.add_entry(t, user, f"T{n}E{i}", players[2 * i], players[2 * i + 1])
        services.generate_next_round(t, user)  # pairs / 2 = 8 matches in progress
        ids.append(t.pk)
    return create_user_token(user, "bench")[1], ids


def poller(
    port: int, token: str, mode: str, ids: list[int], etags: dict, seconds: float, out
) -> None:
    """One process of THREADS pollers; sends back their latencies."""
    latencies: list[float] = []
    lock = threading.Lock()

    def run(seed: int) -> None:
        rng = random.Random(seed)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine, end = [], time.perf_counter() + seconds
        while time.perf_counter() < end:
            headers = {"Authorization": f"Token {token}"}
            if mode == "trivial":
                path = "/api/v1/me/"
            else:
                tid = rng.choice(ids)
                path = f"/api/v1/tournaments/{tid}/live/"
                if mode == "304":
                    headers["If-None-Match"] = etags[tid]
            start = time.perf_counter()
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
            mine.append(time.perf_counter() - start)
            expected = 304 if mode == "304" else 200
            if response.status != expected:
                raise SystemExit(f"{mode}: {path} answered {response.status}")
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=run, args=(os.getpid() * 100 + i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put(latencies)


def measure(port, token, mode, ids, etags, seconds) -> dict:
    queue = multiprocessing.Queue()
    procs = [
        multiprocessing.Process(target=poller, args=(port, token, mode, ids, etags, seconds, queue))
        for _ in range(PROCESSES)
    ]
    for p in procs:
        p.start()
    latencies = []
    for _ in procs:
        latencies.extend(queue.get())
    for p in procs:
        p.join()
    latencies.sort()
    return {
        "rps": len(latencies) / seconds,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "n": len(latencies),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    token, ids = setup()
    with gunicorn(DB_URL, args.workers) as port:
        etags = {}
        for tid in ids:
            conn = http.client.HTTPConnection("127.0.0.1", port)
            conn.request(
                "GET",
                f"/api/v1/tournaments/{tid}/live/",
                headers={"Authorization": f"Token {token}"},
            )
            response = conn.getresponse()
            response.read()
            etags[tid] = response.getheader("ETag")
        print(
            f"gunicorn {args.workers} sync workers, PostgreSQL, {os.cpu_count()} cores; "
            f"{len(ids)} tournaments x 8 live matches; {PROCESSES * THREADS} pollers, "
            f"{args.seconds:.0f} s each"
        )
        results = {}
        for mode in ("trivial", "full", "304"):
            results[mode] = r = measure(port, token, mode, ids, etags, args.seconds)
            label = {
                "trivial": "GET /api/v1/me/ (baseline)",
                "full": "live, full 200",
                "304": "live, 304 Not Modified",
            }[mode]
            print(
                f"{label:28} {r['rps']:8.1f} req/s  p50 {r['p50']:6.1f} ms  "
                f"p99 {r['p99']:6.1f} ms  ({r['n']} requests)"
            )
        base = results["trivial"]["rps"]
        print(
            f"ratios to the baseline: full {results['full']['rps'] / base:.2f}, "
            f"304 {results['304']['rps'] / base:.2f}"
        )


if __name__ == "__main__":
    main()
