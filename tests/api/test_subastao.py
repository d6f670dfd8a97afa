"""Subastao end to end through the same write path as Cuatrola: matches of three seats
(each for himself) or four (two sides) created, recorded event by event, read, rebuilt,
imported and exported through the API — the results the same as ``score_record`` gives
for the record (shared/examples, tests/engine/records)."""

import io
import json

import pytest
from django.core.management import call_command

from games import services
from games.engine import find_game, hand_events, load_record
from games.models import Hand, Match, MatchUnit
from games.results import UnitResult, unit_results

from .conftest import client_for
from .helpers import RECORDS, match_now, post_event

SUBASTAO = sorted(
    p for p in RECORDS.rglob("subastao_valid_*.json") if not p.name.endswith(".expected.json")
)
# a penalty that settles a revoke the record shows cannot be entered live (the revoke is
# refused at once: the scorer records the penalty instead); the import takes it
LIVE = [p for p in SUBASTAO if "penalty_settles" not in p.name]
EXAMPLE = RECORDS / "shared" / "subastao_valid_014_p3_t150_opponents_all.json"
COUNTERS = ("bids_won", "bids_made", "tutes", "cante_points")


def checked(path) -> dict:
    """What ``manage.py score_record`` prints for the record."""
    out = io.StringIO()
    call_command("score_record", str(path), stdout=out)  # a valid record exits with 0
    return json.loads(out.getvalue())


def record_live(client, setup, path) -> dict:
    """Create the record's match through the API and post every event of it."""
    rec = load_record(path.read_bytes())
    game = find_game("subastao")
    seats = game.seats(rec.rules)
    state = create_match_of(client, setup, rec, seats)
    for hand in rec.hands:
        for event in hand_events(hand):
            state = post_event(client, state["id"], state, game.event_to_dict(event))
    return match_now(client, state["id"])


def create_match_of(client, setup, rec, seats: int) -> dict:
    body = {
        "club": "pena",
        "game": "subastao",
        "players": [p.pk for p in setup.players[:seats]],
        "rules": rec.rules.as_dict(),
        "first_dealer": rec.hands[0].dealer,
    }
    response = client.post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def expected_units(rules, expected: dict) -> list[UnitResult]:
    """Each unit's result worked out from the checker's hands: a hand goes to the one unit
    that gained (none when two gained or none did); counters as the game defines them."""
    units = len(expected["score"])
    won = [0] * units
    counters = [dict.fromkeys(COUNTERS, 0) for _ in range(units)]
    for h in expected["hands"]:
        if h.get("complete") is False:
            continue
        gainers = [u for u, d in enumerate(h["delta"]) if d]
        if len(gainers) == 1:
            won[gainers[0]] += 1
        if not h["void"]:
            unit = rules.unit_of(h["bidder"])
            counters[unit]["bids_won"] += 1
            counters[unit]["bids_made"] += h["made"]
            if h["tute"] is not None:
                counters[rules.unit_of(h["tute"])]["tutes"] += 1
        for u, points in enumerate(h["cantes"]):
            counters[u]["cante_points"] += points
    return [
        UnitResult(u, expected["score"][u], expected["winner_side"] == u, won[u], counters[u])
        for u in range(units)
    ]


@pytest.mark.parametrize("path", LIVE, ids=lambda p: p.stem)
def test_recorded_event_by_event_it_scores_as_score_record_does(setup, path):
    expected = checked(path)
    assert expected["valid"] is True
    state = record_live(client_for(setup.scorer), setup, path)
    rules = find_game("subastao").parse_rules(state["rules"])
    assert state["game"] == "subastao"
    assert len(state["seats"]) == rules.players
    assert [h["result"] for h in state["hands"] if h["complete"]] == [
        h for h in expected["hands"] if h.get("complete") is not False
    ]
    assert state["score"] == expected["score"]
    assert state["winner_unit"] == expected["winner_side"]
    assert state["status"] == ("finished" if expected["finished"] else "in_progress")
    assert [(u["unit"], u["seats"], u["score"]) for u in state["units"]] == [
        (u, list(rules.unit_seats(u)), s) for u, s in enumerate(expected["score"])
    ]
    assert unit_results([state["id"]])[state["id"]] == expected_units(rules, expected)


def test_the_public_example_three_players_to_150(setup):
    """shared/examples: Carmen (seat 2) wins 170 to Blas 100 and Ana 0: Ana's 100 failed
    (each opponent scores it), Carmen made her 70."""
    state = record_live(client_for(setup.scorer), setup, EXAMPLE)
    assert state["units"] == [
        {"unit": 0, "seats": [0], "score": 0, "winner": False},
        {"unit": 1, "seats": [1], "score": 100, "winner": False},
        {"unit": 2, "seats": [2], "score": 170, "winner": True},
    ]
    assert (state["score"], state["winner_unit"], state["status"]) == (
        [0, 100, 170],
        2,
        "finished",
    )
    assert [h["header"] for h in state["hands"]] == [
        {"bid": 100, "bidder": 0, "trump": "o"},
        {"bid": 70, "bidder": 2, "trump": "o"},
    ]
    zero = dict.fromkeys(COUNTERS, 0)
    assert unit_results([state["id"]])[state["id"]] == [
        # Ana won the first auction and failed it: no hand went to a single unit
        UnitResult(0, 0, False, 0, {**zero, "bids_won": 1}),
        UnitResult(1, 100, False, 0, zero),
        UnitResult(2, 170, True, 1, {**zero, "bids_won": 1, "bids_made": 1}),
    ]
    match = Match.objects.prefetch_related("units").get(pk=state["id"])
    assert (match.score_text, match.winner_unit) == ("0–100–170", 2)


@pytest.mark.parametrize("path", SUBASTAO, ids=lambda p: p.stem)
def test_import_then_export_gives_the_record_back(setup, path):
    original = json.loads(path.read_text())
    client = client_for(setup.scorer)
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "record": original}, format="json"
    )
    assert response.status_code == 201, response.json()
    state = response.json()
    expected = checked(path)
    assert (state["game"], state["score"], state["winner_unit"]) == (
        "subastao",
        expected["score"],
        expected["winner_side"],
    )
    exported = client.get(f"/api/v1/matches/{state['id']}/export/").json()
    assert normalised(exported) == normalised(original)
    # the export checks as the original does (a revoke settled by its penalty included)
    again = checked_doc(exported)
    assert {k: v for k, v in again.items() if k != "file"} == {
        k: v for k, v in expected.items() if k != "file"
    }
    # and every replay of the stored log agrees with the import (the penalty told ahead)
    assert client.get(f"/api/v1/matches/{state['id']}/").json()["score"] == expected["score"]


def normalised(doc: dict) -> dict:
    """Key order, the full rules, and cantes ordered by trick: the same match either way."""
    rec = load_record(json.dumps(doc))
    out = json.loads(rec.dumps())
    out["rules"] = rec.rules.as_dict()
    for hand in out["hands"]:
        (hand.get("cantes") or []).sort(key=lambda c: c["after_trick"])
    return out


def checked_doc(doc: dict) -> dict:
    from games.engine import check_record

    return check_record(load_record(json.dumps(doc)))


def test_rebuild_gives_the_rows_the_write_path_left(setup):
    path = RECORDS / "subastao" / "subastao_valid_p3_tute_then_a_hand_in_the_auction.json"
    state = record_live(client_for(setup.scorer), setup, path)
    match = Match.objects.get(pk=state["id"])

    def rows():
        match.refresh_from_db()
        return (
            list(match.units.values_list("unit", "score", "is_winner", "hands_won", "counters")),
            list(
                match.hands.values_list(
                    "number", "dealer", "header", "deal", "summary", "complete", "next_seq"
                )
            ),
            match.status,
            match.live,
        )

    written = rows()
    assert written[3]["phase"] == "bidding"  # hand 2 is in its auction
    Hand.objects.filter(match=match).update(summary=None, complete=False, next_seq=0, header={})
    Match.objects.filter(pk=match.pk).update(status="finished", live={})
    MatchUnit.objects.filter(match=match).delete()
    services.rebuild(match)
    assert rows() == written


def test_the_legal_actions_of_a_three_player_hand_can_be_posted_as_they_are(setup):
    client = client_for(setup.scorer)
    rec = load_record(EXAMPLE.read_bytes())
    state = create_match_of(client, setup, rec, 3)
    url = f"/api/v1/matches/{state['id']}/legal/"
    assert client.get(url).json() == {
        "hand": 1,
        "next_seq": 0,
        "phase": "deal",
        "to_act": None,
        "deal_known": False,
        "actions": [{"kind": "deal"}],
        "in_hand": [0, 1, 2],
        "speech": [],
        "last_hand": None,
        "last_entry": None,
    }
    first = rec.hands[0]
    state = post_event(client, state["id"], state, {"kind": "deal", "deal": first.deal})
    body = client.get(url).json()
    speaker = (first.dealer + 1) % 3
    assert (body["phase"], body["to_act"], body["deal_known"]) == ("bidding", speaker, True)
    # S2: pass, or 60 to 230 in steps of 5
    assert body["actions"] == [{"kind": "bid", "bid": "pass", "seat": speaker}] + [
        {"kind": "bid", "bid": b, "seat": speaker} for b in range(60, 235, 5)
    ]
    state = post_event(client, state["id"], state, body["actions"][3])  # bids 70
    assert state["current"]["bid"] == 70
    assert client.get(url).json()["actions"][1] == {
        "kind": "bid",
        "bid": 75,
        "seat": (speaker + 1) % 3,
    }
    for _ in range(2):
        state = post_event(client, state["id"], state, {"kind": "bid", "bid": "pass"})
    body = client.get(url).json()
    assert (body["phase"], body["to_act"]) == ("trump", speaker)
    assert body["actions"] == [
        {"kind": "trump", "suit": s, "seat": speaker} for s in ("o", "c", "e", "b")
    ]
    state = post_event(client, state["id"], state, body["actions"][1])
    assert match_now(client, state["id"])["hands"][0]["header"] == {
        "bid": 70,
        "bidder": speaker,
        "trump": "c",
    }
    body = client.get(url).json()
    held = first.deal[speaker]
    assert body["phase"] == "playing"
    assert sorted(a["card"] for a in body["actions"]) == sorted(held)  # any card leads
    live = Match.objects.get(pk=state["id"]).live
    assert live == {
        "hand": 1,
        "phase": "playing",
        "dealer": first.dealer,
        "bid": 70,
        "bidder": speaker,
        "trump": "c",
        "tricks_won": [0, 0, 0],
        "to_act": speaker,
        "trick": [],
    }


@pytest.mark.parametrize(
    ("body", "field", "rule"),
    [
        ({"players": 4}, "players", None),  # three seats, four players
        ({"first_dealer": 3}, "first_dealer", "S1"),  # no seat 3 at a table of three
        ({"rules": {"players": 5}}, "rules", None),
    ],
)
def test_a_three_seat_table_is_checked_on_create(setup, body, field, rule):
    payload = {
        "club": "pena",
        "game": "subastao",
        "players": [p.pk for p in setup.players[: body.pop("players", 3)]],
        "rules": {"players": 3},
        **body,
    }
    response = client_for(setup.scorer).post("/api/v1/matches/", payload, format="json")
    assert response.status_code == 400, response.json()
    assert (response.json()["item"]["field"], response.json()["rule"]) == (field, rule)
    assert Match.objects.count() == 0


def test_the_match_page_tells_a_subastao_match(client, setup):
    state = record_live(client_for(setup.scorer), setup, EXAMPLE)
    html = client.get(f"/matches/{state['id']}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "0–100–170" in html
    assert "won by Carmen +70" in html  # hand 2: Carmen (seat 2) made her 70
    assert "+0 +100 +100" in html  # hand 1: Ana's 100 failed, both opponents score it
    assert html.count('<details class="hand"') == 2
