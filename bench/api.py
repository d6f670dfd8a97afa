"""Recording speed through the REST API on PostgreSQL, against a trivial endpoint.

Starts gunicorn on a fresh PostgreSQL database, then has 1 and 8 concurrent clients
(each at its own table: its own match) post the events of random legal matches, one
request at a time, as scorers' phones would. The baseline, measured in the same run on
the same server with the same clients, is ``GET /api/v1/me/``: an authenticated DRF
endpoint that does one query. The ratio tells what the rules engine, the row locks and
the event log cost. Then the cost per event along one match (the 1-client run): the
median latency of its events around event 10 and around event ``--events`` (300), which
stays flat when an event costs the same whatever the match's length. Prints figures;
asserts nothing.

    .venv/bin/python bench/api.py [--events 300] [--workers 4] [--old REV] [--db-name NAME]
                                  [--broker redis://…]

``--old REV`` (a revision, or a folder): the same run serves that tree first, then this
one, each with matches of its own on the same database, so the two are measured side by
side on the machine as it is. The cache is ``CACHE_URL`` (Redis in production; unset,
each gunicorn worker keeps its own in memory). ``--broker URL`` (a Redis database of its
own): the server queues its tasks there as production does — each finished hand's
analysis is then a worker's, not the request's (no worker runs: the queue is emptied
after each tree); without it tasks run in-process, inside the request.

Needs PostgreSQL (``BENCH_ADMIN_URL``, default postgres://postgres@127.0.0.1:5432/postgres).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, database_url, fresh_database, gunicorn, tree_at

#: the events whose cost along one match is printed: the 10th and the last (--events)
WINDOW = 10


def setup_database(name: str, records) -> tuple[str, list[int]]:
    """Fresh database, a club, a scorer with a token, one match per record (table)."""
    fresh_database(name)
    from django.contrib.auth import get_user_model

    from clubs.models import Club, Membership, Player
    from clubs.tokens import create_user_token
    from games import services

    user = get_user_model().objects.create(username="bench")
    club = Club.objects.create(name="Bench", slug="bench")
    Membership.objects.create(club=club, user=user, role="scorer")
    token = create_user_token(user, "bench")[1]
    matches = []
    for t, record in enumerate(records):
        players = [Player.objects.create(club=club, display_name=f"P{t}-{i}") for i in range(4)]
        match = services.create_match(
            club=club,
            players=players,
            user=user,
            first_dealer=record.hands[0].dealer,
            rules=record.rules.as_dict(),
        )
        matches.append(match.pk)
    return token, matches


def requests_for(record, match_id: int) -> list[tuple[str, str, dict]]:
    """The POSTs that record ``record`` card by card, with their sequence numbers."""
    from games.engine import hand_events
    from games.engine.cuatrola import event_to_dict

    out = []
    for number, hand in enumerate(record.hands, 1):
        for seq, event in enumerate(hand_events(hand)):
            body = {"hand": number, "expected_seq": seq, **event_to_dict(event)}
            out.append(("POST", f"/api/v1/matches/{match_id}/events/", body))
    return out


def run_clients(port: int, token: str, work, clients: int, per_client: int) -> dict:
    latencies: list[float] = []
    lock = threading.Lock()
    errors: list[str] = []

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        mine = []
        for method, path, body in work(i, per_client):
            start = time.perf_counter()
            conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
            response = conn.getresponse()
            payload = response.read()
            mine.append(time.perf_counter() - start)
            if response.status >= 300:
                errors.append(f"{response.status} {payload[:200]!r}")
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    ordered = latencies[:]  # one client: in the match's order (sorted below, not this)
    latencies.sort()
    return {
        "ordered": ordered,
        "rps": len(latencies) / elapsed,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "n": len(latencies),
        "errors": errors[:3],
    }


def around(latencies: list[float], event: int) -> float:
    """The median latency (ms) of the :data:`WINDOW` events up to event number ``event``
    (1-based) of one match, or of as many as there are."""
    end = min(max(event, 1), len(latencies))
    return statistics.median(latencies[max(end - WINDOW, 0) : end]) * 1000


def measure(label: str, port: int, token: str, plans: list, events: int) -> None:
    """The baseline and the events at 1 and 8 clients, and the cost along the match."""

    def events_for(offset: int):
        def work(i: int, n: int):
            return plans[offset + i][:n]

        return work

    def trivial(i: int, n: int):
        for _ in range(n):
            yield "GET", "/api/v1/me/", None

    def warm_up(i: int, n: int):
        # each worker's first answers are slow (lazy imports, connections): not measured;
        # the match's legal moves read its state as an event does, and store nothing
        legal = plans[i][0][1].replace("/events/", "/legal/")
        for _ in range(n):
            yield "GET", "/api/v1/me/", None
            yield "GET", legal, None

    run_clients(port, token, warm_up, 8, 10)
    for clients in (1, 8):
        base = run_clients(port, token, trivial, clients, events)
        offset = 0 if clients == 1 else 1
        rec = run_clients(port, token, events_for(offset), clients, events)
        for name, r in (("GET /api/v1/me/ (baseline)", base), ("POST …/events/", rec)):
            print(
                f"{label}{clients} client(s)  {name:28} {r['rps']:8.1f} req/s  "
                f"p50 {r['p50']:6.1f} ms  p99 {r['p99']:6.1f} ms  ({r['n']} requests)"
                + (f"  ERRORS {r['errors']}" if r["errors"] else "")
            )
        print(
            f"{label}{clients} client(s)  events/baseline throughput ratio: "
            f"{rec['rps'] / base['rps']:.2f}"
        )
        if clients == 1:
            early, late = around(rec["ordered"], WINDOW), around(rec["ordered"], events)
            print(
                f"{label}cost per event, one match: event {WINDOW} p50 {early:6.1f} ms, "
                f"event {events} p50 {late:6.1f} ms (late/early {late / early:.2f})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300, help="requests per client")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--db-name", default="cuatrola_bench", help="the database to make")
    parser.add_argument("--old", help="also serve this tree (a revision or a folder), first")
    parser.add_argument("--broker", help="queue the server's tasks on this Redis URL")
    args = parser.parse_args()
    from games.engine.cuatrola import CuatrolaRules
    from games.engine.cuatrola.simulate import random_match

    # no deal entered, as at most club tables; a fixed number of hands (C11 "hands"),
    # enough for --events requests (a hand is 13 to 30 events)
    rules = CuatrolaRules(match="hands", target=args.events // 12 + 1)
    trees = [("old: ", tree_at(args.old))] if args.old else []
    trees.append(("new: " if args.old else "", ROOT))
    tables = 1 + 8
    records = [random_match(random.Random(t), rules, with_deal=False) for t in range(tables)]
    token, matches = setup_database(args.db_name, records * len(trees))
    plans = [requests_for(r, m) for r, m in zip(records * len(trees), matches, strict=True)]
    print(
        f"gunicorn {args.workers} workers, PostgreSQL, {os.cpu_count()} cores; "
        f"{args.events} requests per client; cache {os.environ.get('CACHE_URL', 'per process')}; "
        f"tasks {'queued on ' + args.broker if args.broker else 'in-process'}"
    )
    for n, (label, root) in enumerate(trees):
        with gunicorn(database_url(args.db_name), args.workers, root, args.broker) as port:
            measure(label, port, token, plans[n * tables : (n + 1) * tables], args.events)


if __name__ == "__main__":
    main()
