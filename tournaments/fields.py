"""JSON stored as plain text, for what only this app writes and reads whole: the standings'
snapshots and the state a recompute keeps.

Derived data rewritten on every recompute, never queried inside: PostgreSQL's ``jsonb``
parses and reorders every object and compresses the result, which was most of a
recompute that rewrites many snapshots (64 snapshots of 22 KB: ~130 ms of the server's
time, against ~5 ms as uncompressed text; ``docs/performance.md``). As text (stored
uncompressed on PostgreSQL: migration 0012) the server only copies it.

A snapshot's rows are stored by column names once (:func:`compact_rows`): the first
item the keys, then each row's values in their order, a fifth of the text of one object
per row; read back, they are the same list of dicts.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db import models

from games.bulk import JsonText


class JsonTextField(models.TextField):
    """A JSON value stored as its text; a :class:`~games.bulk.JsonText` is stored as it is."""

    def from_db_value(self, value: str | None, expression: Any, connection: Any) -> Any:
        return None if value is None else self.decode(value)

    def to_python(self, value: Any) -> Any:
        return self.decode(value) if isinstance(value, str) else value

    def get_prep_value(self, value: Any) -> str | None:
        if value is None or isinstance(value, JsonText):
            return value
        return self.encode(value)

    def value_to_string(self, obj: models.Model) -> Any:  # dumpdata: the value, not its text
        return self.value_from_object(obj)

    def decode(self, text: str) -> Any:
        return json.loads(text)

    def encode(self, value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)


class RowsField(JsonTextField):
    """A list of dicts with the same keys, stored by :func:`compact_rows`."""

    def decode(self, text: str) -> list[dict[str, Any]]:
        return expand_rows(json.loads(text))

    def encode(self, value: Any) -> str:
        return compact_rows(value)


def compact_rows(rows: Sequence[dict[str, Any]]) -> str:
    """``rows`` as ``[keys, values of row 1, values of row 2, …]`` in JSON; rows whose keys
    differ are stored as they are (a list of objects, which :func:`expand_rows` also reads)."""
    if not rows:
        return "[]"
    keys = list(rows[0])
    if any(list(r) != keys for r in rows):
        return json.dumps(list(rows), ensure_ascii=False)
    return compact_values(keys, [list(r.values()) for r in rows])


def compact_values(keys: Sequence[str], rows: Sequence[Sequence[Any]]) -> JsonText:
    """The stored text of the rows ``rows`` (each its values in the order of ``keys``)."""
    if not rows:
        return JsonText("[]")
    return JsonText(json.dumps([list(keys), *rows], ensure_ascii=False, separators=(",", ":")))


def expand_rows(data: list[Any]) -> list[dict[str, Any]]:
    """The rows stored by :func:`compact_rows` (or as a list of objects, as before it)."""
    if not data or isinstance(data[0], dict):
        return data
    keys, *rows = data
    return [dict(zip(keys, row, strict=True)) for row in rows]
