"""A player's way in (issue 19, item 7): an organiser creates a player's login from the
player page (password shown once, or a one-use link), the player signs in and lands on
*My matches* (their matches, and links to their statistics and rating); a scorer lands on
*My table*; the sign-up page asks what the login is for."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.devices import create_device_token
from clubs.models import Membership
from games import services
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.test_club_management import client_for

pytestmark = pytest.mark.django_db
User = get_user_model()


def club_of_four():
    """A club with its organiser and four players: Ana, Blas, Eva, Dani."""
    club = ClubFactory(name="Peña Tute", slug="pena-tute")
    club.organiser = MembershipFactory(club=club, role="organiser").user
    club.seated = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Eva", "Dani")]
    return club


@pytest.fixture
def club():
    return club_of_four()


def create_login(club, player, username="ana.p", by=None):
    return client_for(by or club.organiser).post(
        f"/clubs/{club.slug}/players/{player.pk}/login/", {"login-username": username}
    )


def test_an_organiser_creates_a_players_login_from_the_player_page(club):
    ana = club.seated[0]
    page = client_for(club.organiser).get(f"/clubs/{club.slug}/players/{ana.pk}/edit/")
    assert 'id="player-login-form"' in page.content.decode()
    r = create_login(club, ana)
    assert r.status_code == 201
    assert r["Cache-Control"] == "no-store"
    html = r.content.decode()
    password = r.context["password"]
    assert password in html
    assert "/accounts/reset/" in r.context["link"]
    ana.refresh_from_db()
    assert ana.user.username == "ana.p"
    assert ana.user.check_password(password)
    # a player, not a member: no role in the club
    assert not Membership.objects.filter(user=ana.user).exists()
    # the page now names the login instead of offering the form
    page = client_for(club.organiser).get(f"/clubs/{club.slug}/players/{ana.pk}/edit/")
    assert 'id="player-login-form"' not in page.content.decode()
    assert "ana.p" in page.content.decode()


@pytest.mark.services  # one login per player (unique)
def test_a_second_login_for_the_same_player_is_refused_409(club):
    ana = club.seated[0]
    assert create_login(club, ana).status_code == 201
    r = create_login(club, ana, "ana.otra")
    assert r.status_code == 409
    assert "Ana ya tiene un acceso: ana.p." in r.content.decode()
    assert not User.objects.filter(username="ana.otra").exists()


@pytest.mark.services  # a taken username (unique)
def test_a_taken_username_is_400_naming_the_field(club):
    UserFactory(username="blas")
    r = create_login(club, club.seated[1], "Blas")
    assert r.status_code == 400
    assert set(r.context["login_form"].errors) == {"username"}
    assert club.seated[1].__class__.objects.get(pk=club.seated[1].pk).user is None


def test_only_organisers_create_players_logins(club):
    scorer = MembershipFactory(club=club, role="scorer").user
    assert create_login(club, club.seated[0], by=scorer).status_code == 403
    assert create_login(club, club.seated[0], by=UserFactory()).status_code == 403
    assert not User.objects.filter(username="ana.p").exists()


def test_the_player_signs_in_and_lands_on_my_matches(club):
    ana = club.seated[0]
    r = create_login(club, ana)
    password = r.context["password"]
    finished = random_match(random.Random(3))
    finished.seats = [p.display_name for p in club.seated]
    done = services.import_record(club, finished, club.organiser)
    live = services.create_match(club=club, players=club.seated, user=club.organiser)
    c = Client()
    signed_in = c.post("/accounts/login/", {"username": "ana.p", "password": password})
    assert signed_in.status_code == 302
    assert signed_in["Location"] == "/my-matches/"
    page = c.get("/my-matches/")
    html = page.content.decode()
    assert 'href="/my-matches/"' in html  # the menu's entry
    assert "Mi mesa" not in html  # a player who only plays records nothing
    block = page.context["blocks"][0]
    assert block["player"] == ana
    assert [r["match"] for r in block["live"]] == [live]
    assert [r["match"] for r in block["latest"]] == [done]
    won = done.winner_unit == 0  # Ana sits at seat 0, side 0
    assert (block["played"], block["won"], block["lost"]) == (1, int(won), int(not won))
    for link in (
        f"/clubs/{club.slug}/players/{ana.pk}/",
        f"/clubs/{club.slug}/players/{ana.pk}/stats/",
        f"/clubs/{club.slug}/ratings/",
        f"/matches/{live.pk}/",
    ):
        assert f'href="{link}"' in html
        assert c.get(link).status_code == 200


def test_a_next_page_asked_for_wins_over_the_landing(club):
    ana = club.seated[0]
    password = create_login(club, ana).context["password"]
    r = Client().post(
        "/accounts/login/?next=/clubs/pena-tute/",
        {"username": "ana.p", "password": password, "next": "/clubs/pena-tute/"},
    )
    assert r["Location"] == "/clubs/pena-tute/"


def test_a_scorer_lands_on_my_table_an_organiser_on_the_home_page(club):
    scorer = MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user
    assert scorer  # password "pw" (factories)
    r = Client().post("/accounts/login/", {"username": "sco", "password": "pw"})
    assert r["Location"] == "/my-table/"
    club.organiser.set_password("pw")
    club.organiser.save()
    r = Client().post("/accounts/login/", {"username": club.organiser.username, "password": "pw"})
    assert r["Location"] == "/"


def test_a_scorer_who_also_plays_sees_both_entries(club):
    scorer = MembershipFactory(club=club, role="scorer").user
    club.seated[1].user = scorer
    club.seated[1].save()
    html = client_for(scorer).get("/my-table/").content.decode()
    assert 'href="/my-table/"' in html
    assert 'href="/my-matches/"' in html


def test_my_matches_without_a_player_says_whom_to_ask(club):
    user = UserFactory(username="rosa")
    html = client_for(user).get("/my-matches/").content.decode()
    assert "Pide al organizador de tu club que ponga «rosa» en tu jugador" in html
    assert 'href="/my-matches/"' not in html  # no menu entry: not a player yet
    assert Client().get("/my-matches/")["Location"].startswith("/accounts/login/")


def test_a_device_lands_on_my_table_and_has_no_my_matches(club):
    token, _ = create_device_token(club, club.organiser, "Mesa 1")
    html = client_for(token.user).get("/my-table/").content.decode()
    assert 'href="/my-matches/"' not in html


def test_signup_for_playing_leads_to_my_matches():
    c = Client()
    page = c.get("/accounts/signup/").content.decode()
    assert "seguir tus partidas" in page
    r = c.post(
        "/accounts/signup/",
        {
            "username": "hugo",
            "password1": "baraja-espanola-40",
            "password2": "baraja-espanola-40",
            "purpose": "play",
        },
    )
    assert r.status_code == 302
    assert r["Location"] == "/my-matches/"
    welcome = c.get("/my-matches/").content.decode()
    assert "Dile al organizador de tu club tu usuario, hugo" in welcome


def test_the_player_page_offers_the_organiser_a_login(club):
    ana = club.seated[0]
    html = client_for(club.organiser).get(f"/clubs/{club.slug}/players/{ana.pk}/").content.decode()
    assert f'href="/clubs/{club.slug}/players/{ana.pk}/edit/#login"' in html
    html = Client().get(f"/clubs/{club.slug}/players/{ana.pk}/").content.decode()
    assert "/edit/#login" not in html


def test_adding_a_player_can_lead_to_creating_their_login(club):
    r = client_for(club.organiser).post(
        f"/clubs/{club.slug}/players/new/", {"display_name": "Hugo", "with_login": "1"}
    )
    hugo = club.players.get(display_name="Hugo")
    assert r.status_code == 302
    assert r["Location"] == f"/clubs/{club.slug}/players/{hugo.pk}/edit/#login"
