"""The events and undo bodies take JSON's own types and their own keys only (as the
schema says: integers, booleans, ``additionalProperties: false``): ``"0"``, ``2.0`` or
``true`` for a number, ``"yes"`` for ``reopen``, or a key the event does not have, is a
400 naming the field, and nothing is stored or removed."""

import pytest

from games.api.serializers import EventSerializer
from games.engine import games
from games.models import HandEvent, UndoRecord

from .conftest import client_for
from .helpers import create_match, post_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealt(setup):
    """A Cuatrola match, hand 1 dealt (event 0): the next is event 1, a call."""
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    state = post_event(client, state["id"], state, {"kind": "deal", "trump_card": "10o"})
    return client, state["id"]


def post(client, match_id: int, body: dict):
    return client.post(f"/api/v1/matches/{match_id}/events/", body, format="json")


CALL = {"hand": 1, "expected_seq": 1, "kind": "call", "call": "pass"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"expected_seq": "1"}, "expected_seq"),
        ({"expected_seq": 1.0}, "expected_seq"),
        ({"expected_seq": True}, "expected_seq"),
        ({"hand": 1.0}, "hand"),
        ({"hand": "1"}, "hand"),
        ({"hand": True}, "hand"),
        ({"seat": "0"}, "seat"),
        ({"call": 1}, "call"),
    ],
)
def test_a_value_of_another_json_type_is_a_400_naming_it(dealt, change, field):
    client, match_id = dealt
    response = post(client, match_id, {**CALL, **change})
    assert response.status_code == 400, response.json()
    body = response.json()
    assert (body["rule"], body["item"]["field"]) == (None, field)
    assert HandEvent.objects.count() == 1  # the deal only


def test_a_card_as_a_number_is_refused_not_read_as_text(dealt):
    client, match_id = dealt
    response = client.post(
        f"/api/v1/matches/{match_id}/events/",
        {"hand": 1, "expected_seq": 0, "kind": "deal", "deal": [[1, 3]]},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["item"]["field"] == "deal"


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"colour": "red"}, "colour"),  # no game has it
        ({"trump_card": "10o"}, "trump_card"),  # a deal's, not a call's
        ({"tute": "caballos"}, "tute"),  # Subastao's cante, not Cuatrola's call
    ],
)
def test_a_key_the_event_does_not_have_is_a_400_naming_it(dealt, extra, field):
    client, match_id = dealt
    response = post(client, match_id, {**CALL, **extra})
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["item"]["field"] == field
    assert body["message"] == f"{field}: no such key in an event of this kind"
    assert HandEvent.objects.count() == 1


def test_a_key_of_another_games_kind_is_refused_in_this_game(dealt):
    """``tute`` is a Subastao cante's; Cuatrola's cante has seat, suit, after_trick."""
    client, match_id = dealt
    body = {"hand": 1, "expected_seq": 1, "kind": "cante", "seat": 0, "suit": "o", "tute": "x"}
    response = post(client, match_id, body)
    assert response.status_code == 400
    assert response.json()["item"]["field"] == "tute"


def test_the_unknown_key_refusal_in_spanish(dealt):
    client, match_id = dealt
    response = client.post(
        f"/api/v1/matches/{match_id}/events/",
        {**CALL, "colour": "red"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.json()["detail"] == "colour: no existe esa clave en un evento de este tipo"


def test_a_well_typed_event_is_still_stored(dealt):
    client, match_id = dealt
    assert post(client, match_id, CALL).status_code == 201
    assert HandEvent.objects.count() == 2


def test_every_key_of_every_games_notation_is_a_field_of_the_body():
    """The schema lists the body's keys from the serializer (additionalProperties false):
    a game's key missing here would be refused by the schema and the server alike."""
    fields = set(EventSerializer().fields)
    for game in games():
        for kind in game.event_kinds():
            assert set(game.event_keys(kind)) <= fields, (game.name, kind)
    assert games()[0].event_keys("no such kind") is None


def test_the_schema_closes_the_events_body(db):
    schema = client_for().get("/api/schema/?format=json").json()
    body = schema["components"]["schemas"]["EventRequest"]
    assert body["additionalProperties"] is False
    assert body["properties"]["expected_seq"]["type"] == "integer"
    assert body["properties"]["hand"]["type"] == "integer"
    undo = schema["paths"]["/api/v1/matches/{id}/undo/"]["post"]["requestBody"]
    forms = undo["content"]["application/json"]["schema"]["oneOf"]
    assert [f["required"] for f in forms] == [["hand", "to_seq"], ["hand", "last_seq"]]


# ------------------------------------------------------------------------------- undo
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "hand"),
        ({"reopen": True}, "hand"),
        ({"last_seq": 0}, "hand"),
        ({"hand": 1}, "last_seq"),
        ({"hand": 1, "last_seq": 0, "reopen": "yes"}, "reopen"),
        ({"hand": 1, "last_seq": 0, "reopen": 1}, "reopen"),
        ({"hand": "1", "last_seq": 0}, "hand"),
        ({"hand": 1, "last_seq": 0.0}, "last_seq"),
        ({"hand": 1, "to_seq": True}, "to_seq"),
    ],
)
def test_an_undo_that_names_no_event_or_ill_typed_is_a_400_naming_the_field(dealt, body, field):
    """``{}`` removed whatever was last, which a stale client never showed."""
    client, match_id = dealt
    response = client.post(f"/api/v1/matches/{match_id}/undo/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["item"]["field"] == field
    assert HandEvent.objects.count() == 1
    assert not UndoRecord.objects.exists()


def test_the_missing_hand_refusal_in_spanish(dealt):
    client, match_id = dealt
    response = client.post(
        f"/api/v1/matches/{match_id}/undo/", {}, format="json", HTTP_ACCEPT_LANGUAGE="es"
    )
    assert response.json()["message"] == (
        "hand: give hand with last_seq to undo the last event, or with to_seq to roll the hand back"
    )
    assert response.json()["detail"] == (
        "hand: da hand con last_seq para deshacer el último evento, o con to_seq para "
        "volver la mano atrás"
    )


def test_the_named_undo_still_removes_the_last_event(dealt):
    client, match_id = dealt
    response = client.post(
        f"/api/v1/matches/{match_id}/undo/", {"hand": 1, "last_seq": 0}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert not HandEvent.objects.exists()
