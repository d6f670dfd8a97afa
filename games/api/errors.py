"""Every API error has one shape: ``{"rule": …, "message": …, "detail": …, "item": …}``.

``rule`` is the RULES.md code for a refused event (None for a malformed request),
``message`` the checker's English sentence (for programs: stable, as the CLI prints it),
``detail`` the same for a person, in the request's language with the match's players by
name and the cards in words (games/refusals.py), ``item`` says where (the engine's
location, or ``{"field": …}``). A 409 adds ``state``, the match as it is now, so the
client can catch up without another request.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import (
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db import IntegrityError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from clubs.uniqueness import Taken, taken

from ..refusals import localize, localize_for_match
from ..services import Refused, Stale
from .parsers import RequestTooLarge


def _first_message(detail) -> tuple[str, str, str | None]:
    """The first message of a DRF error detail: the fields leading to it ("rules: "), the
    message itself, and the field it belongs to."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            where, message, _ = _first_message(value)
            if field == "non_field_errors":  # DRF's name for the body as a whole: no field
                return where, message, None
            return f"{field}: {where}", message, field
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return "", str(detail), None


def error_body(
    message: str,
    rule: str | None = None,
    item: dict | None = None,
    detail: str | None = None,
    *,
    where: str = "",
    lang: str | None = None,
) -> dict:
    """The error body; ``detail`` is ``message`` localised in ``lang`` (the request's,
    ``request.LANGUAGE_CODE``) unless given; ``where`` ("players: ") leads both."""
    if detail is None:
        detail = localize(message, lang=lang)
    return {"rule": rule, "message": where + message, "detail": where + detail, "item": item or {}}


def reader_language(request) -> str | None:
    """The language the request's reader asked for (Accept-Language, else the club's):
    the API runs in English (cuatrola_site/locale.py) and speaks it only to a person."""
    return getattr(request, "LANGUAGE_CODE", None)


def exception_handler(exc, context):
    lang = reader_language(context.get("request"))
    if isinstance(exc, IntegrityError) and taken(exc) is not None:
        exc = Taken(taken(exc))  # a value another request took first (clubs/uniqueness.py)
    if isinstance(exc, Taken):
        set_rollback()
        return Response(error_body(exc.message, None, exc.item, lang=lang), status=exc.status)
    if isinstance(exc, Refused):
        # the match the view was working on names the seats' players (MatchViewSet)
        match = getattr(context.get("view"), "match", None)
        detail = localize_for_match(exc.message, match, lang) if match is not None else None
        body = error_body(exc.message, exc.rule, exc.item, detail, lang=lang)
        return Response(body, status=exc.status)
    if isinstance(exc, Stale):
        from .payloads import match_payload

        body = error_body(exc.message, None, exc.item, lang=lang)
        request = context.get("request")
        body["state"] = match_payload(exc.match, viewer=getattr(request, "user", None))
        return Response(body, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, RequestDataTooBig):
        # Django's own limit, met by a form or multipart body: the JSON parser's answer
        exc = RequestTooLarge()
    elif isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        exc = exceptions.ParseError(str(exc))
    elif isinstance(exc, SuspiciousOperation):
        exc = exceptions.ParseError("the request is malformed")
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        where, message, field = _first_message(exc.detail)
        item = {"field": field, "errors": exc.detail} if field else {"errors": exc.detail}
        response.data = error_body(message, None, item, where=where, lang=lang)
    else:
        where, message, _ = _first_message(response.data.get("detail", response.data))
        item = getattr(exc, "item", None)
        response.data = error_body(message, None, item, where=where, lang=lang)
    return response
