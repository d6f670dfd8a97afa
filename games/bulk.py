"""Bulk inserts that read nothing back: an imported event log, a tournament's standings."""

from __future__ import annotations

import json
from typing import Any

from django.db import connection, models


class JsonText(str):
    """A JSON field's value already encoded as JSON text: stored as it is, not encoded
    again (a snapshot's rows are built as text once, then digested and stored)."""


def insert_rows(model: type[models.Model], columns: list[str], rows: list[list[Any]]) -> None:
    """Insert ``rows`` (the values of the fields ``columns``, by attribute name) into
    ``model``'s table in one go, without reading anything back.

    On PostgreSQL with COPY: six times faster than ``bulk_create`` for an event log
    (Django 5.2 sends a bulk INSERT as UNNEST over arrays whose JSON items psycopg
    escapes one by one); elsewhere ``bulk_create``."""
    if not rows:
        return
    meta = model._meta
    encoded = {i for i, c in enumerate(columns) if isinstance(meta.get_field(c), models.JSONField)}
    if connection.vendor != "postgresql":
        # a JSON field's text decoded for bulk_create; another field's (a text field of
        # JSON that stores a JsonText as it is) stays text
        decoded = (
            [
                json.loads(v) if i in encoded and isinstance(v, JsonText) else v
                for i, v in enumerate(row)
            ]
            for row in rows
        )
        model.objects.bulk_create(model(**dict(zip(columns, row, strict=True))) for row in decoded)
        return
    from psycopg.types.json import Jsonb

    quote = connection.ops.quote_name
    names = ", ".join(quote(meta.get_field(c).column) for c in columns)
    statement = f"COPY {quote(meta.db_table)} ({names}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for row in rows:
            for i in encoded:
                # None stays SQL NULL, as the ORM stores it; JSON text goes as it is
                if row[i] is not None and not isinstance(row[i], JsonText):
                    row[i] = Jsonb(row[i])
            copy.write_row(row)
