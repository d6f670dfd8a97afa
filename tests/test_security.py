"""Rate limits, the client address they count, login lockout and the secret key refusal
(issue 9, items 12 and 16). In one process here, on whichever cache the run configures
(LocMem, or Redis in CI's second pass); tests/integration/test_rate_limits.py runs them
against three gunicorn workers."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import RequestFactory, override_settings

from clubs.tokens import create_user_token
from cuatrola_site.security import (
    AnonThrottle,
    UserTokenThrottle,
    check_shared_cache,
    client_address,
)

# CI's second phase: the counts in the shared Redis cache, as in production
pytestmark = pytest.mark.services

ROOT = Path(__file__).resolve().parents[1]
CLUBS = "/api/v1/clubs/"


@pytest.fixture
def anon_limit(monkeypatch):
    """Three anonymous requests a minute (DRF binds the rates when the class is made)."""
    monkeypatch.setattr(AnonThrottle, "THROTTLE_RATES", {"anon": "3/min"})


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, None, "192.0.2.10"),
        # no trusted proxy: the header is the client's own writing
        (0, "203.0.113.5", "192.0.2.10"),
        # one proxy appends the address it saw; what the client wrote is to its left
        (1, "203.0.113.5", "203.0.113.5"),
        (1, "10.9.9.9, 203.0.113.5", "203.0.113.5"),
        # two proxies: the outer one's entry is second from the right
        (2, "10.9.9.9, 203.0.113.5, 198.51.100.2", "203.0.113.5"),
        # fewer entries than proxies: the leftmost one there is
        (2, "203.0.113.5", "203.0.113.5"),
        # a proxy configured but no header (a request from inside): the socket's address
        (1, None, "192.0.2.10"),
    ],
)
def test_client_address(settings, proxies, forwarded, expected):
    settings.NUM_PROXIES = proxies
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.10", **extra)
    assert client_address(request) == expected


@pytest.mark.django_db
def test_a_forged_forwarded_header_gets_no_new_allowance(client, anon_limit):
    codes = [client.get(CLUBS, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code for n in range(5)]
    assert codes == [200, 200, 200, 429, 429]


@pytest.mark.django_db
def test_the_refusal_is_a_json_error_with_retry_after(client, anon_limit):
    for _ in range(3):
        assert client.get(CLUBS).status_code == 200
    refused = client.get(CLUBS)
    assert refused.status_code == 429
    assert refused.json()["rule"] is None
    # the window opened with the first request, under a second ago, and lasts 60 s
    wait = int(refused["Retry-After"])
    assert wait in (59, 60)
    # English for programs (docs/api.md), Spanish for a person
    assert (
        refused.json()["message"] == f"Request was throttled. Expected available in {wait} seconds."
    )
    assert refused.json()["detail"] == (
        f"Demasiadas peticiones: vuelve a intentarlo dentro de {wait} segundos."
    )


@pytest.mark.django_db
def test_behind_one_proxy_the_forwarded_address_counts(client, anon_limit, settings):
    settings.NUM_PROXIES = 1
    # three clients forge different left parts; the proxy's entry is the same
    for forged in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        assert client.get(CLUBS, HTTP_X_FORWARDED_FOR=f"{forged}, 203.0.113.7").status_code == 200
    assert client.get(CLUBS, HTTP_X_FORWARDED_FOR="10.0.0.4, 203.0.113.7").status_code == 429
    # another client behind the same proxy (same REMOTE_ADDR) has its own allowance
    assert client.get(CLUBS, HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 200


@pytest.mark.django_db
def test_a_new_window_opens_when_the_period_is_over(client, monkeypatch):
    monkeypatch.setattr(AnonThrottle, "THROTTLE_RATES", {"anon": "2/s"})
    assert [client.get(CLUBS).status_code for _ in range(3)] == [200, 200, 429]
    time.sleep(1.2)
    assert [client.get(CLUBS).status_code for _ in range(3)] == [200, 200, 429]


@pytest.mark.django_db
def test_signed_in_users_are_not_counted_as_anonymous(client, anon_limit, django_user_model):
    client.force_login(django_user_model.objects.create_user("ana", password="x"))
    assert [client.get(CLUBS).status_code for _ in range(5)] == [200] * 5


@pytest.mark.django_db
def test_requests_with_a_users_api_key_are_limited_per_key(client, monkeypatch, django_user_model):
    """Issue 18, item 10: a user's key was not limited at all (1,300 in a burst, all 200)."""
    monkeypatch.setattr(UserTokenThrottle, "THROTTLE_RATES", {"user_token": "3/min"})
    user = django_user_model.objects.create_user("ana", password="x")
    _, key = create_user_token(user)
    _, other = create_user_token(user)
    answers = [client.get(CLUBS, HTTP_AUTHORIZATION=f"Token {key}") for _ in range(4)]
    assert [r.status_code for r in answers] == [200, 200, 200, 429]
    assert int(answers[-1]["Retry-After"]) > 0
    # counted per key: another key of the same user has its own allowance
    assert client.get(CLUBS, HTTP_AUTHORIZATION=f"Token {other}").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/api/v1/clubs/", "/accounts/login/"])
def test_trace_is_405(client, path):
    response = client.generic("TRACE", path)
    assert response.status_code == 405
    assert "TRACE" not in response["Allow"]


@pytest.mark.django_db
def test_an_unreachable_cache_lets_api_requests_through(client, anon_limit):
    # port 1 refuses connections: a real failed connection, not a mock
    down = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
    }
    with override_settings(CACHES={"default": down}):
        assert [client.get(CLUBS).status_code for _ in range(5)] == [200] * 5


# --- login lockout (django-axes) ---

WRONG = "not-her-password"
RIGHT = "la-sota-de-oros-7"


@pytest.fixture
def lockout(settings, django_user_model):
    """The lockout on, after three failures; a user who knows her password."""
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 3
    return django_user_model.objects.create_user("marta", password=RIGHT)


def _login(client, path: str, password: str, **extra):
    return client.post(path, {"username": "marta", "password": password}, **extra)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_failed_logins_lock_the_address(client, lockout, path):
    # the form answers the first two failures as usual
    assert [_login(client, path, WRONG).status_code for _ in range(2)] == [200, 200]
    third = _login(client, path, WRONG)
    assert third.status_code == 429
    text = third.content.decode()
    assert "Demasiados intentos fallidos" in text
    assert "Desde tu dirección ha habido 3 intentos fallidos" in text
    assert "dentro de 15 minutos" in text
    # the right password does not get through while the address is locked...
    locked = _login(client, path, RIGHT)
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session
    # ...nor does a forged X-Forwarded-For (no proxy is configured)
    assert _login(client, path, RIGHT, HTTP_X_FORWARDED_FOR="198.51.100.9").status_code == 429
    # the page speaks English to an English visitor
    english = _login(client, path, RIGHT, HTTP_ACCEPT_LANGUAGE="en")
    assert "Too many failed logins" in english.content.decode()
    assert "Try again in 15 minutes" in english.content.decode()


@pytest.mark.django_db
def test_the_lockout_is_per_address_and_counts_both_login_pages(client, lockout):
    assert _login(client, "/accounts/login/", WRONG).status_code == 200
    assert _login(client, "/admin/login/", WRONG).status_code == 200
    assert _login(client, "/accounts/login/", WRONG).status_code == 429
    # another address logs in with the right password
    other = _login(client, "/accounts/login/", RIGHT, REMOTE_ADDR="198.51.100.20")
    assert other.status_code == 302
    assert client.session["_auth_user_id"] == str(lockout.pk)


@pytest.mark.django_db
def test_behind_a_proxy_the_lockout_counts_the_forwarded_address(client, lockout, settings):
    settings.NUM_PROXIES = 1
    codes = []
    for forged in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
        hop = f"{forged}, 203.0.113.40"
        codes.append(
            _login(client, "/accounts/login/", WRONG, HTTP_X_FORWARDED_FOR=hop).status_code
        )
    assert codes == [200, 200, 429]
    # a neighbour behind the same proxy is not locked out
    neighbour = _login(client, "/accounts/login/", RIGHT, HTTP_X_FORWARDED_FOR="203.0.113.41")
    assert neighbour.status_code == 302


@pytest.mark.django_db
def test_manage_py_axes_reset_ip_unlocks_an_address(client, lockout):
    codes = [_login(client, "/accounts/login/", WRONG).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    out = io.StringIO()
    call_command("axes_reset_ip", "127.0.0.1", stdout=out)
    assert out.getvalue() == "1 attempts removed.\n"
    assert _login(client, "/accounts/login/", RIGHT).status_code == 302


# --- SECRET_KEY ---


def _import_wsgi(**env: str) -> subprocess.CompletedProcess:
    """Import the WSGI entry point (what gunicorn and runserver do) in a fresh process."""
    environ = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    return subprocess.run(
        [sys.executable, "-c", "import cuatrola_site.wsgi"],
        cwd=ROOT,
        env={**environ, "DJANGO_SETTINGS_MODULE": "cuatrola_site.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_serving_with_the_default_key_and_debug_off_is_refused():
    refused = _import_wsgi(DEBUG="false")
    assert refused.returncode == 1
    assert "ImproperlyConfigured: SECRET_KEY is the insecure development default" in (
        refused.stderr
    )


def test_serving_with_a_key_of_its_own_or_in_debug_starts():
    own = _import_wsgi(DEBUG="false", SECRET_KEY="k" * 20 + "-a-key-of-its-own-" + "z" * 20)
    assert own.returncode == 0, own.stderr
    debug = _import_wsgi(DEBUG="true")
    assert debug.returncode == 0, debug.stderr


def test_management_commands_run_with_the_default_key():
    """``make run`` migrates and loads the demo with DEBUG unset: they serve nothing."""
    environ = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


# --- deploy check ---


def test_deploy_check_warns_when_the_cache_is_per_process():
    with override_settings(
        CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    ):
        assert [w.id for w in check_shared_cache(None)] == ["cuatrola.W001"]
    redis = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://x"}
    with override_settings(CACHES={"default": redis}):
        assert check_shared_cache(None) == []
