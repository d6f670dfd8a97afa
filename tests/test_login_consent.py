"""A login is tied to a club's player only when its owner says so: an organiser who names
someone's username for a player asks them (``Player.asked_user``); under *My matches*
they answer yes (linked: they read the club's private matches) or no. The organiser's own
login is linked at once. Naming a username tied a person to a player's results and a
club unasked before (clubs/members.py ``name_login``, ``answer_link``)."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.test_club_management import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = ClubFactory(name="Peña Secreta", slug="secreta", is_private=True)
    club.organiser = MembershipFactory(club=club, role="organiser").user
    club.ana = PlayerFactory(club=club, display_name="Ana")
    return club


def name_login(club, player, username: str):
    return client_for(club.organiser).post(
        f"/clubs/{club.slug}/players/{player.pk}/edit/",
        {"display_name": player.display_name, "username": username},
        follow=True,
    )


def test_naming_someones_login_asks_them_and_links_nothing(club):
    marta = UserFactory(username="marta")
    page = name_login(club, club.ana, "Marta").content.decode()
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (None, marta)
    assert "marta tiene que confirmar en «Mis partidas» que es Ana" in page
    # she reads nothing of the private club yet
    assert client_for(marta).get("/clubs/secreta/").status_code == 404
    mine = client_for(marta).get("/my-matches/").content.decode()
    said = "El organizador de <strong>Peña Secreta</strong> dice que tu acceso es su jugador"
    assert said in mine
    edit = client_for(club.organiser).get(f"/clubs/secreta/players/{club.ana.pk}/edit/")
    assert 'id="player-login-asked"' in edit.content.decode()
    assert edit.context["form"]["username"].value() == "marta"


def test_yes_links_the_login_and_opens_the_private_club(club):
    marta = UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    answered = client_for(marta).post(
        f"/my-matches/asked/{club.ana.pk}/", {"answer": "yes"}, follow=True
    )
    assert answered.redirect_chain == [("/my-matches/", 302)]
    assert "Tu acceso es ahora el de Ana en Peña Secreta." in answered.content.decode()
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (marta, None)
    assert client_for(marta).get("/clubs/secreta/").status_code == 200
    # answered: nothing left to answer
    again = client_for(marta).post(f"/my-matches/asked/{club.ana.pk}/", {"answer": "no"})
    assert again.status_code == 404
    club.ana.refresh_from_db()
    assert club.ana.user == marta


def test_no_links_nothing_and_clears_the_request(club):
    marta = UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    answered = client_for(marta).post(f"/my-matches/asked/{club.ana.pk}/", {"answer": "no"})
    assert answered.status_code == 302
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (None, None)
    assert client_for(marta).get("/clubs/secreta/").status_code == 404


def test_only_the_login_asked_may_answer_and_only_by_post(club):
    marta, blas = UserFactory(username="marta"), UserFactory(username="blas")
    name_login(club, club.ana, "marta")
    url = f"/my-matches/asked/{club.ana.pk}/"
    assert client_for(blas).post(url, {"answer": "yes"}).status_code == 404
    assert client_for(club.organiser).post(url, {"answer": "yes"}).status_code == 404
    assert client_for(marta).get(url).status_code == 405
    assert Client().post(url, {"answer": "yes"}).status_code == 302  # to the login page
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (None, marta)


def test_the_organisers_own_login_is_linked_at_once(club):
    name_login(club, club.ana, club.organiser.username.upper())
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (club.organiser, None)


def test_emptying_the_login_withdraws_the_request(club):
    marta = UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    name_login(club, club.ana, "")
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (None, None)
    url = f"/my-matches/asked/{club.ana.pk}/"
    assert client_for(marta).post(url, {"answer": "yes"}).status_code == 404


def test_a_linked_player_keeps_its_login_until_the_one_asked_says_yes(club):
    marta, luis = UserFactory(username="marta"), UserFactory(username="luis")
    Player.objects.filter(pk=club.ana.pk).update(user=luis)
    name_login(club, club.ana, "marta")
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (luis, marta)
    client_for(marta).post(f"/my-matches/asked/{club.ana.pk}/", {"answer": "yes"})
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (marta, None)
