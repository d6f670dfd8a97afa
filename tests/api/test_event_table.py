"""The event table's indexes on PostgreSQL: every insert of an event maintains each, so
it keeps those a constraint or a query needs, and no more (games 0014 dropped the
hand's own index, which ``unique_event_seq`` made redundant)."""

from __future__ import annotations

import pytest
from django.db import connection

# PostgreSQL's catalogue and planner (SQLite rebuilds the table its own way)
pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="PostgreSQL's indexes (run in CI's PostgreSQL phase)",
    ),
]


def test_the_event_table_has_the_indexes_its_constraints_and_reads_need(db):
    """The key; a hand's sequence numbers once each (which every read by hand uses);
    a card once per hand; the user who entered it (a user's deletion sets it null)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'games_handevent'")
        names = {name for (name,) in cursor.fetchall()}
    assert names == {
        "games_handevent_pkey",
        "unique_event_seq",
        "card_once_per_hand",
        "games_handevent_entered_by_id_6fa32e3e",
    }


@pytest.mark.parametrize(
    "where",
    [
        "hand_id = 7",  # a hand's events (the cascade of a hand's deletion too)
        "hand_id = 7 AND seq = 3",  # a retry's stored event
        "hand_id IN (7, 8) ORDER BY hand_id, seq",  # a match's log, through its hands
    ],
)
def test_every_read_by_hand_is_served_by_the_sequence_index(db, where):
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # an empty table: ask for an index
        cursor.execute(f"EXPLAIN SELECT data FROM games_handevent WHERE {where}")
        plan = " ".join(line for (line,) in cursor.fetchall())
    assert "unique_event_seq" in plan, plan
