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


def name_login(club, player, username: str, name: str | None = None):
    return client_for(club.organiser).post(
        f"/clubs/{club.slug}/players/{player.pk}/edit/",
        {"display_name": name or player.display_name, "username": username},
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


def test_the_request_is_withdrawn_by_its_own_button_not_by_saving_the_player(club):
    """The player's login field shows the linked login (none here): saving the player,
    renamed, leaves the request waiting; the notice's button withdraws it."""
    marta = UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    edit = client_for(club.organiser).get(f"/clubs/secreta/players/{club.ana.pk}/edit/")
    assert edit.context["form"]["username"].value() in (None, "")
    name_login(club, club.ana, "", name="Ana R.")
    club.ana.refresh_from_db()
    assert (club.ana.display_name, club.ana.user, club.ana.asked_user) == ("Ana R.", None, marta)
    withdrawn = client_for(club.organiser).post(
        f"/clubs/secreta/players/{club.ana.pk}/asked/withdraw/", follow=True
    )
    assert "Retirada la petición a marta." in withdrawn.content.decode()
    club.ana.refresh_from_db()
    assert club.ana.asked_user is None
    url = f"/my-matches/asked/{club.ana.pk}/"
    assert client_for(marta).post(url, {"answer": "yes"}).status_code == 404
    # only an organiser of the club withdraws (a scorer: 403)
    name_login(club, club.ana, "marta")
    scorer = MembershipFactory(club=club, role="scorer").user
    refused = client_for(scorer).post(f"/clubs/secreta/players/{club.ana.pk}/asked/withdraw/")
    assert refused.status_code == 403
    club.ana.refresh_from_db()
    assert club.ana.asked_user == marta


def test_a_login_made_for_the_player_ends_the_request_waiting(club):
    UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    made = client_for(club.organiser).post(
        f"/clubs/secreta/players/{club.ana.pk}/login/", {"login-username": "ana.s"}
    )
    assert made.status_code == 201
    club.ana.refresh_from_db()
    assert (club.ana.user.username, club.ana.asked_user) == ("ana.s", None)


def test_one_club_has_three_requests_waiting_for_a_login_at_most(club):
    """Three of this club's players asked for Marta: a fourth is the form's error (on the
    new player's page too); asking again for one of the three is no new request; another
    club's requests do not count, so no club can keep hers from asking."""
    marta = UserFactory(username="marta")
    asked = [PlayerFactory(club=club, display_name=f"Otra {n}") for n in range(3)]
    Player.objects.filter(pk__in=[p.pk for p in asked]).update(asked_user=marta)
    elsewhere = ClubFactory(slug="otra")
    for n in range(5):
        other = PlayerFactory(club=elsewhere, display_name=f"Ana {n}")
        Player.objects.filter(pk=other.pk).update(asked_user=marta)
    refused = name_login(club, club.ana, "marta")
    assert refused.status_code == 400
    assert refused.context["form"].errors["username"] == [
        "marta ya tiene 3 peticiones de este club esperando: tiene que responder antes a esas."
    ]
    new = client_for(club.organiser).post(
        "/clubs/secreta/players/new/", {"display_name": "Nueva", "username": "marta"}
    )
    assert new.status_code == 400
    club.ana.refresh_from_db()
    assert club.ana.asked_user is None
    assert name_login(club, asked[0], "marta").redirect_chain  # the same request again
    # the organiser's own login is never capped: it is linked, not asked
    Player.objects.filter(pk__in=[p.pk for p in asked]).update(asked_user=club.organiser)
    assert name_login(club, club.ana, club.organiser.username).redirect_chain


def test_naming_their_own_login_ends_the_request_waiting(club):
    UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    saved = name_login(club, club.ana, club.organiser.username)
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (club.organiser, None)
    assert "tiene que confirmar" not in saved.content.decode()


def test_the_withdraw_button_is_a_post_for_the_clubs_organisers(club):
    UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    url = f"/clubs/secreta/players/{club.ana.pk}/asked/withdraw/"
    assert client_for(club.organiser).get(url).status_code == 405
    assert Client().post(url).status_code == 302  # to the login page
    other = MembershipFactory(club=ClubFactory(slug="otra"), role="organiser").user
    assert client_for(other).post(url).status_code == 404  # a private club it cannot read
    assert client_for(club.organiser).post("/clubs/secreta/players/999999/asked/withdraw/")
    club.ana.refresh_from_db()
    assert club.ana.asked_user is not None


def test_a_linked_login_since_deactivated_does_not_block_saving_the_player(club):
    luis = UserFactory(username="luis")
    Player.objects.filter(pk=club.ana.pk).update(user=luis)
    luis.is_active = False
    luis.save()
    saved = name_login(club, club.ana, "luis", name="Ana L.")
    assert saved.redirect_chain, saved.context["form"].errors
    club.ana.refresh_from_db()
    assert (club.ana.display_name, club.ana.user) == ("Ana L.", luis)


def test_an_answer_is_yes_or_no(club):
    marta = UserFactory(username="marta")
    name_login(club, club.ana, "marta")
    url = f"/my-matches/asked/{club.ana.pk}/"
    for body in ({}, {"answer": "sí"}, {"answer": "YES"}):
        assert client_for(marta).post(url, body).status_code == 400, body
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (None, marta)


def test_a_linked_player_keeps_its_login_until_the_one_asked_says_yes(club):
    marta, luis = UserFactory(username="marta"), UserFactory(username="luis")
    Player.objects.filter(pk=club.ana.pk).update(user=luis)
    name_login(club, club.ana, "marta")
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (luis, marta)
    client_for(marta).post(f"/my-matches/asked/{club.ana.pk}/", {"answer": "yes"})
    club.ana.refresh_from_db()
    assert (club.ana.user, club.ana.asked_user) == (marta, None)
