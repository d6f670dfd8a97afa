"""The pad as a web app (issue 19): its manifest, and a service worker that keeps the
page, its scripts, the deck and the last state it read, so that a phone that loses the
connection can reload the pad, record two cards (queued) and see them land when the
connection returns. Localhost is a secure context, where a service worker may run."""

from __future__ import annotations

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
    log_in(page, live_server.url, f"/matches/{match.pk}/score/")
    page.wait_for_selector("#pad-deck:not([hidden])")
    settled(page)
    # the worker controls the page and has stored what the pad needs
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.wait_for_selector("#pad[data-offline-ready='true']")
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/pad.webmanifest"
    stored = HandEvent.objects.filter(hand__match=match).count()

    page.context.set_offline(True)
    reloaded = page.reload()
    # the page came from the worker's store, not from the server
    assert reloaded.headers.get("x-pad-offline") == "stored"
    page.wait_for_selector("#pad-deck:not([hidden]) button.card:not(.unlisted):not(:disabled)")
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
    settled(page)
    cards = list(
        HandEvent.objects.filter(hand__match=match, kind="play")
        .order_by("seq")
        .values_list("card", flat=True)
    )
    assert cards == two
    page.screenshot(path=str(SHOTS / "cuatrola-offline-landed.png"))
    assert page.locator("#pad-trick .card").count() == 2
