"""The statistics pages and API: the numbers, the charts, the CSV, the empty state and
what a visitor may not read."""

import csv as csvmod

import pytest

from clubs.models import Player
from stats.models import StatTotal
from stats.tasks import start_rebuild
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def test_empty_state_in_spanish(client):
    club = ClubFactory(slug="vacio")
    response = client.get(f"/clubs/{club.slug}/stats/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200
    assert "aún no hay manos anotadas" in response.content.decode().lower()


def test_club_and_player_pages_tables_charts_and_csv(client, club_with_matches):
    club, _, _ = club_with_matches
    start_rebuild()
    hands = StatTotal.objects.get(scope="club", key=str(club.pk), metric="hands").value
    page = client.get(f"/clubs/{club.slug}/stats/").content.decode()
    assert "<svg" in page
    assert "<progress" not in page
    assert f"<td >{hands}</td>" in page or f">{hands}<" in page
    csv = client.get(f"/clubs/{club.slug}/stats/?_export=csv&table=declarations")
    assert csv["Content-Type"].startswith("text/csv")
    header = next(csvmod.reader(csv.content.decode().splitlines()))
    assert len(header) == 8  # game, kind, declared, made, failed, rate, points for, against
    player = Player.objects.filter(club=club).first()
    response = client.get(f"/clubs/{club.slug}/players/{player.pk}/stats/")
    assert response.status_code == 200
    sorted_page = client.get(f"/clubs/{club.slug}/stats/?m-sort=-total&p-sort=name")
    assert sorted_page.status_code == 200
    # the players' ranking links to each player's statistics, the pairs are named
    assert f"/clubs/{club.slug}/players/{player.pk}/stats/" in page
    assert f"{player.display_name} &amp; " in page or f" &amp; {player.display_name}" in page
    players_csv = client.get(f"/clubs/{club.slug}/stats/?_export=csv&table=players-cuatrola")
    assert len(players_csv.content.decode().splitlines()) == 1 + 4  # four players, one game


def test_api_scope_numbers_and_404s(client, club_with_matches):
    club, _, _ = club_with_matches
    start_rebuild()
    body = client.get(f"/api/v1/stats/club/{club.pk}/").json()
    (cuatrola,) = body["games"]
    stored = StatTotal.objects.get(scope="club", key=str(club.pk), metric="hands").value
    assert cuatrola["hands"] == stored
    solo = next(d for d in cuatrola["declarations"] if d["kind"] == "solo")
    assert solo["declared"] == sum(t["declared"] for t in solo["by_trumps"])  # deals known
    # every seat of every hand in a bucket but the partner sitting out a declaration (C5)
    sitting_out = sum(d["declared"] for d in cuatrola["declarations"])
    assert sum(b["count"] for b in cuatrola["points_distribution"]) == 4 * stored - sitting_out
    for bad in ("club/0/", "club/x/", "pair/5-3/", "season/1:20/", "nope/1/"):
        assert client.get(f"/api/v1/stats/{bad}").status_code == 404, bad
    private = ClubFactory(slug="secreta", is_private=True)
    assert client.get(f"/api/v1/stats/club/{private.pk}/").status_code == 404
    assert client.get(f"/clubs/{private.slug}/stats/").status_code == 404
    progress = client.get("/api/v1/stats/progress/").json()
    assert (progress["status"], progress["chunks"]) == ("done", progress["chunks_done"])


def test_the_tables_short_headings_keep_the_whole_words(client, club_with_matches):
    """On the page a short heading, the whole words in its title; the CSV's headings
    are the whole words."""
    club, _, _ = club_with_matches
    start_rebuild()
    page = client.get(f"/clubs/{club.slug}/stats/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<abbr title="Partidas jugadas">PJ</abbr>' in page
    against = "Puntos de partida por declaración, los demás"
    assert f'<abbr title="{against}">Pts. en contra</abbr>' in page
    english = client.get(f"/clubs/{club.slug}/stats/", HTTP_ACCEPT_LANGUAGE="en").content
    assert '<abbr title="Matches played">Pl</abbr>' in english.decode()
    csv = client.get(
        f"/clubs/{club.slug}/stats/",
        {"_export": "csv", "table": "players-cuatrola"},
        HTTP_ACCEPT_LANGUAGE="es",
    )
    header = next(csvmod.reader(csv.content.decode().splitlines()))
    assert "Partidas jugadas" in header
    assert "PJ" not in header
