"""Ratings through Redis and a real worker on PostgreSQL: a match finished by the write
service is rated by the worker, with the numbers a rebuild here gives."""

import random

import pytest

from games.simulation import EVENTS, simulate_match
from ratings import ladder
from ratings.models import RatedMatch, Rating
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .conftest import requires_services, wait_for

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]


def test_the_worker_rates_finished_matches_in_order(celery_worker_process):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory(username="r")).user
    players = [PlayerFactory(club=club) for _ in range(5)]
    matches = [
        simulate_match(
            club=club,
            players=[players[i] for i in seats],
            user=organiser,
            game="cuatrola",
            rules={"target": 3},
            rng=random.Random(seed),
            mode=EVENTS,
        )
        for seed, seats in ((1, [0, 1, 2, 3]), (2, [4, 0, 1, 2]))
    ]
    wait_for(lambda: RatedMatch.objects.filter(club=club).count() == 2)
    by_worker = sorted(
        Rating.objects.filter(player__club=club).values_list("player", "mu", "sigma")
    )
    assert len(by_worker) == 5
    assert list(RatedMatch.objects.filter(club=club).values_list("match", flat=True)) == [
        m.pk for m in matches
    ]
    assert ladder.rebuild(club, "cuatrola") == 2
    assert (
        sorted(Rating.objects.filter(player__club=club).values_list("player", "mu", "sigma"))
        == by_worker
    )
