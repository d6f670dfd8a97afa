"""Recording matches through the API: whole matches, refusals, retries, undo."""

import json

import pytest

from games.engine import hand_events
from games.engine.cuatrola import event_to_dict
from games.models import Hand, HandEvent, Match, MatchUnit, UndoRecord

from .conftest import client_for
from .helpers import RECORDS, create_match, post_event, post_hand, record

SHARED = RECORDS / "shared"


@pytest.mark.parametrize(
    "name",
    [
        # 10 hands: solos (made and failed), cantes of 20 and 40, plain hands, to 11
        "valid_003_exact11_q_none_calm",
        # a failed quintola, a failed cuatrola, cantes, to exactly 11
        "valid_014_exact11_q_all",
    ],
)
def test_a_whole_match_recorded_card_by_card_scores_as_the_spec_says(setup, name):
    """The expected score after each hand is the specification's own (hand-computed)."""
    expected = json.loads((SHARED / f"{name}.expected.json").read_text())
    rec = record(f"shared/{name}.json")
    client = client_for(setup.scorer)
    state = create_match(
        client, setup.players, rules=rec.rules.as_dict(), first_dealer=rec.hands[0].dealer
    )
    for hand, summary in zip(rec.hands, expected["hands"], strict=True):
        state = post_hand(client, state["id"], state, hand)
        done = state["hands"][summary["number"] - 1]
        assert done["complete"] is True
        assert done["result"] == summary
        assert state["score"] == summary["score_after"]
    assert state["status"] == "finished"
    assert (state["score"], state["winner_side"]) == (expected["score"], expected["winner_side"])
    assert state["current"]["phase"] == "complete"
    # nothing more can be dealt
    body = post_event(client, state["id"], state, {"kind": "deal", "trump_card": "1o"}, 400)
    assert body["rule"] == "C11"


def test_the_hand_in_play_shows_turn_trick_known_cards_and_legal_moves(setup):
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    deal = [
        r.split()
        for r in [
            "1o 3o 12c 11c 10e",
            "12o 1c 3c 10b 11e",
            "11o 10c 1e 3e 12b",
            "10o 12e 1b 3b 11b",
        ]
    ]
    state = post_event(
        client, state["id"], state, {"kind": "deal", "trump_card": "10o", "deal": deal}
    )
    for call in ["pass"] * 4:
        state = post_event(client, state["id"], state, {"kind": "call", "call": call})
    state = post_event(client, state["id"], state, {"kind": "play", "card": "10e"})
    current = state["current"]
    assert (current["phase"], current["to_act"], current["next_seq"]) == ("playing", 1, 6)
    assert current["trick"] == [{"seat": 0, "card": "10e"}]
    assert current["legal"]["cards"] == ["11e"]  # must beat 10e (C7.2)
    assert current["known"]["1"] == ["12o", "1c", "3c", "10b", "11e"]


def test_without_the_deal_the_dealers_trump_card_is_known(setup):
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    state = post_event(client, state["id"], state, {"kind": "deal", "trump_card": "10o"})
    current = state["current"]
    assert current["known"] == {"0": [], "1": [], "2": [], "3": ["10o"]}
    assert current["legal"]["cards"] is None
    assert current["legal"]["calls"][0] == "pass"


def _snapshot():
    return (
        HandEvent.objects.count(),
        Hand.objects.count(),
        list(Match.objects.values_list("version", "status")),
        list(MatchUnit.objects.values_list("match_id", "unit", "score", "hands_won", "counters")),
    )


@pytest.fixture
def playing(setup):
    """A match after the deal (no deal entered, dealer 3, trump 10o), calls and 10e 10b."""
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    for event in [{"kind": "deal", "trump_card": "10o"}] + [{"kind": "call", "call": "pass"}] * 4:
        state = post_event(client, state["id"], state, event)
    for card in ["10e", "10b", "3e", "12e", "1e", "10o", "3o"]:
        state = post_event(client, state["id"], state, {"kind": "play", "card": card})
    return client, state


@pytest.mark.parametrize(
    ("event", "rule", "item"),
    [
        # seat 1 now shows 11e: it revoked at trick 1 (V2 proves it; the error names trick 1)
        (
            {"kind": "play", "card": "11e"},
            "C7",
            {"hand": 1, "trick": 1, "position": 2, "seat": 1, "card": "10b"},
        ),
        ({"kind": "play", "card": "10e"}, "V1", {"trick": 2, "position": 4, "card": "10e"}),
        # not a card of the deck: V1 as in a record (RECORD_FORMAT.md), at the body's field
        ({"kind": "play", "card": "7o"}, "V1", {"field": "card"}),
        ({"kind": "call", "call": "solo"}, "C3", {"call": 5}),
        ({"kind": "cante", "seat": 0, "suit": "c"}, "C9", {"trick": 1, "cante": 1}),
        ({"kind": "deal", "trump_card": "1o"}, None, {"field": "expected_seq"}),
        # a penalty is judged by the engine, as in a record: no rule is not taken as C7,
        # and a seat that is none is named as nobody's (C12)
        ({"kind": "penalty", "seat": 1}, "C12", {"hand": 1, "seat": 1}),
        ({"kind": "penalty", "seat": 7, "rule": "C7"}, "C12", {"hand": 1, "seat": None}),
    ],
)
def test_refused_events_name_the_rule_and_write_nothing(playing, event, rule, item):
    client, state = playing
    before = _snapshot()
    current = state["current"]
    body = {"hand": 1, "expected_seq": current["next_seq"], **event}
    response = client.post(f"/api/v1/matches/{state['id']}/events/", body, format="json")
    expected_status = 409 if item == {"field": "expected_seq"} else 400
    assert response.status_code == expected_status, response.json()
    error = response.json()
    assert error["rule"] == rule
    assert error["message"]
    assert item.items() <= error["item"].items()
    assert _snapshot() == before


def test_c4_and_c12_through_the_api(setup):
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, rules={"renuncio_penalty": False})
    state = post_event(client, state["id"], state, {"kind": "deal", "trump_card": "1o"})
    for _ in range(4):  # calls that stop short would be the error first (C3, issue 20)
        state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
    body = post_event(client, state["id"], state, {"kind": "penalty", "seat": 1}, 400)
    assert body["rule"] == "C12"
    state = create_match(client, setup.players, rules={"target": 3})
    state = post_event(client, state["id"], state, {"kind": "deal", "trump_card": "1o"})
    body = post_event(client, state["id"], state, {"kind": "call", "call": "cuatrola"}, 400)
    assert (body["rule"], body["item"]["call"]) == ("C4", 1)


def test_malformed_bodies_are_400_with_the_field(setup, playing):
    client, state = playing
    url = f"/api/v1/matches/{state['id']}/events/"
    response = client.post(url, {"kind": "play", "card": "1o"}, format="json")
    assert (response.status_code, response.json()["item"]["field"]) == (400, "expected_seq")
    response = client.post(url, {"expected_seq": 9, "kind": "shout"}, format="json")
    assert (response.status_code, response.json()["item"]["field"]) == (400, "kind")
    response = client.post(url, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["rule"] is None
    assert client.get("/api/v1/matches/999999/").status_code == 404
    response = client.post("/api/v1/matches/", {"club": "pena", "players": [1]}, format="json")
    assert response.status_code == 400


@pytest.mark.services  # a stale write refused by the database
def test_a_stale_sequence_is_409_with_the_current_state(playing):
    client, state = playing
    before = _snapshot()
    body = {"hand": 1, "expected_seq": 3, "kind": "play", "card": "3b"}
    response = client.post(f"/api/v1/matches/{state['id']}/events/", body, format="json")
    assert response.status_code == 409
    assert response.json()["state"]["current"]["next_seq"] == state["current"]["next_seq"]
    assert _snapshot() == before


@pytest.mark.services  # a retry answered from the stored row
def test_a_resent_event_is_answered_not_repeated(playing):
    client, state = playing
    sent = {"hand": 1, "expected_seq": state["current"]["next_seq"], "kind": "play", "card": "12b"}
    url = f"/api/v1/matches/{state['id']}/events/"
    first = client.post(url, sent, format="json")
    assert first.status_code == 201
    count = HandEvent.objects.count()
    again = client.post(url, sent, format="json")
    assert again.status_code == 200
    assert again.json() == first.json()
    assert HandEvent.objects.count() == count


def test_undo_the_last_event_and_roll_a_hand_back_with_an_audit(setup, playing):
    _client, state = playing
    match_id = state["id"]
    organiser = client_for(setup.organiser)
    last = {"hand": 1, "last_seq": state["current"]["next_seq"] - 1}
    response = organiser.post(f"/api/v1/matches/{match_id}/undo/", last, format="json")
    assert response.status_code == 200
    assert response.json()["current"]["trick"] == [
        {"seat": 2, "card": "1e"},
        {"seat": 3, "card": "10o"},
    ]
    assert response.json()["current"]["next_seq"] == state["current"]["next_seq"] - 1
    # roll hand 1 back to its 5th event (the first play): the plays are gone
    response = organiser.post(
        f"/api/v1/matches/{match_id}/undo/", {"hand": 1, "to_seq": 5}, format="json"
    )
    current = response.json()["current"]
    assert (current["phase"], current["next_seq"], current["tricks"]) == ("playing", 5, [])
    audits = list(UndoRecord.objects.order_by("at"))
    assert [len(a.removed) for a in audits] == [1, 6]
    assert audits[0].removed[0]["event"] == {"kind": "play", "card": "3o", "seat": 0}
    assert audits[1].user == setup.organiser
    response = organiser.post(f"/api/v1/matches/{match_id}/undo/", {"hand": 1}, format="json")
    assert response.status_code == 400


def test_undo_across_hands_reopens_the_finished_hand(setup):
    client = client_for(setup.scorer)
    rec = record("valid_reference_hand_in_progress_match.json")
    state = create_match(client, setup.players, first_dealer=3)
    state = post_hand(client, state["id"], state, rec.hands[0])
    assert (state["score"], state["current"]["phase"], state["current"]["hand"]) == (
        [1, 0],
        "deal",
        2,
    )
    url = f"/api/v1/matches/{state['id']}/undo/"
    # hand 1 is complete: undoing its last card takes its point off the score, so the
    # client must say it means it, in every form of the undo (nothing goes otherwise)
    last = {"hand": 1, "last_seq": 24}  # the card that closed trick 5
    for body in (last, {"hand": 1, "to_seq": 19}, {"hand": 2, "to_seq": 0}):
        response = client.post(url, body, format="json")
        if body.get("hand") == 2:  # hand 2 has no entry yet: nothing there to undo
            assert response.status_code == 409
            assert response.json()["item"] == {"field": "to_seq"}
            continue
        assert response.status_code == 409, body
        assert response.json()["item"] == {"field": "reopen"}
        assert "reopens hand 1, which is complete" in response.json()["message"]
        assert response.json()["state"]["score"] == [1, 0]  # every 409: the match as it is
        assert client.get(f"/api/v1/matches/{state['id']}/").json()["score"] == [1, 0]
    response = client.post(url, {**last, "reopen": True}, format="json")
    state = response.json()
    assert state["score"] == [0, 0]
    assert state["current"]["hand"] == 1
    assert state["current"]["phase"] == "playing"
    assert [h["number"] for h in state["hands"]] == [1]


@pytest.mark.services  # the query count is the backend's
def test_posting_an_event_costs_the_same_queries_early_and_late(setup):
    """The write path's query count does not grow with the match (one replay query)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    rec = record("shared/valid_003_exact11_q_none_calm.json")
    client = client_for(setup.scorer)
    state = create_match(
        client, setup.players, rules=rec.rules.as_dict(), first_dealer=rec.hands[0].dealer
    )
    counts = []
    for number, hand in enumerate(rec.hands[:6], 1):
        events = [event_to_dict(e) for e in hand_events(hand)]
        for i, event in enumerate(events):
            if i == 7 and number in (1, 6):  # a mid-trick play in hand 1 and in hand 6
                with CaptureQueriesContext(connection) as queries:
                    state = post_event(client, state["id"], state, event)
                counts.append(len(queries))
            else:
                state = post_event(client, state["id"], state, event)
    assert counts[0] == counts[1], counts


def test_derived_rows_can_be_dropped_and_rebuilt_from_the_events(setup):
    """DESIGN invariant: a match's score and hands' summaries are a function of its events."""
    from games import services

    rec = record("shared/valid_014_exact11_q_all.json")
    client = client_for(setup.scorer)
    state = create_match(
        client, setup.players, rules=rec.rules.as_dict(), first_dealer=rec.hands[0].dealer
    )
    for hand in rec.hands:
        state = post_hand(client, state["id"], state, hand)
    match = Match.objects.get(pk=state["id"])
    units = ("unit", "score", "is_winner", "hands_won", "counters")
    expected = (
        list(match.hands.values_list("number", "header", "summary", "complete", "next_seq")),
        list(match.units.values_list(*units)),
        match.status,
        match.live,
    )
    Hand.objects.filter(match=match).update(summary=None, complete=False, next_seq=0, header={})
    Match.objects.filter(pk=match.pk).update(status="in_progress", live={})
    MatchUnit.objects.filter(match=match).delete()
    services.rebuild(match)
    match.refresh_from_db()
    assert (
        list(match.hands.values_list("number", "header", "summary", "complete", "next_seq")),
        list(match.units.values_list(*units)),
        match.status,
        match.live,
    ) == expected
    assert expected[1][0][1:3] == (11, True)  # the spec's final score: side 0 won


def test_a_call_or_a_card_before_the_deal_is_refused_by_the_rule_not_as_stale(setup):
    """A new match, and hand 2 waiting for its deal: a call or a card there is an event
    out of order (C1: the first event of a hand is the deal), a 400 naming C1 — not a 409
    telling the client its view is stale (it is not: it would send it again)."""
    client = client_for(setup.scorer)
    rec = record("valid_reference_hand_in_progress_match.json")
    state = create_match(client, setup.players, first_dealer=3)
    url = f"/api/v1/matches/{state['id']}/events/"
    for event in ({"kind": "call", "call": "pass"}, {"kind": "play", "card": "1o"}):
        response = client.post(url, {"expected_seq": 0, "hand": 1, **event}, format="json")
        assert response.status_code == 400, response.json()
        assert response.json()["rule"] == "C1"
        assert "the first event is the deal" in response.json()["message"]
    assert HandEvent.objects.filter(hand__match_id=state["id"]).count() == 0
    state = post_hand(client, state["id"], state, rec.hands[0])
    assert (state["current"]["hand"], state["current"]["phase"]) == (2, "deal")
    response = client.post(
        url, {"expected_seq": 0, "hand": 2, "kind": "call", "call": "pass"}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert (response.json()["rule"], response.json()["item"]["hand"]) == ("C1", 2)
    assert response.json()["message"] == ("hand 2 has not been dealt: its first event is the deal")
    assert response.json()["detail"] == "la mano 2 no se ha repartido: lo primero es el reparto"
    # naming the finished hand 1 is still a stale view of the match: 409 with its state
    response = client.post(
        url, {"expected_seq": 0, "hand": 1, "kind": "call", "call": "pass"}, format="json"
    )
    assert response.status_code == 409
