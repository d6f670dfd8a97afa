"""What is printed (issue 12, item 1), in a real browser: the score sheets come out one
table a page, the standings without the site's header, footer or links."""

import re

import pytest

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def league(demo_data):
    return Tournament.objects.get(name="Liga de invierno 2026")


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def test_score_sheets_print_one_table_a_page(live_server, page, league):
    tables = league.rounds.get(number=2).fixtures.exclude(match=None).count()
    assert tables == 3  # the demo league: six pairs, three tables a round
    page.goto(f"{live_server.url}/tournaments/{league.pk}/rounds/2/sheets/")
    page.emulate_media(media="print")
    assert page.locator(".site-header").is_hidden()
    assert page.locator(".site-footer").is_hidden()
    assert page.locator(".no-print").first.is_hidden()
    sheets = page.locator(".score-sheet")
    assert sheets.count() == tables
    # each sheet: four seats, 18 blank lines and the final, three signature lines
    first = sheets.first
    assert first.locator(".sheet-seats tbody tr").count() == 4
    assert first.locator(".sheet-grid tbody tr").count() == 19
    assert first.locator(".signatures p").count() == 3
    assert pdf_pages(page.pdf(format="A4")) == tables


def test_printable_standings_keep_only_the_standings(live_server, page, league):
    page.goto(f"{live_server.url}/tournaments/{league.pk}/standings/print/")
    page.emulate_media(media="print")
    assert page.locator(".site-header").is_hidden()
    assert page.locator("button.primary").is_hidden()
    rows = page.locator(".print-standings tbody tr")
    assert rows.count() == 6  # the six pairs
    assert "Clasificación" in page.locator("h1").inner_text()
    assert pdf_pages(page.pdf(format="A4")) == 1
