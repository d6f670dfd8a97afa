"""Users' API keys: stored as a hash only, shown once; a bad or revoked key is a 401."""

import hashlib
import io
import re

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from clubs.models import UserToken
from clubs.tokens import create_user_token, revoke_user_token

from .helpers import create_match


def keyed(key: str, scheme: str = "Token") -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} {key}")
    return client


def test_a_users_key_is_stored_as_its_hash_and_records(setup):
    _token, key = create_user_token(setup.scorer, "móvil")
    stored = UserToken.objects.get()
    assert stored.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in (stored.key_hash, stored.prefix, stored.name)
    assert stored.prefix == key[:8]
    me = keyed(key).get("/api/v1/me/")
    assert me.json() == {"username": "sco", "roles": [{"club": "pena", "role": "scorer"}]}
    create_match(keyed(key), setup.players)  # 201: a write with the key, no CSRF token


@pytest.mark.parametrize(
    ("header", "challenge", "message"),
    [
        ("Token revoked", 'Token realm="api"', "unknown or revoked token"),
        ("Token not-a-key", 'Token realm="api"', "unknown or revoked token"),
        ("Token", 'Token realm="api"', "Authorization: Token <key>"),
        ("Bearer not-a-key", 'Bearer realm="api"', "unknown or revoked device token"),
    ],
)
def test_a_key_that_does_not_authenticate_is_a_401(setup, header, challenge, message):
    token, key = create_user_token(setup.scorer)
    revoke_user_token(token)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header.replace("revoked", key))
    for response in (
        client.get("/api/v1/me/"),
        client.get("/api/v1/matches/"),  # even where anonymous visitors may read
        client.post("/api/v1/matches/", {}, format="json"),
    ):
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == challenge
        body = response.json()
        assert body.pop("detail")  # the message for a person (games/refusals.py)
        assert body == {"rule": None, "message": message, "item": {}}


def test_no_key_and_no_session_is_still_a_403_on_writes(setup):
    response = APIClient().post("/api/v1/matches/", {}, format="json")
    assert response.status_code == 403
    assert "WWW-Authenticate" not in response


def test_an_inactive_users_key_stops_working(setup):
    _token, key = create_user_token(setup.scorer)
    setup.scorer.is_active = False
    setup.scorer.save()
    assert keyed(key).get("/api/v1/me/").status_code == 401


def test_the_management_command_prints_a_working_key(setup):
    out = io.StringIO()
    call_command("create_api_token", "org", "--name", "portátil", stdout=out)
    key = out.getvalue().strip()
    assert keyed(key).get("/api/v1/me/").json()["username"] == "org"
    assert UserToken.objects.get().name == "portátil"


def test_the_admin_shows_a_new_key_once(setup, client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(admin)
    response = client.post(
        "/admin/clubs/usertoken/add/",
        {"user": setup.organiser.pk, "name": "script"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = response.content.decode()
    key = re.search(r"it will not be shown again: ([-\w]+)", html).group(1)
    token = UserToken.objects.get()
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert keyed(key).get("/api/v1/me/").json()["username"] == "org"
    change = client.get(f"/admin/clubs/usertoken/{token.pk}/change/").content.decode()
    assert key not in change
