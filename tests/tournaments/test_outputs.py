"""What a tournament gives out (issue 12, item 1): printable standings, one score sheet per
table, a round's results as CSV and XLSX, the rounds as an iCalendar feed."""

import csv
import io
from datetime import UTC, date, datetime, time
from types import SimpleNamespace

import pytest
from icalendar import Calendar
from openpyxl import load_workbook

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db

NAMES = ["Ana", "Blas", "Carmen", "Diego", "Elena", "Fermín", "Gloria", "Héctor", "Inés", "Julián"]


@pytest.fixture
def league(django_capture_on_commit_callbacks):
    """Five pairs, round 1 drawn (Berger: 2-5, 3-4, 1 has the bye); table 1 decided as a
    forfeit of its second pair (11-0), table 2 still to play. The fourth pair's name is
    one a spreadsheet would run as a formula."""
    club = ClubFactory(name="Peña La Baza")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club, display_name=n) for n in NAMES]
    t = services.create_tournament(
        club=club, user=organiser, name="Liga de otoño", format="round_robin"
    )
    pairs = ["Los del Casino", "Las Sotas", "El Triunfo", '=HYPERLINK("x")', "Arrastre"]
    for i, name in enumerate(pairs):
        services.add_entry(t, organiser, name, players[2 * i], players[2 * i + 1])
    round_ = services.generate_next_round(t, organiser)
    first = round_.fixtures.get(table=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.decide_fixture(first, organiser, "forfeit", forfeited=[first.entries()[1]])
    return SimpleNamespace(t=t, round=round_, organiser=organiser)


def test_round_1_is_as_the_other_tests_assume(league):
    tables = {f.table: [str(e) for e in f.entries()] for f in league.round.fixtures.all()}
    assert tables == {
        1: ["Las Sotas", "Arrastre"],
        2: ["El Triunfo", '=HYPERLINK("x")'],
        3: ["Los del Casino"],
    }


def test_one_score_sheet_per_table_with_seats_grid_and_signatures(client, league):
    response = client.get(f"/tournaments/{league.t.pk}/rounds/1/sheets/")
    assert response.status_code == 200
    html = response.content.decode()
    # the bye (table 3) has nothing to score
    assert html.count('class="score-sheet"') == 2
    assert "Liga de otoño · Jornada 1 · Mesa 1" in html
    assert "Liga de otoño · Jornada 2" not in html
    # table 1: Las Sotas (Carmen, Diego) at seats 1 and 3, Arrastre (Inés, Julián) at 2, 4
    # (numbered from 1, as on the round page and the pad)
    sheet = html[html.index('id="sheet-1"') : html.index('id="sheet-2"')]
    seats = sheet[: sheet.index("</table>")]
    order = [seats.index(name) for name in ("Carmen", "Inés", "Diego", "Julián")]
    assert order == sorted(order)
    assert "<td>1 <small>(reparte primero)</small></td><td>Carmen</td>" in seats
    assert "<td>2</td><td>Inés</td><td>B · Arrastre</td>" in seats
    assert "<td>4</td><td>Julián</td>" in seats
    assert "<td>0" not in seats
    # 18 blank lines to note hands, a final line, a signature per pair and the organiser's
    grid = sheet[sheet.index('class="sheet-grid"') :]
    grid = grid[: grid.index("</table>")]
    assert grid.count("<tr><td>") == 18
    assert "Firma A · Las Sotas" in sheet
    assert "Firma B · Arrastre" in sheet
    assert "Firma del organizador" in sheet


def test_a_round_s_results_as_csv(client, league):
    response = client.get(f"/tournaments/{league.t.pk}/rounds/1/results.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="Liga de otono-round-1-results.csv"' in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Mesa",
        "Partida",
        "Estado",
        "Inscripción A",
        "Jugadores A",
        "Tantos A",
        "Inscripción B",
        "Jugadores B",
        "Tantos B",
        "Ganador",
    ]
    first, second, bye = rows[1:]
    # the forfeit: the match's target (11) for the pair that played, 0 for the other;
    # the hostile name is text, not a formula
    forfeited = league.round.fixtures.get(table=1).match_id
    assert first[:3] == ["1", str(forfeited), "incomparecencia"]
    assert first[3:] == [
        "Las Sotas",
        "Carmen (0) · Diego (2)",
        "11",
        "Arrastre",
        "Inés (1) · Julián (3)",
        "0",
        "Las Sotas",
    ]
    match = league.round.fixtures.get(table=2).match_id
    assert second == [
        "2",
        str(match),
        "en juego",
        "El Triunfo",
        "Elena (0) · Fermín (2)",
        "0",
        '\'=HYPERLINK("x")',
        "Gloria (1) · Héctor (3)",
        "0",
        "",
    ]
    assert bye == ["3", "", "descansa", "Los del Casino", "Ana (0) · Blas (2)", "", "", "", "", ""]


def test_a_round_s_results_as_xlsx(client, league):
    response = client.get(f"/tournaments/{league.t.pk}/rounds/1/results.xlsx")
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    values = [[c.value for c in row] for row in sheet.iter_rows()]
    assert values[0][:3] == ["Mesa", "Partida", "Estado"]
    assert (values[1][3], values[1][5], values[1][8]) == ("Las Sotas", 11, 0)
    assert values[2][6] == '\'=HYPERLINK("x")'


def test_results_in_an_unknown_format_or_of_a_missing_round(client, league):
    url = f"/tournaments/{league.t.pk}/rounds/1/results.pdf"
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.content.decode() == "Unknown download format. Choose one of: csv, xlsx."
    assert client.get(f"/tournaments/{league.t.pk}/rounds/9/results.csv").status_code == 404
    assert client.get(f"/tournaments/{league.t.pk}/rounds/9/sheets/").status_code == 404


def test_printable_standings(client, league):
    url = f"/tournaments/{league.t.pk}/standings/print/"
    html = client.get(url).content.decode()
    assert "Liga de otoño — Clasificación" in html
    assert "Tras la jornada 1" in html
    # the forfeit's winner leads
    body = html[html.index("<tbody") :]
    assert body.index("Las Sotas") < body.index("Arrastre")
    assert client.get(url, {"after_round": 9}).status_code == 404
    assert client.get(url, {"after_round": "x"}).status_code == 400


def test_no_printable_standings_before_a_result(client):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    t = services.create_tournament(club=club, user=organiser, name="L", format="round_robin")
    assert client.get(f"/tournaments/{t.pk}/standings/print/").status_code == 404


def test_the_calendar_has_one_event_per_dated_round(client, league):
    league.round.date = date(2026, 12, 4)
    league.round.save()
    response = client.get(f"/tournaments/{league.t.pk}/calendar.ics")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    cal = Calendar.from_ical(response.content)
    assert str(cal["X-WR-CALNAME"]) == "Liga de otoño"
    (event,) = cal.walk("VEVENT")
    assert str(event["SUMMARY"]) == "Liga de otoño — Jornada 1"
    assert event.decoded("DTSTART") == date(2026, 12, 4)
    assert event.decoded("DTEND") == date(2026, 12, 5)
    assert str(event["LOCATION"]) == "Peña La Baza"
    assert str(event["URL"]) == f"http://testserver/tournaments/{league.t.pk}/rounds/1/"
    assert str(event["UID"]) == f"tournament-{league.t.pk}-round-{league.round.pk}@testserver"
    assert str(event["DESCRIPTION"]).splitlines()[0] == "Mesa 1: Las Sotas — Arrastre"


def test_names_are_one_line_and_the_feed_escapes_what_it_writes(client, league):
    """Issue 18, item 6: a name with a line break was a 500 on calendar.ics, and a bare CR
    went into X-WR-CALNAME as it was."""
    league.round.date = date(2026, 12, 4)
    league.round.save()
    t = league.t
    t.name = "Liga\r\nde\rotoño\n"  # a model's save stores it on one line
    t.save()
    t.refresh_from_db()
    assert t.name == "Liga de otoño"
    # a row written around the model (an older version, a raw update): the feed escapes
    type(t).objects.filter(pk=t.pk).update(name="Liga\rX-INJECTED:1\nde otoño")
    type(t.club).objects.filter(pk=t.club.pk).update(name="Peña\r\nLa Baza")
    entry = t.entries.get(name="Las Sotas")
    type(entry).objects.filter(pk=entry.pk).update(name="Las\rSotas")
    response = client.get(f"/tournaments/{t.pk}/calendar.ics")
    assert response.status_code == 200
    lines = response.content.split(b"\r\n")
    assert not any(b"\r" in line or b"\n" in line for line in lines)
    assert not any(line.startswith(b"X-INJECTED") for line in lines)
    cal = Calendar.from_ical(response.content)
    assert str(cal["X-WR-CALNAME"]) == "Liga X-INJECTED:1 de otoño"
    (event,) = cal.walk("VEVENT")
    assert str(event["LOCATION"]) == "Peña La Baza"
    assert str(event["DESCRIPTION"]).splitlines()[0] == "Mesa 1: Las Sotas — Arrastre"


def test_names_are_one_line_through_forms_the_api_and_services(client, league):
    club, organiser = league.t.club, league.organiser
    cup = services.create_tournament(club=club, user=organiser, name="Copa\n", format="round_robin")
    pair = [PlayerFactory(club=club) for _ in range(2)]
    entry = services.add_entry(cup, organiser, "Los\u2028Ases", *pair)
    assert entry.name == "Los Ases"
    assert entry.tournament.name == "Copa"
    client.force_login(organiser)
    response = client.post(f"/clubs/{club.slug}/players/new/", {"display_name": "Ana\r\nMaría"})
    assert response.status_code == 302
    assert club.players.filter(display_name="Ana María").exists()
    api = client.post(
        f"/api/v1/clubs/{club.slug}/players/",
        {"name": "Eva\rLuna"},
        content_type="application/json",
    )
    assert (api.status_code, api.json()["name"]) == (201, "Eva Luna")


def test_an_undated_round_is_left_out_of_the_calendar(client, league):
    cal = Calendar.from_ical(client.get(f"/tournaments/{league.t.pk}/calendar.ics").content)
    assert cal.walk("VEVENT") == []


def test_a_round_with_a_starting_time_is_a_timed_event(client, league, settings):
    """7:30 pm in Madrid on 4 December (winter time, UTC+1) is 18:30 UTC."""
    settings.TIME_ZONE = "Europe/Madrid"
    league.round.date = date(2026, 12, 4)
    league.round.time = time(19, 30)
    league.round.save()
    response = client.get(f"/tournaments/{league.t.pk}/calendar.ics")
    (event,) = Calendar.from_ical(response.content).walk("VEVENT")
    assert event.decoded("DTSTART") == datetime(2026, 12, 4, 18, 30, tzinfo=UTC)
    assert "DTEND" not in event
    assert b"DTSTART:20261204T183000Z" in response.content
    # the score sheets say when too
    sheets = client.get(f"/tournaments/{league.t.pk}/rounds/1/sheets/").content.decode()
    assert "4 Dic 2026 19:30" in sheets


def test_a_private_tournament_gives_nothing_out_to_visitors(client, league):
    league.t.is_public = False
    league.t.save()
    for path in ("standings/print/", "rounds/1/sheets/", "rounds/1/results.csv", "calendar.ics"):
        assert client.get(f"/tournaments/{league.t.pk}/{path}").status_code == 404, path
    client.force_login(league.organiser)
    assert client.get(f"/tournaments/{league.t.pk}/calendar.ics").status_code == 200
