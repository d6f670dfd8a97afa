"""On a 390 × 844 phone: the replay of a hand recorded with its deal marks the costly
card on its step with the best alternative and its gain, the hand's par beside its
result, and the match page marks the same card (docs/analysis.md "On the site")."""

import random

import pytest

from games import services
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .helpers import ARTIFACTS, fits, phone_context

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_replay_marks_the_costly_card_on_its_step(live_server, browser):
    """Seed 5's hand 1 (analyse_record): par 34, played −34; Diego's 1o leading trick 1
    cost 72, 10e (or 3b) kept the par. The import's commit runs the (eager) analysis."""
    club = ClubFactory(slug="pena", name="Peña")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Eva", "Dani")]
    record = random_match(random.Random(5), max_hands=2, with_deal=True, declare=0)
    record.seats = [p.display_name for p in players]
    match = services.import_record(club, record, organiser)
    page = phone_context(browser).new_page()
    page.goto(f"{live_server.url}/matches/{match.pk}/replay/?hand=1")
    page.wait_for_selector("#replay")
    assert "Mejor juego (par): 34" in page.locator(".hand-analysis").inner_text()
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
