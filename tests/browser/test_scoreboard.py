"""The standalone scoreboard (docs/scoreboard.html) in a real browser: it polls the live
endpoint and shows a card recorded through the API."""

import time

import pytest
from django.utils import translation

from clubs.devices import create_device_token
from cuatrola_site.views import scoreboard_strings
from tests.browser.helpers import beside_live_server
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_tournament():
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [
        PlayerFactory(club=club, display_name=n)
        for n in ("Ana", "Blas", "Carmen", "Diego", "Elena", "Fermín", "Gloria", "Héctor")
    ]
    t = services.create_tournament(
        club=club, user=organiser, name="Liga de la sala", format="round_robin"
    )
    for i, name in enumerate(["Los del Casino", "Las Sotas", "El Triunfo", "Arrastre"]):
        services.add_entry(t, organiser, name, players[2 * i], players[2 * i + 1])
    services.generate_next_round(t, organiser)
    return t, organiser


def test_the_room_scoreboard_follows_a_hand_recorded_through_the_api(
    live_server, page, live_tournament
):
    t, organiser = live_tournament
    page.goto(f"{live_server.url}/scoreboard/?tournament={t.pk}&every=300")
    page.wait_for_selector(".table")
    assert page.locator("#title").inner_text() == "Liga de la sala"
    assert page.locator(".table").count() == 2
    first = page.locator(".table").first
    assert "Los del Casino" in first.inner_text()
    assert "repartiendo" in first.locator(".state").inner_text()

    match_id = int(first.get_attribute("data-match"))
    _token, key = create_device_token(t.club, organiser, "Mesa 1")
    events = (
        [{"kind": "deal", "trump_card": "12o"}]
        + [{"kind": "call", "call": "pass"}] * 4
        + [{"kind": "play", "card": "1c"}]
    )
    for seq, event in enumerate(events):
        response = _post_as_a_pad_does(
            page,
            f"{live_server.url}/api/v1/matches/{match_id}/events/",
            {"expected_seq": seq, **event},
            key,
        )
        assert response.status == 201, response.text()
    table = page.locator(f".table[data-match='{match_id}']")
    table.locator(".trick .card[data-card='1c']").wait_for(timeout=10_000)
    # seats: Ana, Gloria, Blas, Héctor (pair A at 0 and 2); mano Gloria led: Blas is next
    assert "jugando · le toca a Blas" in table.locator(".state").inner_text()


def _post_as_a_pad_does(page, url: str, body: dict, key: str):
    """POST through the live server with a device key, retrying a 503 after its
    Retry-After as the pad does: on the embedded SQLite a write may meet the scoreboard's
    read holding the table (the server answers 503, never half-writes)."""
    for _ in range(20):
        response = page.request.post(
            url, data=body, headers={"Authorization": f"Bearer {key}"}, timeout=10_000
        )
        if response.status != 503:
            return response
        time.sleep(float(response.headers.get("retry-after", "1")) / 10)
    return response


def test_before_any_match_ends_the_standings_say_when_they_appear(
    live_server, page, live_tournament
):
    t, _organiser = live_tournament
    page.goto(f"{live_server.url}/scoreboard/?tournament={t.pk}&every=300")
    note = page.locator("#standings-none")
    note.wait_for(state="visible", timeout=10_000)
    assert note.inner_text() == "La clasificación aparece cuando termina la primera partida."
    assert page.locator("#standings tr").count() == 0


def test_the_standings_note_is_in_the_readers_language():
    with translation.override("en"):
        assert scoreboard_strings()["noStandings"] == (
            "The standings appear when the first match ends."
        )
    with translation.override("es"):
        assert scoreboard_strings()["noStandings"] == (
            "La clasificación aparece cuando termina la primera partida."
        )


def test_a_table_that_finishes_brings_the_standings_at_once(live_server, page, live_tournament):
    """The standings' own poll is every 10 s; a table leaving the live list (here a forfeit
    decided by the organiser) makes the scoreboard read them on its next live polls, so the
    room sees the table's result within a few seconds, not up to ten."""
    t, organiser = live_tournament
    standings = []
    page.on("request", lambda r: "/standings/" in r.url and standings.append(time.monotonic()))
    page.goto(f"{live_server.url}/scoreboard/?tournament={t.pk}&every=300")
    page.wait_for_selector(".table")
    page.wait_for_timeout(600)  # two live polls: the scoreboard knows both tables
    assert len(standings) == 1  # the first read, at load
    fixture = t.rounds.get(number=1).fixtures.order_by("table").first()
    loser = fixture.ordered()[1].entry
    beside_live_server(
        lambda: services.decide_fixture(fixture, organiser, "forfeit", forfeited=[loser])
    )
    decided = time.monotonic()
    page.locator(f".table[data-match='{fixture.match_id}']").wait_for(state="detached")
    page.wait_for_function(
        "(document.querySelector('#standings tr:nth-child(2)') || {}).textContent"
        "?.includes('Los del Casino')",
        timeout=5000,
    )
    assert len(standings) >= 2
    assert standings[1] - decided < 5  # far sooner than the standings' own 10 s poll
    assert page.locator(".table").count() == 1
