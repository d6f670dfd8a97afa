"""The room scoreboard for a tournament that does not exist says so at once, instead of
"sin conexión, reintentando…" for ever (issue 12, item 5)."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_served_by_the_site_a_missing_tournament_is_a_404_page(live_server, page):
    response = page.goto(f"{live_server.url}/scoreboard/?tournament=999")
    assert response.status == 404
    assert "El torneo 999 no existe." in page.locator("main").inner_text()


def test_opened_as_a_file_it_stops_polling_and_says_the_tournament_does_not_exist(
    live_server, page
):
    # ?api= : the page asks the API itself, as when opened from disk or another site
    page.goto(
        f"{live_server.url}/scoreboard/?api={live_server.url}/api/v1&tournament=abc&every=200"
    )
    alert = page.get_by_role("alert")
    alert.wait_for(timeout=10_000)
    assert alert.inner_text() == "El torneo abc no existe."
    page.wait_for_timeout(600)  # three polls' time: nothing retries
    assert "reintentando" not in page.locator("#status").inner_text()
    assert page.get_by_role("alert").inner_text() == "El torneo abc no existe."
