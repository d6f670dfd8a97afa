"""On a 390 × 844 phone: the replay of a hand recorded with its deal marks the costly
card on its step with the best alternative and its gain, the hand's par beside its
result, and the match page marks the same card (docs/analysis.md "On the site"); on a
phone and on a desktop, the marks leave the trick rows whole: a trick's cards on one
line, each name under its card, each mark under its name."""

import random

import pytest

from games import services
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .helpers import ARTIFACTS, fits, phone_context

pytestmark = pytest.mark.django_db(transaction=True)


def imported(club_name="Peña"):
    """Seed 5's two Cuatrola hands, with their deal, imported (the eager analysis runs)."""
    club = ClubFactory(slug="pena", name=club_name)
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Eva", "Dani")]
    record = random_match(random.Random(5), max_hands=2, with_deal=True, declare=0)
    record.seats = [p.display_name for p in players]
    return services.import_record(club, record, organiser)


def test_the_replay_marks_the_costly_card_on_its_step(live_server, browser):
    """Seed 5's hand 1 (analyse_record): par 34, played −34; Diego's 1o leading trick 1
    cost 72, 10e (or 3b) kept the par. The import's commit runs the (eager) analysis."""
    match = imported()
    page = phone_context(browser).new_page()
    page.goto(f"{live_server.url}/matches/{match.pk}/replay/?hand=1")
    page.wait_for_selector("#replay")
    assert "Mejor juego (par): +34 puntos" in page.locator(".hand-analysis").inner_text()
    for _ in range(30):  # step on until a costly card is on screen
        if page.locator(".replay-step:visible .costly").count():
            break
        page.keyboard.press("ArrowRight")
    what = page.locator(".replay-step:visible .replay-what").inner_text()
    assert "Dani" in what
    mark = page.locator(".replay-step:visible .costly")
    assert mark.get_attribute("data-best") == "10e"
    assert mark.locator(".card").get_attribute("aria-label") == "sota de espadas"
    assert mark.inner_text().startswith("mejor:")
    assert mark.inner_text().endswith(", +72")
    fits(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "replay-costly-card.png"))
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.click("details.hand >> nth=-1 >> summary")  # hand 1 (newest first)
    first = page.locator("details.hand >> nth=-1 >> .costly").first
    assert first.get_attribute("data-best") == "10e"
    assert first.inner_text().endswith(", +72")


# the geometry of every play of every trick row: its card, its name, its mark (if any)
ROWS = """() => [...document.querySelectorAll('details.hand[open] .trick')].map(t => {
  const box = e => { if (!e) return null; const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return [...t.querySelectorAll('span:has(> .who)')].map(p => ({
    card: box(p.querySelector(':scope > .card')), who: box(p.querySelector(':scope > .who')),
    mark: box(p.querySelector(':scope > .costly'))}));
})"""


@pytest.mark.parametrize("width", [390, 1100])
def test_the_marks_leave_the_trick_rows_whole(live_server, browser, width):
    """Seed 5: hand 1 has costly cards in tricks 1 and 2 (Dani's 1o, +72, and more), hand
    2 its own; on a 390 px phone and an 1100 px desktop, every trick's cards stay on one
    line (the same top), each player's name is centred under its card, and each mark sits
    under the name, within the play's column; the page scrolls no wider than the
    screen."""
    match = imported()
    context = browser.new_context(
        locale="es-ES", viewport={"width": width, "height": 844}, is_mobile=width < 600
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.evaluate("document.querySelectorAll('details.hand').forEach(d => d.open = true)")
    rows = page.evaluate(ROWS)
    marked = [row for row in rows if any(p["mark"] for p in row)]
    assert len(rows) == 10  # two hands of five tricks
    assert len(marked) >= 2
    for row in rows:
        assert len(row) == 4
        tops = {round(p["card"]["top"]) for p in row}
        assert len(tops) == 1, f"a trick's cards on two lines: {tops}"
        for p in row:
            card, who = p["card"], p["who"]
            centre = (card["left"] + card["right"]) / 2
            assert abs((who["left"] + who["right"]) / 2 - centre) <= 2, "a name off its card"
            assert who["top"] >= card["bottom"] - 1
            if p["mark"]:
                assert p["mark"]["top"] >= who["bottom"] - 1
                assert abs((p["mark"]["left"] + p["mark"]["right"]) / 2 - centre) <= 2
        # the columns do not overlap: each play starts after the one before ends
        lefts = [min(p["card"]["left"], (p["mark"] or p["card"])["left"]) for p in row]
        rights = [max(p["card"]["right"], (p["mark"] or p["card"])["right"]) for p in row]
        assert all(a <= b for a, b in zip(rights, lefts[1:], strict=False))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("details.hand >> nth=-1").screenshot(
        path=str(ARTIFACTS / f"match-costly-marks-{width}.png")
    )
    context.close()
