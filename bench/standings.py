"""Standings recompute for a 64-pair double round robin (4,032 matches) on PostgreSQL.

Prints the recompute's time and SQL query count (for 8 and for 64 pairs: the count must
not grow with the matches), against the floor measured in the same run: one aggregate SQL
query over the same results (game points for and against per entry). Each repetition
runs the recompute then the floor, so both see the same load; best of ``--repeat``. Also
printed: the recompute's CPU time in this process (the rest is the database's work and
waiting for a core on a busy machine) and a second reference, one plain query of every
entry's unit row (no aggregate: what the recompute must at least read). Asserts nothing.

    .venv/bin/python bench/standings.py [--pairs 8,64] [--database NAME] [--old REV]

``--old REV`` first runs this bench from the tree at ``REV`` (a revision or a folder;
``bench/common.tree_at``) on a database of its own (NAME_old), then this tree's.

The results are synthesised straight into the tables the recompute reads (finished
matches and their unit rows, as the write path stores them), since recording 4,032
matches card by card through the API would take hours; then ANALYZE, as autovacuum would
after such a load; everything else is the product's code. The recompute is
``store_standings`` whole: its reads, the ranking of every round and the snapshots' write.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import fresh_database, tree_at

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


ROWS_SQL = """
SELECT fe.entry_id, f.id, u.score, u.place
FROM tournaments_entry e
JOIN tournaments_fixtureentry fe ON fe.entry_id = e.id
JOIN tournaments_fixture f ON f.id = fe.fixture_id
JOIN games_match m ON m.id = f.match_id AND m.status = 'finished'
JOIN games_matchunit u ON u.match_id = m.id AND u.unit = fe.position
WHERE e.tournament_id = %s
"""


def measure(t, repeat: int) -> dict[str, float]:
    """Best of ``repeat``: the recompute's wall and CPU seconds and query count, the
    floor's and the plain read's wall seconds (each repetition runs all three)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.standings_store import store_standings

    best = {"wall": float("inf"), "cpu": float("inf"), "floor": float("inf")}
    best["rows"] = float("inf")
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            start, cpu = time.perf_counter(), time.process_time()
            store_standings(t.pk)
            best["wall"] = min(best["wall"], time.perf_counter() - start)
            best["cpu"] = min(best["cpu"], time.process_time() - cpu)
        for key, sql in (("floor", FLOOR_SQL), ("rows", ROWS_SQL)):
            start = time.perf_counter()
            with connection.cursor() as cursor:
                cursor.execute(sql, [t.pk])
                cursor.fetchall()
            best[key] = min(best[key], time.perf_counter() - start)
    best["queries"] = len(queries)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="8,64", help="league sizes, comma-separated")
    parser.add_argument("--database", default=DB, help="the database to make (dropped first)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (the best counts)")
    parser.add_argument("--old", help="first run this bench from the tree at this revision")
    args = parser.parse_args()
    if args.old:
        old = tree_at(args.old)
        print(f"old tree ({args.old}):", flush=True)
        command = [sys.executable, str(old / "bench" / "standings.py"), "--pairs", args.pairs]
        subprocess.run([*command, "--database", f"{args.database}_old"], cwd=old, check=True)
        print("this tree:", flush=True)
    setup(args.database)
    from django.db import connection

    from tests.synthetic import finished_double_round_robin as build

    rng = random.Random(64)
    print(f"standings recompute, PostgreSQL, one process (best of {args.repeat})")
    for pairs in (int(n) for n in args.pairs.split(",")):
        t, n_matches, n_hands = build(pairs, rng)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        got = measure(t, args.repeat)
        print(
            f"{pairs:3} pairs, double round robin: {n_matches:5} matches, {n_hands:6} hands,"
            f" {2 * (pairs - 1)} round snapshots | recompute {got['wall'] * 1000:8.1f} ms"
            f" (CPU {got['cpu'] * 1000:6.1f} ms), {got['queries']} SQL queries"
            f" | one aggregate SQL query {got['floor'] * 1000:6.1f} ms"
            f" | ratio {got['wall'] / got['floor']:6.1f}x"
            f" | every unit row, one plain query {got['rows'] * 1000:6.1f} ms"
        )
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
