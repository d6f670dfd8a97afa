"""``tournaments`` 0012: the snapshots' rows and the kept state become JSON text (stored
uncompressed on PostgreSQL); a snapshot stored as ``jsonb`` reads back as the same rows,
is stored by column when saved, and the digests and the kept state are cleared (the
next recompute ranks every round once)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.test_migrations import migrate

# CI's second phase: the migrations on PostgreSQL's schema
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

BEFORE = [("tournaments", "0011_standings_incremental")]


def test_stored_snapshots_keep_their_rows_and_lose_their_digests():
    executor = migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    club = old.get_model("clubs", "Club").objects.create(name="Peña", slug="pena")
    t = old.get_model("tournaments", "Tournament").objects.create(club=club, name="Liga")
    rows = [
        {"entry": 1, "name": 'Peña "La Sota"', "rank": 1, "withdrawn": False, "match_points": 1.5},
        {"entry": 2, "name": "Los de Ávila", "rank": 2, "withdrawn": True, "match_points": 0},
    ]
    at = datetime(2026, 3, 1, 20, 15, tzinfo=UTC)
    old.get_model("tournaments", "StandingsSnapshot").objects.create(
        tournament=t, after_round=1, computed_at=at, rows=rows, digest="0" * 32
    )
    old.get_model("tournaments", "StandingsState").objects.create(
        tournament=t, version=3, state={"round": 1}
    )

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from tournaments.models import StandingsSnapshot, StandingsState

    snapshot = StandingsSnapshot.objects.get(tournament_id=t.pk)
    assert (snapshot.rows, snapshot.digest, snapshot.computed_at) == (rows, "", at)
    assert not StandingsState.objects.exists()
    snapshot.save()
    with connection.cursor() as cursor:
        cursor.execute("SELECT rows FROM tournaments_standingssnapshot")
        (text,) = cursor.fetchone()
    keys, *values = json.loads(text)  # by column (keys in jsonb's order on PostgreSQL)
    assert sorted(keys) == sorted(rows[0])
    assert [dict(zip(keys, v, strict=True)) for v in values] == rows
    if connection.vendor == "postgresql":  # uncompressed: compressing cost more than it saved
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT attname, attstorage FROM pg_attribute WHERE attname IN ('rows', 'state')"
                " AND attrelid IN ('tournaments_standingssnapshot'::regclass,"
                " 'tournaments_standingsstate'::regclass)"
            )
            assert sorted(cursor.fetchall()) == [("rows", "e"), ("state", "e")]
