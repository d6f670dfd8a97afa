"""The statistics job on real Celery workers: hands replayed per second with 1 and 2
workers, against the pure engine's replay speed measured in the same run, and each
worker's peak memory.

    .venv/bin/python bench/stats.py --hands 100000 [--hands 1000000] [--workers 1,2]

PostgreSQL (``BENCH_ADMIN_URL``, database ``BENCH_DB``, default ``cuatrola_stats``) and
Redis (``CELERY_BROKER_URL``, default db 13). Simulated Cuatrola matches
(``games/engine/cuatrola/simulate.py``, deals known) are loaded with COPY straight into
the event log, as an import would store them: the bench measures the statistics job, not
the write path. A pool of distinct matches is repeated to reach the size (the job
replays every copy: the work per hand is the same). Workers run with ``--pool solo``
(one process each, so its peak RSS, ``VmHWM``, is the worker's). Asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, fresh_database

DB = os.environ.get("BENCH_DB", "cuatrola_stats")
BROKER = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/13")
QUEUE = "stats-bench"
POOL_MATCHES = 1000
PLAYERS = 16


def simulate_pool(rng: random.Random) -> list[tuple[int, list[list[dict]]]]:
    """Distinct random matches: (first dealer, [hand's event dicts])."""
    from games.engine import find_game
    from games.engine.cuatrola.simulate import random_match

    game = find_game("cuatrola")
    pool = []
    for i in range(POOL_MATCHES):
        record = random_match(rng, first_dealer=i % 4)
        hands = [[game.event_to_dict(e) for e in h.events()] for h in record.hands]
        pool.append((i % 4, hands))
    return pool


def copy_rows(table: str, columns: list[str], rows) -> None:
    """COPY ``rows`` into ``table`` (as games/services.py ``_insert`` does for imports)."""
    from django.db import connection
    from psycopg.types.json import Jsonb

    json_columns = {i for i, c in enumerate(columns) if c in ("data", "rules", "live", "header")}
    statement = f"COPY {table} ({', '.join(columns)}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row([Jsonb(v) if i in json_columns else v for i, v in enumerate(row)])


def load(hands_wanted: int, pool, rng: random.Random) -> tuple[int, int]:
    """Finished matches from the pool until ``hands_wanted`` hands; (matches, hands)."""
    from django.db import connection

    from clubs.models import Club, Player
    from games.engine.cuatrola import CuatrolaRules

    club = Club.objects.create(name="Bench stats", slug="bench-stats")
    players = [Player.objects.create(club=club, display_name=f"P{i}").pk for i in range(PLAYERS)]
    rules = CuatrolaRules().as_dict()
    now = dt.datetime.now(dt.UTC)
    matches, seats, hand_rows, event_rows = [], [], [], []
    hands, match_id, hand_id = 0, 0, 0
    while hands < hands_wanted:
        dealer, events = pool[match_id % len(pool)]
        match_id += 1
        matches.append(
            (match_id, club.pk, "cuatrola", rules, dealer, "", now, now, "finished", 1, {})
        )
        seats += [(match_id, n, p) for n, p in enumerate(rng.sample(players, 4))]
        for number, hand_events in enumerate(events, 1):
            hand_id += 1
            hands += 1
            hand_rows.append(
                (hand_id, match_id, number, (dealer + number - 1) % 4, {}, len(hand_events), True)
            )
            event_rows += [
                (hand_id, seq, e["kind"], e.get("card", ""), e, now)
                for seq, e in enumerate(hand_events)
            ]
    copy_rows(
        "games_match",
        [
            "id",
            "club_id",
            "game",
            "rules",
            "first_dealer",
            "name",
            "created_at",
            "updated_at",
            "status",
            "version",
            "live",
        ],
        matches,
    )
    copy_rows("games_seat", ["match_id", "number", "player_id"], seats)
    copy_rows(
        "games_hand",
        ["id", "match_id", "number", "dealer", "header", "next_seq", "complete"],
        hand_rows,
    )
    copy_rows(
        "games_handevent", ["hand_id", "seq", "kind", "card", "data", "entered_at"], event_rows
    )
    with connection.cursor() as cursor:
        for table in ("games_match", "games_hand"):
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}"
            )
        cursor.execute("ANALYZE")
    return match_id, hands


def engine_speed(pool) -> tuple[float, float]:
    """Hands per second of the pure engine (parse + replay; and with hand_facts), CPU
    time of this process over the whole pool, best of three."""
    from games.engine import find_game
    from games.engine.cuatrola import CuatrolaRules

    game = find_game("cuatrola")
    rules = CuatrolaRules()
    n = sum(len(h) for _, h in pool)
    best = [float("inf"), float("inf")]
    for _ in range(3):
        for i, facts in enumerate((False, True)):
            start = time.process_time()
            for dealer, hands in pool:
                state = game.new_match(rules, dealer)
                game.replay(state, [game.event_from_dict(e) for h in hands for e in h])
                if facts:
                    for hand in state.hands:
                        game.hand_facts(hand)
            best[i] = min(best[i], time.process_time() - start)
    return n / best[0], n / best[1]


def start_workers(count: int, url: str) -> list[subprocess.Popen]:
    env = {**os.environ, "DATABASE_URL": url, "CELERY_BROKER_URL": BROKER}
    procs = []
    for _ in range(count):
        name = f"bench-{uuid.uuid4().hex[:6]}@%h"
        command = [sys.executable, "-m", "celery", "-A", "cuatrola_site", "worker"]
        command += ["--pool", "solo", "-Q", f"{QUEUE},celery", "-n", name, "--loglevel=WARNING"]
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        procs.append(subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True))
    from cuatrola_site.celery import app

    deadline = time.monotonic() + 60
    while len(app.control.ping(timeout=0.5) or []) < count:
        if time.monotonic() > deadline:
            raise SystemExit("the workers did not start")
    return procs


def peak_rss_mb(proc: subprocess.Popen) -> float:
    for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(proc: subprocess.Popen) -> float:
    """The worker's CPU time so far (user + system)."""
    fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        os.killpg(proc.pid, signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a warm shutdown that hangs: the job is done
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def run_job(workers: int, url: str, chunk_matches: int) -> tuple[float, int, list[float], float]:
    from stats.models import StatJob
    from stats.tasks import start_rebuild

    procs = start_workers(workers, url)
    try:
        idle = sum(cpu_seconds(p) for p in procs)
        start = time.monotonic()
        job = start_rebuild(chunk_matches=chunk_matches, queue=QUEUE)
        while job.status != StatJob.Status.DONE:
            time.sleep(0.05)
            job.refresh_from_db()
        elapsed = time.monotonic() - start
        rss = [peak_rss_mb(p) for p in procs]
        cpu = sum(cpu_seconds(p) for p in procs) - idle
    finally:
        stop(procs)
    return elapsed, job.hands, rss, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, action="append")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--chunk-matches", type=int, default=500)
    args = parser.parse_args()
    sizes = args.hands or [100_000]
    os.environ["CELERY_BROKER_URL"] = BROKER
    url = fresh_database(DB)
    rng = random.Random(2026)
    t = time.monotonic()
    pool = simulate_pool(rng)
    print(f"simulated {POOL_MATCHES} matches in {time.monotonic() - t:.1f} s")
    plain, with_facts = engine_speed(pool)
    print(f"engine replay: {plain:,.0f} hands/s; with hand_facts: {with_facts:,.0f} hands/s")
    for size in sizes:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute(
                "TRUNCATE games_handevent, games_hand, games_seat, games_matchunit, "
                "stats_countedmatch, stats_statpartial, stats_statjob, stats_stattotal, "
                "games_match, clubs_player, clubs_club CASCADE"
            )
        t = time.monotonic()
        matches, hands = load(size, pool, rng)
        print(
            f"\n{hands:,} hands in {matches:,} matches loaded with COPY in "
            f"{time.monotonic() - t:.1f} s"
        )
        first = None
        for workers in [int(w) for w in args.workers.split(",")]:
            elapsed, replayed, rss, cpu = run_job(workers, url, args.chunk_matches)
            speed = replayed / elapsed
            first = first or speed
            print(
                f"  {workers} worker(s): {replayed:,} hands in {elapsed:.1f} s wall = "
                f"{speed:,.0f} hands/s ({speed / (plain * workers):.0%} of engine x workers; "
                f"x{speed / first:.2f} of 1 worker); per worker CPU second "
                f"{replayed / cpu:,.0f} hands ({replayed / cpu / plain:.0%} of engine); "
                "peak RSS per worker " + ", ".join(f"{r:.0f} MB" for r in rss)
            )
    print(f"\nload average: {os.getloadavg()}")


if __name__ == "__main__":
    main()
