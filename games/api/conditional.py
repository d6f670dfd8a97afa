"""Conditional GET: ``ETag`` / ``Last-Modified`` and ``304 Not Modified``.

The validators come from cheap columns (a match's ``version``, bumped by every write), so a
room of scoreboards polling every second costs one small query per poll.

``If-None-Match`` is compared weakly (RFC 9110 §13.1.2): a proxy that gzips the answer
hands the client ``W/"…"``, and that copy is as current as the strong one. ``If-Modified-
Since`` is honoured only when the request sends no ``If-None-Match`` (RFC 9110 §13.2.2), at
the one-second precision of HTTP dates.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.http import http_date, parse_etags, parse_http_date_safe, quote_etag
from rest_framework.request import Request
from rest_framework.response import Response


def etag_for(*parts: object) -> str:
    return quote_etag("-".join(str(p) for p in parts))


def _opaque(tag: str) -> str:
    """The tag without its weakness marker: weak comparison looks at this only."""
    return tag[2:] if tag.startswith("W/") else tag


def is_current(request: Request, etag: str, last_modified: datetime | None) -> bool:
    """Does the client already hold the answer that ``etag`` and ``last_modified`` name?"""
    header = request.headers.get("If-None-Match")
    if header:
        if header.strip() == "*":
            return True
        return _opaque(etag) in {_opaque(t) for t in parse_etags(header)}
    since = parse_http_date_safe(request.headers.get("If-Modified-Since") or "")
    if since is None or last_modified is None:
        return False
    return int(last_modified.timestamp()) <= since


def not_modified(request: Request, etag: str, last_modified: datetime | None) -> Response | None:
    """A 304 answer when the client's copy (``If-None-Match``, else ``If-Modified-Since``)
    is current, else None."""
    if is_current(request, etag, last_modified):
        return with_validators(Response(status=304), etag, last_modified)
    return None


def with_validators(response: Response, etag: str, last_modified: datetime | None) -> Response:
    response["ETag"] = etag
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified.timestamp())
    # may be stored, but must be revalidated: scoreboards see every change at once
    response["Cache-Control"] = "no-cache"
    return response
