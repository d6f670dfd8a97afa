"""Test-wide settings: static files from the finders (no collectstatic step in tests)."""

import pytest
from django.conf import settings


def pytest_configure() -> None:
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = True
    # hashing strength is not under test; the default hasher costs ~0.25 s per user
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.WHITENOISE_AUTOREFRESH = True
    # The test client's login() authenticates without a request, which django-axes
    # refuses; tests/test_security.py turns the lockout back on to test it.
    settings.AXES_ENABLED = False


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with no rate-limit or lockout counts (the cache is Redis when
    CACHE_URL is set, as in CI's second pass, and outlives the test otherwise)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def tasks_in_process_unless_integration(request):
    """Outside tests/integration, tasks run in-process even when a broker is configured
    (CI's second pass): those tests check what the tasks do; the integration tests check
    that a separate worker does it."""
    from cuatrola_site.celery import app

    if request.node.get_closest_marker("integration"):
        yield
        return
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture(autouse=True)
def accept_language_is_the_visitors_choice(monkeypatch):
    """The site's pages ignore a browser's Accept-Language (cuatrola_site/locale.py): a
    test that asks for a language with ``HTTP_ACCEPT_LANGUAGE`` means a visitor who chose
    it with the ES/EN switch, so the test client sends a bare code ("en") as that choice
    (the language cookie) too. A browser's list ("en-US,en;q=0.9") stays only a header:
    what a first visit sends, answered in Spanish."""
    from django.test.client import RequestFactory

    base_environ = RequestFactory._base_environ

    def _base_environ(self, **request):
        environ = base_environ(self, **request)
        language = request.get("HTTP_ACCEPT_LANGUAGE")
        if language and "," not in language and ";" not in language:
            cookie = f"{settings.LANGUAGE_COOKIE_NAME}={language}"
            environ["HTTP_COOKIE"] = "; ".join(filter(None, [environ.get("HTTP_COOKIE"), cookie]))
        return environ

    monkeypatch.setattr(RequestFactory, "_base_environ", _base_environ)
