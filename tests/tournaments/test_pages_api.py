"""Tournament pages and API over the demo league."""

import csv
import io
import re

import pytest
from django.conf import settings

from tournaments.models import StandingsSnapshot, Tournament
from tournaments.standings_store import fresh_snapshot

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def league(demo_data):
    return Tournament.objects.get(format="round_robin", game="cuatrola")


def test_tournament_page_shows_rounds_fixtures_and_standings(client, league):
    html = client.get(f"/tournaments/{league.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Liga de invierno 2026" in html
    assert html.count("<h3>Round") == 2
    for entry in league.entries.all():
        assert entry.name in html
    assert 'class="standings"' in html
    assert "Generate the next round" not in html  # not for visitors


def test_standings_csv_export_and_per_round(client, league):
    response = client.get(f"/tournaments/{league.pk}/?_export=csv&after_round=1")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 6
    assert sum(int(r["G"]) for r in rows) == 3  # three matches finished in round 1
    assert rows[0]["#"] == "1"


def test_organiser_generates_rounds_with_a_clear_message_when_unfinished(client, league):
    client.login(username="organiser", password="organiser-demo")
    response = client.post(
        f"/tournaments/{league.pk}/next-round/", follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 409  # the page again, with the reason
    assert "Round 2 is unfinished: 1 match still being played." in response.content.decode()
    assert league.rounds.count() == 2


def test_round_sheet_is_printable(client, league):
    html = client.get(f"/tournaments/{league.pk}/rounds/1/").content.decode()
    # the print rules live in the site's stylesheet (no inline style under the CSP): the
    # page's links and buttons are marked to leave the sheet, which the stylesheet hides
    assert 'class="no-print"' in html
    assert "data-print" in html
    css = (settings.BASE_DIR / "static" / "css" / "site.css").read_text()
    assert re.search(r"@media print \{[^}]*\.no-print[^}]*display: none", css)
    assert html.count("<tr>") == 1 + 3


def test_api_tournament_standings_and_rounds(client, league):
    body = client.get(f"/api/v1/tournaments/{league.pk}/standings/").json()
    assert body["after_round"] == 2
    assert next(r["rank"] for r in body["rows"]) == 1
    assert {r["name"] for r in body["rows"]} == set(league.entries.values_list("name", flat=True))
    first = client.get(f"/api/v1/tournaments/{league.pk}/standings/?after_round=1").json()
    assert sum(r["won"] for r in first["rows"]) == 3
    rounds = client.get(f"/api/v1/tournaments/{league.pk}/rounds/").json()
    assert [len(r["fixtures"]) for r in rounds] == [3, 3]
    assert (
        client.get(f"/api/v1/tournaments/{league.pk}/standings/?after_round=9").status_code == 404
    )
    # the Cuatrola league, the Subastao individual tournament, the Belote league
    assert client.get("/api/v1/tournaments/?club=pena-la-baza").json()["count"] == 3
    assert client.get("/api/v1/tournaments/?format=round_robin").json()["count"] == 2


def test_private_tournaments_are_hidden(client, league):
    league.is_public = False
    league.save()
    assert client.get(f"/tournaments/{league.pk}/").status_code == 404
    assert client.get(f"/api/v1/tournaments/{league.pk}/").status_code == 404


def test_a_stale_snapshot_is_ranked_when_the_pages_or_the_api_read_it(client, league):
    def leave_round_1_stale():  # as a correction in round 1 leaves it (its rows gone here)
        StandingsSnapshot.objects.filter(tournament=league, after_round=1).update(
            stale=True, rows=[], digest=""
        )

    before = fresh_snapshot(StandingsSnapshot.objects.get(tournament=league, after_round=1)).rows
    assert sum(r["won"] for r in before) == 3  # three matches finished in round 1
    leave_round_1_stale()
    first = client.get(f"/api/v1/tournaments/{league.pk}/standings/?after_round=1").json()
    assert first["rows"] == before
    assert sum(r["won"] for r in first["rows"]) == 3  # three matches finished in round 1
    assert not StandingsSnapshot.objects.get(tournament=league, after_round=1).stale  # stored
    leave_round_1_stale()
    response = client.get(f"/tournaments/{league.pk}/?_export=csv&after_round=1")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert sum(int(r["G"]) for r in rows) == 3
    leave_round_1_stale()
    html = client.get(f"/tournaments/{league.pk}/standings/print/?after_round=1").content.decode()
    assert all(r["name"] in html for r in before)
    assert StandingsSnapshot.objects.get(tournament=league, after_round=1).rows == before
