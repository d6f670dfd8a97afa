"""Recording speed through the REST API on PostgreSQL, against a trivial endpoint.

Starts gunicorn on a fresh PostgreSQL database, then has 1 and 8 concurrent clients
(each at its own table: its own match) post the events of random legal matches, one
request at a time, as scorers' phones would. The baseline, measured in the same run on
the same server with the same clients, is ``GET /api/v1/me/``: an authenticated DRF
endpoint that does one query. The ratio tells what the rules engine, the row locks and
the event log cost. Prints figures; asserts nothing.

    .venv/bin/python bench/api.py [--events 300] [--workers 4]

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
from common import database_url, fresh_database, gunicorn

DB_NAME = "cuatrola_bench"
DB_URL = database_url(DB_NAME)


def setup_database(records) -> tuple[str, list[int]]:
    """Fresh database, a club, a scorer with a token, one match per record (table)."""
    fresh_database(DB_NAME)
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
    latencies.sort()
    return {
        "rps": len(latencies) / elapsed,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "n": len(latencies),
        "errors": errors[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300, help="requests per client")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    args = parser.parse_args()
    from games.engine.cuatrola import CuatrolaRules
    from games.engine.cuatrola.simulate import random_match

    # no deal entered, as at most club tables; a fixed number of hands (C11 "hands"),
    # enough for --events requests (a hand is 13 to 30 events)
    rules = CuatrolaRules(match="hands", target=args.events // 12 + 1)
    records = [random_match(random.Random(t), rules, with_deal=False) for t in range(1 + 8)]
    token, matches = setup_database(records)
    plans = [requests_for(r, m) for r, m in zip(records, matches, strict=True)]
    with gunicorn(DB_URL, args.workers) as port:

        def events_for(offset: int):
            def work(i: int, n: int):
                return plans[offset + i][:n]

            return work

        def trivial(i: int, n: int):
            for _ in range(n):
                yield "GET", "/api/v1/me/", None

        print(
            f"gunicorn {args.workers} workers, PostgreSQL, {os.cpu_count()} cores; "
            f"{args.events} requests per client"
        )
        for clients in (1, 8):
            base = run_clients(port, token, trivial, clients, args.events)
            offset = 0 if clients == 1 else 1
            rec = run_clients(port, token, events_for(offset), clients, args.events)
            for label, r in (("GET /api/v1/me/ (baseline)", base), ("POST …/events/", rec)):
                print(
                    f"{clients} client(s)  {label:28} {r['rps']:8.1f} req/s  "
                    f"p50 {r['p50']:6.1f} ms  p99 {r['p99']:6.1f} ms  ({r['n']} requests)"
                    + (f"  ERRORS {r['errors']}" if r["errors"] else "")
                )
            print(
                f"{clients} client(s)  events/baseline throughput ratio: "
                f"{rec['rps'] / base['rps']:.2f}"
            )


if __name__ == "__main__":
    main()
