"""What schemathesis found where the API and its schema disagreed (issue 9, item 26), one
test per finding; tests/fuzz/ runs the whole of schemathesis against a live server."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.api.schema import bad_key_status
from games.models import HandEvent, Match
from tournaments import services as tournament_services

from .conftest import client_for
from .helpers import create_match

DEAL = {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "10o"}
# 403 with DRF's session authentication first, 401 once a key scheme challenges first
BAD_KEY = bad_key_status()


@pytest.fixture
def match_id(setup) -> int:
    return create_match(client_for(setup.scorer), setup.players)["id"]


@pytest.fixture
def schema(db) -> dict:
    return client_for().get("/api/schema/?format=json").json()


def test_options_describes_each_write_body(setup, match_id):
    """An authenticated OPTIONS was a 500: MatchViewSet had no serializer_class."""
    client = client_for(setup.scorer)
    fields = {
        "/api/v1/matches/": {
            *("club", "game", "players", "rules", "first_dealer", "name", "played_on"),
        },
        "/api/v1/matches/import/": {"club", "record", "file"},
        f"/api/v1/matches/{match_id}/events/": {
            *("hand", "expected_seq", "kind", "trump_card", "deal", "dealer", "call", "bid"),
            *("card", "seat", "suit", "tute", "after_trick", "rule", "type", "cards"),
        },
        f"/api/v1/matches/{match_id}/undo/": {"hand", "to_seq", "last_seq", "reopen"},
    }
    for path, names in fields.items():
        response = client.options(path)
        assert response.status_code == 200, path
        assert set(response.json()["actions"]["POST"]) == names, path
    events = client.options(f"/api/v1/matches/{match_id}/events/").json()
    assert events["actions"]["POST"]["expected_seq"]["required"] is True
    assert events["actions"]["POST"]["hand"]["required"] is False


@pytest.mark.services  # numbers and text PostgreSQL refuses (schemathesis' findings)
@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("offset=abc", "offset"),
        ("offset=-1", "offset"),
        ("offset=1.5", "offset"),
        ("offset=", "offset"),
        ("offset=1&offset=2", "offset"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
        ("limit=false", "limit"),
        ("limit=99999999999999999999999", "limit"),
    ],
)
@pytest.mark.parametrize("path", ["/api/v1/matches/", "/api/v1/clubs/", "/api/v1/tournaments/"])
def test_malformed_paging_is_a_400_naming_it(setup, path, query, field):
    """DRF's pagination took these for the default page: a 200 the schema forbids."""
    response = client_for().get(f"{path}?{query}")
    assert response.status_code == 400
    assert response.json()["item"]["field"] == field


@pytest.mark.services  # numbers and text PostgreSQL refuses (schemathesis' findings)
def test_paging_within_bounds(setup):
    for _ in range(3):
        create_match(client_for(setup.scorer), setup.players)
    client = client_for()
    page = client.get("/api/v1/matches/?limit=2&offset=1").json()
    assert (page["count"], len(page["results"])) == (3, 2)
    assert len(client.get("/api/v1/matches/?limit=200").json()["results"]) == 3
    # far beyond the end (and beyond what LIMIT/OFFSET take): an empty page, not an error
    far = client.get("/api/v1/matches/?offset=99999999999999999999999").json()
    assert (far["count"], far["results"]) == (3, [])


@pytest.mark.services  # numbers and text PostgreSQL refuses (schemathesis' findings)
def test_player_filter_takes_whole_numbers(setup, match_id):
    client = client_for()
    player = setup.players[0].pk
    assert client.get(f"/api/v1/matches/?player={player}").json()["count"] == 1
    # NumberFilter took 1.5 for player 1
    response = client.get(f"/api/v1/matches/?player={player}.5")
    assert response.status_code == 400
    assert response.json()["item"]["field"] == "player"
    # empty: no filter, as the schema's allowEmptyValue says
    assert client.get("/api/v1/matches/?player=&club=&status=").json()["count"] == 1


def test_tournaments_filter_by_format(setup):
    """``?format=`` was DRF's renderer override: every tournament format was a 404."""
    for name, format_ in [("Liga", "round_robin"), ("Suizo", "swiss")]:
        tournament_services.create_tournament(
            club=setup.club, user=setup.organiser, name=name, format=format_
        )
    client = client_for()
    names = [t["name"] for t in client.get("/api/v1/tournaments/?format=swiss").json()["results"]]
    assert names == ["Suizo"]
    assert client.get("/api/v1/tournaments/?format=knockout").json()["count"] == 0
    assert client.get("/api/v1/tournaments/?format=chess").status_code == 400


def test_a_tournaments_own_answers_ignore_the_list_filters(setup):
    """Entries and rounds applied the list's filters: 400 for ?status=AAA, 404 for a
    status the tournament does not have."""
    t = tournament_services.create_tournament(
        club=setup.club, user=setup.organiser, name="Liga", format="round_robin"
    )
    client = client_for()
    for path in ["", "entries/", "rounds/"]:
        for query in ["status=AAA", "status=finished", "club=other"]:
            response = client.get(f"/api/v1/tournaments/{t.pk}/{path}?{query}")
            assert response.status_code == 200, (path, query)


@pytest.mark.services  # numbers and text PostgreSQL refuses (schemathesis' findings)
def test_names_are_text(setup):
    """DRF's CharField took ``0`` for "0"; the schema says string."""
    body = {"club": "pena", "players": [p.pk for p in setup.players], "name": 0}
    response = client_for(setup.scorer).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 400
    assert response.json()["item"]["field"] == "name"
    assert Match.objects.count() == 0
    organiser = client_for(setup.organiser)
    response = organiser.post("/api/v1/clubs/pena/players/", {"name": 7}, format="json")
    assert (response.status_code, response.json()["item"]["field"]) == (400, "name")
    response = organiser.post("/api/v1/clubs/pena/device-tokens/", {"name": 7}, format="json")
    assert (response.status_code, response.json()["item"]["field"]) == (400, "name")


def test_undo_takes_json_only(setup, match_id):
    """A multipart body the parser could not read was taken for ``{}``: undo the last
    event. Now 415, and the event stays."""
    client = client_for(setup.scorer)
    assert client.post(f"/api/v1/matches/{match_id}/events/", DEAL, format="json").status_code
    response = client.post(
        f"/api/v1/matches/{match_id}/undo/",
        data=b"--x\r\nTrue--x--\r\n",
        content_type="multipart/form-data; boundary=x",
    )
    assert response.status_code == 415
    assert HandEvent.objects.filter(hand__match_id=match_id).count() == 1
    response = client.post(f"/api/v1/matches/{match_id}/events/", {"x": "1"})  # form-encoded
    assert response.status_code == 415


def test_import_still_takes_a_file(setup):
    client = client_for(setup.scorer)
    upload = SimpleUploadedFile("match.json", b"{}", content_type="application/json")
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "file": upload}, format="multipart"
    )
    # read as a card-record (and refused as one), not as an unsupported body
    assert response.status_code == 400
    assert response.json()["item"]["field"] == "record"


def test_schema_documents_each_methods_own_answers(schema):
    players = schema["paths"]["/api/v1/clubs/{slug}/players/"]
    assert set(players["get"]["responses"]) == {"200", BAD_KEY, "404", "429"}
    assert set(players["post"]["responses"]) == {"201", "400", "403", BAD_KEY, "404", "409", "429"}
    tokens = schema["paths"]["/api/v1/clubs/{slug}/device-tokens/"]
    assert set(tokens["get"]["responses"]) == {"200", "403", BAD_KEY, "404", "429"}
    assert set(tokens["post"]["responses"]) == {"201", "400", "403", BAD_KEY, "404", "429"}
    clubs = schema["paths"]["/api/v1/clubs/"]["get"]["responses"]
    assert set(clubs) == {"200", "400", BAD_KEY, "429"}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert {BAD_KEY, "429"} <= set(operation["responses"]), (method, path)


@pytest.mark.parametrize("scheme", ["Token", "Bearer"])
def test_a_key_that_does_not_authenticate_gets_the_documented_answer(setup, schema, scheme):
    client = client_for()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} not-a-key")
    for path in ["/api/v1/clubs/", "/api/v1/tournaments/", "/api/v1/me/"]:
        response = client.get(path)
        assert response.status_code == int(BAD_KEY), path
        assert set(response.json()) == {"rule", "message", "detail", "item"}
        assert BAD_KEY in schema["paths"][path]["get"]["responses"]


def test_schema_parameters_say_what_is_accepted(schema):
    def parameters(path: str) -> dict:
        return {p["name"]: p for p in schema["paths"][path]["get"]["parameters"]}

    matches = parameters("/api/v1/matches/")
    assert matches["limit"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 200}
    assert matches["offset"]["schema"] == {"type": "integer", "minimum": 0}
    assert matches["player"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 2**62}
    assert matches["club"]["schema"] == {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$"}
    filters = {"club", "status", "player", "played_after", "played_before"}
    assert {n for n, p in matches.items() if p.get("allowEmptyValue")} == filters
    assert set(parameters("/api/v1/tournaments/{id}/entries/")) == {"id"}
    assert set(parameters("/api/v1/tournaments/{id}/rounds/")) == {"id"}
    standings = parameters("/api/v1/tournaments/{id}/standings/")
    assert standings["after_round"]["schema"] == {"type": "integer", "minimum": 0, "maximum": 99999}


def test_schema_request_bodies(schema):
    bodies = schema["components"]["schemas"]
    players = bodies["MatchCreateRequest"]["properties"]["players"]
    # Subastao seats 3 (or 4), Cuatrola 4: the game's rules say which (400 otherwise)
    assert (players["minItems"], players["maxItems"], players["uniqueItems"]) == (3, 4, True)
    assert bodies["MatchCreateRequest"]["properties"]["first_dealer"]["maximum"] == 3
    assert bodies["MatchCreateRequest"]["properties"]["club"]["pattern"] == "^[-a-zA-Z0-9_]{1,50}$"
    operations = schema["paths"]
    for path in ["/api/v1/matches/", "/api/v1/matches/{id}/events/", "/api/v1/matches/{id}/undo/"]:
        assert set(operations[path]["post"]["requestBody"]["content"]) == {"application/json"}
    import_body = operations["/api/v1/matches/import/"]["post"]["requestBody"]["content"]
    assert set(import_body) == {"application/json", "multipart/form-data"}


def test_schema_links_a_new_match_to_its_operations(schema):
    links = schema["paths"]["/api/v1/matches/"]["post"]["responses"]["201"]["links"]
    assert {name: link["operationId"] for name, link in links.items()} == {
        "GetMatch": "v1_matches_retrieve",
        "RecordEvent": "v1_matches_events_create",
        "Undo": "v1_matches_undo_create",
        "Export": "v1_matches_export_retrieve",
        "Legal": "v1_matches_legal_retrieve",
    }
    assert links["RecordEvent"]["parameters"] == {"id": "$response.body#/id"}
    revoke = schema["paths"]["/api/v1/clubs/{slug}/device-tokens/"]["post"]["responses"]["201"]
    assert revoke["links"]["RevokeDeviceToken"]["parameters"] == {
        "slug": "$request.path.slug",
        "token_id": "$response.body#/id",
    }


# ---------------------------------------------- issue 18, item 8: the schema as tight as the server
def test_the_schema_names_every_event_kind_and_an_unknown_one_is_refused(setup, schema, match_id):
    kind = schema["components"]["schemas"]["EventRequest"]["properties"]["kind"]
    (ref,) = kind["allOf"]
    kinds = schema["components"]["schemas"][ref["$ref"].split("/")[-1]]["enum"]
    assert set(kinds) == {
        *("deal", "call", "bid", "trump", "play", "cante", "declaration", "belote", "penalty")
    }
    body = {"hand": 1, "expected_seq": 0, "kind": "0"}
    response = client_for(setup.scorer).post(
        f"/api/v1/matches/{match_id}/events/", body, format="json"
    )
    assert (response.status_code, response.json()["item"]["field"]) == (400, "kind")


def test_rules_with_a_key_no_game_has_are_schema_invalid_and_refused(setup, schema):
    rules = schema["components"]["schemas"]["MatchCreateRequest"]["properties"]["rules"]
    assert all(r["additionalProperties"] is False for r in rules["anyOf"])
    body = {"club": "pena", "players": [p.pk for p in setup.players], "rules": {"0": 0}}
    response = client_for(setup.scorer).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 400


@pytest.mark.services  # numbers and text PostgreSQL refuses (schemathesis' findings)
def test_an_import_or_a_match_for_a_club_that_does_not_exist_is_404(setup):
    client = client_for(setup.scorer)
    response = client.post("/api/v1/matches/import/", {"club": "0", "record": {}}, format="json")
    assert response.status_code == 404, response.json()
    assert response.json()["message"] == "club: no club '0'"
    body = {"club": "0", "players": [p.pk for p in setup.players]}
    assert client.post("/api/v1/matches/", body, format="json").status_code == 404


def test_undo_of_what_is_not_there_is_409_with_the_state(setup, match_id):
    client = client_for(setup.scorer)
    url = f"/api/v1/matches/{match_id}/undo/"
    for body, field in [
        ({"hand": 1, "last_seq": 0}, "hand"),  # nothing recorded yet
        ({"hand": 7, "to_seq": 0}, "hand"),
        ({"hand": 1, "to_seq": 0}, "to_seq"),
    ]:
        response = client.post(url, body, format="json")
        assert response.status_code == 409, (body, response.json())
        assert response.json()["item"] == {"field": field}
        assert response.json()["state"]["id"] == match_id
    # a key the schema does not have is refused, not ignored
    response = client.post(url, {"hand": 1, "to_seq": 0, "all": True}, format="json")
    assert (response.status_code, response.json()["item"]["field"]) == (400, "all")
    undo = schema_of(client)["paths"]["/api/v1/matches/{id}/undo/"]["post"]
    assert "409" in undo["responses"]


def schema_of(client) -> dict:
    return client.get("/api/schema/?format=json").json()
