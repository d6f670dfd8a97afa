"""Every API error has one shape: ``{"rule": …, "message": …, "item": …}``.

``rule`` is the RULES.md code for a refused event (None for a malformed request),
``item`` says where (the engine's location, or ``{"field": …}``). A 409 adds ``state``,
the match as it is now, so the client can catch up without another request.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import (
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ..services import Refused, Stale
from .parsers import RequestTooLarge


def _first_message(detail) -> tuple[str, str | None]:
    """The first message of a DRF error detail, and the field it belongs to."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            message, _ = _first_message(value)
            return (f"{field}: {message}" if field != "non_field_errors" else message), field
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail), None


def error_body(message: str, rule: str | None = None, item: dict | None = None) -> dict:
    return {"rule": rule, "message": message, "item": item or {}}


def exception_handler(exc, context):
    if isinstance(exc, Refused):
        return Response(error_body(exc.message, exc.rule, exc.item), status=exc.status)
    if isinstance(exc, Stale):
        from .payloads import match_payload

        body = error_body(exc.message, None, {"field": "expected_seq"})
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
        message, field = _first_message(exc.detail)
        item = {"field": field, "errors": exc.detail} if field else {"errors": exc.detail}
        response.data = error_body(message, None, item)
    else:
        message, _ = _first_message(response.data.get("detail", response.data))
        response.data = error_body(message, None, getattr(exc, "item", None))
    return response
