"""The statistics pages show what each figure means, in Spanish and in English (issue 19,
items 10, 11, 13, 15, 16): totals set by hand, every shown value worked out by hand."""

import html
import re

import pytest
from django.conf import settings

from clubs.models import Player
from stats.models import StatTotal
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db

#: a club's Subastao: 32 hands of which 7 void (25 played); 12 auctions won
CLUB = {
    "hands": 32,
    "void_hands": 7,
    "matches": 3,
    "card_points": 774,  # 30.96 a played hand (24.19 if the void ones were counted)
    "tricks": 250,  # 10.00 a played hand
    "declared_bid60": 11,
    "made_bid60": 7,  # 7 of 11: 64%
    "declared_bid80": 1,
    "made_bid80": 1,  # 1 of 1: a small sample
    "score_for_bid60": 420,  # 38.18 a call
    "score_against_bid60": 240,  # 21.82 a call
    "bid_points": 740,  # 61.7 an auction won: 11 × 60 + 80 over 12
    "bid_margin": 131,
    "bid_margin_hands": 10,  # 13.1 over the bid, on average
    "capots_declarer": 2,
    "capots_defender": 1,
    "mano_hands": 25,
    "dealer_hands": 25,
    "pts_000": 20,
    "pts_040": 55,
    "pts_120": 25,  # the bars: 100 = 4 players × 25 hands played
}


def totals(club, scope: str, key: str, metrics: dict[str, int], game="subastao") -> None:
    StatTotal.objects.bulk_create(
        StatTotal(club=club, scope=scope, key=key, game=game, metric=m, value=v)
        for m, v in metrics.items()
    )


def cells(page: str, label: str) -> list[str]:
    """The cells of the table row whose first cells hold ``label``."""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S):
        found = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        texts = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in found]
        if label in texts:
            return texts
    raise AssertionError(f"no row {label!r}")


@pytest.fixture
def club(db):
    club = ClubFactory(slug="pena")
    totals(club, "club", str(club.pk), CLUB)
    return club


def page(client, url: str, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_club_figures_in_spanish(client, club):
    text = page(client, f"/clubs/{club.slug}/stats/", "es")
    # per hand played, Spanish decimals; a count has no per-hand figure
    assert cells(text, "Puntos de cartas")[2:] == ["774", "30,96"]
    assert cells(text, "Bazas")[2:] == ["250", "10,00"]
    assert cells(text, "Manos jugadas")[2:] == ["25", ""]
    assert cells(text, "Manos nulas (todos pasaron)")[2:] == ["7", ""]
    assert cells(text, "Partidas jugadas")[2:] == ["3", ""]
    assert cells(text, "Puja ganadora media")[2] == "61,7"
    margin = "Puntos por encima de la puja, de media (manos jugadas enteras)"
    assert cells(text, margin)[2] == "13,1"
    assert cells(text, "Capotes del bando que declara")[2:] == ["2", "0,08"]
    assert cells(text, "Capotes de la defensa")[2:] == ["1", "0,04"]
    assert "Partidas ganadas" not in text  # a club wins every match it plays
    # each bid band apart: declared, made good, failed, the rate with its count
    band60 = ["11", "7", "4", "7 de 11 · 64 %", "38,18", "21,82"]
    assert cells(text, "puja de 60 a 75")[2:] == band60
    band80 = cells(text, "puja de 80 a 95")
    assert band80[5] == "1 de 1 · 100 %*"  # marked: one auction says little
    assert 'class="small-sample"' in text
    assert "Declaradas" in text
    assert ">Made<" not in text
    # the histogram's caption says what its bars add up to
    assert "Las barras suman 100" in text
    assert "de las 25 manos jugadas" in text
    assert "Puntos de cartas ganados en la mano (el mínimo de cada tramo)" in text  # axis


def test_club_figures_in_english(client, club):
    text = page(client, f"/clubs/{club.slug}/stats/", "en")
    assert cells(text, "Card points")[2:] == ["774", "30.96"]
    assert cells(text, "Hands played")[2:] == ["25", ""]
    assert cells(text, "Average winning bid")[2] == "61.7"
    assert cells(text, "bid of 60 to 75")[2:] == ["11", "7", "4", "7 of 11 · 64%", "38.18", "21.82"]
    assert cells(text, "bid of 80 to 95")[5] == "1 of 1 · 100%*"
    assert "The bars add up to 100" in text
    assert "Trumps the declarer held" not in text  # no deal known: no chart by trumps


def test_players_tables_per_game_with_a_rate_per_kind_and_the_csv(client, club):
    ana = Player.objects.create(club=club, display_name="Ana")
    totals(
        club,
        "player",
        str(ana.pk),
        {
            "hands": 12,
            "void_hands": 2,
            "matches": 2,
            "matches_won": 1,
            "hands_won": 6,
            "card_points": 315,  # 31.5 a played hand
            "declared_bid60": 3,
            "made_bid60": 2,
        },
    )
    text = page(client, f"/clubs/{club.slug}/stats/", "es")
    # played 10, won 6 hands, 2 matches of which 1 won, the 60 band 2 of 3 (small)
    assert cells(text, "Ana")[:6] == ["Ana", "Subastao", "10", "6", "2", "1"]
    assert "2 de 3 · 67 %*" in cells(text, "Ana")
    assert "31,5" in cells(text, "Ana")
    csv = client.get(f"/clubs/{club.slug}/stats/?_export=csv&table=players-subastao")
    lines = csv.content.decode().splitlines()
    assert len(lines) == 2
    assert lines[1].startswith("Ana,Subastao,10,6,2,1,")
    assert "2/3" in lines[1]


def four_players(club) -> list[Player]:
    names = ("Ana", "Blas", "Carmen", "Diego")
    return [Player.objects.create(club=club, display_name=n) for n in names]


def test_a_players_page_has_won_figures_and_head_to_head(client, club):
    ana, blas, carmen, diego = four_players(club)
    totals(
        club,
        "player",
        str(ana.pk),
        {
            "hands": 12,
            "sat_out_hands": 2,  # her partner declared twice: 10 hands played
            "matches": 2,
            "matches_won": 1,
            "hands_won": 6,
            "defended": 4,
            "broke": 3,
            "card_points": 305,  # 30.5 a hand she played
        },
    )
    pair_ac, pair_bd = f"{ana.pk}-{carmen.pk}", f"{blas.pk}-{diego.pk}"
    versus = {"matches": 2, "matches_won": 1, "played_hands": 10, "hands_won": 6}
    totals(club, "versus", f"{ana.pk}:{blas.pk}", versus)
    totals(club, "versus", f"{pair_ac}:{pair_bd}", versus)
    totals(club, "versus", f"{blas.pk}:{ana.pk}", {"matches": 2, "matches_won": 1})  # Blas's
    text = page(client, f"/clubs/{club.slug}/players/{ana.pk}/stats/", "es")
    assert cells(text, "Partidas ganadas")[2:] == ["1", ""]
    assert cells(text, "Manos jugadas")[2:] == ["10", ""]
    assert cells(text, "Manos en que no jugó (declaró su compañero)")[2:] == ["2", ""]
    assert cells(text, "Puntos de cartas")[2:] == ["305", "30,50"]
    assert cells(text, "Manos ganadas")[2:] == ["6", ""]
    assert cells(text, "Contratos defendidos")[2] == "4"
    assert cells(text, "Contratos tumbados en defensa")[2] == "3"
    assert "Cara a cara" in text
    assert cells(text, "Blas") == ["Ana", "Blas", "Subastao", "2", "1", "10", "6"]
    assert cells(text, "Blas & Diego")[:2] == ["Ana & Carmen", "Blas & Diego"]
    # Blas's own record against Ana is his page's, not hers: two rows here
    rows = re.findall(r"<tr[^>]*>.*?</tr>", text.split("Cara a cara")[1], re.S)
    assert len([r for r in rows if "<td" in r]) == 2


def test_the_api_serves_a_players_head_to_head(client, club):
    ana, blas, carmen, diego = four_players(club)
    pair_ac, pair_bd = f"{ana.pk}-{carmen.pk}", f"{blas.pk}-{diego.pk}"
    totals(club, "versus", f"{ana.pk}:{blas.pk}", {"matches": 3, "matches_won": 2})
    totals(club, "versus", f"{pair_ac}:{pair_bd}", {"matches": 1, "played_hands": 9})
    totals(club, "versus", f"{blas.pk}:{ana.pk}", {"matches": 3, "matches_won": 1})  # Blas's
    body = client.get(f"/api/v1/stats/player/{ana.pk}/").json()
    rows = sorted(body["versus"], key=lambda r: r["ours"])
    assert rows == sorted(
        [
            {
                "ours": str(ana.pk),
                "ours_name": "Ana",
                "theirs": str(blas.pk),
                "theirs_name": "Blas",
                "game": "subastao",
                "matches": 3,
                "matches_won": 2,
                "hands": 0,
                "hands_won": 0,
            },
            {
                "ours": pair_ac,
                "ours_name": "Ana & Carmen",
                "theirs": pair_bd,
                "theirs_name": "Blas & Diego",
                "game": "subastao",
                "matches": 1,
                "matches_won": 0,
                "hands": 9,
                "hands_won": 0,
            },
        ],
        key=lambda r: r["ours"],
    )
    # other scopes have no head to head
    assert client.get(f"/api/v1/stats/club/{club.pk}/").json()["versus"] == []
