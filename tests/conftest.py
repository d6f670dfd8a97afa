"""Test-wide settings: static files from the finders (no collectstatic step in tests)."""

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
