"""The scoring pad in a real browser: deal, calls, cards, a refused cante, undo."""

import pytest

from games import services
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match_id():
    club = ClubFactory(slug="pena")
    user = MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Carmen", "Diego")]
    return services.create_match(club=club, players=players, user=user, first_dealer=3).pk


def log_in(page, base: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("#id_username", "sco")
    page.fill("#id_password", "pw")
    page.click("main button[type=submit]")


def click_and_wait(page, selector: str, seq: int) -> None:
    """Click, then wait until the pad shows the state after that entry."""
    with page.expect_response(lambda r: r.url.endswith("/events/")):
        page.click(selector)
    page.wait_for_function("document.querySelector('#pad').className.indexOf('busy') < 0")


def test_record_a_trick_see_a_refusal_and_undo(live_server, page, match_id):
    log_in(page, live_server.url, f"/matches/{match_id}/score/")
    page.wait_for_selector("#pad-deck button")
    assert "Diego" in page.locator("#pad-prompt").inner_text()  # the dealer deals
    click_and_wait(page, "#pad-deck button[data-card='10o']", 0)
    for seq in range(1, 5):
        click_and_wait(page, "#pad-actions button:text-is('pasar')", seq)
    assert "Ana" in page.locator("#pad-prompt").inner_text()  # mano leads
    for seq, card in enumerate(["10e", "11e", "3e", "12e"], start=5):
        click_and_wait(page, f"#pad-deck button[data-card='{card}']", seq)
    assert page.locator("#pad-tricks .trick").count() == 1
    assert "Carmen" in page.locator("#pad-tricks").inner_text()  # 3e won
    assert page.locator("#pad-deck button[data-card='10e']").is_disabled()
    # Carmen's side may sing: the server lists its cantes (Ana's and Carmen's, any suit
    # but espadas: Diego played 12e, C9, RECORD_FORMAT.md); the pad offers those only
    offered = page.locator("#pad-actions .cantes button").all_inner_texts()
    assert sorted(offered) == sorted(
        f"Cante {suit} · {name}"
        for name in ("Ana", "Carmen")
        for suit in ("oros", "copas", "bastos")
    )
    # the scorer may still record another cante; the server refuses it, naming its rule
    page.click("#pad-other summary")
    click_and_wait(page, "#pad-other button:has-text('espadas · Carmen')", 9)
    assert page.locator("#pad-error .rule").inner_text() == "C9"
    assert page.locator("#pad-error").inner_text() == (
        "C9 Carmen cantó espadas tras la baza 1 pero el rey de espadas lo tiene Diego "
        "(se jugó en la baza 1): C9\n"
        "Un renuncio: un organizador puede anotar su sanción."  # the scorer's note
    )
    page.on("dialog", lambda dialog: dialog.accept())
    with page.expect_response(lambda r: r.url.endswith("/undo/")):
        page.click("#pad-undo")
    page.wait_for_function("document.querySelectorAll('#pad-tricks .trick').length === 0")
    assert not page.locator("#pad-deck button[data-card='12e']").is_disabled()
