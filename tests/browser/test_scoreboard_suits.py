"""The room scoreboard draws the Spanish suits as pictures (Cuatrola, Subastao) and keeps
the French symbols for Belote, by the deck the live read names (issue 12, item 3)."""

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


def league(game: str):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club) for _ in range(4)]
    t = services.create_tournament(
        club=club, user=organiser, name=f"Liga {game}", format="round_robin", game=game
    )
    services.add_entry(t, organiser, "Norte", players[0], players[1])
    services.add_entry(t, organiser, "Sur", players[2], players[3])
    services.generate_next_round(t, organiser)
    client = APIClient()
    client.force_authenticate(organiser)
    return t, client, t.rounds.get().fixtures.get().match_id


def test_a_cuatrola_trump_card_is_drawn_as_oros(live_server, page):
    t, client, match = league("cuatrola")
    deal = {"expected_seq": 0, "kind": "deal", "trump_card": "12o"}
    assert client.post(f"/api/v1/matches/{match}/events/", deal, format="json").status_code == 201
    assert client.get(f"/api/v1/tournaments/{t.pk}/live/").json()["tournament"]["suits"] == [
        "o",
        "c",
        "e",
        "b",
    ]
    page.goto(f"{live_server.url}/scoreboard/?tournament={t.pk}&every=300")
    trump = page.locator(".trick .card[data-card='12o']")
    trump.wait_for()
    assert trump.locator("use").get_attribute("href") == "#oros"
    assert trump.inner_text() == "R"  # the king and the coin's picture, no ●
    # said in the page's language from the live read's names (the page has no table)
    assert trump.get_attribute("aria-label") == "rey de oros"
    # drawn: the <use> has the symbol's box (0 when the symbol is missing or not shown);
    # the board is redrawn every poll, so ask the card on the page now, until it is laid out
    page.wait_for_function(
        """() => {
          const use = document.querySelector(".trick .card[data-card='12o'] use");
          return use !== null && use.getBBox().width > 5;
        }""",
        timeout=5_000,
    )


def test_a_belote_card_keeps_its_french_symbol(live_server, page):
    t, client, match = league("belote")
    live = client.get(f"/api/v1/tournaments/{t.pk}/live/").json()
    assert sorted(live["tournament"]["suits"]) == ["c", "d", "h", "s"]
    # the deal unknown (as at the table): a hearts contract, three passes, the first card
    events = [
        {"kind": "deal"},
        {"kind": "call", "call": "hearts"},
        {"kind": "call", "call": "pass"},
        {"kind": "call", "call": "pass"},
        {"kind": "call", "call": "pass"},
        {"kind": "play", "card": "Qc"},
    ]
    for seq, event in enumerate(events):
        response = client.post(
            f"/api/v1/matches/{match}/events/", {"expected_seq": seq, **event}, format="json"
        )
        assert response.status_code == 201, response.json()
    page.goto(f"{live_server.url}/scoreboard/?tournament={t.pk}&every=300")
    card = page.locator(".trick .card[data-card='Qc']")
    card.wait_for()
    assert card.inner_text() == "Q♣"  # clubs, not copas: the deck says so
    assert card.get_attribute("aria-label") == "dama de tréboles"
    assert card.locator("svg").count() == 0
