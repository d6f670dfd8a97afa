"""Standings downloads and the round parameter: bad input is a 400, never a 500, and what a
spreadsheet opens is data, not formulas (issue 9, items 6, 7, 8, 13)."""

import csv
import io

import pytest
from openpyxl import load_workbook

from tournaments.models import Tournament

# CI's second phase: round numbers past PostgreSQL's integer range
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits"), pytest.mark.services]

HOSTILE = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]


@pytest.fixture
def league(demo_data):
    return Tournament.objects.get(format="round_robin", game="cuatrola")


@pytest.fixture
def hostile_names(league):
    """The latest standings with entry names that a spreadsheet would run as formulas."""
    snapshot = league.snapshots.order_by("-after_round").first()
    for row, name in zip(snapshot.rows, HOSTILE, strict=True):
        row["name"] = name
    snapshot.save()
    return snapshot


def _csv_rows(response, delimiter=",") -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode()), delimiter=delimiter))


def test_after_round_that_is_not_a_plain_number_is_400_on_the_page_the_download_and_the_api(
    client, league
):
    # "²" passes str.isdigit() but not int(): it was a 500 on both; then the page ignored
    # it while the API refused it (issue 13): now refused the same way everywhere
    for value in ["%C2%B2", "%D9%A1", "1.0", "-1", "123456"]:
        for query in (f"after_round={value}", f"after_round={value}&_export=csv"):
            response = client.get(f"/tournaments/{league.pk}/?{query}", HTTP_ACCEPT_LANGUAGE="en")
            assert response.status_code == 400, query
            text = response.content.decode()
            if "_export" in query:  # a download's refusal: its text
                assert text.startswith("after_round: a round number")
            else:  # the page's: the site's page, back to the tournament
                assert "after_round: a round number (1 to 5 digits)." in text
                assert f'href="/tournaments/{league.pk}/"' in text
    for value in ["%C2%B2", "%D9%A1", "1.0", "-1", "123456"]:
        response = client.get(f"/api/v1/tournaments/{league.pk}/standings/?after_round={value}")
        assert response.status_code == 400, value
        body = response.json()
        assert (body["rule"], body["item"]["field"]) == (None, "after_round")
    response = client.get(f"/api/v1/tournaments/{league.pk}/standings/?after_round=1")
    assert response.json()["after_round"] == 1


def test_xlsx_download_holds_the_standings(client, league):
    response = client.get(f"/tournaments/{league.pk}/?_export=xlsx&after_round=1")
    assert response.status_code == 200
    assert response["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:2] == ("#", "Pareja")
    assert len(rows) == 1 + 6
    names = {row[1] for row in rows[1:]}
    assert names == set(league.entries.values_list("name", flat=True))
    won = rows[0].index("G")
    assert sum(row[won] for row in rows[1:]) == 3  # three matches finished in round 1


@pytest.mark.parametrize("export_format", ["ods", "xls", "pdf", "json", ""])
def test_unknown_download_formats_are_400(client, league, export_format):
    response = client.get(f"/tournaments/{league.pk}/?_export={export_format}")
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == (
        "Formato de descarga desconocido. Elige uno de: csv, tsv, xlsx."
    )


@pytest.mark.parametrize(
    ("name", "disposition"),
    [
        (
            'Liga "A"\ninvierno',
            'attachment; filename="Liga A invierno-clasificacion-tras-jornada-2.csv"; '
            "filename*=UTF-8''Liga%20A%20invierno-clasificacion-tras-jornada-2.csv",
        ),
        (
            "Peña\r\n/Baza\x01",
            'attachment; filename="Pena Baza-clasificacion-tras-jornada-2.csv"; '
            "filename*=UTF-8''Pe%C3%B1a%20Baza-clasificacion-tras-jornada-2.csv",
        ),
        (
            '\n"\t',
            'attachment; filename="torneo-{pk}-clasificacion-tras-jornada-2.csv"; '
            "filename*=UTF-8''torneo-{pk}-clasificacion-tras-jornada-2.csv",
        ),
    ],
)
def test_the_download_is_named_safely_whatever_the_tournament_name(
    client, league, name, disposition
):
    Tournament.objects.filter(pk=league.pk).update(name=name)
    response = client.get(f"/tournaments/{league.pk}/?_export=csv")
    assert response.status_code == 200
    assert response["Content-Disposition"] == disposition.format(pk=league.pk)
    assert len(_csv_rows(response)) == 6


def test_csv_and_tsv_neutralise_formulas_in_names(client, league, hostile_names):
    for export_format, delimiter in [("csv", ","), ("tsv", "\t")]:
        response = client.get(f"/tournaments/{league.pk}/?_export={export_format}")
        rows = _csv_rows(response, delimiter)
        assert [r["Pareja"] for r in rows] == ["'" + name for name in HOSTILE], export_format
        # numbers stay numbers, negative ones included
        assert [int(r["#"]) for r in rows] == [row["rank"] for row in hostile_names.rows]


def test_xlsx_neutralises_formulas_in_names(client, league, hostile_names):
    response = client.get(f"/tournaments/{league.pk}/?_export=xlsx")
    sheet = load_workbook(io.BytesIO(response.content)).active
    cells = [row[1] for row in sheet.iter_rows(min_row=2)]
    # (XML reads a carriage return back as a line feed)
    assert [c.value for c in cells] == ["'" + name.replace("\r", "\n") for name in HOSTILE]
    assert {c.data_type for c in cells} == {"s"}  # text, not a formula ("f")


def test_xlsx_drops_control_characters_the_format_cannot_hold(client, league, hostile_names):
    hostile_names.rows[0]["name"] = "Los\x01 de\x1f Ávila"
    hostile_names.save()
    response = client.get(f"/tournaments/{league.pk}/?_export=xlsx")
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet["B2"].value == "Los\ufffd de\ufffd Ávila"
