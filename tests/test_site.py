"""The site shell: home page in both languages, health check, admin, demo data."""

import json

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from cuatrola_site.celery import app as celery_app
from games.models import WorkerHeartbeat
from games.tasks import heartbeat

pytestmark = pytest.mark.django_db


def test_home_is_spanish_by_default(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response["Content-Language"] == "es"
    html = response.content.decode()
    assert '<html lang="es">' in html
    assert "Tu club de cartas, anotado mano a mano" in html


def test_home_in_english_on_request(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "en"
    assert "Your card club, scored hand by hand" in response.content.decode()


def test_language_switch_sticks(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert client.get("/")["Content-Language"] == "en"


eager_only = pytest.mark.skipif(
    bool(settings.CELERY_BROKER_URL),
    reason="a broker is configured: the worker path is tested in tests/integration",
)


@pytest.mark.services  # the health check's query, per database
@eager_only
def test_healthz_reports_database_and_eager_broker(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["broker"] == {"ok": True, "mode": "eager"}


@pytest.mark.services  # the health check with a broker configured
@override_settings(CELERY_BROKER_URL="redis://127.0.0.1:1/0")
def test_healthz_is_503_when_the_broker_is_unreachable(client):
    # Port 1 refuses connections: a real failed connection, not a mock.
    response = client.get("/healthz")
    assert response.status_code == 503
    body = json.loads(response.content)
    assert body["status"] == "down"
    assert body["broker"] == {"ok": False, "mode": "broker"}  # no error text for anyone
    assert "127.0.0.1" not in response.content.decode()
    assert body["database"]["ok"] is True


def test_admin_login_page(client):
    assert client.get("/admin/login/").status_code == 200


@pytest.mark.services  # load_demo's get_or_create over its own rows
def test_demo_data_is_idempotent(django_user_model, capsys):
    call_command("load_demo")
    call_command("load_demo")
    # the demo organiser is an organiser of its club only; the admin is a separate login
    organiser = django_user_model.objects.get(username="organiser")
    assert (organiser.is_staff, organiser.is_superuser) == (False, False)
    assert list(organiser.memberships.values_list("club__slug", "role")) == [
        ("pena-la-baza", "organiser")
    ]
    admin = django_user_model.objects.get(username="admin")
    assert (admin.is_staff, admin.is_superuser, admin.memberships.count()) == (True, True, 0)
    out = capsys.readouterr().out
    assert "organiser / organiser-demo" in out
    assert "admin / admin-demo" in out


@eager_only
def test_heartbeat_task_runs_eagerly_without_a_broker():
    assert celery_app.conf.task_always_eager
    hostname = heartbeat.delay().get()
    beat = WorkerHeartbeat.objects.get(hostname=hostname)
    assert beat.beats == 1
    heartbeat.delay()
    beat.refresh_from_db()
    assert beat.beats == 2


def test_admin_shows_matches_read_only(client, django_user_model, demo_data):
    client.login(username="admin", password="admin-demo")
    from games.models import Match

    first = Match.objects.order_by("pk").first().pk
    for url in [
        "/admin/games/match/",
        "/admin/games/handevent/",
        "/admin/games/undorecord/",
        "/admin/clubs/club/",
        f"/admin/games/match/{first}/change/",
    ]:
        assert client.get(url).status_code == 200, url
    assert client.get("/admin/games/handevent/add/").status_code == 403
