"""A real browser (Debian's Chromium, headless, driven by Playwright) for page tests.

Never a browser download: the tests use Debian's Chromium and are skipped, saying so,
where it is not installed (`.ci/run` installs it). Its headless shell
(`chromium-headless-shell`, the same Blink and V8 built from the same Debian source, without
the desktop browser's window layer; what Playwright itself runs for headless tests) when it is
there, the desktop `chromium` otherwise. The shell drew the same pages for a third less CPU:
the browser tests took 281 core-s with `chromium`, 178 with the shell (docs/performance.md,
"The browser on its headless shell"). ``CHROMIUM=/usr/bin/chromium`` picks the
desktop one.
"""

import copy
import os
import shutil
import threading
import time

import pytest
from django.conf import settings
from django.core.signals import request_finished, request_started

from tests.browser.helpers import phone_context

HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("CHROMIUM") or (
    HEADLESS_SHELL if shutil.which(HEADLESS_SHELL) else "/usr/bin/chromium"
)
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
        pytest.skip(
            f"browser test: {CHROMIUM} is not installed"
            " (apt-get install chromium-headless-shell, or chromium)"
        )
    # Playwright's sync API runs an event loop in this thread; the ORM calls of the test
    # itself are still synchronous, so Django's async-safety guard can be relaxed here.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


class _InFlight:
    """The live server's requests still being answered, counted by Django's own request
    signals (they fire in the server's threads). Static files are left out: they read no
    database, and the static handler's file answers never send ``request_finished``
    (the WSGI server streams the file, not the response, and never closes the response),
    so counting them left the count above zero for good and every later teardown waited
    its full 10 s (about a hundred seconds of a CI run)."""

    def __init__(self) -> None:
        self.count = 0
        self.lock = threading.Lock()
        # request_finished carries no request: each server thread notes what it answers
        self.answering = threading.local()

    def started(self, environ=None, **_kwargs) -> None:
        path = (environ or {}).get("PATH_INFO", "")
        self.answering.static = path.startswith(settings.STATIC_URL)
        if self.answering.static:
            return
        with self.lock:
            self.count += 1

    def finished(self, **_kwargs) -> None:
        if getattr(self.answering, "static", False):
            return
        with self.lock:
            self.count -= 1


IN_FLIGHT = _InFlight()
request_started.connect(IN_FLIGHT.started, dispatch_uid="browser-tests-in-flight")
request_finished.connect(IN_FLIGHT.finished, dispatch_uid="browser-tests-in-flight")


@pytest.fixture(autouse=True)
def live_server_idle_before_flush():
    """After a browser test, wait until the live server has answered what the page sent
    before it closed (a pad polling every 100 ms, an answer a test held back): the
    database is flushed next, and a request still reading SQLite's shared in-memory
    database locks its tables ("database table is locked"; the flush fails and the next
    test finds this one's rows). Set up before the test's page fixtures, so torn down
    after they close their pages, and after pytest-django's database fixture, so before
    its flush."""
    yield
    deadline = time.monotonic() + 10
    while IN_FLIGHT.count > 0 and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.fixture(autouse=True)
def csp_lets_playwright_poll(settings):
    """The site's Content-Security-Policy, plus 'unsafe-eval': Playwright's
    ``wait_for_function`` compiles its predicate with eval inside the page. The site's own
    code needs no eval, and nothing inline is allowed by this (the page fixture fails a
    test whose page the policy refused anything)."""
    policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    policy["DIRECTIVES"]["script-src"] = [*policy["DIRECTIVES"]["script-src"], "'unsafe-eval'"]
    settings.CONTENT_SECURITY_POLICY = policy


@pytest.fixture
def phone(browser):
    """A page in a phone-sized context (tests/browser/helpers.py PHONE)."""
    context = phone_context(browser)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="es-ES", viewport={"width": 1100, "height": 800})
    page = context.new_page()
    refused: list[str] = []
    page.on(
        "console",
        lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
    )
    yield page
    context.close()
    assert refused == [], f"the page broke its Content-Security-Policy: {refused}"
