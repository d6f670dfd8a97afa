"""A form shows every error at once (not the rules' first and the seats' on the next
submit), and a club with no players says so where players would be chosen, with the
way to add them."""

from __future__ import annotations

import pytest

from games.models import Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def pena(client):
    """The club "pena" and the client logged in as its organiser."""
    club = ClubFactory(slug="pena")
    client.force_login(MembershipFactory(club=club, role="organiser").user)
    return club


def test_a_bad_target_a_player_twice_and_an_empty_seat_show_together(client, pena):
    club = pena
    ana, bea, ciro = (PlayerFactory(club=club, display_name=n) for n in ("Ana", "Bea", "Ciro"))
    data = {
        "game": "cuatrola",
        "rule_match": "exact",
        "rule_target": "0",
        "seat_0": ana.pk,
        "seat_1": bea.pk,
        "seat_2": ana.pk,  # Ana again
        "seat_3": "",
    }
    r = client.post("/clubs/pena/matches/new/", data, HTTP_ACCEPT_LANGUAGE="es")
    assert r.status_code == 400
    errors = r.context["form"].errors
    assert set(errors) == {"rule_target", "seat_2", "seat_3"}, errors
    assert errors["seat_2"] == ["Ana ya está en el puesto 1."]
    assert errors["seat_3"] == ["Elige quién se sienta aquí."]
    assert Match.objects.count() == 0
    # the seats right, the rule still wrong: the rule's error alone
    data |= {"seat_2": ciro.pk, "seat_3": PlayerFactory(club=club).pk}
    r = client.post("/clubs/pena/matches/new/", data)
    assert set(r.context["form"].errors) == {"rule_target"}


def test_a_tournaments_rules_error_shows_with_the_fields_errors(client, pena):
    data = {
        "name": "Mala",
        "game": "subastao",
        "subastao-min_bid": "62",  # the engine refuses it (a multiple of 5)
        "format": "swiss",
        "swiss_rounds": "0",  # the form refuses it
    }
    r = client.post("/clubs/pena/tournaments/new/", data, HTTP_ACCEPT_LANGUAGE="en", follow=False)
    assert r.status_code == 400
    form = r.context["form"]
    assert set(form.errors) == {"swiss_rounds", "subastao-min_bid"}, form.errors
    (message,) = [str(m) for m in r.context["messages"]]
    assert "Swiss rounds: " in message
    assert "rules.min_bid must be a multiple of 5" in message
    assert not Tournament.objects.exists()


def test_a_club_with_no_players_says_to_add_them_first(client, pena):
    club = pena
    page = client.get("/clubs/pena/matches/new/", HTTP_ACCEPT_LANGUAGE="es")
    html = page.content.decode()
    hint = html.index('href="/clubs/pena/players/new/"')
    # before the (empty) player choices, not after them: the first thing the eye meets
    assert "<select" not in html[html.index("<legend>Jugadores") : hint]
    assert "Añade antes los jugadores del club." in html
    client.force_login(MembershipFactory(club=club, role="scorer").user)
    html = client.get("/clubs/pena/matches/new/").content.decode()
    assert "/clubs/pena/players/new/" not in html


def test_a_tournament_of_a_club_with_no_players_says_to_add_them_first(client, pena):
    club = pena
    t = Tournament.objects.create(club=club, name="Liga", format="round_robin")
    html = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="es")
    html = html.content.decode()
    assert 'href="/clubs/pena/players/new/"' in html
    assert 'name="player_1"' not in html  # no empty choices to pick from
    PlayerFactory(club=club)
    PlayerFactory(club=club)
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'name="player_1"' in html
