"""The match page of a Subastao match (three seats, each for himself): the units and their
scores, each hand's contract (bid, bidder, trump with its suit mark), a void hand, a tute,
a penalty, and the hand per unit.

The record, hand by hand (seats: Ana 0, Blas 1, Carmen 2; target 300, failed bid to each
opponent):

1. Carmen deals; Ana 60, Blas 70, Carmen pass, Ana pass: Blas at 70 in copas; he sings
   copas after trick 1 (40). Card points: Ana 4, Blas 49, Carmen 67 + 10 (last trick) =
   77; Blas 49 + 40 = 89 ≥ 70: made, +70 to Blas (the hand of tests/browser/
   test_subastao_pad.py). Score 0–70–0.
2. Ana deals; everybody passes: void, no score (S2).
3. Blas deals; Carmen 60, Ana pass, Blas pass: Carmen at 60 in oros; she wins trick 1
   (1o, 4o, 5o: 11 points) and announces the tute of kings: made whatever the points (S5),
   +60. Score 0–70–60.
4. Carmen deals; Ana 60, then two passes: Ana at 60 in espadas; after trick 1 (4b 5b 6b,
   to Carmen) a penalty against Ana (S4): the bid winner offended, so the contract fails
   (S7) and each opponent scores the bid (S6): +60 to Blas and to Carmen. Score 0–130–120.
"""

import json
import re

import pytest
from django.core.management import call_command

from clubs.models import Club
from games import services
from games.engine import load_record
from tests.factories import ClubFactory, MembershipFactory
from tournaments.management.commands.load_demo import SUBASTAO_NIGHT

pytestmark = pytest.mark.django_db

HAND_1_TRICKS = [
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
RECORD = {
    "format": "card-record",
    "version": 1,
    "game": "subastao",
    "rules": {"players": 3},
    "event": "Noche de subastao",
    "seats": ["Ana", "Blas", "Carmen"],
    "hands": [
        {
            "dealer": 2,
            "bids": [60, 70, "pass", "pass"],
            "trump": "c",
            "tricks": HAND_1_TRICKS,
            "cantes": [{"after_trick": 1, "seat": 1, "suit": "c"}],
        },
        {"dealer": 0, "bids": ["pass", "pass", "pass"]},
        {
            "dealer": 1,
            "bids": [60, "pass", "pass"],
            "trump": "o",
            "tricks": [["1o", "4o", "5o"]],
            "cantes": [{"after_trick": 1, "seat": 2, "tute": "12"}],
        },
        {
            "dealer": 2,
            "bids": [60, "pass", "pass"],
            "trump": "e",
            "tricks": [["4b", "5b", "6b"]],
            "penalty": {"seat": 0, "rule": "S4"},
        },
    ],
}


def glyph(symbol: str) -> str:
    """A Spanish suit's picture as the card tag draws it (from the site's sprite)."""
    return (
        '<svg class="suit-glyph" aria-hidden="true" focusable="false">'
        f'<use href="/static/img/suits.svg#{symbol}"></use></svg>'
    )


def import_night(club: Club):
    scorer = MembershipFactory(club=club, role="scorer").user
    record = load_record(json.dumps(RECORD).encode())
    return services.import_record(club, record, scorer)


@pytest.fixture
def night():
    return import_night(ClubFactory(slug="pena"))


def page(client, match, language: str) -> str:
    return client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def hand_block(html: str, number: int, label: str = "Hand") -> str:
    """The ``<details>`` of hand ``number`` (hands are listed newest first)."""
    start = html.index(f"{label} {number}\n")
    return html[start : html.index("</details>", start)]


def test_the_units_and_every_hand_of_a_subastao_match(client, night):
    html = page(client, night, "en")
    assert "Subastao #" in html
    board = html[html.index('<div class="units-board"') : html.index('<p class="match-meta">')]
    units = re.findall(r'unit-name">([^<]+)</span><strong class="unit-score">(\d+)<', board)
    assert units == [("Ana", "0"), ("Blas", "130"), ("Carmen", "120")]
    assert "3 players · lowest bid 60 · to 300 · a failed bid scores for each opponent" in html

    first = hand_block(html, 1)
    assert "Blas bids 70" in first
    assert f'<span class="suit-mark suit-c"><small>{glyph("copas")}</small> copas</span>' in first
    assert "made" in first
    assert "won by Blas +70" in first
    assert "Blas: cante" in first
    assert "40</span>" in first
    assert "Auction:" in first
    assert "Ana <em>60</em>, Blas <em>70</em>" in first
    # the hand per unit: tricks, points (cards + últimas + cantes), cantes, score
    rows = re.findall(r'<th scope="row">([^<]+)</th>' + "<td>([^<]*)</td>" * 4, first)
    assert rows == [
        ("Ana", "2", "4", "0", "+0 → 0"),
        ("Blas", "5", "89", "40", "+70 → 70"),
        ("Carmen", "5", "77", "0", "+0 → 0"),
    ]

    void = hand_block(html, 2)
    assert "void: everybody passed" in void
    assert "<table" not in void
    assert "No card played yet." not in void

    tute = hand_block(html, 3)
    assert "Tute by Carmen" in tute
    assert "Carmen: tute" in tute
    assert f'<span class="suit-mark suit-o"><small>{glyph("oros")}</small> oros</span>' in tute

    penalty = hand_block(html, 4)
    assert "failed" in penalty
    assert "Penalty against Ana (S4): renuncio, the hand ends there (S7)." in penalty
    assert "<strong>0–130–120</strong>" in penalty


def test_the_page_in_spanish_names_the_suits_as_players_do(client, night):
    html = page(client, night, "es")
    first = hand_block(html, 1, "Mano")
    assert "Blas puja 70" in first
    assert f'<span class="suit-mark suit-c"><small>{glyph("copas")}</small> copas</span>' in first
    assert "nula: todos pasan" in hand_block(html, 2, "Mano")
    assert "Tute de Carmen" in hand_block(html, 3, "Mano")


def test_the_demo_has_a_subastao_club_night(client, demo_data):
    club = Club.objects.get(slug="pena-la-baza")
    night = club.matches.filter(game="subastao", name=SUBASTAO_NIGHT).order_by("pk")
    assert [m.status for m in night] == ["finished", "in_progress"]
    assert all(m.seats.count() == 3 and m.units.count() == 3 for m in night)
    finished, live = night
    assert sum(u.is_winner for u in finished.units.all()) == 1
    assert live.hands.count() == 3
    assert not live.hands.get(number=3).complete
    # each renders, and the live one tells its hand in play
    assert client.get(f"/matches/{finished.pk}/").status_code == 200
    assert "in progress" in page(client, live, "en")
    # loading it again adds nothing (idempotent)
    call_command("load_demo", stdout=__import__("io").StringIO())
    assert club.matches.filter(game="subastao", name=SUBASTAO_NIGHT).count() == 2


def test_the_club_page_names_each_seat_of_a_three_player_match(client, night):
    html = client.get(f"/clubs/{night.club.slug}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    row = re.search(rf'href="/matches/{night.pk}/".*?</tr>', html, re.S).group(0)
    assert "Ana — Blas — Carmen" in row
    assert "&amp;" not in row
    assert "0–130–120" in row


def test_the_match_record_downloads_as_a_file_that_the_checker_reads(client, night):
    response = client.get(f"/matches/{night.pk}/record.json")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="subastao-{night.pk}.json"'
    record = load_record(response.content)
    assert (record.game, record.seats, len(record.hands)) == (
        "subastao",
        ["Ana", "Blas", "Carmen"],
        4,
    )
    assert f'href="/matches/{night.pk}/record.json"' in page(client, night, "es")
