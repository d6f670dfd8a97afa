"""A real browser (Debian's Chromium, headless, driven by Playwright) for page tests.

Never a browser download: the tests use /usr/bin/chromium and are skipped, saying so,
where it is not installed (`.ci/run` installs it).
"""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM):
        pytest.skip(f"browser test: {CHROMIUM} is not installed (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls of the test
    # itself are still synchronous, so Django's async-safety guard can be relaxed here.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="es-ES", viewport={"width": 1100, "height": 800})
    page = context.new_page()
    yield page
    context.close()
