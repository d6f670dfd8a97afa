"""The site header on a phone (390 × 844): the nav wraps across in one or two rows rather
than stacking its links one under another, and every link stays a 24 px target."""

import pytest

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def test_the_header_is_short_on_a_phone(live_server, browser):
    UserFactory(username="organizadora", password="pw", is_staff=True)
    context = browser.new_context(locale="es-ES", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "organizadora")
    page.fill("#id_password", "pw")
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/")
    items = page.locator(".site-nav > a, .site-nav .logout")
    assert items.count() == 6  # five links (with Admin) and the logout button
    boxes = [items.nth(i).bounding_box() for i in range(items.count())]
    rows = sorted({round(b["y"]) for b in boxes})
    assert len(rows) <= 2, rows  # it was three rows, 169 px of header, for these six
    for b in boxes:
        assert min(b["height"], b["width"]) >= 24, b
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 120, header["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
