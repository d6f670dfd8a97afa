"""The statements every event sends are prepared on PostgreSQL (clubs/prepared.py): the
match's lock, the grants, the hand's read and the write, each planned once per
connection and run by name after; Django's own statements (the token's) are not."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from clubs.prepared import prepared_cursor
from clubs.tokens import create_user_token

from .helpers import create_match, post_event

# what PostgreSQL keeps of a connection's prepared statements: its own catalogue
pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="only PostgreSQL prepares (run in CI's PostgreSQL phase)",
    ),
]


def prepared() -> dict[str, tuple[int, int]]:
    """This connection's prepared statements by their text, and how many times each ran
    on the generic plan and on a custom one (summed over its parameters' types)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT statement, sum(generic_plans), sum(custom_plans) "
            "FROM pg_prepared_statements GROUP BY statement"
        )
        return {text: (generic, custom) for text, generic, custom in cursor.fetchall()}


def test_a_statement_is_planned_five_times_then_run_on_its_generic_plan(db):
    """psycopg prepares it on its first run; PostgreSQL plans it for each of the first
    five runs, then keeps the generic plan (for a statement by primary key, as cheap):
    the planning, most of a joined read's cost, is not paid again."""
    for _ in range(8):
        with prepared_cursor("default") as cursor:
            cursor.execute("SELECT count(*) FROM auth_user WHERE id = %s", [1])
            assert cursor.fetchone() == (0,)
    assert prepared()["SELECT count(*) FROM auth_user WHERE id = $1"] == (3, 5)


def test_an_events_statements_are_prepared_and_logged(setup):
    """Four calls recorded with a user's API key: the lock (the user's grants read in
    the same statement: no statement of their own), the hand's read and the write ran
    four times each by name (the token's lookup, Django's, is not prepared) — and
    Django's query log still shows each (the tests' query counts read it): its text,
    with PostgreSQL's placeholders."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {create_user_token(setup.scorer)[1]}")
    state = create_match(client, setup.players, first_dealer=3)
    state = post_event(client, state["id"], state, {"kind": "deal", "trump_card": "10o"})
    before = prepared()
    with CaptureQueriesContext(connection) as queries:
        for _ in range(4):
            state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
    after = prepared()
    ran = {text: sum(after[text]) - sum(before.get(text, (0, 0))) for text in after}
    assert sorted(n for n in ran.values() if n) == [4, 4, 4], ran
    assert {text.split()[0] for text in ran if ran[text]} == {"SELECT", "WITH"}
    assert sum("json_agg" in text and "FOR UPDATE" in text for text in ran if ran[text]) == 1
    logged = [q["sql"] for q in queries.captured_queries]
    assert sum("$1" in sql for sql in logged) == 12, logged
    assert not [sql for sql in logged if sql is None]
