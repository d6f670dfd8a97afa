"""An individual tournament's round names each player once: the entry is its player, so
the round sheet writes "Ana (1)", not the entry's name over its player's ("Ana / Ana
(1)"), and the score sheets' side column is its letter only. Pairs keep both: the pair's
name, then its players with their seats. The demo's data, in Spanish."""

import re

import pytest

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

TAGS = re.compile(r"<[^>]+>")


def cells(page: str, column: int) -> list[str]:
    """The text of column ``column`` (from 0) of each row of the page's first table body."""
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    return [
        " ".join(TAGS.sub(" ", re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[column]).split())
        for row in rows
    ]


def test_an_individual_round_names_each_player_once(client, demo_data):
    t = Tournament.objects.get(game="subastao", entry_size=1)
    fixtures = list(t.rounds.get(number=1).fixtures.order_by("table"))
    page = client.get(f"/tournaments/{t.pk}/rounds/1/").content.decode()
    assert "Jugadores y sus asientos" in page
    shown = cells(page, 1)
    assert len(shown) == len(fixtures) == 3  # two tables of three and a bye
    for text, fixture in zip(shown, fixtures, strict=True):
        names = [e.name for e in fixture.entries()]
        # seats 1, 2, 3 in unit order (a table of three seats its entries at 0, 1, 2)
        expected = " ".join(f"{name} ({seat})" for seat, name in enumerate(names, start=1))
        if fixture.match is None:
            expected += " descansa"
        assert text == expected, (text, names)
    sheets = client.get(f"/tournaments/{t.pk}/rounds/1/sheets/").content.decode()
    first = [e.name for e in fixtures[0].entries()]
    assert cells(sheets, 1)[:3] == first
    assert cells(sheets, 2)[:3] == ["A", "B", "C"]


def test_a_pairs_round_names_the_pair_and_its_players(client, demo_data):
    league = Tournament.objects.get(name="Liga de invierno 2026")
    fixture = league.rounds.get(number=1).fixtures.order_by("table").first()
    a, b = fixture.entries()
    page = client.get(f"/tournaments/{league.pk}/rounds/1/").content.decode()
    assert "Inscritos y sus asientos" in page
    text = cells(page, 1)[0]
    pa, pb = a.players(), b.players()
    assert text == f"{a.name} {pa[0]} (1) · {pa[1]} (3) {b.name} {pb[0]} (2) · {pb[1]} (4)", text
