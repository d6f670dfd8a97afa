"""The site's language: Spanish unless the visitor chose English.

Django's LocaleMiddleware follows the browser's Accept-Language, so an English browser
got the English site on its first visit to a Spanish club. Pages here take the language
from the visitor's own choice (the ES/EN switch, stored in the language cookie), else
the club's language, ``LANGUAGE_CODE``: a browser's default is not a choice. The API
(``/api/``) still honours Accept-Language, which programs set on purpose; the scoring pad
sends the page's language there, so its messages match the page.

An API request runs in English, its reader's language kept in ``request.LANGUAGE_CODE``:
an error's ``message`` is for programs, English and stable, and the framework's own texts
(DRF's validation, parsing and authentication errors, Django's validators) are formatted
in the active language when they are raised, before any handler could choose. Only what
is meant for a person is said in the reader's language, explicitly: an error's ``detail``
(games/api/errors.py) and the few names a payload gives (a scoreboard's suits). The
answer's ``Content-Language`` is the reader's.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class ChosenLanguageMiddleware(LocaleMiddleware):
    """LocaleMiddleware without the browser's Accept-Language for pages."""

    def process_request(self, request: HttpRequest) -> None:
        if request.path.startswith("/api/"):
            super().process_request(request)  # request.LANGUAGE_CODE: the reader's
            translation.activate("en")
            return None
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        try:
            language = translation.get_supported_language_variant(chosen) if chosen else None
        except LookupError:
            language = None
        translation.activate(language or settings.LANGUAGE_CODE)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request: HttpRequest, response):
        if request.path.startswith("/api/"):
            translation.activate(request.LANGUAGE_CODE)  # Content-Language: the reader's
        return super().process_response(request, response)
