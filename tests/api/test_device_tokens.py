"""Device tokens: organisers create and revoke them; they record in one club (or one
tournament); only their hash is stored; they are throttled."""

import pytest

from clubs.models import DeviceToken
from cuatrola_site.security import DeviceTokenThrottle

from .conftest import client_for
from .helpers import create_match


def device(key: str):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


@pytest.fixture
def token(setup):
    response = client_for(setup.organiser).post(
        "/api/v1/clubs/pena/device-tokens/", {"name": "Mesa 3"}, format="json"
    )
    assert response.status_code == 201
    return response.json()


def test_a_device_records_with_its_token_and_the_key_is_not_stored(setup, token):
    key = token["key"]
    assert token["prefix"] == key[:8]
    stored = DeviceToken.objects.get()
    assert key not in (stored.key_hash, stored.prefix + "x")
    assert len(stored.key_hash) == 64
    match = create_match(client_for(setup.scorer), setup.players)
    response = device(key).post(
        f"/api/v1/matches/{match['id']}/events/",
        {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
        format="json",
    )
    assert response.status_code == 201
    listed = client_for(setup.organiser).get("/api/v1/clubs/pena/device-tokens/").json()
    assert [t["name"] for t in listed] == ["Mesa 3"]
    assert "key" not in listed[0]


def test_revoked_tokens_stop_working(setup, token):
    client_for(setup.organiser).post(f"/api/v1/clubs/pena/device-tokens/{token['id']}/revoke/")
    match = create_match(client_for(setup.scorer), setup.players)
    response = device(token["key"]).post(
        f"/api/v1/matches/{match['id']}/events/",
        {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
        format="json",
    )
    # a key that does not authenticate is a 401 with the scheme's challenge (RFC 9110)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'
    assert response.json()["message"] == "unknown or revoked device token"


def test_only_organisers_manage_tokens_and_tokens_stay_in_their_club(setup, token):
    assert (
        client_for(setup.scorer)
        .post("/api/v1/clubs/pena/device-tokens/", {"name": "x"}, format="json")
        .status_code
        == 403
    )
    from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

    other = ClubFactory(slug="otro")
    scorer = MembershipFactory(club=other).user
    players = [PlayerFactory(club=other) for _ in range(4)]
    match = create_match(client_for(scorer), players, club="otro")
    response = device(token["key"]).post(
        f"/api/v1/matches/{match['id']}/events/",
        {"expected_seq": 0, "kind": "deal", "trump_card": "1o"},
        format="json",
    )
    assert response.status_code == 403


def test_a_tournament_token_records_only_that_tournaments_matches(setup):
    from tournaments import services

    t = services.create_tournament(
        club=setup.club, user=setup.organiser, name="Copa", format="knockout"
    )
    services.add_entry(t, setup.organiser, "A", setup.players[0], setup.players[1])
    services.add_entry(t, setup.organiser, "B", setup.players[2], setup.players[3])
    fixture_match = services.generate_next_round(t, setup.organiser).fixtures.get().match
    key = (
        client_for(setup.organiser)
        .post(
            "/api/v1/clubs/pena/device-tokens/", {"name": "Copa", "tournament": t.pk}, format="json"
        )
        .json()["key"]
    )
    deal = {"expected_seq": 0, "kind": "deal", "trump_card": "1o"}
    assert (
        device(key)
        .post(f"/api/v1/matches/{fixture_match.pk}/events/", deal, format="json")
        .status_code
        == 201
    )
    friendly = create_match(client_for(setup.scorer), setup.players)
    assert (
        device(key)
        .post(f"/api/v1/matches/{friendly['id']}/events/", deal, format="json")
        .status_code
        == 403
    )
    body = {"club": "pena", "players": [p.pk for p in setup.players]}
    assert device(key).post("/api/v1/matches/", body, format="json").status_code == 403


@pytest.mark.services  # the throttle counts in Redis
def test_tokens_are_throttled(setup, token, monkeypatch):
    monkeypatch.setattr(DeviceTokenThrottle, "THROTTLE_RATES", {"device": "3/min"})
    from django.core.cache import cache

    cache.clear()
    codes = [device(token["key"]).get("/api/v1/me/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_another_clubs_private_tournament_reads_as_no_tournament_at_all(setup):
    """A device token scoped to a tournament of another club — a private one, in a private
    club — is refused exactly as an id that names no tournament: the same 400 on the
    field ``tournament``, the same words, so that the answer does not tell the private
    tournament exists; no token is made."""
    from tests.factories import ClubFactory, MembershipFactory
    from tournaments import services

    secret = ClubFactory(slug="secreta", is_private=True)
    boss = MembershipFactory(club=secret, role="organiser").user
    hidden = services.create_tournament(
        club=secret, user=boss, name="Oculto", format="knockout", is_public=False
    )
    answers = []
    for pk in (hidden.pk, hidden.pk + 1000):
        response = client_for(setup.organiser).post(
            "/api/v1/clubs/pena/device-tokens/", {"name": "Mesa", "tournament": pk}, format="json"
        )
        assert response.status_code == 400
        body = response.json()
        assert body["item"]["field"] == "tournament"
        answers.append(body["message"].replace(str(pk), "<id>"))
    assert answers[0] == answers[1], answers
    assert not DeviceToken.objects.filter(club=setup.club).exists()
