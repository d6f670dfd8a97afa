"""A cursor whose statements PostgreSQL plans once per connection: for the few statements
every event sends (the match's lock, the grants, the hand's read, the write).

Django binds parameters on the client, so PostgreSQL parses and plans every statement
anew. For the match's lock, a read joined to its club and to the tournament it may sit
in (five tables), planning was nine tenths of its cost: 420–460 µs of the server's CPU
a statement against 40 µs prepared, its generic plan reused (docs/performance.md, "What
an event costs PostgreSQL"). The site keeps its connections (``CONN_MAX_AGE``), so a
statement is prepared on a connection's first run of it and executed by name after.
``prepare_threshold`` (the database's ``OPTIONS``, cuatrola_site/settings.py) None turns
it off (a pooler in transaction mode without its own support for prepared statements):
the statements then run bound on the server, unprepared.
"""

from __future__ import annotations

from typing import Any

from django.db import connections
from django.db.backends.postgresql.psycopg_any import is_psycopg3

if is_psycopg3:
    from django.db.backends.postgresql.base import ServerBindingCursor

    class _PreparingCursor(ServerBindingCursor):
        """Django's server-binding cursor, each statement prepared on its first run (by
        psycopg, which keeps the connection's prepared statements by their text and
        parameter types, the latest hundred)."""

        def execute(self, query: Any, params: Any = None, **options: Any) -> Any:
            return super().execute(query, params, prepare=True, **options)

        def _send_query_prepared(self, name: bytes, pgq: Any, **options: Any) -> None:
            # psycopg records the statement sent only when it is not prepared; Django's
            # query log (DEBUG, the tests' query counts) reads it: its text, with $n
            self._query = pgq
            super()._send_query_prepared(name, pgq, **options)


def prepared_cursor(alias: str) -> Any:
    """A cursor of database ``alias`` whose statements are prepared (PostgreSQL with
    psycopg 3), in Django's wrapper as any cursor (its execute wrappers, its query log,
    its errors); elsewhere the usual cursor."""
    connection = connections[alias]
    if connection.vendor != "postgresql" or not is_psycopg3:
        return connection.cursor()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        return connection._prepare_cursor(_PreparingCursor(connection.connection))
