"""Records in and out through the same write path as live entry."""

import json

import pytest

from games.engine import check_record, dump_record, load_record
from games.models import HandEvent, Match

from .conftest import client_for
from .helpers import RECORDS

VALID = sorted(p for p in RECORDS.rglob("valid_*.json") if not p.name.endswith(".expected.json"))


def normalised(doc: dict) -> dict:
    """Key order, the full rules and cantes ordered by trick: the same match either way."""
    doc = json.loads(dump_record(load_record(json.dumps(doc))))
    doc["rules"] = load_record(json.dumps(doc)).rules.as_dict()
    for hand in doc["hands"]:
        hand.get("cantes", []).sort(key=lambda c: c["after_trick"])
    return doc


@pytest.mark.services  # the rows written with PostgreSQL's COPY
@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_import_then_export_gives_the_record_back(setup, path):
    original = json.loads(path.read_text())
    client = client_for(setup.scorer)
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "record": original}, format="json"
    )
    assert response.status_code == 201, response.json()
    state = response.json()
    expected = check_record(load_record(path.read_bytes()))
    assert state["score"] == expected["score"]
    assert state["status"] == ("finished" if expected["finished"] else "in_progress")
    exported = client.get(f"/api/v1/matches/{state['id']}/export/").json()
    assert normalised(exported) == normalised(original)


def test_import_a_file_upload(setup):
    path = RECORDS / "valid_exact_target_passed_by_opponents_failure.json"
    with path.open("rb") as handle:
        response = client_for(setup.organiser).post(
            "/api/v1/matches/import/", {"club": "pena", "file": handle}, format="multipart"
        )
    assert response.status_code == 201
    assert response.json()["score"] == [0, 12]


def test_an_invalid_record_is_refused_with_the_checkers_error_and_nothing_written(setup):
    path = RECORDS / "invalid_c7_revoke_proved_later_no_deal.json"
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())["error"]
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/",
        {"club": "pena", "record": json.loads(path.read_text())},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["rule"] == "C7"
    assert body["item"] == {k: v for k, v in expected.items() if k not in ("rule", "message")}
    assert (Match.objects.count(), HandEvent.objects.count()) == (0, 0)


@pytest.mark.parametrize(
    ("record", "field"),
    [({"format": "card-record", "version": 7}, "record"), ("not an object", "record")],
)
def test_unreadable_records_are_400(setup, record, field):
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": record}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["item"]["field"] == field


def test_import_needs_seat_names_and_the_role(setup):
    doc = json.loads((RECORDS / "valid_reference_hand_in_progress_match.json").read_text())
    del doc["seats"]
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc}, format="json"
    )
    assert (response.status_code, response.json()["item"]["field"]) == (400, "seats")
    response = client_for(setup.other_scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc}, format="json"
    )
    assert response.status_code == 403


@pytest.mark.services  # PostgreSQL refuses NUL in text
@pytest.mark.parametrize(
    ("method", "url", "body"),
    [
        ("post", "/api/v1/matches/", {"club": "pe\x00na", "players": [1, 2, 3, 4]}),
        ("get", "/api/v1/matches/?club=pe%00na", None),
        ("get", "/api/v1/tournaments/?club=pe%00na", None),
    ],
)
def test_nul_characters_are_refused_not_sent_to_the_database(setup, method, url, body):
    """PostgreSQL refuses NUL in text: the API must answer 400 before any query."""
    client = client_for(setup.scorer)
    response = getattr(client, method)(url, body, format="json") if body else client.get(url)
    assert response.status_code == 400


@pytest.mark.services  # PostgreSQL refuses NUL in text
def test_import_refuses_nul_in_names(setup):
    doc = json.loads((RECORDS / "valid_reference_hand_in_progress_match.json").read_text())
    doc["seats"][0] = "A\x00na"
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc}, format="json"
    )
    assert (response.status_code, response.json()["item"]["field"]) == (400, "seats")


def test_a_renuncio_settled_by_its_penalty_imports_replays_and_undoes_whole(setup):
    """RECORD_FORMAT.md ``penalty``: the paper record shows seat 1's revoke (10b at trick
    1, proved by its 11e at trick 2) and the penalty that settles it. The import stores
    the revoke; every replay of the stored log tells the hand its penalty first; an undo
    that would keep the proof but drop the penalty is refused and removes nothing."""
    path = RECORDS / "valid_penalty_settles_the_renuncio_the_record_shows.json"
    client = client_for(setup.organiser)
    response = client.post(
        "/api/v1/matches/import/",
        {"club": "pena", "record": json.loads(path.read_text())},
        format="json",
    )
    assert response.status_code == 201, response.json()
    match_id = response.json()["id"]
    assert response.json()["score"] == [1, 0]
    # deal 0, calls 1-4, plays 5-12 (seat 1's 10b is event 6, its 11e event 12), penalty 13
    kinds = list(HandEvent.objects.order_by("seq").values_list("seq", "kind", "card"))
    assert kinds[6] == (6, "play", "10b")
    assert kinds[12:] == [(12, "play", "11e"), (13, "penalty", "")]
    assert client.get(f"/api/v1/matches/{match_id}/").json()["score"] == [1, 0]  # replayed

    url = f"/api/v1/matches/{match_id}/undo/"
    last = {"hand": 1, "last_seq": 13, "reopen": True}  # hand 1 is complete
    response = client.post(url, last, format="json")
    assert response.status_code == 400
    body = response.json()
    assert (body["rule"], body["item"]) == ("C12", {"hand": 1, "trick": 1, "position": 2})
    assert "seat 1 played 10b" in body["message"]
    assert HandEvent.objects.count() == 14

    # undoing the proof with the penalty is fine: nothing left proves the revoke
    response = client.post(url, {"hand": 1, "to_seq": 12, "reopen": True}, format="json")
    assert response.status_code == 200, response.json()
    current = response.json()["current"]
    assert (current["phase"], current["next_seq"], response.json()["score"]) == (
        "playing",
        12,
        [0, 0],
    )
