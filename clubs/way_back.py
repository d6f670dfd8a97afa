"""A page's error with the way back to where the address came from.

A view raises ``BadRequest`` (a bad parameter) or ``Http404`` (a thing the address names
that does not exist) with its message; ``with_back`` adds a link for the site's error
page (``cuatrola_site/errors.py`` reads ``exc.back``): the match, the tournament, the
form. Here, the lowest layer, so that every app's views use the one helper.
"""

from __future__ import annotations


def with_back(exc: Exception, path: str, words: str) -> Exception:
    """``exc`` with the link its error page shows: ``path`` on this site, ``words``."""
    exc.back = (path, words)
    return exc
