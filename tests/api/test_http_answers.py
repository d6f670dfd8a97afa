"""HTTP answers a client relies on: weak ETags and If-Modified-Since give 304, the CORS
preflight lets a revalidation through, a token's refusal names its limit, a bad key is a
401, and a round that does not exist is named as such."""

import pytest
from django.utils.http import http_date

from clubs.devices import create_device_token, revoke_device_token
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

from .conftest import client_for

pytestmark = pytest.mark.django_db


def league(name: str = "Liga", club=None, organiser=None):
    club = club or ClubFactory()
    organiser = organiser or MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club) for _ in range(4)]
    t = services.create_tournament(club=club, user=organiser, name=name, format="round_robin")
    services.add_entry(t, organiser, "Norte", players[0], players[1])
    services.add_entry(t, organiser, "Sur", players[2], players[3])
    services.generate_next_round(t, organiser)
    return t, organiser


def bearer(key: str):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def test_a_weak_etag_from_a_gzip_proxy_gets_304_on_both_live_reads():
    t, _ = league()
    match_id = t.rounds.get().fixtures.get().match_id
    client = client_for()
    for url in (f"/api/v1/tournaments/{t.pk}/live/", f"/api/v1/matches/{match_id}/"):
        etag = client.get(url)["ETag"]
        assert etag.startswith('"')
        weak = client.get(url, HTTP_IF_NONE_MATCH=f"W/{etag}")
        assert weak.status_code == 304, url
        assert weak["ETag"] == etag
        # a list of tags, one of them ours in its weak form
        listed = client.get(url, HTTP_IF_NONE_MATCH=f'"other", W/{etag}')
        assert listed.status_code == 304
        assert client.get(url, HTTP_IF_NONE_MATCH='W/"other"').status_code == 200


def test_if_modified_since_gets_304_until_the_match_changes():
    t, _ = league()
    match_id = t.rounds.get().fixtures.get().match_id
    client = client_for()
    url = f"/api/v1/matches/{match_id}/"
    first = client.get(url)
    since = first["Last-Modified"]
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=since).status_code == 304
    # a date before the last change: the client's copy is old
    from games.models import Match

    updated = Match.objects.get(pk=match_id).updated_at
    older = http_date(updated.timestamp() - 60)
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=older).status_code == 200
    # If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2)
    stale = client.get(url, HTTP_IF_NONE_MATCH='"old"', HTTP_IF_MODIFIED_SINCE=since)
    assert stale.status_code == 200
    # a garbled date is ignored, not an error
    assert client.get(url, HTTP_IF_MODIFIED_SINCE="yesterday").status_code == 200


def test_the_cors_preflight_allows_the_revalidation_headers():
    t, _ = league()
    preflight = client_for().options(
        f"/api/v1/tournaments/{t.pk}/live/",
        HTTP_ORIGIN="https://scoreboard.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="if-none-match, if-modified-since",
    )
    assert preflight.status_code == 200
    allowed = {h.strip() for h in preflight["Access-Control-Allow-Headers"].split(",")}
    assert {"if-none-match", "if-modified-since", "authorization"} <= allowed


def test_a_tournament_device_refused_in_another_tournament_is_told_its_limit():
    mine, organiser = league("Liga de otoño")
    other, _ = league("Copa", club=mine.club, organiser=organiser)
    _token, key = create_device_token(mine.club, organiser, "Mesa 1", mine)
    other_match = other.rounds.get().fixtures.get().match_id
    response = bearer(key).post(
        f"/api/v1/matches/{other_match}/events/",
        {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
        format="json",
    )
    assert response.status_code == 403
    assert response.json()["message"] == (
        f"this device token is limited to tournament {mine.pk}: "
        "it records only that tournament's matches"
    )
    # in its own tournament it records
    own = mine.rounds.get().fixtures.get().match_id
    ok = bearer(key).post(
        f"/api/v1/matches/{own}/events/",
        {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
        format="json",
    )
    assert ok.status_code == 201


def test_a_stranger_is_still_told_who_may_record():
    t, _ = league()
    match_id = t.rounds.get().fixtures.get().match_id
    stranger = MembershipFactory(role="scorer", user=UserFactory()).user
    response = client_for(stranger).post(
        f"/api/v1/matches/{match_id}/events/",
        {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
        format="json",
    )
    assert response.status_code == 403
    assert response.json()["message"] == "only the club's organisers and scorers can record here"


@pytest.mark.parametrize("method", ["get", "post"])
def test_an_unknown_or_revoked_bearer_key_is_401_on_reads_and_writes(method):
    t, organiser = league()
    token, key = create_device_token(t.club, organiser, "Mesa 1")
    revoke_device_token(token, organiser)
    match_id = t.rounds.get().fixtures.get().match_id
    for k in (key, "not-a-key-at-all"):
        client = bearer(k)
        if method == "get":
            response = client.get(f"/api/v1/tournaments/{t.pk}/live/")
        else:
            response = client.post(
                f"/api/v1/matches/{match_id}/events/",
                {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
                format="json",
            )
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == 'Bearer realm="api"'
        assert response.json()["message"] == "unknown or revoked device token"


def test_standings_after_a_round_that_does_not_exist_say_so(django_capture_on_commit_callbacks):
    t, organiser = league()
    fixture = t.rounds.get().fixtures.get()
    client = client_for()
    url = f"/api/v1/tournaments/{t.pk}/standings/"
    # before any result: round 1 exists, its standings do not yet
    early = client.get(url, {"after_round": 1})
    assert early.status_code == 404
    assert early.json()["message"] == (
        "no standings after round 1 yet: they appear when a match finishes"
    )
    # Sur forfeits: there are standings after round 1 (recomputed in-process)
    with django_capture_on_commit_callbacks(execute=True):
        services.decide_fixture(fixture, organiser, "forfeit", forfeited=[fixture.entries()[1]])
    assert client.get(url, {"after_round": 1}).json()["after_round"] == 1
    missing = client.get(url, {"after_round": 9})
    assert missing.status_code == 404
    assert missing.json()["message"] == "round 9 does not exist: the tournament has 1 round(s)"
    assert client.get(url, {"after_round": "x"}).json()["item"]["field"] == "after_round"


@pytest.mark.services  # the query count is the backend's
def test_what_a_304_costs_as_docs_api_md_says(client, django_user_model):
    """docs/api.md "Polling without cost": a 304 costs one query by primary key; a logged-in
    browser's session adds its two (the session row and its user)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t, organiser = league()
    url = f"/api/v1/tournaments/{t.pk}/live/"
    etag = client.get(url)["ETag"]
    costs = {}
    for who in ("anonymous", "session"):
        if who == "session":
            client.force_login(organiser)
            etag = client.get(url)["ETag"]
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        costs[who] = len(ctx.captured_queries)
    assert costs == {"anonymous": 1, "session": 3}
