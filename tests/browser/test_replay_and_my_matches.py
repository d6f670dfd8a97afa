"""On a 390 × 844 phone: the step-by-step replay steps forward and back (buttons, arrow
keys, a swipe), keeps its address on the step shown, and a step's link opens at its
position — its own hand's page, or a #step-N address; and a player whose login the
organiser created signs in and finds *Mis partidas* in the menu; one whose own login the
organiser named says yes there first."""

import random

import pytest

from games import services
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .helpers import ARTIFACTS, fits, log_in, phone_context

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished():
    club = ClubFactory(slug="pena", name="Peña")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Eva", "Dani")]
    record = random_match(random.Random(3))
    record.seats = [p.display_name for p in players]
    match = services.import_record(club, record, organiser)
    return {"club": club, "organiser": organiser, "players": players, "match": match}


def shown(page) -> str:
    """The number of the step on screen (exactly one is)."""
    visible = page.locator(".replay-step:visible")
    assert visible.count() == 1
    return visible.get_attribute("data-step")


def test_the_replay_steps_forward_and_back_and_its_links_open_there(live_server, browser, finished):
    context = phone_context(browser)
    page = context.new_page()
    base, pk = live_server.url, finished["match"].pk
    page.goto(f"{base}/matches/{pk}/")
    page.click("details.hand >> nth=-1 >> summary")  # the oldest hand (newest first)
    page.click("a.replay-open >> nth=-1")
    page.wait_for_selector("#replay")
    assert shown(page) == "1"
    assert "Reparte" in page.locator("#step-1 .replay-what").inner_text()
    fits(page)

    page.click("#step-1 a[rel=next]")
    assert shown(page) == "2"
    assert page.url.endswith("?step=2")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert shown(page) == "4"
    page.keyboard.press("ArrowLeft")
    assert shown(page) == "3"
    assert page.url.endswith("?step=3")
    # a swipe to the left is the next step
    box = page.locator("#step-3").bounding_box()
    y = box["y"] + 40
    page.evaluate(
        """([x0, x1, y]) => {
          const root = document.getElementById('replay');
          const touch = (x) => new Touch({identifier: 1, target: root, clientX: x, clientY: y});
          const fire = (type, list) => root.dispatchEvent(
            new TouchEvent(type, {[list[0]]: [touch(list[1])], bubbles: true}));
          fire('touchstart', ['touches', x0]);
          fire('touchend', ['changedTouches', x1]);
        }""",
        [300, 100, y],
    )
    assert shown(page) == "4"
    page.go_back()
    assert shown(page) == "3"

    # a step's address opens at it: ?step=N (a step of another hand: that hand's page)
    # and #step-N
    page.goto(f"{base}/matches/{pk}/replay/?step=30")
    assert shown(page) == "30"
    last_of_hand = page.locator(".replay-step").last.get_attribute("data-step")
    page.goto(f"{base}/matches/{pk}/replay/?step={last_of_hand}")
    page.click(f"#step-{last_of_hand} a[rel=next]")
    page.wait_for_url(f"**?step={int(last_of_hand) + 1}")
    assert shown(page) == str(int(last_of_hand) + 1)
    page.goto(f"{base}/matches/{pk}/replay/#step-5")
    page.wait_for_function(
        "document.querySelector('#step-5') && !document.querySelector('#step-5').hidden"
    )
    assert shown(page) == "5"
    assert page.url.endswith("?step=5")
    # a trick on the table: the cards and who played them
    page.goto(f"{base}/matches/{pk}/replay/?step=30")
    assert page.locator("#step-30 .replay-trick .card").count() >= 1
    assert page.locator("#step-30 .replay-hands li").count() == 4
    fits(page)
    (ARTIFACTS / "replay").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / "replay" / "step-30.png")
    context.close()


def test_without_script_the_steps_are_links(live_server, browser, finished):
    context = browser.new_context(
        locale="es-ES", viewport={"width": 390, "height": 844}, java_script_enabled=False
    )
    page = context.new_page()
    pk = finished["match"].pk
    page.goto(f"{live_server.url}/matches/{pk}/replay/?step=6")
    assert shown(page) == "6"
    page.click("#step-6 a[rel=next]")
    page.wait_for_url("**?step=7")
    assert shown(page) == "7"
    # the match page is the list of tricks it always was
    page.goto(f"{live_server.url}/matches/{pk}/")
    assert page.locator(".trick").count() >= 5
    context.close()


def test_a_players_login_sees_my_matches(live_server, browser, finished):
    org_context = phone_context(browser)
    page = org_context.new_page()
    finished["organiser"].set_password("org-pass")
    finished["organiser"].save()
    base, ana = live_server.url, finished["players"][0]
    log_in(page, base, finished["organiser"].username, "org-pass", f"/clubs/pena/players/{ana.pk}/")
    page.click("text=Crear un acceso para Ana")
    page.fill("#id_login-username", "ana")
    page.click("#player-login-form button")
    password = page.locator("#new-password").inner_text()
    org_context.close()

    context = phone_context(browser)
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "ana")
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url("**/my-matches/")
    assert page.locator("h1").inner_text() == "Mis partidas"
    nav = page.locator(".site-nav")
    assert nav.locator("text=Mis partidas").is_visible()
    assert nav.locator("text=Mi mesa").count() == 0
    assert page.locator(".my-matches tbody tr").count() == 1
    fits(page)
    page.click("text=Mis estadísticas")
    page.wait_for_url(f"**/players/{ana.pk}/stats/")
    context.close()


def test_a_login_named_for_a_player_is_linked_when_its_owner_says_yes(
    live_server, browser, finished
):
    """On the phone: the organiser names Marta's own login for Ana (the page says it is
    asked); Marta signs in, *Mis partidas* asks whether she is Ana, she says yes, and
    Ana's match is there."""
    finished["organiser"].set_password("org-pass")
    finished["organiser"].save()
    marta = UserFactory(username="marta")
    marta.set_password("marta-pass")
    marta.save()
    base, ana = live_server.url, finished["players"][0]
    org = phone_context(browser)
    page = org.new_page()
    edit = f"/clubs/pena/players/{ana.pk}/edit/"
    log_in(page, base, finished["organiser"].username, "org-pass", edit)
    page.fill("#id_username", "marta")
    page.click("main form:not(#player-login-form) button[type=submit]")
    page.wait_for_url("**/clubs/pena/")
    assert "marta tiene que confirmar en «Mis partidas» que es Ana" in page.inner_text(".messages")
    org.close()

    context = phone_context(browser)
    page = context.new_page()
    log_in(page, base, "marta", "marta-pass", "/my-matches/")
    asked = page.locator(f"#asked-{ana.pk}")
    assert "dice que tu acceso es su jugador Ana. ¿Eres tú?" in asked.inner_text()
    assert page.locator(".my-matches").count() == 0
    fits(page)
    page.screenshot(path=str(ARTIFACTS / "my-matches-asked.png"))
    asked.locator("button:text-is('Sí, soy yo')").click()
    page.wait_for_url("**/my-matches/")
    assert "Tu acceso es ahora el de Ana en Peña." in page.inner_text(".messages")
    assert page.locator(f"#asked-{ana.pk}").count() == 0
    assert page.locator(".my-matches tbody tr").count() == 1
    fits(page)
    context.close()
