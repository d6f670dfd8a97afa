"""Navigation (issue 12, item 2): branded error pages, the scoreboard and the API docs
linked from every page, a favicon, no health-check link for visitors."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

from cuatrola_site import errors
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db


def test_every_page_links_the_scoreboard_and_the_api_docs_not_healthz(client):
    html = client.get("/").content.decode()
    assert 'href="/scoreboard/"' in html
    assert 'href="/api/docs/"' in html
    assert "healthz" not in html
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html


def test_favicon_ico_leads_to_the_served_svg(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/favicon.svg"
    icon = client.get(response["Location"])
    assert icon.status_code == 200
    assert b"<svg" in b"".join(icon.streaming_content)


def test_a_missing_page_is_the_site_s_page_in_spanish_and_english(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Página no encontrada" in html
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html
    assert 'class="brand"' in html
    english = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Page not found" in english
    # Django's texts name models and patterns: not shown
    assert "matches the given query" not in client.get("/tournaments/999/").content.decode()


def test_the_api_keeps_its_json_404(client):
    response = client.get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response.json()["message"] == "Not found."


def test_a_forbidden_page_is_the_site_s_page(client):
    club = ClubFactory(slug="casino")
    scorer = MembershipFactory(club=club, role="scorer", user=UserFactory()).user
    client.force_login(scorer)
    # a scorer may read the club but not create its device tokens
    response = client.post("/clubs/casino/device-tokens/", {"name": "Mesa 1"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "No permitido" in html
    assert 'class="brand"' in html


def test_a_server_error_page_needs_no_database():
    request = RequestFactory().get("/clubs/x/")
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as ctx:
            response = errors.server_error(request)
    assert response.status_code == 500
    assert "Algo ha fallado" in response.content.decode()
    assert ctx.captured_queries == []
    api = errors.server_error(RequestFactory().get("/api/v1/clubs/"))
    assert api["Content-Type"] == "application/json"


def test_the_403_page_shows_the_view_s_own_words():
    request = RequestFactory().get("/x/")
    page = errors.permission_denied(request, PermissionDenied("solo los organizadores"))
    assert "solo los organizadores" in page.content.decode()


def test_the_scoreboard_without_a_tournament_lists_those_to_follow(client):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    html = client.get("/scoreboard/").content.decode()
    assert f'href="/scoreboard/?tournament={t.pk}"' in html


@pytest.mark.parametrize("asked", ["999", "abc", "-1"])
def test_the_scoreboard_of_a_tournament_that_does_not_exist_says_so(client, asked):
    response = client.get("/scoreboard/", {"tournament": asked})
    assert response.status_code == 404
    assert f"El torneo {asked} no existe." in response.content.decode()


def test_the_scoreboard_of_a_private_tournament_is_hidden_from_visitors(client):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    t = services.create_tournament(
        club=club, user=organiser, name="Liga", format="round_robin", is_public=False
    )
    assert client.get("/scoreboard/", {"tournament": t.pk}).status_code == 404
    client.force_login(organiser)
    assert client.get("/scoreboard/", {"tournament": t.pk}).status_code == 200


def test_a_form_refused_by_the_csrf_check_is_the_site_s_page():
    from django.test import Client

    club = ClubFactory(slug="casino")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    client = Client(enforce_csrf_checks=True)
    client.force_login(organiser)
    response = client.post("/clubs/casino/device-tokens/", {"name": "Mesa 1"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "El formulario estaba caducado" in html
    assert 'class="brand"' in html
