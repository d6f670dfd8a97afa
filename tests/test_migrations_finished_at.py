"""``games`` 0008 and ``ratings`` 0002 (issue 19 item 12): every finished match gets its
first finish time, the ratings' place in the order — the time the ladder first saw it
where it rated it, else its last change; a match in play gets none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# CI's second phase: the migrations on PostgreSQL's schema
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

BEFORE = [("games", "0007_declared_counters"), ("ratings", "0001_initial")]


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def test_finished_matches_get_the_ladders_time_or_their_last_change():
    executor = migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Club = old.get_model("clubs", "Club")
    Match = old.get_model("games", "Match")
    RatedMatch = old.get_model("ratings", "RatedMatch")
    club = Club.objects.create(name="Peña", slug="pena")
    rated, unrated, playing = (
        Match.objects.create(club=club, rules={}, status=s)
        for s in ("finished", "finished", "in_progress")
    )
    seen = datetime(2026, 3, 1, 20, 15, tzinfo=UTC)  # before its last change (a correction)
    changed = datetime(2026, 3, 9, 12, 0, tzinfo=UTC)
    Match.objects.filter(pk__in=[rated.pk, unrated.pk, playing.pk]).update(updated_at=changed)
    RatedMatch.objects.create(match=rated, club=club, game="cuatrola", finished_at=seen)

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from games.models import Match as NewMatch

    times = dict(NewMatch.objects.values_list("pk", "finished_at"))
    assert times == {rated.pk: seen, unrated.pk: changed, playing.pk: None}
