"""The ratings on the player page, the club's ratings table and the API: the same
numbers everywhere, for those who may read the club."""

import random
import re

import pytest
from django.test import TestCase

from clubs.models import Membership
from games.simulation import RECORD, simulate_match
from ratings.models import Rating, RatingChange
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Blas", "Carmen", "Diego", "Elena"]


@pytest.fixture
def club():
    club = ClubFactory(slug="pena", name="Peña")
    organiser = MembershipFactory(club=club, role=Membership.Role.ORGANISER).user
    players = [PlayerFactory(club=club, display_name=n) for n in NAMES]
    for seed, seats in ((1, [0, 1, 2, 3]), (2, [0, 4, 2, 1]), (3, [4, 0, 2, 1])):
        with TestCase.captureOnCommitCallbacks(execute=True):
            simulate_match(
                club=club,
                players=[players[i] for i in seats],
                user=organiser,
                game="cuatrola",
                rules={"target": 3},
                rng=random.Random(seed),
                mode=RECORD,
            )
    return club


def ana(club):
    return club.players.get(display_name="Ana")


def test_the_player_page_shows_the_rating_its_chart_partners_and_opponents(client, club):
    player = ana(club)
    rating = Rating.objects.get(player=player, game="cuatrola")
    html = client.get(
        f"/clubs/pena/players/{player.pk}/", HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert f"{rating.ordinal:.2f}".replace(".", ",") in html  # Spanish decimals
    assert "3 partidas puntuadas" in html
    assert html.count("<svg") == 1
    assert "<polyline" in html
    points = re.search(r'<polyline points="([^"]+)"', html).group(1).split()
    assert len(points) == 4  # the start and one point per rated match
    assert f'href="/clubs/pena/players/{player.pk}/stats/"' in html
    assert "Estadísticas" in html
    assert "Compañeros" in html
    assert "Rivales" in html
    # Carmen partnered Ana in the first two matches (seats 0 and 2), was an opponent in the third
    partners = re.search(r'<table class="partners stack">.*?</table>', html, re.S).group(0)
    carmen = re.search(r"Carmen</a></td><td[^>]*>(\d+)</td>", partners).group(1)
    assert carmen == "2"
    opponents = re.search(r'<table class="opponents stack">.*?</table>', html, re.S).group(0)
    assert re.search(r"Carmen</a></td><td[^>]*>(\d+)</td>", opponents).group(1) == "1"
    assert "μ − 3σ" in html
    assert "OpenSkill" in html
    # the numbers next to the rating say what they are
    legend = re.search(r'<p class="muted rating-legend">(.*?)</p>', html).group(1)
    assert legend == "μ: nivel estimado; σ: incertidumbre; valoración = μ − 3σ"


def test_the_club_ratings_table_is_sortable(client, club):
    ratings = list(Rating.objects.filter(player__club=club, game="cuatrola").order_by("-ordinal"))
    html = client.get(
        "/clubs/pena/ratings/?game=cuatrola", HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    names = re.findall(r'<td ><a href="/clubs/pena/players/\d+/">(\w+)</a>', html) or re.findall(
        r'href="/clubs/pena/players/\d+/">(\w+)</a>', html
    )
    assert names[: len(ratings)] == [r.player.display_name for r in ratings]
    by_name = client.get("/clubs/pena/ratings/?game=cuatrola&sort=player").content.decode()
    assert re.findall(r'href="/clubs/pena/players/\d+/">(\w+)</a>', by_name) == sorted(NAMES)
    assert client.get("/clubs/pena/ratings/?game=belote").status_code == 200
    assert client.get("/clubs/pena/ratings/?game=mus").status_code == 404


def test_the_api_gives_the_same_numbers(client, club):
    body = client.get("/api/v1/ratings/pena/cuatrola/").json()
    rows = {r["name"]: r for r in body["ratings"]}
    for rating in Rating.objects.filter(player__club=club, game="cuatrola"):
        row = rows[rating.player.display_name]
        assert (row["mu"], row["sigma"], row["rating"]) == (rating.mu, rating.sigma, rating.ordinal)
        assert row["matches"] == rating.matches
    assert [r["rank"] for r in body["ratings"]] == sorted(r["rank"] for r in body["ratings"])
    assert body["method"]["z"] == 3
    assert body["method"]["mu"] == 25
    player = ana(club)
    mine = client.get(f"/api/v1/ratings/pena/players/{player.pk}/").json()
    cuatrola = next(g for g in mine["games"] if g["game"] == "cuatrola")
    history = RatingChange.objects.filter(player=player, game="cuatrola")
    assert [h["match"] for h in cuatrola["history"]] == [c.rated.match_id for c in history]
    assert cuatrola["history"][-1]["mu_after"] == cuatrola["mu"]
    assert cuatrola["history"][0]["rating_before"] == pytest.approx(0.0)
    belote = next(g for g in mine["games"] if g["game"] == "belote")
    assert belote == {
        "game": "belote",
        "rating": None,
        "mu": None,
        "sigma": None,
        "matches": 0,
        "wins": 0,
        "history": [],
    }


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/ratings/pena/mus/",
        "/api/v1/ratings/nowhere/cuatrola/",
        "/api/v1/ratings/pena/players/999999/",
        "/api/v1/ratings/nowhere/players/1/",
    ],
)
def test_the_api_answers_404_naming_what_is_missing(client, club, url):
    response = client.get(url)
    assert response.status_code == 404
    assert response.json()["message"]


def test_a_private_club_s_ratings_are_for_its_people(client, club):
    club.is_private = True
    club.save()
    player = ana(club)
    for url in (
        "/clubs/pena/ratings/",
        f"/clubs/pena/players/{player.pk}/",
        "/api/v1/ratings/pena/cuatrola/",
        f"/api/v1/ratings/pena/players/{player.pk}/",
    ):
        assert client.get(url).status_code == 404, url
    client.force_login(club.memberships.get().user)
    assert client.get("/api/v1/ratings/pena/cuatrola/").status_code == 200
    assert client.get("/clubs/pena/ratings/").status_code == 200


def test_the_admin_shows_the_ratings_read_only(client, club, django_user_model):
    admin = django_user_model.objects.create_superuser("boss", password="pw")
    client.force_login(admin)
    for url in (
        "/admin/ratings/rating/",
        "/admin/ratings/ratedmatch/",
        "/admin/ratings/ratingchange/",
    ):
        assert client.get(url).status_code == 200, url
    assert client.get("/admin/ratings/rating/add/").status_code == 403


@pytest.mark.parametrize(("language", "shown"), [("es", "4,80"), ("en", "4.80")])
def test_ratings_decimals_are_rounded_in_the_readers_language(client, language, shown):
    """Issue 19 item 16: a rating of 4.796 shows as 4,80 in Spanish and 4.80 in English,
    as the statistics do (rounded: cutting the digits off would show 4,79)."""
    from django.conf import settings

    club = ClubFactory(slug="decimales")
    player = PlayerFactory(club=club, display_name="Ana")
    Rating.objects.create(
        player=player, game="cuatrola", mu=19.196, sigma=4.8, ordinal=4.796, matches=1
    )
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get("/clubs/decimales/ratings/?game=cuatrola").content.decode()
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", html)
    assert shown in cells
    assert ("19,20" if language == "es" else "19.20") in cells  # μ 19.196
