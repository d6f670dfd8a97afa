"""A club run from the site: create and edit it, its members and roles, its players, a
signup — each form valid, invalid (the field named), and refused to the wrong roles
(403 for a club the user may read, 404 for a private one they may not)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.devices import create_device_token
from clubs.models import Club, Membership, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db
User = get_user_model()


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def club():
    return ClubFactory(name="Peña Tute", slug="pena-tute")


@pytest.fixture
def organiser(club):
    return MembershipFactory(club=club, role="organiser", user=UserFactory(username="org")).user


@pytest.fixture
def scorer(club):
    return MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user


# ------------------------------------------------------------------------------ the club
def test_any_logged_in_user_creates_a_club_and_becomes_its_organiser():
    user = UserFactory(username="nueva")
    r = client_for(user).post(
        "/clubs/new/", {"name": "Casino de Villalpando", "slug": "", "is_private": "on"}
    )
    assert r.status_code == 302
    club = Club.objects.get(slug="casino-de-villalpando")  # made from the name
    assert r["Location"] == "/clubs/casino-de-villalpando/"
    assert club.is_private is True
    assert list(club.memberships.values_list("user__username", "role")) == [("nueva", "organiser")]


def test_create_a_club_needs_a_login():
    r = Client().get("/clubs/new/")
    assert r.status_code == 302
    assert r["Location"].startswith("/accounts/login/")


def test_a_device_cannot_create_a_club(club, organiser):
    token, _key = create_device_token(club, organiser, "Mesa 1")
    r = client_for(token.user).post("/clubs/new/", {"name": "X", "slug": "x"})
    assert r.status_code == 403
    assert not Club.objects.filter(slug="x").exists()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"name": "", "slug": "a"}, "name"),
        ({"name": "Otra", "slug": "pena-tute"}, "slug"),  # taken
        ({"name": "Otra", "slug": "new"}, "slug"),  # the address of this very form
        ({"name": "Otra", "slug": "con espacios"}, "slug"),
        ({"name": "¡¿!", "slug": ""}, "slug"),  # nothing to make a slug from
    ],
)
def test_create_a_club_invalid_names_the_field(club, data, field):
    r = client_for(UserFactory()).post("/clubs/new/", data)
    assert r.status_code == 400
    assert list(r.context["form"].errors) == [field]
    assert Club.objects.count() == 1


def test_organiser_edits_the_club(club, organiser):
    r = client_for(organiser).post(
        "/clubs/pena-tute/edit/", {"name": "Peña El Tute", "slug": "pena-tute"}
    )
    assert r.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.is_private) == ("Peña El Tute", False)


def test_edit_club_invalid_names_the_field(club, organiser):
    ClubFactory(slug="otra")
    r = client_for(organiser).post("/clubs/pena-tute/edit/", {"name": "X", "slug": "otra"})
    assert r.status_code == 400
    assert list(r.context["form"].errors) == ["slug"]


def test_scorer_may_not_edit_the_club_403(club, scorer):
    r = client_for(scorer).post("/clubs/pena-tute/edit/", {"name": "X", "slug": "pena-tute"})
    assert r.status_code == 403
    club.refresh_from_db()
    assert club.name == "Peña Tute"


def test_outsider_gets_403_on_a_public_club_and_404_on_a_private_one(club):
    outsider = client_for(UserFactory())
    for url in (
        "/clubs/pena-tute/edit/",
        "/clubs/pena-tute/members/",
        "/clubs/pena-tute/players/new/",
    ):
        assert outsider.get(url).status_code == 403, url
    secret = ClubFactory(slug="secreta", is_private=True)
    MembershipFactory(club=secret, role="organiser")
    for url in ("/clubs/secreta/edit/", "/clubs/secreta/members/", "/clubs/secreta/players/new/"):
        assert outsider.get(url).status_code == 404, url
    assert outsider.post("/clubs/secreta/members/add/", {}).status_code == 404


# ------------------------------------------------------------------------------ members
@pytest.mark.services  # one role per club and user (unique)
def test_organiser_adds_an_existing_user_as_scorer(club, organiser):
    UserFactory(username="lucia")
    r = client_for(organiser).post(
        "/clubs/pena-tute/members/add/", {"add-username": "lucia", "add-role": "scorer"}
    )
    assert r.status_code == 302
    assert club.memberships.get(user__username="lucia").role == "scorer"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"add-username": "nadie", "add-role": "scorer"}, "username"),  # no such user
        ({"add-username": "org", "add-role": "scorer"}, "username"),  # already a member
        ({"add-username": "lucia", "add-role": "king"}, "role"),
    ],
)
def test_add_member_invalid_names_the_field(club, organiser, data, field):
    UserFactory(username="lucia")
    r = client_for(organiser).post("/clubs/pena-tute/members/add/", data)
    assert r.status_code == 400
    assert list(r.context["member_form"].errors) == [field]
    assert club.memberships.count() == 1


def test_organiser_creates_a_login_shown_once(club, organiser):
    r = client_for(organiser).post(
        "/clubs/pena-tute/members/new-login/", {"new-username": "mesa-pepe", "new-role": "scorer"}
    )
    assert r.status_code == 201
    assert r["Cache-Control"] == "no-store"
    password = r.context["password"]
    assert len(password) >= 12
    assert password in r.content.decode()
    user = User.objects.get(username="mesa-pepe")
    assert user.check_password(password)
    assert club.memberships.get(user=user).role == "scorer"
    # the new login works, and records in the club
    c = Client()
    assert c.login(username="mesa-pepe", password=password)


@pytest.mark.parametrize(
    ("username", "field"),
    [
        ("org", "username"),
        ("ORG", "username"),
        ("con espacio", "username"),
        ("device-1", "username"),
    ],
)
def test_create_login_invalid_names_the_field(club, organiser, username, field):
    r = client_for(organiser).post(
        "/clubs/pena-tute/members/new-login/", {"new-username": username, "new-role": "scorer"}
    )
    assert r.status_code == 400
    assert list(r.context["login_form"].errors) == [field]
    assert User.objects.count() == 1


def test_scorer_may_not_manage_members_403(club, organiser, scorer):
    c = client_for(scorer)
    m = club.memberships.get(user=organiser)
    assert c.get("/clubs/pena-tute/members/").status_code == 403
    assert c.post("/clubs/pena-tute/members/add/", {"add-username": "sco"}).status_code == 403
    assert c.post(f"/clubs/pena-tute/members/{m.pk}/remove/").status_code == 403
    assert c.post(f"/clubs/pena-tute/members/{m.pk}/role/", {"role": "scorer"}).status_code == 403
    r = c.post(
        "/clubs/pena-tute/members/new-login/", {"new-username": "x", "new-role": "organiser"}
    )
    assert r.status_code == 403
    assert club.memberships.get(user=organiser).role == "organiser"
    assert not User.objects.filter(username="x").exists()


@pytest.mark.services  # the row lock over the club's organisers (clubs/members.py)
def test_change_role_and_remove(club, organiser, scorer):
    c = client_for(organiser)
    m = club.memberships.get(user=scorer)
    assert (
        c.post(f"/clubs/pena-tute/members/{m.pk}/role/", {"role": "organiser"}).status_code == 302
    )
    m.refresh_from_db()
    assert m.role == "organiser"
    # with two organisers, one may leave
    own = club.memberships.get(user=organiser)
    r = c.post(f"/clubs/pena-tute/members/{own.pk}/remove/")
    assert r["Location"] == "/clubs/pena-tute/"  # no longer theirs to manage
    assert list(club.memberships.values_list("user__username", flat=True)) == ["sco"]


def test_removing_a_member_asks_first_without_a_script(club, organiser, scorer):
    c = client_for(organiser)
    m = club.memberships.get(user=scorer)
    html = c.get("/clubs/pena-tute/members/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    action = f'action="/clubs/pena-tute/members/{m.pk}/remove/"'
    # the removing form only inside a closed <details>: the first tap opens it
    start = html.rindex('<details class="confirm-remove">', 0, html.index(action))
    block = html[start : html.index("</details>", start)]
    assert "<summary>Quitar</summary>" in block
    assert action in block
    assert "¿Quitar a sco del club? Conserva su acceso." in block
    assert '<button type="submit">Sí, quitar a sco</button>' in block
    assert html.count(action) == 1
    assert club.memberships.filter(user=scorer).exists()


@pytest.mark.services  # the row lock over the club's organisers (clubs/members.py)
def test_the_last_organiser_cannot_be_removed_nor_demoted_409(club, organiser, scorer):
    c = client_for(organiser)
    own = club.memberships.get(user=organiser)
    r = c.post(f"/clubs/pena-tute/members/{own.pk}/remove/")
    assert r.status_code == 409
    assert "org" in next(str(m) for m in r.context["messages"])
    r = c.post(f"/clubs/pena-tute/members/{own.pk}/role/", {"role": "scorer"})
    assert r.status_code == 409
    own.refresh_from_db()
    assert own.role == "organiser"


def test_role_form_invalid_is_400(club, organiser, scorer):
    m = club.memberships.get(user=scorer)
    r = client_for(organiser).post(f"/clubs/pena-tute/members/{m.pk}/role/", {"role": "boss"})
    assert r.status_code == 400
    m.refresh_from_db()
    assert m.role == "scorer"


def test_device_users_are_not_listed_nor_managed_as_members(club, organiser):
    token, _key = create_device_token(club, organiser, "Mesa 1")
    c = client_for(organiser)
    r = c.get("/clubs/pena-tute/members/")
    assert [m.user.username for m in r.context["people"]] == ["org"]
    device = club.memberships.get(user=token.user)
    assert c.post(f"/clubs/pena-tute/members/{device.pk}/remove/").status_code == 404


# ------------------------------------------------------------------------------ players
def test_organiser_adds_and_edits_players(club, organiser):
    c = client_for(organiser)
    named = UserFactory(username="ana")
    r = c.post("/clubs/pena-tute/players/new/", {"display_name": " Ana ", "username": "ana"})
    assert r.status_code == 302
    ana = Player.objects.get(club=club)
    # another's login is asked, not linked (tests/test_login_consent.py)
    assert (ana.display_name, ana.user, ana.asked_user) == ("Ana", None, named)
    r = c.post(
        f"/clubs/pena-tute/players/{ana.pk}/edit/", {"display_name": "Ana G.", "username": ""}
    )
    assert r.status_code == 302
    ana.refresh_from_db()
    # the request waits on (it is withdrawn on its own: tests/test_login_consent.py)
    assert (ana.display_name, ana.user, ana.asked_user) == ("Ana G.", None, named)


@pytest.mark.services  # a taken name as PostgreSQL reports it
@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"display_name": ""}, "display_name"),
        ({"display_name": "luis"}, "display_name"),  # taken, whatever the case
        ({"display_name": "Eva", "username": "nadie"}, "username"),
    ],
)
def test_player_form_invalid_names_the_field(club, organiser, data, field):
    PlayerFactory(club=club, display_name="Luis")
    r = client_for(organiser).post("/clubs/pena-tute/players/new/", data)
    assert r.status_code == 400
    assert list(r.context["form"].errors) == [field]
    assert club.players.count() == 1


def test_scorer_may_not_add_or_edit_players_403(club, scorer):
    luis = PlayerFactory(club=club, display_name="Luis")
    c = client_for(scorer)
    assert c.post("/clubs/pena-tute/players/new/", {"display_name": "Eva"}).status_code == 403
    r = c.post(f"/clubs/pena-tute/players/{luis.pk}/edit/", {"display_name": "X"})
    assert r.status_code == 403
    assert list(club.players.values_list("display_name", flat=True)) == ["Luis"]


def test_a_player_of_another_club_is_404(club, organiser):
    other = PlayerFactory(club=ClubFactory())
    r = client_for(organiser).get(f"/clubs/pena-tute/players/{other.pk}/edit/")
    assert r.status_code == 404


@pytest.mark.services  # case-insensitive search of accented names
def test_player_search_and_filter_on_the_club_page(club):
    PlayerFactory(club=club, display_name="Ana", user=UserFactory(username="ana"))
    PlayerFactory(club=club, display_name="Anselmo")
    PlayerFactory(club=club, display_name="Luis")
    c = Client()

    def names(query: str) -> list[str]:
        r = c.get(f"/clubs/pena-tute/?{query}")
        assert r.status_code == 200
        return [p.display_name for p in r.context["players"]]

    assert names("") == ["Ana", "Anselmo", "Luis"]
    assert names("q=ans") == ["Anselmo"]
    assert names("q=an") == ["Ana", "Anselmo"]
    assert names("login=yes") == ["Ana"]
    assert names("q=an&login=no") == ["Anselmo"]


# ------------------------------------------------------------------------------ signup
def test_signup_logs_in_and_leads_to_creating_a_club():
    c = Client()
    r = c.post(
        "/accounts/signup/",
        {"username": "rosa", "password1": "baraja-espanola-40", "password2": "baraja-espanola-40"},
    )
    assert r.status_code == 302
    assert r["Location"] == "/clubs/new/"
    assert c.get("/clubs/new/").status_code == 200
    assert User.objects.get(username="rosa").check_password("baraja-espanola-40")


def test_signup_invalid_names_the_field():
    UserFactory(username="rosa")
    r = Client().post(
        "/accounts/signup/", {"username": "rosa", "password1": "x1", "password2": "x2"}
    )
    assert r.status_code == 400
    assert set(r.context["form"].errors) == {"username", "password2"}
    assert Membership.objects.count() == 0


def test_admin_user_list_hides_device_users_unless_asked(club, organiser):
    token, _key = create_device_token(club, organiser, "Mesa 1")
    admin = client_for(UserFactory(username="root", is_staff=True, is_superuser=True))

    def listed(query: str = "") -> set[str]:
        r = admin.get(f"/admin/auth/user/{query}")
        assert r.status_code == 200
        return {u.username for u in r.context["cl"].result_list}

    assert listed() == {"org", "root"}
    assert listed("?devices=only") == {token.user.username}
    assert listed("?devices=all") == {"org", "root", token.user.username}


def test_a_new_login_may_choose_its_password_with_the_link_once(club, organiser):
    r = client_for(organiser).post(
        "/clubs/pena-tute/members/new-login/", {"new-username": "mesa2", "new-role": "scorer"}
    )
    link = r.context["link"]
    assert link.startswith("http://testserver/accounts/reset/")
    assert link in r.content.decode()
    newcomer = Client()
    form_page = newcomer.get(link, follow=True)
    assert form_page.status_code == 200
    assert form_page.context["validlink"] is True
    r = newcomer.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "sota-caballo-rey", "new_password2": "sota-caballo-rey"},
    )
    assert r.status_code == 302
    assert Client().login(username="mesa2", password="sota-caballo-rey")
    # used once: the link no longer works
    again = Client().get(link, follow=True)
    assert again.context["validlink"] is False


# ------------------------------------------------------- what cannot be undone asks first
# Merging a player entered twice (the other is removed), revoking a device token (never
# restored), deleting a round or drawing it again (the draw as it stood is lost): each
# form's one submit button sits inside a closed <details> (templates/_confirm.html) whose
# summary is the action and whose text says what is lost; the first tap opens, the second
# posts — no script needed.


def page(user, url: str) -> str:
    response = client_for(user).get(url, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200, url
    return response.content.decode()


def form_posting_to(html: str, action: str) -> str:
    """The one form of the page that posts to ``action``, whole."""
    assert html.count(f'action="{action}"') == 1, action
    start = html.index(f'action="{action}"')
    return html[start : html.index("</form>", start)]


def assert_asks_first(form: str, summary: str, question: str, yes: str) -> None:
    # every submit button of the form inside the closed details: none before it
    details = form.index('<details class="confirm-remove">')
    assert "<button" not in form[:details], form
    assert '<details class="confirm-remove" open' not in form
    assert f"<summary>{summary}</summary>" in form
    assert question in form
    assert re.findall(r"<button[^>]*>([^<]*)</button>", form) == [yes]


def test_merging_a_player_asks_first_saying_it_cannot_be_undone(club, organiser):
    ana = PlayerFactory(club=club, display_name="Ana")
    PlayerFactory(club=club, display_name="Ana María")
    html = page(organiser, f"/clubs/pena-tute/players/{ana.pk}/edit/")
    form = form_posting_to(html, f"/clubs/pena-tute/players/{ana.pk}/merge/")
    assert_asks_first(
        form,
        "Unir",
        "Ana desaparece del club: no se puede deshacer.",
        "Sí, unir a Ana con el jugador elegido",
    )


def test_revoking_a_device_token_asks_first(club, organiser):
    token, _key = create_device_token(club, organiser, "Mesa 3")
    html = page(organiser, "/clubs/pena-tute/")
    form = form_posting_to(html, f"/clubs/pena-tute/device-tokens/{token.pk}/revoke/")
    assert_asks_first(
        form,
        "Revocar",
        "El dispositivo que entró con Mesa 3 deja de anotar en el acto, y una clave revocada"
        " no se recupera (el dispositivo necesitaría otra).",
        "Sí, revocar Mesa 3",
    )


def test_deleting_or_drawing_a_round_again_asks_first(club, organiser):
    players = [PlayerFactory(club=club, display_name=f"J{i}") for i in range(8)]
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    for i in range(4):
        services.add_entry(t, organiser, f"P{i + 1}", players[2 * i], players[2 * i + 1])
    services.generate_next_round(t, organiser)
    html = page(organiser, f"/tournaments/{t.pk}/rounds/1/")
    assert_asks_first(
        form_posting_to(html, f"/tournaments/{t.pk}/rounds/1/delete/"),
        "Borrar esta jornada",
        "Se borran sus mesas y sus partidas; el siguiente sorteo vuelve a hacer la jornada,"
        " no necesariamente igual.",
        "Sí, borrar la jornada 1",
    )
    assert_asks_first(
        form_posting_to(html, f"/tournaments/{t.pk}/rounds/1/redraw/"),
        "Volver a sortear esta jornada",
        "Sus mesas se sortean de nuevo: el sorteo actual, impreso o anunciado, se pierde.",
        "Sí, volver a sortear la jornada 1",
    )
    assert t.rounds.count() == 1  # reading the page changed nothing
