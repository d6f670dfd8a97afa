"""Standings through Redis and a real worker on PostgreSQL."""

import random

import pytest

from games import services as games
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.standings_store import store_standings

from .conftest import requires_services, wait_for

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]


def test_finished_matches_update_standings_through_the_worker(celery_worker_process):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory(username="o")).user
    players = [PlayerFactory(club=club) for _ in range(8)]
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    for i in range(4):
        services.add_entry(t, organiser, f"P{i}", players[2 * i], players[2 * i + 1])
    round_ = services.generate_next_round(t, organiser)
    for fixture in round_.fixtures.select_related("match"):
        match = fixture.match
        record = random_match(
            random.Random(fixture.table),
            games.parse_rules(match.rules),
            first_dealer=match.first_dealer,
        )
        games.record_hands(match, record, organiser)
    wait_for(
        lambda: (
            StandingsSnapshot.objects.filter(tournament=t).exists()
            and not Tournament.objects.get(pk=t.pk).standings_pending
        )
    )
    worker_rows = StandingsSnapshot.objects.get(tournament=t, after_round=1).rows
    assert sum(r["won"] for r in worker_rows) == 2
    # the worker's result equals a recompute here (the task is idempotent)
    store_standings(t.pk)
    assert StandingsSnapshot.objects.get(tournament=t, after_round=1).rows == worker_rows
