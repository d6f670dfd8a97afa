"""Bad input is a JSON 4xx naming what is wrong, never a 500 (issue 9, items 4, 5, 10, 11)."""

import io
import json

import pytest
from django.db import connections
from django.db.utils import load_backend
from rest_framework.test import APIClient

from games.engine import hand_events
from games.engine.cuatrola import event_to_dict
from games.models import HandEvent, Match

from .conftest import client_for
from .helpers import RECORDS, create_match, post_event, record

# CI's second phase: what PostgreSQL refuses and SQLite stores (length, NUL, range)
pytestmark = pytest.mark.services

DEEP = "[" * 100_000  # what a hostile client sends: Python's json recurses on it
DEEPLY_CLOSED = "[" * 5_000 + "]" * 5_000  # well-formed, and still too deep for the parser


def _no_server_error(response) -> dict:
    """The body of a refused request: the API's one error shape, as JSON."""
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    body = response.json()
    assert set(body) >= {"rule", "message", "item"}, body
    return body


def _api_urls(setup) -> list[str]:
    client = client_for(setup.organiser)
    match_id = create_match(client, setup.players)["id"]
    return [
        "/api/v1/matches/",
        "/api/v1/matches/import/",
        f"/api/v1/matches/{match_id}/events/",
        f"/api/v1/matches/{match_id}/undo/",
        "/api/v1/clubs/pena/players/",
        "/api/v1/clubs/pena/device-tokens/",
    ]


@pytest.mark.parametrize("text", [DEEP, DEEPLY_CLOSED], ids=["unclosed", "closed"])
def test_deeply_nested_json_is_a_400_on_every_write(setup, text):
    client = client_for(setup.organiser)
    for url in _api_urls(setup):
        response = client.post(url, text, content_type="application/json")
        assert response.status_code == 400, url
        body = _no_server_error(response)
        assert body["rule"] is None
        assert "nested deeper than 32 levels" in body["message"], (url, body)
    assert Match.objects.count() == 1  # only the one _api_urls created


def test_nesting_up_to_the_limit_is_read(setup):
    """32 levels are read (a card-record needs 6); the 33rd is refused."""
    client = client_for(setup.organiser)
    nested_32 = {"club": "pena", "players": [p.pk for p in setup.players]}
    leaf = inner = {}
    for _ in range(30):  # body (1) + rules (2) + 30 more objects = 32
        inner["x"] = {}
        inner = inner["x"]
    nested_32["rules"] = leaf
    response = client.post("/api/v1/matches/", nested_32, format="json")
    # read, then refused by the rules' own check: an unknown option, not the depth
    assert response.status_code == 400
    assert "nested" not in response.json()["message"]
    assert response.json()["item"]["field"] == "rules"
    inner["x"] = {}
    response = client.post("/api/v1/matches/", nested_32, format="json")
    assert response.status_code == 400
    assert "nested deeper than 32 levels" in response.json()["message"]


def test_deeply_nested_record_in_a_form_field_or_a_file_is_a_400(setup):
    client = client_for(setup.scorer)
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "record": DEEP}, format="multipart"
    )
    assert response.status_code == 400
    body = _no_server_error(response)
    assert body["item"]["field"] == "record"
    upload = io.BytesIO(DEEP.encode())
    upload.name = "deep.json"
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "file": upload}, format="multipart"
    )
    assert response.status_code == 400
    body = _no_server_error(response)
    assert (body["rule"], body["item"]) == (None, {"field": "record"})
    assert "nested too deeply" in body["message"]
    assert Match.objects.count() == 0


# ------------------------------------------------------------------- item 5: every length
def _importable() -> dict:
    return json.loads((RECORDS / "valid_reference_hand_in_progress_match.json").read_text())


@pytest.mark.parametrize(
    ("field", "value", "limit"),
    [("event", "E" * 201, 200), ("seats", "S" * 81, 80)],
)
def test_import_refuses_texts_longer_than_their_column(setup, field, value, limit):
    doc = _importable()
    if field == "seats":
        doc["seats"][2] = value
    else:
        doc[field] = value
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc}, format="json"
    )
    assert response.status_code == 400
    body = _no_server_error(response)
    assert (body["rule"], body["item"]) == (None, {"field": field})
    assert f"at most {limit} characters" in body["message"]
    assert Match.objects.count() == 0


def test_import_keeps_texts_of_the_longest_allowed_length(setup):
    doc = _importable()
    doc["event"] = "E" * 200
    doc["seats"][2] = "S" * 80
    response = client_for(setup.scorer).post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc}, format="json"
    )
    assert response.status_code == 201, response.json()
    match = Match.objects.get()
    assert match.name == "E" * 200
    assert match.seats.get(number=2).player.display_name == "S" * 80


# ------------------------------------------------------------ item 10: errors are JSON
TEN_MB = 10 * 1024 * 1024


def test_a_body_over_the_limit_is_a_json_413(setup):
    client = client_for(setup.scorer)
    big = json.dumps({"club": "pena", "players": [1, 2, 3, 4], "name": "x" * TEN_MB})
    response = client.post("/api/v1/matches/", big, content_type="application/json")
    assert response.status_code == 413
    body = _no_server_error(response)
    assert (body["rule"], body["item"]) == (None, {})
    assert "2621440 bytes" in body["message"]
    assert Match.objects.count() == 0
    # a form-encoded body is capped too (match writes take JSON only: players take forms)
    form = "display_name=" + "x" * TEN_MB
    response = client_for(setup.organiser).post(
        "/api/v1/clubs/pena/players/", form, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 413
    assert "2621440 bytes" in _no_server_error(response)["message"]


def test_a_page_body_over_the_limit_is_413(client, db):
    response = client.post("/records/check/", {"text": "x" * TEN_MB})
    assert response.status_code == 413


@pytest.mark.parametrize(
    "url", ["/api/v1/nothing-here/", "/api/v1/matches/abc/", "/api/v1/matches/1/nope/"]
)
def test_unrouted_api_paths_are_a_json_404(client, db, url):
    response = client.get(url)
    assert response.status_code == 404
    assert _no_server_error(response) == {
        "rule": None,
        "message": "Not found.",
        "detail": "No encontrado.",  # for a person: Spanish unless the request asks otherwise
        "item": {},
    }


def test_unrouted_pages_stay_html(client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


@pytest.fixture
def database_down(db, tmp_path):
    """The default connection pointed at a database that refuses it: PostgreSQL on port 1
    (nothing listens there), SQLite in a folder that does not exist. A real failed
    connection, not a mock; the working connection is put back afterwards."""
    working = connections["default"]
    refused = dict(working.settings_dict)
    if working.vendor == "sqlite":
        refused["NAME"] = str(tmp_path / "missing" / "db.sqlite3")
    else:
        refused.update(HOST="127.0.0.1", PORT="1")
    broken = load_backend(refused["ENGINE"]).DatabaseWrapper(refused, "default")
    connections["default"] = broken
    yield APIClient(raise_request_exception=False)
    broken.close()
    connections["default"] = working


def test_api_answers_503_json_while_the_database_is_down(setup, database_down):
    client = database_down
    for method, url, headers in [
        ("get", "/api/v1/matches/", {}),
        ("get", "/api/v1/tournaments/1/standings/", {}),
        # a token is looked up in the database before the view runs
        ("post", "/api/v1/matches/1/events/", {"HTTP_AUTHORIZATION": "Token 0123456789"}),
    ]:
        response = getattr(client, method)(url, **headers)
        assert response.status_code == 503, url
        body = _no_server_error(response)
        # for a person: Spanish unless the request asks otherwise
        assert (
            body.pop("detail") == "la base de datos no responde: inténtalo de nuevo en un momento"
        )
        assert body == {
            "rule": None,
            "message": "the database is not answering: try again shortly",
            "item": {},
        }
        assert response["Retry-After"] == "5"


def test_pages_answer_503_while_the_database_is_down(setup, database_down):
    response = database_down.get("/clubs/pena/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503
    assert "The database is not answering" in response.content.decode()


def test_healthz_reports_a_down_database_without_its_error_text(setup, database_down):
    response = database_down.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "down"
    assert body["database"]["ok"] is False
    assert "error" not in body["database"]
    text = response.content.decode()
    for leak in ("127.0.0.1", "missing", "unable to open", "refused", '"error"'):
        assert leak not in text


# ------------------------------------------------------ item 11: retries without "hand"
def test_resending_the_event_that_completed_a_hand_without_hand_is_a_200(setup):
    """The docs' curl examples leave "hand" out: a retry of the hand's last event must be
    answered with the state, as it is when "hand" is given."""
    client = client_for(setup.scorer)
    rec = record("valid_reference_hand_in_progress_match.json")
    state = create_match(client, setup.players, first_dealer=3)
    events = [event_to_dict(e) for e in hand_events(rec.hands[0])]
    for event in events[:-1]:
        state = post_event(client, state["id"], state, event)
    last = {"expected_seq": state["current"]["next_seq"], **events[-1]}
    url = f"/api/v1/matches/{state['id']}/events/"
    first = client.post(url, last, format="json")
    assert first.status_code == 201, first.json()
    assert (first.json()["current"]["hand"], first.json()["score"]) == (2, [1, 0])
    count = HandEvent.objects.count()
    again = client.post(url, last, format="json")
    assert again.status_code == 200, again.json()
    assert again.json() == first.json()
    assert HandEvent.objects.count() == count
    # the next hand dealt by another device: the late retry is still recognised
    state = post_event(client, state["id"], first.json(), {"kind": "deal", "trump_card": "1o"})
    late = client.post(url, last, format="json")
    assert late.status_code == 200
    assert late.json()["current"]["next_seq"] == 1
    # but another event at that number is stale, not taken for a retry
    other = {**last, "card": "1o"} if last["kind"] == "play" else {**last, "kind": "call"}
    assert client.post(url, other, format="json").status_code == 409
    assert HandEvent.objects.count() == count + 1


def test_a_private_clubs_player_in_a_new_match_reads_as_no_such_player(setup):
    """A new match naming a player of a private club the user may not read is refused as
    an id that names no player at all (400 on ``players``, the same words): "every player
    must belong to the match's club" told that the private club's player exists."""
    from tests.factories import ClubFactory, PlayerFactory

    hidden = PlayerFactory(club=ClubFactory(slug="secreta", is_private=True))
    others = [p.pk for p in setup.players[1:4]]
    answers = []
    for pk in (hidden.pk, hidden.pk + 1000):
        response = client_for(setup.organiser).post(
            "/api/v1/matches/", {"club": "pena", "players": [pk, *others]}, format="json"
        )
        assert response.status_code == 400
        body = _no_server_error(response)
        assert body["item"]["field"] == "players"
        answers.append(body["message"].replace(str(pk), "<id>"))
    assert answers[0] == answers[1], answers
    assert not Match.objects.filter(club__slug="pena").exists()
