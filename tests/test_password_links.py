"""A forgotten password's way back (clubs/passwords.py): an organiser makes a one-time
set-password link for a login of the club's — a player or scorer of this club alone —
after a confirmation; never for a login the link would hand over (an organiser here or
elsewhere, a role or a player in another club, a device, staff): 403 naming why, another
club named only when the organiser may read it. The stray e-mail form is a page saying
to ask the organiser."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.devices import create_device_token
from clubs.models import LoginMadeHere
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.test_club_management import client_for as logged_in

pytestmark = pytest.mark.django_db

OLD, NEW = "old-Pass-word-1", "new-Pass-word-2"


@pytest.fixture
def club():
    return ClubFactory(slug="pena", name="Peña La Baza")


@pytest.fixture
def organiser(club):
    return MembershipFactory(club=club, role="organiser", user=UserFactory(username="org")).user


def a_login(username: str, made_by=None):
    """A login with the password OLD, made by the club ``made_by``'s organiser (as
    clubs.members.create_login and create_player_login record it), or by its owner."""
    user = UserFactory(username=username)
    user.set_password(OLD)
    user.save()
    if made_by is not None:
        LoginMadeHere.objects.create(user=user, club=made_by)
    return user


def url(club, user) -> str:
    return f"/clubs/{club.slug}/logins/{user.pk}/password-link/"


def made_link(client, club, user) -> str:
    asked = client.get(url(club, user))
    assert asked.status_code == 200
    assert 'id="password-link-form"' in asked.content.decode()
    assert "set-password-link" not in asked.content.decode()  # nothing made by a GET
    answer = client.post(url(club, user))
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "no-store"
    return re.search(r'id="set-password-link">([^<]+)<', answer.content.decode())[1]


def set_password(link: str) -> Client:
    browser = Client()
    form = browser.get(link, follow=True)
    assert form.context["validlink"] is True
    done = browser.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done.status_code == 302
    return browser


@pytest.mark.parametrize("how", ["scorer", "player"])
def test_an_organiser_makes_a_one_time_link_and_the_old_password_stops(club, organiser, how):
    ana = a_login("ana", made_by=club)
    if how == "scorer":
        MembershipFactory(club=club, role="scorer", user=ana)
    else:
        PlayerFactory(club=club, display_name="Ana", user=ana)
    link = made_link(logged_in(organiser), club, ana)
    ana.refresh_from_db()
    assert ana.check_password(OLD)  # until the new one is set (a sign-in would spend the link)
    set_password(link)
    assert not Client().login(username="ana", password=OLD)
    assert Client().login(username="ana", password=NEW)
    again = Client().get(link, follow=True)  # spent
    assert again.context["validlink"] is False


def test_a_link_dies_when_the_login_gains_a_place_elsewhere(club, organiser):
    """Made for a scorer who is then made organiser of another club: the link opens
    nothing (its token is bound to the login's roles)."""
    ana = a_login("ana", made_by=club)
    MembershipFactory(club=club, role="scorer", user=ana)
    link = made_link(logged_in(organiser), club, ana)
    MembershipFactory(club=ClubFactory(name="Otra"), role="organiser", user=ana)
    assert Client().get(link, follow=True).context["validlink"] is False


def _refused(client, club, user) -> str:
    for answer in (client.get(url(club, user)), client.post(url(club, user))):
        assert answer.status_code == 403
        assert "set-password-link" not in answer.content.decode()
    return answer.content.decode()


STAFF = (
    "{user} is staff of this site: a link would hand over the site. Staff change their "
    "password with manage.py changepassword."
)
ENDING = "They change their password themselves, or the site's staff do (manage.py changepassword)."


CLUB = f"a link made here would hand that club over. {ENDING}"
PLACE = f"a link made here would hand over their place there. {ENDING}"


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("organiser elsewhere", f"ana is an organiser of Otra peña: {CLUB}"),
        ("organiser elsewhere, private", f"ana is an organiser of another club: {CLUB}"),
        ("organiser here", f"ana is an organiser of Peña La Baza: {CLUB}"),
        ("scorer elsewhere, private", f"ana also belongs to another club: {PLACE}"),
        ("player elsewhere", f"ana also belongs to Otra peña: {PLACE}"),
        ("staff", STAFF.format(user="ana")),
        ("superuser", STAFF.format(user="ana")),
    ],
)
def test_no_link_for_a_login_it_would_hand_over(club, organiser, case, said):
    ana = a_login("ana", made_by=club)
    PlayerFactory(club=club, display_name="Ana", user=ana)
    other = ClubFactory(name="Otra peña", slug="otra", is_private="private" in case)
    if case.startswith("organiser elsewhere"):
        MembershipFactory(club=other, role="organiser", user=ana)
    elif case == "organiser here":
        MembershipFactory(club=club, role="organiser", user=ana)
    elif case.startswith("scorer elsewhere"):
        MembershipFactory(club=other, role="scorer", user=ana)
    elif case == "player elsewhere":
        PlayerFactory(club=other, display_name="Ana", user=ana)
    else:
        setattr(ana, "is_staff" if case == "staff" else "is_superuser", True)
        ana.save()
    client = logged_in(organiser)
    client.cookies["django_language"] = "en"
    page = _refused(client, club, ana)
    assert said.replace("'", "&#x27;") in page
    assert "Otra peña" not in page or "private" not in case  # a private club is not named
    assert Client().login(username="ana", password=OLD)  # nothing changed


def test_the_refusal_is_said_in_spanish(club, organiser):
    ana = a_login("ana")
    MembershipFactory(club=club, role="scorer", user=ana)
    MembershipFactory(club=ClubFactory(name="Otra peña"), role="organiser", user=ana)
    page = _refused(logged_in(organiser), club, ana)
    assert "ana es organizador de Otra peña" in page


def test_no_link_for_a_device_nor_for_an_organisers_own_login(club, organiser):
    token, _key = create_device_token(club, organiser, "Mesa 1")
    client = logged_in(organiser)
    _refused(client, club, token.user)
    _refused(client, club, organiser)


def test_only_the_clubs_organisers_and_only_the_clubs_logins(club, organiser):
    ana = a_login("ana")
    scorer = MembershipFactory(club=club, role="scorer", user=ana).user
    assert logged_in(scorer).get(url(club, ana)).status_code == 403
    stranger = a_login("eva")  # no place in the club: not its login to reset
    assert logged_in(organiser).get(url(club, stranger)).status_code == 404
    anonymous = Client().get(url(club, ana))
    assert anonymous.status_code == 302  # to the login page


def test_the_forgotten_password_page_says_to_ask_the_organiser():
    login = Client().get("/accounts/login/").content.decode()
    assert 'href="/accounts/password_reset/"' in login
    assert "¿Olvidaste la contraseña?" in login
    page = Client().get("/accounts/password_reset/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "organizador de tu club" in text
    assert "manage.py changepassword" in text
    assert 'name="email"' not in text
    assert Client().post("/accounts/password_reset/", {"email": "a@b.c"}).status_code == 200
    assert get_user_model().objects.count() == 0


def test_a_signed_in_login_changes_its_own_password_on_a_site_page():
    ana = a_login("ana")
    client = logged_in(ana)
    page = client.get("/accounts/password_change/")
    assert page.status_code == 200
    assert "<h1>Cambiar la contraseña</h1>" in page.content.decode()
    assert "admin" not in page.templates[0].name
    body = {"old_password": OLD, "new_password1": NEW, "new_password2": NEW}
    assert client.post("/accounts/password_change/", body).status_code == 302
    assert not Client().login(username="ana", password=OLD)
    assert Client().login(username="ana", password=NEW)


@pytest.mark.parametrize("how", ["scorer", "player"])
def test_no_link_for_a_login_its_owner_made_and_the_club_only_linked(club, organiser, how):
    """Eva signed up herself; the organiser then made her login a scorer of the club, or
    the login of one of its players, by typing its username (no consent asked). A link
    would let the organiser choose Eva's password: a takeover. Only a login this club's
    organisers made (the members page's "new login", a player's "make a login") gets one."""
    eva = a_login("eva")
    client = logged_in(organiser)
    client.cookies["django_language"] = "en"
    if how == "scorer":
        client.post(
            f"/clubs/{club.slug}/members/add/", {"add-username": "eva", "add-role": "scorer"}
        )
        assert club.memberships.filter(user=eva, role="scorer").exists()
    else:
        PlayerFactory(club=club, display_name="Eva", user=eva)
    page = _refused(client, club, eva)
    said = (
        "eva was not made by this club: its owner made it, or linked it here. Only they "
        "change its password, or the site's staff do (manage.py changepassword)."
    )
    assert said.replace("'", "&#x27;") in page
    assert Client().login(username="eva", password=OLD)  # nothing changed


def test_a_login_made_on_the_members_page_is_the_clubs_to_link(club, organiser):
    client = logged_in(organiser)
    made = client.post(
        f"/clubs/{club.slug}/members/new-login/", {"new-username": "blas", "new-role": "scorer"}
    )
    assert made.status_code == 201
    blas = get_user_model().objects.get(username="blas")
    assert LoginMadeHere.objects.get(user=blas).club == club
    assert made_link(client, club, blas).startswith("http")
