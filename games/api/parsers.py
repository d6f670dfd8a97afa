"""Reading JSON bodies within limits: a size (413) and a nesting depth (400).

Python's ``json`` recurses once per level, so ``[`` repeated 100,000 times ends in a
``RecursionError`` (a 500) unless it is caught, and a document just under the interpreter's
limit can still overflow the stack later, when a field re-encodes it. No request of this API
needs more than a few levels (a card-record inside an import is 6), so anything deeper than
:data:`MAX_DEPTH` is refused before a view sees it.
"""

from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from rest_framework import exceptions, parsers, serializers, status
from rest_framework.request import Request
from rest_framework.settings import api_settings

from ..engine import Record, RecordFormatError, load_record, parse_record
from ..engine.messages import json_error, msg
from ..services import Refused

MAX_DEPTH = 32
TOO_DEEP = msg("the JSON is nested deeper than {depth} levels", depth=MAX_DEPTH)


class TooLarge(exceptions.APIException):
    """A request over a documented size cap: 413, with ``item`` naming the field and the
    cap."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self, message: str, item: dict | None = None):
        super().__init__(message)
        self.item = item or {}


class RequestTooLarge(exceptions.APIException):
    """A body over the site's limit (Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""

    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"

    def __init__(self) -> None:
        super().__init__(msg("the request body is larger than {limit} bytes", limit=body_limit()))


def body_limit() -> int | None:
    """The largest body the site reads, in bytes (None: no limit)."""
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def json_depth(value: Any) -> int:
    """How many arrays and objects are nested at the deepest point of ``value`` (a scalar
    is 0). Iterative, so that it cannot overflow the stack itself."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def check_depth(value: Any) -> Any:
    """``value`` itself, or ValueError if it nests deeper than :data:`MAX_DEPTH`."""
    if json_depth(value) > MAX_DEPTH:
        raise ValueError(TOO_DEEP)
    return value


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing a body over the site's size limit (413) and a document
    nested deeper than :data:`MAX_DEPTH` (400, the JSON error shape)."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = body_limit()
        if limit is not None:
            request = (parser_context or {}).get("request")
            declared = request.META.get("CONTENT_LENGTH") if request is not None else None
            if declared and declared.isascii() and declared.isdigit() and int(declared) > limit:
                raise RequestTooLarge()
            # a missing or lying Content-Length: never read more than the limit allows
            head = stream.read(limit + 1)
            if len(head) > limit:
                raise RequestTooLarge()
            stream = io.BytesIO(head)
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise exceptions.ParseError(msg("JSON parse error - {error}", error=TOO_DEEP)) from exc
        try:
            return check_depth(data)
        except ValueError as exc:
            raise exceptions.ParseError(
                msg("JSON parse error - {error}", error=json_error(exc))
            ) from exc


class JSONField(serializers.JSONField):
    """A JSON field that holds a document no deeper than :data:`MAX_DEPTH`: in a JSON body
    the parser has checked it already; in a form field it is text, decoded here."""

    def to_internal_value(self, data):
        try:
            value = super().to_internal_value(data)
        except RecursionError as exc:
            raise serializers.ValidationError(TOO_DEEP) from exc
        try:
            return check_depth(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from exc


def parsers_for(*media_types: str) -> list[type]:
    """The site's parser classes (settings) for these media types."""
    return [p for p in api_settings.DEFAULT_PARSER_CLASSES if p.media_type in media_types]


def refuse_large_import(request: Request) -> None:
    """413 for an import body over ``IMPORT_MAX_BYTES``, from its Content-Length, before
    any of it is read (a request without one has no body for Django)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > settings.IMPORT_MAX_BYTES:
        field = "file" if request.content_type.startswith("multipart/") else "record"
        raise TooLarge(
            msg(
                "{field}: the request is {length:,} bytes; at most {most:,} are accepted",
                field=field,
                length=length,
                most=settings.IMPORT_MAX_BYTES,
            ),
            item={"field": field, "max_bytes": settings.IMPORT_MAX_BYTES},
        )


def refuse_long_record(record: Record) -> None:
    """Refused (400, field ``record``) for a record of more than ``IMPORT_MAX_HANDS``
    hands: the import's cap, the same for a match and for a fixture."""
    if len(record.hands) > settings.IMPORT_MAX_HANDS:
        raise Refused(
            msg(
                "the record has {hands} hands; at most {most} are imported",
                hands=f"{len(record.hands):,}",  # written, not a format spec: the
                most=f"{settings.IMPORT_MAX_HANDS:,}",  # catalogue's template has none
            ),
            item={"field": "record", "hands": len(record.hands)},
        )


def record_posted(data: dict[str, Any]) -> Record:
    """The record of an import's validated body, uploaded as ``file`` or sent as
    ``record``: read, and refused (400, field ``record``) when it is not a record or is
    longer than the import's cap. One reading for a match's import and a fixture's."""
    try:
        if "file" in data:
            record = load_record(data["file"].read())
        else:
            record = parse_record(data["record"])
    except RecordFormatError as exc:
        raise Refused(str(exc), item={"field": "record"}) from exc
    refuse_long_record(record)
    return record
