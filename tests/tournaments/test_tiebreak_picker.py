"""The new-tournament form's tiebreaks (issue 19 item 9): an ordered picker of plain
selects (one per place, a phone's own picker), each option saying the games its metric is
ranks (games and table sizes), only the chosen game's once the game is known, a rule that
decides the table's size saying so; the Swiss rounds marked as
the Swiss format's; a tiebreak chosen twice is refused naming the place it holds."""

import re

import pytest
from django.test import Client

from tests.factories import ClubFactory, MembershipFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    club = ClubFactory(slug="pena")
    c = Client()
    c.force_login(MembershipFactory(club=club, role="organiser").user)
    return c


BASE = {"name": "Liga", "format": "round_robin", "swiss_rounds": "5", "is_public": "on"}


def options(html: str, select: str) -> dict[str, str]:
    """The options of ``select`` (its name): value → data-tables."""
    body = re.search(rf'<select name="{select}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return dict(re.findall(r'<option value="([^"]+)" data-tables="([^"]*)"', body))


def test_each_option_says_its_games_and_tables_and_no_game_is_given_every_metric(organiser):
    html = organiser.get("/clubs/pena/tournaments/new/").content.decode()
    first = options(html, "tiebreak_1")
    assert first["solos"] == "cuatrola:2"
    assert first["game_points"] == "belote:2"
    # Subastao's tables: two pairs (4 players) or three seats (3 players)
    assert first["bids_made"] == "subastao:2 subastao:3"
    assert first["buchholz"] == "cuatrola:2 subastao:2 subastao:3 belote:2"
    # times placed 1st: a table of three's, Subastao's only; matches won: a pairs table's
    assert first["placed_1"] == "subastao:3"
    assert first["won"] == "cuatrola:2 subastao:2 belote:2"
    # the rule that decides it says each choice's size: 3 players, 3 units; 4, two pairs
    sizer = re.search(r'<select name="subastao-players"[^>]*>', html).group(0)
    assert 'data-table-sizes="{&quot;3&quot;: 3, &quot;4&quot;: 2}"' in sizer
    assert html.count("data-table-sizes") == 1  # no other rule changes a table's size
    assert len(re.findall(r'<select name="tiebreak_\d"', html)) == 6
    assert '<p data-format="swiss">' in html  # the script shows it for a Swiss only


def test_a_belote_tournament_is_offered_belotes_metrics_only(organiser):
    r = organiser.post(
        "/clubs/pena/tournaments/new/", {**BASE, "game": "belote", "tiebreak_1": "solos"}
    )
    assert r.status_code == 400  # "Solo G" is Cuatrola's
    html = r.content.decode()
    offered = options(html, "tiebreak_1")
    assert "solos" not in offered
    assert "cuatrolas" not in offered
    assert {"game_points", "capots", "contracts_made", "rounds_won"} <= set(offered)
    assert not Tournament.objects.exists()


def test_the_tiebreaks_are_kept_in_the_order_given(organiser):
    r = organiser.post(
        "/clubs/pena/tournaments/new/",
        {**BASE, "game": "belote", "tiebreak_1": "capots", "tiebreak_2": "points_diff"},
    )
    assert r.status_code == 302
    t = Tournament.objects.get()
    assert t.tiebreaks == ["capots", "points_diff"]
    settings = organiser.get(f"/tournaments/{t.pk}/settings/").content.decode()
    assert re.search(r'<select name="tiebreak_1".*?value="capots" [^>]*selected', settings, re.S)
    assert re.search(
        r'<select name="tiebreak_2".*?value="points_diff" [^>]*selected', settings, re.S
    )


def test_a_tiebreak_chosen_twice_is_refused_naming_its_place(organiser):
    r = organiser.post(
        "/clubs/pena/tournaments/new/",
        {**BASE, "game": "cuatrola", "tiebreak_1": "solos", "tiebreak_3": "solos"},
    )
    assert r.status_code == 400
    assert r.context["form"].errors["tiebreak_3"] == ["Solo G ya es el desempate 1."]
    assert not Tournament.objects.exists()


def test_no_tiebreak_is_the_formats_defaults(organiser):
    r = organiser.post("/clubs/pena/tournaments/new/", {**BASE, "game": "cuatrola"})
    assert r.status_code == 302
    assert Tournament.objects.get().tiebreaks == []
