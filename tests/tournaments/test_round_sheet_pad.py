"""The round sheet takes a scorer to the pad of a table still being played (and only a
scorer or organiser: a visitor sees the match number, linked to the match page)."""

import io

import pytest
from django.core.management import call_command

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def league():
    call_command("load_demo", stdout=io.StringIO())
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
