"""Live reads for scoreboards: ETag/304 and a constant number of queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

from .conftest import client_for

pytestmark = pytest.mark.django_db


def league(pairs: int):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club) for _ in range(2 * pairs)]
    t = services.create_tournament(
        club=club, user=organiser, name=f"L{pairs}", format="round_robin"
    )
    for i in range(pairs):
        services.add_entry(t, organiser, f"E{i}", players[2 * i], players[2 * i + 1])
    services.generate_next_round(t, organiser)
    return t, organiser


def queries_for(client, url: str, **headers) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, **headers)
    return len(ctx.captured_queries), response


def test_live_lists_every_match_in_progress_with_turn_and_trick():
    t, organiser = league(4)
    t.refresh_from_db()
    assert t.live_version == 1  # generating the round moved the validator on
    client = client_for()
    body = client.get(f"/api/v1/tournaments/{t.pk}/live/").json()
    assert [(m["round"], m["table"]) for m in body["matches"]] == [(1, 1), (1, 2)]
    first = body["matches"][0]
    assert (first["hand"], first["phase"], first["dealer"], first["trick"]) == (1, "deal", 0, [])
    assert first["pairs"] == ["E0", "E3"]  # Berger round 1: 1-4, 2-3
    # a deal and a call show up
    match_id = first["id"]
    recorder = client_for(organiser)
    recorder.post(
        f"/api/v1/matches/{match_id}/events/",
        {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
        format="json",
    )
    recorder.post(
        f"/api/v1/matches/{match_id}/events/",
        {"expected_seq": 1, "kind": "call", "call": "pass"},
        format="json",
    )
    first = client.get(f"/api/v1/tournaments/{t.pk}/live/").json()["matches"][0]
    assert (first["phase"], first["to_act"], first["trump_card"]) == ("calling", 2, "1o")
    t.refresh_from_db()
    assert t.live_version == 3  # and so did each event


@pytest.mark.services  # the query count is the backend's
def test_the_live_read_costs_the_same_queries_for_2_or_8_matches():
    small, _ = league(4)
    big, _ = league(16)
    client = client_for()
    n_small, r_small = queries_for(client, f"/api/v1/tournaments/{small.pk}/live/")
    n_big, r_big = queries_for(client, f"/api/v1/tournaments/{big.pk}/live/")
    assert (len(r_small.json()["matches"]), len(r_big.json()["matches"])) == (2, 8)
    assert n_small == n_big
    etag = r_big["ETag"]
    n_cached, cached = queries_for(
        client, f"/api/v1/tournaments/{big.pk}/live/", HTTP_IF_NONE_MATCH=etag
    )
    assert cached.status_code == 304
    assert n_cached == 1  # the tournament and its validators, in one query
    assert cached.content == b""


def test_conditional_match_reads_304_until_something_changes():
    t, organiser = league(4)
    match_id = t.rounds.get().fixtures.first().match_id
    client = client_for()
    url = f"/api/v1/matches/{match_id}/"
    first = client.get(url)
    assert first.status_code == 200
    assert first["Cache-Control"] == "no-cache"
    assert first["Last-Modified"]
    n, again = queries_for(client, url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert (again.status_code, n) == (304, 1)
    client_for(organiser).post(
        f"{url}events/", {"expected_seq": 0, "kind": "deal", "trump_card": "3c"}, format="json"
    )
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert changed["ETag"] != first["ETag"]
    assert changed.json()["current"]["trump_card"] == "3c"


def test_cors_lets_other_sites_read_but_not_write():
    t, _ = league(4)
    client = client_for()
    response = client.get(
        f"/api/v1/tournaments/{t.pk}/live/", HTTP_ORIGIN="https://scoreboard.example"
    )
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    preflight = client.options(
        f"/api/v1/matches/{t.pk}/events/",
        HTTP_ORIGIN="https://scoreboard.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert "POST" not in preflight.get("Access-Control-Allow-Methods", "")
    assert (
        client.get("/healthz", HTTP_ORIGIN="https://x.example").get("Access-Control-Allow-Origin")
        is None
    )  # only the API


def test_schema_and_docs_pages():
    client = client_for()
    schema = client.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert "/api/v1/tournaments/{id}/live/" in paths
    events = paths["/api/v1/matches/{id}/events/"]["post"]
    assert {"400", "403", "404", "409"} <= set(events["responses"])
    assert events["description"]
    assert "deviceToken" in schema["components"]["securitySchemes"]
    docs = client.get("/api/docs/", HTTP_ACCEPT_LANGUAGE="es")
    assert docs.status_code == 200
    page = docs.content.decode()
    # Swagger UI and the schema are English (as the API), the way back the reader's language
    assert '<html lang="en">' in page
    assert '<p class="back" lang="es"><a href="/">← Volver al sitio</a></p>' in page
    assert 'id="swagger-ui"' in page
    assert "?script=" in page
    english = client.get("/api/docs/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<p class="back" lang="en"><a href="/">← Back to the site</a></p>' in english


def test_live_names_the_decks_suits_ranks_and_faces_in_the_readers_language():
    """The scoreboard keeps no table of names: the live read says the deck's (Cuatrola's
    Spanish deck: its named ranks, the faces drawn R C S), each language with its own
    ETag, so that a 304 never answers with the other language's names."""
    t, _organiser = league(2)
    client = client_for()
    url = f"/api/v1/tournaments/{t.pk}/live/"
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es")
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    es, en = spanish.json()["tournament"], english.json()["tournament"]
    assert es["suits"] == en["suits"] == ["o", "c", "e", "b"]
    # the Spanish suits keep their names in English ("clubs" is the French deck's)
    assert (
        es["suit_names"]
        == en["suit_names"]
        == {
            "o": "oros",
            "c": "copas",
            "e": "espadas",
            "b": "bastos",
        }
    )
    assert es["rank_names"] == {"1": "as", "12": "rey", "11": "caballo", "10": "sota"}
    assert en["rank_names"] == {"1": "ace", "12": "king", "11": "knight", "10": "jack"}
    assert es["faces"] == en["faces"] == {"12": "R", "11": "C", "10": "S"}
    assert spanish["ETag"] != english["ETag"]
    again = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=english["ETag"])
    assert again.status_code == 304
    assert (
        client.get(url, HTTP_ACCEPT_LANGUAGE="es", HTTP_IF_NONE_MATCH=english["ETag"]).status_code
        == 200
    )
