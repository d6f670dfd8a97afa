"""Importing a record writes in bulk, yet leaves exactly the rows that entering it event by
event leaves; the body and the number of hands are capped (413 / 400, documented)."""

import json
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from games import services
from games.engine import dump_record, hand_events, load_record
from games.engine.cuatrola import CuatrolaRules, event_to_dict
from games.engine.cuatrola.simulate import random_match
from games.models import Hand, HandEvent, Match

from .conftest import client_for
from .helpers import RECORDS

# CI's second phase: the rows written with PostgreSQL's COPY (games/services.py)
pytestmark = pytest.mark.services

# A record whose penalty settles a renuncio it shows cannot be entered live (the engine
# refuses the provable revoke at once; the scorer records the penalty instead), so it has
# no event-by-event twin; test_penalty.py covers its import.
VALID = sorted(
    p
    for p in RECORDS.rglob("valid_*.json")
    if not p.name.endswith(".expected.json") and "penalty_settles" not in p.name
)


def long_record(hands: int, seed: int = 1, with_deal: bool = True):
    rules = CuatrolaRules(match="hands", target=hands)
    return random_match(random.Random(seed), rules, with_deal=with_deal, max_hands=hands)


def rows_of(match: Match) -> tuple:
    """Everything written for a match, but its id and timestamps."""
    match.refresh_from_db()
    return (
        (match.status, match.live, match.version),
        list(match.units.values_list("unit", "score", "is_winner", "hands_won", "counters")),
        list(
            match.hands.order_by("number").values_list(
                "number", "dealer", "header", "deal", "next_seq", "complete", "summary"
            )
        ),
        list(
            HandEvent.objects.filter(hand__match=match)
            .order_by("hand__number", "seq")
            .values_list("hand__number", "seq", "kind", "seat", "card", "data", "entered_by")
        ),
    )


def new_match(setup, record) -> Match:
    return services.create_match(
        club=setup.club,
        players=setup.players,
        user=setup.scorer,
        rules=record.rules.as_dict(),
        first_dealer=record.hands[0].dealer if record.hands else 0,
    )


@pytest.mark.parametrize(
    "source",
    [*VALID, "random 12 hands with the deal", "random 12 hands without it"],
    ids=lambda p: getattr(p, "stem", p),
)
def test_a_bulk_import_leaves_the_rows_that_live_entry_leaves(setup, source):
    if isinstance(source, str):
        record = long_record(12, seed=len(source), with_deal="with the deal" in source)
    else:
        record = load_record(source.read_bytes())
    imported = new_match(setup, record)
    services.record_hands(imported, record, setup.scorer)
    entered = new_match(setup, record)
    for number, hand in enumerate(record.hands, 1):
        for event in hand_events(hand):
            row = entered.hands.get(number=number)
            services.record_event(row, row.next_seq, event_to_dict(event), setup.scorer)
    assert rows_of(imported) == rows_of(entered)
    assert rows_of(imported)[2], "the record has events"


def test_an_import_costs_the_same_queries_for_10_and_for_100_hands(setup):
    def queries(hands: int) -> list[str]:
        record = long_record(hands, seed=hands)
        with CaptureQueriesContext(connection) as captured:
            services.import_record(setup.club, record, setup.scorer)
        assert Hand.objects.filter(match=Match.objects.first(), complete=True).count() == hands
        # SQLite splits a bulk insert into batches of its few hundred parameters
        return [
            q["sql"]
            for q in captured
            if connection.vendor == "postgresql" or not q["sql"].startswith("INSERT")
        ]

    queries(3)  # the user's roles are read once, then kept on the user
    short, long = queries(10), queries(100)
    assert len(short) == len(long)
    assert len(long) < 40


def test_the_reviews_800_hand_record_is_imported_in_one_request(setup):
    record = long_record(800, seed=800)
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/",
        {"club": "pena", "record": json.loads(dump_record(record))},
        format="json",
    )
    assert response.status_code == 201, response.json()
    match = Match.objects.get(pk=response.json()["id"])
    assert match.hands.count() == 800
    events = sum(len(hand_events(h)) for h in record.hands)
    assert HandEvent.objects.filter(hand__match=match).count() == events


def doc(hands: int) -> dict:
    return json.loads(dump_record(long_record(hands)))


@override_settings(IMPORT_MAX_HANDS=4)
def test_a_record_over_the_hand_cap_is_refused_whole(setup):
    client = client_for(setup.scorer)
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc(5)}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    # English for programs, the reader's language (the site's Spanish) for people
    assert body.pop("detail") == "el registro tiene 5 manos; se importan como mucho 4"
    assert body == {
        "rule": None,
        "message": "the record has 5 hands; at most 4 are imported",
        "item": {"field": "record", "hands": 5},
    }
    assert (Match.objects.count(), HandEvent.objects.count()) == (0, 0)
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc(4)}, format="json"
    )
    assert response.status_code == 201


def test_a_body_over_the_size_cap_is_413_before_it_is_read(setup):
    record = doc(2)
    record["event"] = "x" * (1024 * 1024)  # the default cap: 1 MiB
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": record}, format="json"
    )
    assert response.status_code == 413
    assert response.json()["item"] == {"field": "record", "max_bytes": 1024 * 1024}
    assert response.json()["message"].startswith("record: the request is 1,04")
    assert response.json()["rule"] is None
    assert Match.objects.count() == 0


@override_settings(IMPORT_MAX_BYTES=1000)
def test_an_uploaded_file_over_the_size_cap_is_413(setup, tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc(3)))
    assert path.stat().st_size > 1000
    with path.open("rb") as handle:
        response = client_for(setup.scorer).post(
            "/api/v1/matches/import/", {"club": "pena", "file": handle}, format="multipart"
        )
    assert response.status_code == 413
    body = response.json()
    length = int(response.request["CONTENT_LENGTH"])
    assert body.pop("detail") == (  # Spanish, its numbers as Spanish writes them
        f"file: la petición ocupa {length} bytes; se aceptan como mucho 1000"
    )
    assert body == {
        "rule": None,
        "message": f"file: the request is {length:,} bytes; at most 1,000 are accepted",
        "item": {"field": "file", "max_bytes": 1000},
    }
    assert Match.objects.count() == 0
