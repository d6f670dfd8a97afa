"""An organiser sets up a league on a phone (390 × 844, Spanish) with the site alone:
custom rules and points, pairs, round 1 drawn, drawn again with a swap, its tables in the
room and its time — and sees them on the round page. Screenshots in test-artifacts/."""

import pytest

from tests.browser.helpers import ARTIFACTS, PHONE, fits
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "tournament-setup"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_organiser_sets_up_a_league_on_a_phone(live_server, browser):
    club = ClubFactory(slug="pena", name="Peña de prueba")
    organiser = UserFactory(username="org")
    organiser.set_password("pw")
    organiser.save()
    MembershipFactory(club=club, role="organiser", user=organiser)
    for name in ("Ana", "Blas", "Carmen", "Dani", "Eva", "Fede", "Gema", "Hugo"):
        PlayerFactory(club=club, display_name=name)
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "org")
    page.fill("#id_password", "pw")
    page.click("main button[type=submit]")
    page.wait_for_load_state()

    # "Nuevo torneo" from the club page: only the chosen game's rules are shown
    page.goto(f"{live_server.url}/clubs/pena/")
    page.click("text=Nuevo torneo")
    page.wait_for_load_state()
    assert page.locator("fieldset[data-game=cuatrola]").is_visible()
    assert not page.locator("fieldset[data-game=subastao]").is_visible()
    page.select_option("#id_game", "subastao")
    assert page.locator("fieldset[data-game=subastao]").is_visible()
    page.select_option("#id_game", "cuatrola")
    page.fill("#id_name", "Liga de los viernes")
    page.select_option("#id_cuatrola-match", "first_to")
    page.fill("#id_cuatrola-target", "21")
    page.uncheck("#id_cuatrola-quintola")
    page.select_option("#id_format", "round_robin")
    page.fill("#id_points_per_win", "3")
    page.fill("#id_points_per_loss", "1")
    page.uncheck("#id_is_public")
    fits(page)
    shot(page, "1-nuevo-torneo")
    page.click("#tournament-settings button[type=submit]")
    page.wait_for_load_state()
    t = Tournament.objects.get(name="Liga de los viernes")
    assert t.rules == {
        "match": "first_to",
        "target": 21,
        "quintola": False,
        "renuncio_penalty": True,
    }
    assert (t.points_per_win, t.points_per_loss, t.is_public) == (3, 1, False)
    assert "privado" in page.inner_text("main")

    # four pairs
    pairs = [
        ("Los de Ana", "Ana", "Blas"),
        ("Carmen y Dani", "Carmen", "Dani"),
        ("Eva y Fede", "Eva", "Fede"),
        ("Gema y Hugo", "Gema", "Hugo"),
    ]
    for name, a, b in pairs:
        page.fill("#id_name", name)
        page.select_option("#id_player_1", label=a)
        page.select_option("#id_player_2", label=b)
        page.click('form[action$="/entries/"] button')
        page.wait_for_load_state()
    assert t.entries.count() == 4

    # round 1 (Berger: 1–4, 2–3), drawn again, then two pairs swapped
    page.click("text=Sortear la siguiente jornada")
    page.wait_for_load_state()
    assert "Sortear la siguiente jornada" not in page.inner_text("main")  # round 1 is on
    page.click("text=hoja de mesas")
    page.wait_for_load_state()
    page.click("#redraw-form summary")  # it asks first: the draw as it stands is lost
    assert "Sus mesas se sortean de nuevo" in page.inner_text("#redraw-form")
    page.click("#redraw-form button")
    page.wait_for_load_state()
    assert "Se ha vuelto a sortear la jornada 1." in page.inner_text("main")
    page.select_option("#id_a", label="Gema y Hugo")
    page.select_option("#id_b", label="Eva y Fede")
    page.click("#swap-form button")
    page.wait_for_load_state()
    r1 = t.rounds.get()
    tables = [[e.name for e in f.entries()] for f in r1.fixtures.order_by("table")]
    assert tables == [["Los de Ana", "Eva y Fede"], ["Carmen y Dani", "Gema y Hugo"]]

    # the round's time and the room's tables
    f1, f2 = r1.fixtures.order_by("table")
    page.fill("#schedule-form input[name=date]", "2026-12-04")
    page.fill("#schedule-form input[name=time]", "20:15")
    page.fill(f"#id_table_{f1.pk}", "7")
    page.fill(f"#id_table_{f2.pk}", "3")
    page.click("#schedule-form button")
    page.wait_for_load_state()
    assert "a las 20:15" in page.inner_text("#round-when")
    assert "viernes 4 de diciembre de 2026" in page.inner_text("#round-when")
    assert page.input_value("#schedule-form input[name=date]") == "2026-12-04"  # kept
    rows = page.locator("table.sheet tbody tr")
    assert rows.nth(0).locator("td").first.inner_text() == "7"
    assert rows.nth(1).locator("td").first.inner_text() == "3"
    assert "Eva y Fede" in rows.nth(0).inner_text()
    fits(page)
    shot(page, "2-jornada")
    page.goto(f"{live_server.url}/tournaments/{t.pk}/")
    assert "a las 20:15" in page.inner_text("main")
    fits(page)
    shot(page, "3-torneo")
    context.close()
