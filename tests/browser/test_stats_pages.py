"""The statistics pages on a phone: tables and SVG charts fit 390 px, and the progress
bar of a running job follows the job (polling the JSON endpoint) until it is done."""

import pytest

from clubs.models import Player
from stats.models import StatJob
from stats.tasks import start_rebuild
from tests.browser.helpers import ARTIFACTS
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def test_stats_pages_fit_a_phone_and_the_progress_bar_follows_the_job(
    live_server, browser, demo_data
):
    start_rebuild()
    player = Player.objects.filter(club__slug="pena-la-baza").order_by("pk").first()
    league = Tournament.objects.filter(format="round_robin", game="cuatrola").first()
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    for url in (
        "/clubs/pena-la-baza/stats/",
        f"/clubs/pena-la-baza/players/{player.pk}/stats/",
        f"/tournaments/{league.pk}/stats/",
    ):
        assert page.goto(live_server.url + url).status == 200, url
        assert page.locator("svg.chart").count() >= 1, url
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (url, width)
        # the figures (four columns) fit their box: nothing hidden to the right
        wrap = page.locator(".table-wrap:has(table.stats)").first
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), url
        # every chart names both its axes (issue 19 item 16)
        charts = page.locator("svg.chart")
        for i in range(charts.count()):
            assert charts.nth(i).locator(".axis-title").count() == 2, url
        name = url.strip("/").replace("/", "-")
        (ARTIFACTS / "stats").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "stats" / f"{name}.png"), full_page=True)
        charts.first.screenshot(path=str(ARTIFACTS / "stats" / f"{name}-chart.png"))
        page.locator("table.stats").first.screenshot(
            path=str(ARTIFACTS / "stats" / f"{name}-figures.png")
        )
    assert page.get_by_text("Declaraciones y pujas").count() == 1

    job = StatJob.objects.create(chunks=4, chunks_done=1)
    page.goto(f"{live_server.url}/clubs/pena-la-baza/stats/")
    bar = page.locator("#stats-job progress")
    assert bar.get_attribute("value") == "1"
    StatJob.objects.filter(pk=job.pk).update(chunks_done=3)
    page.wait_for_function("document.querySelector('#stats-job progress').value === 3")
    assert page.locator("#stats-job .job-count").inner_text() == "3/4"
    StatJob.objects.filter(pk=job.pk).update(chunks_done=4, status="done")
    page.wait_for_selector("#stats-job", state="detached")  # reloaded with the figures
    context.close()
