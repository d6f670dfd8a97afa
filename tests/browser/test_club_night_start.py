"""A club night started from the site alone, on a phone (390 × 844), in Spanish: log in,
create a club, add a scorer with a new login, add four players, start a one-off Cuatrola
match and land on the scoring pad — no admin, no API call, no page wider than the phone."""

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, Membership
from games.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_organiser_creates_a_club_and_starts_a_match_on_a_phone(live_server, browser):
    get_user_model().objects.create_user("rosa", password="baraja-40-cartas")
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    widths = {}

    def at(name: str) -> None:
        page.wait_for_load_state()
        widths[name] = width(page)

    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/new/")
    page.fill("#id_username", "rosa")
    page.fill("#id_password", "baraja-40-cartas")
    page.click("main button[type=submit]")

    # the club: its short name is made from the name
    page.wait_for_selector("#id_name")
    assert page.locator("h1").inner_text() == "Nuevo club"
    at("new club")
    page.fill("#id_name", "Peña Los Ases")
    page.click("main button.primary")
    page.wait_for_url("**/clubs/pena-los-ases/")
    assert "eres su organizador" in page.locator(".messages").inner_text()
    at("club page")

    # a scorer: a new login, its password shown once
    page.click("text=Organizadores y anotadores")
    page.wait_for_selector("#id_new-username")
    at("members")
    page.fill("#id_new-username", "mesa1")
    page.select_option("#id_new-role", "scorer")
    page.click("text=Crear el acceso")
    page.wait_for_selector("#new-password")
    password = page.locator("#new-password").inner_text()
    assert len(password) >= 12
    at("login created")
    link = page.locator("#set-password-link").inner_text()
    # the other way in: the link opens a page where the newcomer sets a password
    other = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True)
    newcomer = other.new_page()
    newcomer.goto(link)
    newcomer.wait_for_selector("#id_new_password1")
    assert newcomer.locator("h1").inner_text() == "Elige tu contraseña"
    widths["set password"] = width(newcomer)
    other.close()

    # four players, one after another
    page.goto(f"{live_server.url}/clubs/pena-los-ases/")
    page.click("text=Añadir un jugador")
    for name in ("Ana", "Blas", "Carmen"):
        page.fill("#id_display_name", name)
        page.click("text=Añadir y añadir otro")
        page.wait_for_selector(f".messages:has-text('{name}')")
    at("add player")
    page.fill("#id_display_name", "Diego")
    page.click("text=Añadir el jugador")
    page.wait_for_url("**/clubs/pena-los-ases/")
    assert page.locator(".player-list li").count() == 4

    # a one-off Cuatrola match: the rules come from the engine, four seats
    page.click("text=Nueva partida")
    page.wait_for_selector("#id_seat_0")
    assert page.locator("legend").first.inner_text() == "Reglas de Cuatrola"
    assert page.locator("label[for=id_rule_quintola]").inner_text() == "Se puede cantar quíntola"
    at("new match")
    for seat, name in enumerate(("Ana", "Blas", "Carmen", "Diego")):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.fill("#id_rule_target", "7")
    page.click("text=Empezar a anotar")
    page.wait_for_url("**/matches/*/score/")
    page.wait_for_selector("#pad-deck button")
    at("pad")
    context.close()

    club = Club.objects.get(slug="pena-los-ases")
    assert dict(club.memberships.values_list("user__username", "role")) == {
        "rosa": Membership.Role.ORGANISER,
        "mesa1": Membership.Role.SCORER,
    }
    assert get_user_model().objects.get(username="mesa1").check_password(password)
    match = Match.objects.get(club=club)
    assert page.url.endswith(f"/matches/{match.pk}/score/")
    assert match.rules["target"] == 7
    assert [s.player.display_name for s in match.seats.order_by("number")] == [
        "Ana",
        "Blas",
        "Carmen",
        "Diego",
    ]
    too_wide = {name: w for name, w in widths.items() if w > PHONE["width"]}
    assert too_wide == {}, widths
