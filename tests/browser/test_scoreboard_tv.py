"""The room scoreboard on a 1920 × 1080 television (issue 19 item 17): it scales to the
screen (scores and standings read across a room), names the player under each card of
the trick, and tells the time in 24 h. The screenshot is kept in
test-artifacts/scoreboard/tv-1920x1080.png."""

import random
import re

import pytest
from rest_framework.test import APIClient

from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

from .helpers import ARTIFACTS

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ana", "Blas", "Carmen", "Diego", "Elena", "Fermín", "Gloria", "Héctor"]


@pytest.fixture
def room():
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club, display_name=n) for n in NAMES]
    players += [PlayerFactory(club=club, display_name=f"{n} Ruiz") for n in NAMES]
    t = services.create_tournament(
        club=club, user=organiser, name="Liga de la sala", format="round_robin"
    )
    for i in range(8):
        services.add_entry(t, organiser, "", players[2 * i], players[2 * i + 1])
    fixtures = list(services.generate_next_round(t, organiser).fixtures.order_by("table"))
    # table 1 finished (the standings appear), table 2 in the middle of a trick
    record = random_match(random.Random(2), first_dealer=fixtures[0].match.first_dealer)
    record.seats = [s.player.display_name for s in fixtures[0].match.seats.order_by("number")]
    services.import_fixture_record(fixtures[0], record, organiser)
    client = APIClient()
    client.force_authenticate(organiser)
    match = fixtures[1].match
    events = [{"kind": "deal", "trump_card": "12o"}, *[{"kind": "call", "call": "pass"}] * 4]
    events += [{"kind": "play", "card": "1c"}, {"kind": "play", "card": "3c"}]
    for seq, event in enumerate(events):
        body = {"expected_seq": seq, **event}
        r = client.post(f"/api/v1/matches/{match.pk}/events/", body, format="json")
        assert r.status_code == 201, r.json()
    return t, match


def px(page, selector: str, prop: str = "font-size") -> float:
    # found and measured in one script turn: the board redraws every poll, and an element
    # found by one call and measured by the next may be gone (its style then reads "")
    script = "([s, p]) => getComputedStyle(document.querySelector(s))[p]"
    return float(page.evaluate(script, [selector, prop])[:-2])


def test_the_scoreboard_fills_a_television(live_server, browser, room):
    t, match = room
    context = browser.new_context(locale="en-US", viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/scoreboard/?tournament={t.pk}&every=500")
    table = page.locator(f".table[data-match='{match.pk}']")
    table.locator(".trick .play").nth(1).wait_for(timeout=10_000)
    page.locator("#standings tr").nth(8).wait_for(timeout=15_000)  # the header and 8 rows

    # read across a room: scores ≥ 60 px, standings and names ≥ 24 px
    assert px(page, ".table .score") >= 60
    assert px(page, "#standings td") >= 24
    assert px(page, ".table .pairs") >= 24
    assert px(page, ".trick .play .who") >= 22
    # the trick: each card over the name of the player who laid it
    plays = table.locator(".trick .play")
    assert plays.count() == 2
    names = [plays.nth(i).locator(".who").inner_text() for i in range(2)]
    seats = [s.player.display_name for s in match.seats.order_by("number")]
    assert all(n in seats for n in names)
    assert names[0] != names[1]
    assert plays.nth(0).locator(".card").get_attribute("data-card") == "1c"
    # the clock in 24 h, even for an English television (no AM/PM)
    status = page.locator("#status").inner_text()
    assert re.search(r"\b\d{2}:\d{2}:\d{2}\b", status), status
    assert not re.search(r"[AP]M", status)
    # the page uses the screen: the tables and standings reach past half its height
    bottom = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.table, #standings')]"
        ".map(e => e.getBoundingClientRect().bottom))"
    )
    assert bottom >= 540
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    out = ARTIFACTS / "scoreboard"
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=out / "tv-1920x1080.png")
    context.close()
