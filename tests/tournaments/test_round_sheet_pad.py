"""The round sheet takes a scorer to the pad of a table still being played (and only a
scorer or organiser: a visitor sees the match number, linked to the match page)."""

import pytest

from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def league(demo_data):
    return Tournament.objects.get(format="round_robin", game="cuatrola")


def test_a_scorer_reaches_the_pad_of_an_unfinished_table(client, league):
    playing = league.rounds.get(number=2).fixtures.get(match__status="in_progress").match
    finished = league.rounds.get(number=1).fixtures.first().match
    client.login(username="scorer", password="scorer-demo")
    html = client.get(f"/tournaments/{league.pk}/rounds/2/", HTTP_ACCEPT_LANGUAGE="es").content
    html = html.decode()
    assert f'href="/matches/{playing.pk}/score/">Anotar esta partida</a>' in html
    assert html.count("pad-link") == 1  # the two finished tables have none
    first = client.get(f"/tournaments/{league.pk}/rounds/1/").content.decode()
    assert f'href="/matches/{finished.pk}/">#{finished.pk}</a>' in first
    assert "pad-link" not in first


def test_a_visitor_gets_no_pad_link(client, league):
    html = client.get(f"/tournaments/{league.pk}/rounds/2/").content.decode()
    assert "pad-link" not in html
    assert "/score/" not in html


def test_seats_are_numbered_from_1_as_on_the_pad(client, league):
    f = league.rounds.get(number=1).fixtures.order_by("table").first()
    first, second = (s.player.display_name for s in f.match.seats.order_by("number")[:2])
    sheet = client.get(f"/tournaments/{league.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="es")
    assert f"{first} (1)" in sheet.content.decode()
    assert f"{second} (2)" in sheet.content.decode()
    page = client.get(f"/tournaments/{league.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Parejas (A: asientos 1 y 3; B: asientos 2 y 4)" in page
    sheets = client.get(f"/tournaments/{league.pk}/rounds/1/sheets/", HTTP_ACCEPT_LANGUAGE="es")
    html = sheets.content.decode()
    assert f"<td>1 <small>(reparte primero)</small></td><td>{first}</td>" in html
    assert f"<td>2</td><td>{second}</td>" in html
