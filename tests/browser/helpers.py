"""What the phone browser tests share: a phone's context, logging in through the form,
waiting for the pad to settle after an entry, the no-sideways-scroll check, and writes
from the test's thread beside the live server."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from django.db import OperationalError

T = TypeVar("T")

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def phone_context(browser):
    """A phone in Spanish: 390 × 844, touch."""
    return browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True, has_touch=True)


def log_in(page, base: str, username: str, password: str, next_url: str = "/") -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_load_state()


def settled(page) -> None:
    """The pad has drawn the server's answer to the last entry."""
    page.wait_for_function("!document.querySelector('#pad').classList.contains('busy')")


def tap(page, selector: str) -> None:
    """Tap a pad button that sends an entry, and wait until its answer is drawn."""
    with page.expect_response(lambda r: r.url.endswith("/events/")):
        page.click(selector)
    settled(page)


def fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def beside_live_server(write: Callable[[], T]) -> T:
    """Run a write of the test's own thread while the live server may be answering a poll.

    The test database is SQLite in memory, shared with the live server's thread through
    SQLite's shared cache: there a table lock held by the other thread fails at once
    ("database table is locked", SQLITE_LOCKED) instead of waiting out the busy timeout
    as the site's file database does. So wait for the server's request to end and try
    again; the write is one transaction, so a failed try leaves nothing behind."""
    for _ in range(100):
        try:
            return write()
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            time.sleep(0.05)
    return write()
