"""`make run`'s output and a login while the shared cache is down (issue 12, item 7)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django.core.management import call_command

from tournaments import services

# CI's second phase: the lockout's cache handler, used only with a shared cache
pytestmark = pytest.mark.services

ROOT = Path(__file__).resolve().parents[1]
# port 1 refuses connections: a real failed connection, not a mock
CACHE_DOWN = {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": "redis://127.0.0.1:1/0",
}
RIGHT = "la-sota-de-oros-7"


@pytest.mark.django_db
def test_load_demo_names_its_own_league_not_the_newest_tournament(
    capsys, django_user_model, demo_data
):
    from clubs.models import Club

    club = Club.objects.get(slug="pena-la-baza")
    league = club.tournaments.get(name="Liga de invierno 2026")
    organiser = django_user_model.objects.get(username="organiser")
    newer = services.create_tournament(
        club=club, user=organiser, name="Copa de primavera", format="round_robin"
    )
    assert club.tournaments.first() == newer  # tournaments list newest first
    call_command("load_demo")
    out = capsys.readouterr().out
    assert f"league «{league}» at /tournaments/{league.pk}/" in out
    assert "Copa de primavera" not in out


@pytest.mark.django_db
def test_eager_tasks_do_not_make_kombu_warn_about_a_hostname(caplog, settings):
    from cuatrola_site.celery import app

    assert app.conf.task_always_eager
    if settings.CELERY_BROKER_URL:
        pytest.skip("a broker is configured: tasks are not eager in this run")
    from games.tasks import heartbeat

    with caplog.at_level(logging.WARNING, logger="kombu"):
        heartbeat.delay().get()
    assert [r.getMessage() for r in caplog.records if r.name.startswith("kombu")] == []


def test_make_run_settings_use_an_in_memory_producer_for_eager_tasks():
    """The settings `make run` gets (no CELERY_BROKER_URL), read in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k not in ("CELERY_BROKER_URL", "CACHE_URL")}
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_WRITE_URL, s.AXES_HANDLER)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "cuatrola_site.settings"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.split() == [
        "True",
        "memory://localhost/",
        "axes.handlers.database.AxesDatabaseHandler",
    ], done.stderr
    with_redis = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={
            **env,
            "DJANGO_SETTINGS_MODULE": "cuatrola_site.settings",
            "CACHE_URL": "redis://127.0.0.1:1/0",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert with_redis.stdout.split()[-1] == "cuatrola_site.lockout.TolerantCacheHandler"


@pytest.fixture
def cache_down_lockout(settings, django_user_model):
    """The lockout on (three failures) with the Redis cache's handler, and Redis down."""
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 3
    settings.AXES_HANDLER = "cuatrola_site.lockout.TolerantCacheHandler"
    settings.CACHES = {"default": CACHE_DOWN}
    AxesProxyHandler.get_implementation(force=True)
    yield django_user_model.objects.create_user("marta", password=RIGHT)
    settings.AXES_ENABLED = False
    AxesProxyHandler.implementation = None


@pytest.mark.django_db
def test_login_with_the_cache_down_works_and_the_lockout_still_holds(client, cache_down_lockout):
    def login(password: str):
        return client.post("/accounts/login/", {"username": "marta", "password": password})

    assert login(RIGHT).status_code == 302  # not a 500
    assert client.session["_auth_user_id"] == str(cache_down_lockout.pk)
    client.logout()
    # the failures are counted in the database meanwhile: the third locks the address
    assert [login("wrong").status_code for _ in range(3)] == [200, 200, 429]
    assert AccessAttempt.objects.get().failures_since_start == 3
    assert login(RIGHT).status_code == 429
