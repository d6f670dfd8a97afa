"""The pad as a web app (issue 19): its manifest, and a service worker that keeps the
page, its scripts, the deck and the last state it read, so that a phone that loses the
connection can reload the pad, record two cards (queued) and see them land when the
connection returns. Localhost is a secure context, where a service worker may run."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from games.models import HandEvent
from tests.browser.helpers import settled
from tests.browser.test_pad_phone import SHOTS, first, make_match, store
from tests.browser.test_scoring_pad import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_manifest_and_the_worker_are_served(client):
    manifest = client.get("/pad.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    body = manifest.json()
    assert (body["start_url"], body["scope"], body["display"]) == ("/my-table/", "/", "standalone")
    assert [i["sizes"] for i in body["icons"]] == ["192x192", "512x512", "any"]
    for icon in body["icons"][:2]:
        assert client.get(icon["src"]).status_code == 200
    worker = client.get("/pad-worker.js")
    assert worker["Content-Type"].startswith("text/javascript")
    assert b"networkFirst" in worker.content


def test_offline_reload_queues_two_cards_that_land_when_back(live_server, phone):
    match, user, events = make_match("cuatrola")
    store(match, user, events[: first(events, "play")])  # the auction done: trick 1 to lead
    page = phone
    loaded = datetime.now(UTC)
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-deck:not([hidden])")
    settled(page)
    # the worker controls the page and has stored what the pad needs
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_selector("#pad[data-offline-ready='true']")
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/pad.webmanifest"
    stored = HandEvent.objects.filter(hand__match=match).count()

    went_offline = datetime.now(UTC)
    page.context.set_offline(True)
    reloaded = page.reload()
    # the page came from the worker's store, not from the server
    assert reloaded.headers.get("x-pad-offline") == "stored"
    page.wait_for_selector("#pad-deck:not([hidden]) button.card:not(.unlisted):not(:disabled)")
    # and the pad says so: what it shows is the server's answer of before, and when
    notice = page.locator("#pad-offline")
    notice.wait_for(state="visible")
    said = re.fullmatch(
        r"Sin conexión: es el estado que envió el servidor a las (\d\d:\d\d)\. "
        r"Lo que anotes se envía al volver\.",
        notice.inner_text(),
    )
    assert said, notice.inner_text()
    zone = ZoneInfo(page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone"))
    minutes = {(t.astimezone(zone)).strftime("%H:%M") for t in (loaded, went_offline)}
    assert said[1] in minutes, (said[1], minutes)  # the time the server sent the stored copy
    SHOTS.mkdir(parents=True, exist_ok=True)
    # the record's first two cards of trick 1
    start = first(events, "play")
    two = [events[start]["card"], events[start + 1]["card"]]
    page.click(f"#pad-deck button[data-card='{two[0]}']")
    page.wait_for_selector("#pad-queue:not([hidden])")
    page.click(f"#pad-deck button[data-card='{two[1]}']")
    page.wait_for_function("document.querySelectorAll('#pad-queue .queued .card').length === 2")
    assert "sin conexión — 2" in page.locator("#pad-queue").inner_text()
    page.screenshot(path=str(SHOTS / "cuatrola-offline-queue.png"))
    assert HandEvent.objects.filter(hand__match=match).count() == stored

    page.context.set_offline(False)
    page.wait_for_selector("#pad-queue", state="hidden", timeout=30_000)
    notice.wait_for(state="hidden")  # the server's own answer again
    settled(page)
    cards = list(
        HandEvent.objects.filter(hand__match=match, kind="play")
        .order_by("seq")
        .values_list("card", flat=True)
    )
    assert cards == two
    page.screenshot(path=str(SHOTS / "cuatrola-offline-landed.png"))
    assert page.locator("#pad-trick .card").count() == 2


def test_a_pad_that_loses_the_connection_says_since_when_it_shows_that_state(
    live_server, phone, settings
):
    """No reload: the pad's polls go on without a connection (answered from the worker's
    store: unchanged) and it says it shows the state as the server last confirmed it, at
    the time of the last poll that reached it; back online, the next poll clears that."""
    settings.PAD_POLL_MS = 400  # the pad's poll (4 s on the site)
    match, user, events = make_match("cuatrola")
    store(match, user, events[: first(events, "play")])
    page = phone
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad[data-offline-ready='true']")
    settled(page)
    notice = page.locator("#pad-offline")
    assert notice.is_hidden()
    page.wait_for_timeout(3 * settings.PAD_POLL_MS)  # polls that reach the server
    confirmed = datetime.now(UTC)
    page.context.set_offline(True)
    notice.wait_for(state="visible")
    zone = ZoneInfo(page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone"))
    # the last poll that reached the server: within a poll or two before going offline
    minutes = {
        (confirmed - timedelta(seconds=s)).astimezone(zone).strftime("%H:%M") for s in (0, 2)
    }
    said = re.search(r"envió el servidor a las (\d\d:\d\d)\.", notice.inner_text())
    assert said, notice.inner_text()
    assert said[1] in minutes, (said[1], minutes)
    page.context.set_offline(False)
    notice.wait_for(state="hidden")
