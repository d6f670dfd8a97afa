"""Standings recompute for a 64-pair double round robin (4,032 matches) on PostgreSQL.

Prints the recompute's time and SQL query count (for 8 and for 64 pairs: the count must
not grow with the matches), against the floor measured in the same run: one aggregate SQL
query over the same results (game points for and against per entry). Asserts nothing.

    .venv/bin/python bench/standings.py [--pairs 8,64] [--database NAME]

The results are synthesised straight into the tables the recompute reads (finished
matches and their unit rows, as the write path stores them), since recording 4,032
matches card by card through the API would take hours; then ANALYZE, as autovacuum would
after such a load; everything else is the product's code. The recompute is
``store_standings`` whole: its reads, the ranking of every round and the snapshots' write.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import fresh_database

DB = "cuatrola_bench_standings"


def setup(name: str) -> None:
    fresh_database(name)


FLOOR_SQL = """
SELECT e.id,
       SUM(CASE WHEN fe.position = u.unit THEN u.score ELSE 0 END),
       SUM(CASE WHEN fe.position = u.unit THEN 0 ELSE u.score END)
FROM tournaments_entry e
JOIN tournaments_fixtureentry fe ON fe.entry_id = e.id
JOIN tournaments_fixture f ON f.id = fe.fixture_id
JOIN games_match m ON m.id = f.match_id AND m.status = 'finished'
JOIN games_matchunit u ON u.match_id = m.id
WHERE e.tournament_id = %s GROUP BY e.id
"""


def measure(t, repeat: int = 3) -> tuple[float, int, float]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.standings_store import store_standings

    best = float("inf")
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            store_standings(t.pk)
            best = min(best, time.perf_counter() - start)
    floor = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute(FLOOR_SQL, [t.pk])
            cursor.fetchall()
        floor = min(floor, time.perf_counter() - start)
    return best, len(queries), floor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="8,64", help="league sizes, comma-separated")
    parser.add_argument("--database", default=DB, help="the database to make (dropped first)")
    args = parser.parse_args()
    setup(args.database)
    from django.db import connection

    from tests.synthetic import finished_double_round_robin as build

    rng = random.Random(64)
    print("standings recompute, PostgreSQL, one process (best of 3)")
    for pairs in (int(n) for n in args.pairs.split(",")):
        t, n_matches, n_hands = build(pairs, rng)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        seconds, queries, floor = measure(t)
        print(
            f"{pairs:3} pairs, double round robin: {n_matches:5} matches, {n_hands:6} hands,"
            f" {2 * (pairs - 1)} round snapshots | recompute {seconds * 1000:8.1f} ms,"
            f" {queries} SQL queries | one aggregate SQL query {floor * 1000:6.1f} ms"
            f" | ratio {seconds / floor:6.1f}x"
        )


if __name__ == "__main__":
    main()
