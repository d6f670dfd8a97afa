"""What the phone browser tests share: a phone's context, logging in through the form,
waiting for the pad to settle after an entry, and the no-sideways-scroll check."""

from __future__ import annotations

from pathlib import Path

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
