"""Standings recompute for a 64-pair double round robin (4,032 matches) on PostgreSQL.

Prints the recompute's time and SQL query count (for 8 and for 64 pairs: the count must
not grow with the matches), against the floor measured in the same run: one aggregate SQL
query over the same results (game points for and against per entry). The recomputes
(``SCENARIOS``), asked as the Celery task asks them (``latest``: a round the kept state
does not cover leaves the earlier snapshots stale, ranked when read): after a corrected
result in the last round, and in the middle round (the last round ranked alone, the
rounds from the middle one left stale), the read of the middle round's stale snapshot
(``fresh_snapshot``, as the pages and the API read it), the whole recompute after a
result in the last round (the rounds whose inputs are those recorded for their
snapshots are not ranked: ``tournaments.standings_inputs``), the whole recompute
rewriting every snapshot (a first recompute: no state kept, every digest cleared), and
a correction in the middle round with every round from it ranked (``latest`` not asked:
what reading every stale snapshot at once costs). Each repetition runs them all and
the floor, so all see the same load; best of ``--repeat``.
Also printed: each recompute's CPU time in this process (the rest is the database's work
and waiting for a core on a busy machine) and a second reference, one plain query of
every entry's unit row (no aggregate: what a whole recompute must at least read).
Asserts nothing.

    .venv/bin/python bench/standings.py [--pairs 8,64] [--database NAME] [--old REV]

``--old REV`` first runs this bench from the tree at ``REV`` (a revision or a folder;
``bench/common.tree_at``) on a database of its own (NAME_old), then this tree's.

The results are synthesised straight into the tables the recompute reads (finished
matches and their unit rows, as the write path stores them), since recording 4,032
matches card by card through the API would take hours; then ANALYZE, as autovacuum would
after such a load; everything else is the product's code. The recompute is
``store_standings``, the Celery task's body: its reads, the ranking of the rounds it
redoes and the snapshots' write.
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


#: what each repetition times: (label, the round a result changes in: "last", "middle"
#: or None, how the recompute is asked for: incremental, whole, whole with every digest
#: cleared and no state kept so that every snapshot is ranked and rewritten, as a first
#: recompute; "read": a stale snapshot of the middle round read, ``fresh_snapshot``). A
#: recompute is asked as the Celery task asks it (``latest``: a round the kept state does
#: not cover leaves the snapshots before the last round stale, ranked when read), except
#: the last, asked as before (every round from the change ranked: what reading every
#: stale snapshot would cost at once)
SCENARIOS = (
    ("after a result in the last round", "last", "incremental"),
    ("after a result in the middle round", "middle", "incremental"),
    ("read a stale snapshot (the middle round's)", None, "read"),
    ("whole, after a result in the last round", "last", "whole"),
    ("whole, every snapshot rewritten", None, "rewrite"),
    ("middle round, every round ranked", "middle", "every round"),
)


def swap_a_result(t, number: int) -> int:
    """The two entries of a match of round ``number`` swap their results (as a corrected
    result would: the write path's receiver marks the round); returns the match."""
    from django.db import connection

    from games.models import Match
    from tournaments.models import Fixture
    from tournaments.receivers import on_match_written

    match = Fixture.objects.filter(round__tournament=t, round__number=number).first().match_id
    with connection.cursor() as cursor:  # two steps: (match, unit) is unique
        cursor.execute("UPDATE games_matchunit SET unit = 11 - unit WHERE match_id = %s", [match])
        cursor.execute("UPDATE games_matchunit SET unit = unit - 10 WHERE match_id = %s", [match])
    on_match_written(sender=Match, match_id=match, result_changed=True)
    return match


def server_cpu(pid: int) -> float | None:
    """CPU seconds the server's backend ``pid`` has used (None: not on this machine)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(t, rounds: int, repeat: int) -> dict[str, dict[str, float]]:
    """Best of ``repeat``, for each scenario: the recompute's wall and CPU seconds, its
    query count, the snapshots it covered and the rounds it ranked; and the floor's and
    the plain read's wall seconds (each repetition runs them all, so all see the same
    load)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments import standings_rounds
    from tournaments.models import StandingsSnapshot, StandingsState
    from tournaments.standings_store import fresh_snapshot, store_standings

    ranked, order = [], standings_rounds.order

    def counted(*args):  # the rounds ranked (a round may be covered as stored)
        ranked.append(1)
        return order(*args)

    standings_rounds.order = counted

    store_standings(t.pk, whole=True)  # the snapshots an incremental recompute starts from
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    inf = float("inf")
    best = {label: {"wall": inf, "cpu": inf, "both": 0.0} for label, _, _ in SCENARIOS}
    best["floor"], best["rows"] = {"wall": inf, "server": 0.0}, {"wall": inf}
    for _ in range(repeat):
        for label, where, how in SCENARIOS:
            if where is not None:
                swap_a_result(t, rounds if where == "last" else rounds // 2)
            if how == "rewrite":  # as a first recompute: no snapshot, no state kept
                StandingsSnapshot.objects.filter(tournament=t).update(digest="")
                StandingsState.objects.filter(tournament=t).delete()
            if how == "read":
                snapshot = StandingsSnapshot.objects.get(tournament=t, after_round=rounds // 2)
                assert snapshot.stale, "the middle round's correction left it stale"
            ranked.clear()
            with CaptureQueriesContext(connection) as queries:
                server = server_cpu(pid)
                start, cpu = time.perf_counter(), time.process_time()
                if how == "read":
                    covered = len(fresh_snapshot(snapshot).rows) and 1
                else:
                    covered = store_standings(
                        t.pk,
                        whole=how in ("whole", "rewrite"),
                        latest=how != "every round",
                    )
                wall, cpu = time.perf_counter() - start, time.process_time() - cpu
                if server is not None:
                    best[label]["both"] += (cpu + server_cpu(pid) - server) / repeat
            got = best[label]
            got["wall"], got["cpu"] = min(got["wall"], wall), min(got["cpu"], cpu)
            got["queries"], got["covered"], got["ranked"] = len(queries), covered, len(ranked)
        for key, sql, times in (("floor", FLOOR_SQL, 3), ("rows", ROWS_SQL, 1)):
            for _ in range(times):
                server = server_cpu(pid)
                start = time.perf_counter()
                with connection.cursor() as cursor:
                    cursor.execute(sql, [t.pk])
                    cursor.fetchall()
                best[key]["wall"] = min(best[key]["wall"], time.perf_counter() - start)
                if key == "floor" and server is not None:
                    best[key]["server"] += (server_cpu(pid) - server) / (times * repeat)
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
        rounds = 2 * (pairs - 1)
        got = measure(t, rounds, args.repeat)
        floor = got["floor"]["wall"]
        print(
            f"{pairs:3} pairs, double round robin: {n_matches:5} matches, {n_hands:6} hands,"
            f" {rounds} round snapshots | one aggregate SQL query (the floor)"
            f" {floor * 1000:6.1f} ms | every unit row, one plain query"
            f" {got['rows']['wall'] * 1000:6.1f} ms"
        )
        floor_cpu = got["floor"]["server"]
        if floor_cpu:
            print(f"    the floor's server CPU, mean {floor_cpu * 1000:6.1f} ms")
        for label, _, _ in SCENARIOS:
            g = got[label]
            cpu_ratio = f" | CPU ratio {g['both'] / floor_cpu:5.1f}x" if floor_cpu else ""
            print(
                f"    {label:40} recompute {g['wall'] * 1000:7.1f} ms"
                f" (CPU {g['cpu'] * 1000:6.1f} ms), {g['queries']:2} SQL queries,"
                f" {g['covered']:3} rounds covered, {g['ranked']:3} ranked"
                f" | ratio {g['wall'] / floor:5.1f}x{cpu_ratio}"
            )
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
