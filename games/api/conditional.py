"""Conditional GET: ``ETag`` / ``Last-Modified`` and ``304 Not Modified``.

The validators come from cheap columns (a match's ``version``, bumped by every write), so a
room of scoreboards polling every second costs one small query per poll."""

from __future__ import annotations

from datetime import datetime

from django.utils.http import http_date, parse_etags, quote_etag
from rest_framework.request import Request
from rest_framework.response import Response


def etag_for(*parts: object) -> str:
    return quote_etag("-".join(str(p) for p in parts))


def not_modified(request: Request, etag: str, last_modified: datetime | None) -> Response | None:
    """A 304 answer when the client's copy (``If-None-Match``) is current, else None."""
    header = request.headers.get("If-None-Match")
    if header and (etag in parse_etags(header) or header.strip() == "*"):
        return with_validators(Response(status=304), etag, last_modified)
    return None


def with_validators(response: Response, etag: str, last_modified: datetime | None) -> Response:
    response["ETag"] = etag
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified.timestamp())
    # may be stored, but must be revalidated: scoreboards see every change at once
    response["Cache-Control"] = "no-cache"
    return response
