"""A whole Subastao hand recorded through the scoring pad on a phone (390×844): the
auction, the trump, every card, a cante, and a card the server refuses (its rule shown).
The match the pad leaves is the one its exported record scores with ``score_record``.

The hand (dealt by Carmen, seat 2; seats: Ana 0, Blas 1, Carmen 2), as the scorer saw it,
without the deal:

- auction (S2): Ana 60, Blas 70, Carmen pass, Ana pass → Blas wins at 70 and names copas;
- trick 1: Ana 12e, Blas 1e, Carmen 7e → Blas (1e); Blas sings copas, the trump pair: 40;
- trick 3: Ana leads 11b; the scorer first taps 1o for Blas, which the server refuses:
  Blas discarding without bastos would have to trump, and the copas pair he sang shows he
  holds 12c (S4, C7.3); then the 12b Blas really played;
- 12 tricks in all. Card points won (S1): Ana 2 + 2 (tricks 2 and 5) = 4; Blas 15 + 2 +
  14 + 7 + 11 (tricks 1, 6, 8, 10, 11) = 49; Carmen 18 + 10 + 14 + 12 + 13 (tricks 3, 4,
  7, 9, 12) = 67, + 10 for the last trick = 77. Blas 49 + 40 = 89 ≥ 70: made, Blas scores
  70 (S6). The match target is 60, so the match ends there: 0 · 70 · 0, Blas wins.
"""

import json

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games import services
from tests.browser.test_scoring_pad import log_in
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
BIDS = ["60", "70", "pass", "pass"]
TRICKS = [
    ["12e", "1e", "7e"],
    ["5o", "7o", "10o"],
    ["11b", "12b", "1b"],
    ["3e", "4e", "6e"],
    ["5b", "10b", "6b"],
    ["10e", "5c", "5e"],
    ["11c", "1c", "4c"],
    ["4o", "12o", "3o"],
    ["10c", "3c", "6c"],
    ["11e", "4b", "12c"],
    ["7c", "7b", "1o"],
    ["6o", "11o", "3b"],
]


@pytest.fixture
def phone(browser):
    context = browser.new_context(locale="es-ES", viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def subastao():
    club = ClubFactory(slug="pena")
    user = MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Carmen")]
    match = services.create_match(
        club=club,
        players=players,
        user=user,
        game="subastao",
        rules={"players": 3, "target": 60},
        first_dealer=2,
    )
    return match, user


def tap(page, selector: str) -> None:
    """Tap, then wait until the pad shows the state after that entry (and its legal list)."""
    with page.expect_response(lambda r: r.url.endswith("/legal/")):
        page.click(selector)
    page.wait_for_function("document.querySelector('#pad').className.indexOf('busy') < 0")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_whole_subastao_hand_through_the_pad_on_a_phone(live_server, phone, subastao, tmp_path):
    match, user = subastao
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-actions button")
    assert page.locator("#pad-table .seat").count() == 3
    assert page.locator("#pad-score .unit").all_inner_texts() == ["Ana\n0", "Blas\n0", "Carmen\n0"]
    assert "Reparte Carmen" in page.locator("#pad-prompt").inner_text()
    tap(page, "#pad-actions button:text-is('Cartas repartidas')")

    # the auction: Ana speaks first (dealer + 1); the bid buttons are the server's list
    assert "Puja Ana" in page.locator("#pad-prompt").inner_text()
    bids = page.locator("#pad-actions .bids button").all_inner_texts()
    assert bids == [str(b) for b in range(60, 235, 5)]  # 60, 65 … 230 (S2)
    assert no_sideways_scroll(page)
    tap(page, "#pad-actions .bids button:text-is('60')")
    assert page.locator("#pad-actions .bids button").first.inner_text() == "65"
    tap(page, "#pad-actions .bids button:text-is('70')")
    tap(page, "#pad-actions button.pass")  # Carmen
    tap(page, "#pad-actions button.pass")  # Ana: Blas has it at 70

    # the bid winner names trump
    assert "Blas elige el triunfo" in page.locator("#pad-prompt").inner_text()
    assert page.locator("#pad-actions .suits button").count() == 4
    tap(page, "#pad-actions .suits button:has-text('copas')")
    assert "subasta de 70 de Blas" in page.locator("#pad-status").inner_text()

    # the 36-card grid: every card of the deck, none played yet
    assert page.locator("#pad-deck button.card").count() == 36
    assert no_sideways_scroll(page)
    for number, trick in enumerate(TRICKS, start=1):
        for position, card in enumerate(trick):
            if number == 3 and position == 1:
                # Blas taps 1o: refused, with the rule and the evidence (the sung 12c)
                with page.expect_response(lambda r: r.url.endswith("/events/")) as answer:
                    page.click("#pad-deck button[data-card='1o']")
                assert answer.value.status == 400
                page.wait_for_selector("#pad-error .rule")
                assert page.locator("#pad-error .rule").inner_text() == "S4"
                assert "pero tenía de triunfo el rey de copas (se cantó tras la baza 1)" in (
                    page.locator("#pad-error").inner_text()
                )
                # nothing was written: still Blas to play, 1o still in the grid
                assert "Juega Blas" in page.locator("#pad-prompt").inner_text()
                assert not page.locator("#pad-deck button[data-card='1o']").is_disabled()
            tap(page, f"#pad-deck button[data-card='{card}']")
        if number == 1:
            # Blas won the trick: the server lists what may be sung now, copas among them
            offered = page.locator("#pad-actions .cantes button").all_inner_texts()
            assert "Cante copas · Blas" in offered
            assert all("Blas" in text for text in offered)  # only the bid winner's side
            tap(page, "#pad-actions .cantes button:text-is('Cante copas · Blas')")
            assert "Cante copas · Blas 40" in page.locator("#pad-tricks").inner_text()
        if number < 12:
            assert page.locator("#pad-tricks .trick").count() == number
            assert page.locator(f"#pad-deck button[data-card='{trick[0]}']").is_disabled()

    assert page.locator("#pad-prompt").inner_text() == "La partida ha terminado"
    assert page.locator("#pad-score .unit").all_inner_texts() == ["Ana\n0", "Blas\n70", "Carmen\n0"]
    assert page.locator("#pad-score .unit.winner").inner_text() == "Blas\n70"
    assert no_sideways_scroll(page)

    # the match as stored, and its exported record through the checker command
    api = APIClient()
    api.force_authenticate(user)
    stored = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert stored["status"] == "finished"
    assert [u["score"] for u in stored["units"]] == [0, 70, 0]
    assert stored["winner_unit"] == 1
    assert stored["hands"][0]["header"] == {"bid": 70, "bidder": 1, "trump": "c"}
    result = stored["hands"][0]["result"]
    assert (result["points"], result["cantes"], result["made"]) == ([4, 89, 77], [0, 40, 0], True)
    path = tmp_path / "subastao.json"
    path.write_bytes(api.get(f"/api/v1/matches/{match.pk}/export/").content)
    out = tmp_path / "out.txt"
    with out.open("w") as stdout:
        call_command("score_record", str(path), stdout=stdout)
    checked = json.loads(out.read_text())
    assert checked["valid"] is True
    assert checked["finished"] is True
    assert checked["score"] == [u["score"] for u in stored["units"]]
    assert checked["winner_side"] == stored["winner_unit"]
    assert checked["hands"][0]["points"] == result["points"]
