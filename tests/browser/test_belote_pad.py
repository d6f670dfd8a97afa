"""A whole Belote round recorded through the scoring pad on a phone (390×844): the auction
with a double, the declarations announced with the first card, the belote with the first
of its K and Q, every card, and a card the server refuses (its rule B6 shown). The match
the pad leaves is the one its exported record scores with ``check_record``.

The round is tests/engine/records/belote_valid_doubled_transfer.json, recorded without the
deal as a scorer does at the table (dealer Diego, seat 3; sides Ana & Carmen, Blas & Diego):

- auction (B2): Ana hearts, Blas double, Carmen, Diego and Ana pass: hearts ×2 by Ana;
- trick 1: Ana announces a tierce A♠ K♠ Q♠, Blas a quarte A♣ K♣ Q♣ J♣, Diego two tierces
  (K♦ Q♦ J♦, 9♦ 8♦ 7♦) with their first cards; trick 3: Ana announces the belote with K♥;
- trick 6 (K♠ led): the scorer first taps 9♠ for Blas, which the server refuses: Blas
  played Q♣ on the spades lead at trick 5, so holding 9♠ he revoked (B6); then Blas's K♣;
- the checker's account: tricks 7–1, card points 127–35, declarations 40–90, round points
  584–0 doubled, game points 58–0.

Each tap waits for the entry's own answer (events/), then for the pad to be idle
(tests/browser/helpers.py): not for any legal/ read, which a poll or the read after an
earlier entry answers as well.
"""

import json

import pytest
from rest_framework.test import APIClient

from games import services
from games.engine import check_record, load_record
from tests.api.helpers import RECORDS
from tests.browser.helpers import ARTIFACTS, settled, tap
from tests.browser.test_scoring_pad import log_in
from tests.browser.test_subastao_pad import PHONE, no_sideways_scroll
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

RECORD = json.loads((RECORDS / "belote_valid_doubled_transfer.json").read_text())["hands"][0]
# the declarations, by the seat announcing and the trick of its first card
ANNOUNCE = {(0, 0): ["As Ks Qs"], (1, 0): ["Ac Jc Kc Qc"], (3, 0): ["Jd Kd Qd", "7d 8d 9d"]}


@pytest.fixture
def phone(browser):
    context = browser.new_context(locale="es-ES", viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def belote():
    club = ClubFactory(slug="pena")
    user = MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Carmen", "Diego")]
    match = services.create_match(
        club=club, players=players, user=user, game="belote", rules={}, first_dealer=3
    )
    return match, user


def announce(page, key: str) -> None:
    """Open the list of what may be announced with this card (folded when long), tap one."""
    if not page.locator("#pad-actions details.announce").evaluate("(d) => d.open"):
        page.click("#pad-actions details.announce summary")
    tap(page, f"#pad-actions .announce button[data-announce='{key}']")


def test_a_whole_belote_round_through_the_pad_on_a_phone(live_server, phone, belote, tmp_path):
    match, user = belote
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-actions button")
    assert page.locator("#pad-table .seat").count() == 4
    tap(page, "#pad-actions button:text-is('Cartas repartidas')")

    # the auction: the contracts are the server's list; double only once there is one
    assert page.locator("#pad-actions button.call-double").count() == 0
    calls = [c.get_attribute("class").split()[0] for c in page.locator("#pad-actions button").all()]
    contracts = ["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"]
    assert calls == ["call-pass"] + [f"call-{c}" for c in contracts]
    assert "♥" in page.locator("#pad-actions button.call-hearts").inner_text()
    mark = "(b) => getComputedStyle(b.querySelector('small')).color"
    assert page.locator("#pad-actions button.call-hearts").evaluate(mark) == "rgb(192, 57, 43)"
    assert no_sideways_scroll(page)
    tap(page, "#pad-actions button.call-hearts")  # Ana
    # above hearts (B2: clubs < diamonds < hearts < spades < no trumps < all trumps) only;
    # Blas, an opponent, may double
    buttons = page.locator("#pad-actions button").all()
    offered = [c.get_attribute("class").split()[0] for c in buttons]
    assert offered == ["call-pass"] + [f"call-{c}" for c in contracts[3:]] + ["call-double"]
    assert page.locator("#pad-actions button.call-double").inner_text() == "contra"
    assert page.locator("#pad-actions button.call-all_trumps").inner_text() == "todo triunfos"
    tap(page, "#pad-actions button.call-double")  # Blas
    assert page.locator("#pad-actions button.call-redouble").count() == 1  # Carmen's side may
    for _ in range(3):
        tap(page, "#pad-actions button.call-pass")
    assert "Ana ×2" in page.locator("#pad-status").inner_text()

    # the 32 French cards, suit by suit
    assert page.locator("#pad-deck button.card").count() == 32
    queen = page.locator("#pad-deck button[data-card='Qh']")
    assert queen.locator("span[aria-hidden=true]").text_content() == "Q♥"  # French suits stay
    assert queen.get_attribute("title") == "dama de corazones"  # as the refusals say it
    colour = "(c) => getComputedStyle(c.querySelector('small')).color"
    assert page.locator("#pad-deck button[data-card='Qh']").evaluate(colour) == "rgb(192, 57, 43)"
    assert page.locator("#pad-deck button[data-card='Qc']").evaluate(colour) == "rgb(27, 27, 27)"
    assert no_sideways_scroll(page)
    # Ana's first card is due: what she may announce with it, folded (the deal is unknown)
    summary = page.locator("#pad-actions .announce summary").inner_text()
    offered = page.locator("#pad-actions .announce button").count()
    assert summary == f"Cantar con la primera carta ({offered})"  # not "…carta: (4)"
    tierce = page.locator("#pad-actions .announce button[data-announce='As Ks Qs']")
    # named in the reader's language, as the match page names it (rounds.WORDS)
    assert tierce.text_content() in ("tercera Q♠ K♠ A♠ · Ana", "tercera A♠ K♠ Q♠ · Ana")
    for number, trick in enumerate(RECORD["tricks"], start=1):
        for position, card in enumerate(trick):
            seat = int(page.locator("#pad-table .seat.to-act").get_attribute("data-seat"))
            for cards in ANNOUNCE.get((seat, number - 1), []):
                announce(page, cards)
            if number == 3 and position == 0:
                assert "belote ♥ · Ana" in page.locator("#pad-actions .announce").inner_text()
                announce(page, "belote-h")
            if number == 6 and position == 1:
                with page.expect_response(lambda r: r.url.endswith("/events/")) as answer:
                    page.click("#pad-deck button[data-card='9s']")
                assert answer.value.status == 400
                page.wait_for_selector("#pad-error .rule")
                assert page.locator("#pad-error .rule").inner_text() == "B6"
                # the card in words, the player by name (the page's language)
                assert (
                    page.locator("#pad-error")
                    .inner_text()
                    .startswith(
                        "B6 Blas jugó la dama de tréboles en la baza 5, que salió a picas, pero "
                        "tenía el 9 de picas (se jugó en la baza 6): B6 hay que asistir al palo"
                    )
                )
                assert not page.locator("#pad-deck button[data-card='9s']").is_disabled()
                # the pad reads the state after the refusal: the next card once it is idle
                settled(page)
            tap(page, f"#pad-deck button[data-card='{card}']")
    assert page.locator("#pad-score .unit").all_inner_texts() == [
        "Ana & Carmen\n58",
        "Blas & Diego\n0",
    ]
    assert no_sideways_scroll(page)

    api = APIClient()
    api.force_authenticate(user)
    stored = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert [u["score"] for u in stored["units"]] == [58, 0]
    path = tmp_path / "belote.json"
    path.write_bytes(api.get(f"/api/v1/matches/{match.pk}/export/").content)
    checked = check_record(load_record(path.read_bytes()))
    assert checked["valid"] is True
    assert checked["score"] == [58, 0]
    assert checked["hands"][0]["multiplier"] == 2
    assert checked["hands"][0]["declarations"] == [40, 90]
    assert checked["hands"][0]["game_points"] == [58, 0]


@pytest.mark.parametrize("view", [{"width": 844, "height": 390}, PHONE], ids=["side", "upright"])
def test_a_long_list_of_announcements_leaves_the_deck_on_the_first_screen(
    live_server, browser, belote, view
):
    """A phone on its side (844×390) or upright, the deal not entered: Ana's first card may
    come with any declaration the record does not rule out (dozens, folded). Unfolded, and
    after one is announced (the list stays open for her card), the list scrolls within
    itself: every card of the deck stays on the first screen."""
    match, _user = belote
    context = browser.new_context(locale="es-ES", viewport=view, has_touch=True, is_mobile=True)
    page = context.new_page()
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-actions button")
    tap(page, "#pad-actions button:text-is('Cartas repartidas')")
    tap(page, "#pad-actions button.call-hearts")
    for _ in range(3):
        tap(page, "#pad-actions button.call-pass")
    announce(page, "As Ks Qs")
    listed = page.locator("#pad-actions details.announce .actions")
    assert page.locator("#pad-actions details.announce").evaluate("(d) => d.open")
    assert listed.evaluate("(l) => l.scrollHeight > l.clientHeight"), "it scrolls within itself"
    deck = page.locator("#pad-deck").bounding_box()
    assert deck["y"] >= 0
    assert deck["y"] + deck["height"] <= view["height"], deck
    cards = page.locator("#pad-deck button.card")
    assert cards.count() == 32
    last = cards.nth(31).bounding_box()
    assert last["y"] + last["height"] <= view["height"], last
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    size = f"{view['width']}x{view['height']}"
    page.screenshot(path=str(ARTIFACTS / "pad" / f"belote-announce-open-{size}.png"))
    context.close()
