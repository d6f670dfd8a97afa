"""A player's figures for one season (scope ``player_season``): built by the rebuild and
by the count of a match as it finishes, read on the player's page under ``?season=``;
the season links keep the page they are on (a club's, a player's), and a tournament's
page has none. Expected figures worked out from the replayed matches, hand by hand."""

import datetime
from collections import Counter

import pytest

from games import services
from games.models import Match
from stats import store
from stats.models import StatTotal
from stats.tasks import start_rebuild
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.services]

#: the four matches' seasons: two in 2025, two in 2026
YEARS = (2025, 2026, 2025, 2026)


def by_hand(matches, years=YEARS) -> Counter:
    """``(player, year, metric)``: hands (and those played), matches and matches won,
    tricks and card points each player took, from the engine's replay of each match (not
    the stats app's)."""
    out = Counter()
    for match, year in zip(matches, years, strict=True):
        state = services.replay(match)
        players = [s.player_id for s in match.seats.order_by("number")]
        for seat, player in enumerate(players):
            out[(player, year, "matches")] += 1
            out[(player, year, "matches_won")] += state.winner_unit == seat % 2
        for hand in state.hands:
            if not hand.is_complete:
                continue
            for seat, player in enumerate(players):
                out[(player, year, "hands")] += 1
                won = [t for t in hand.tricks if t.winner == seat]
                out[(player, year, "tricks")] += len(won)
                out[(player, year, "card_points")] += sum(t.points for t in won)
                # the page's "hands played": not a void hand (no trick), not sat out (C5)
                sat_out = hand.sitting_out == seat
                out[(player, year, "played")] += bool(hand.tricks) and not sat_out
    return out


def stored(scope: str, key: str, metric: str) -> int:
    rows = StatTotal.objects.filter(scope=scope, key=key, metric=metric)
    return sum(rows.values_list("value", flat=True))


@pytest.fixture
def seasons(club_with_matches):
    club, _scorer, matches = club_with_matches
    for match, year in zip(matches, YEARS, strict=True):
        Match.objects.filter(pk=match.pk).update(played_on=datetime.date(year, 5, 4))
        match.refresh_from_db()
    return club, matches


METRICS = ("hands", "matches", "matches_won", "tricks", "card_points")


def test_the_rebuild_stores_each_players_season(seasons):
    _club, matches = seasons
    start_rebuild(chunk_matches=3)
    expected = by_hand(matches)
    players = {p for p, _, _ in expected}
    assert len(players) == 4
    for player in players:
        for year in (2025, 2026):
            for metric in METRICS:
                got = stored("player_season", f"{player}:{year}", metric)
                assert got == expected[(player, year, metric)], (player, year, metric)
                assert got or metric == "matches_won"
        # the two seasons add up to the player's all-time figures
        for metric in METRICS:
            whole = stored("player", str(player), metric)
            parts = sum(stored("player_season", f"{player}:{y}", metric) for y in (2025, 2026))
            assert whole == parts, (player, metric)


def test_a_match_counted_as_it_finishes_adds_to_its_players_season(seasons):
    _club, matches = seasons
    store.count_match(matches[0].pk)  # the one 2025 match counted alone
    expected = by_hand(matches[:1], years=(2025,))  # that match only
    for player in {s.player_id for s in matches[0].seats.all()}:
        for metric in METRICS:
            got = stored("player_season", f"{player}:2025", metric)
            assert got == expected[(player, 2025, metric)], (player, metric)
        assert not StatTotal.objects.filter(scope="player_season", key=f"{player}:2026").exists()


def test_the_players_page_links_to_its_own_seasons_and_shows_one(client, seasons):
    club, matches = seasons
    start_rebuild()
    expected = by_hand(matches)
    player = matches[0].seats.get(number=0).player
    base = f"/clubs/{club.slug}/players/{player.pk}/stats/"
    page = client.get(base, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    for year in (2025, 2026):
        assert f'href="{base}?season={year}"' in page
    assert f"/clubs/{club.slug}/stats/?season=" not in page
    csv = client.get(base, {"season": 2025, "_export": "csv"}, HTTP_ACCEPT_LANGUAGE="en")
    rows = [line.split(",") for line in csv.content.decode().splitlines()]
    played = next(r for r in rows if r[1] == "Hands played")
    assert int(played[2]) == expected[(player.pk, 2025, "played")]
    all_time = sum(expected[(player.pk, y, "played")] for y in (2025, 2026))
    assert expected[(player.pk, 2025, "played")] < all_time  # the season's, not all time's
    season = client.get(base, {"season": 2025}, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert f"{player.display_name}: temporada 2025" in season
    assert f'href="{base}?season=2025" aria-current="page"' in season
    # the club's page links to the club's seasons
    club_page = client.get(f"/clubs/{club.slug}/stats/").content.decode()
    assert f'href="/clubs/{club.slug}/stats/?season=2026"' in club_page


def test_a_tournaments_page_has_no_season_links(client, seasons):
    club, _matches = seasons
    start_rebuild()
    t = Tournament.objects.create(club=club, name="Liga", format="knockout")
    StatTotal.objects.create(
        club=club, scope="tournament", key=str(t.pk), game="cuatrola", metric="hands", value=3
    )
    response = client.get(f"/tournaments/{t.pk}/stats/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Liga" in page
    assert "?season=" not in page


def test_the_api_serves_a_players_season(client, seasons):
    _club, matches = seasons
    start_rebuild()
    expected = by_hand(matches)
    player = matches[0].seats.get(number=0).player
    body = client.get(f"/api/v1/stats/player_season/{player.pk}:2025/").json()
    assert (body["scope"], body["key"]) == ("player_season", f"{player.pk}:2025")
    [game] = body["games"]
    assert game["played_hands"] == expected[(player.pk, 2025, "played")]
    assert game["matches"] == expected[(player.pk, 2025, "matches")]
    assert game["won"]["matches_won"] == expected[(player.pk, 2025, "matches_won")]
    # a year with nothing, and a player of no club the visitor may read: as any scope
    assert client.get(f"/api/v1/stats/player_season/{player.pk}:1999/").json()["games"] == []
    assert client.get("/api/v1/stats/player_season/999999:2025/").status_code == 404
