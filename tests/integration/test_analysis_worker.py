"""Hand analysis through Redis and a real worker on PostgreSQL: every hand a live match
finishes is analysed by the worker, exactly as the engine's analysis of the replayed
hand, and each row is of the hand's log as it stands (docs/analysis.md)."""

import random

import pytest

from games import services
from games.analysis import current_analyses
from games.engine.analysis import analyse_hand
from games.simulation import EVENTS, simulate_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .conftest import requires_services, wait_for

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]


def test_the_worker_analyses_every_finished_hand(celery_worker_process):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory(username="a")).user
    players = [PlayerFactory(club=club) for _ in range(4)]
    match = simulate_match(
        club=club,
        players=players,
        user=organiser,
        game="cuatrola",
        rules={"target": 3},
        rng=random.Random(3),
        mode=EVENTS,
    )
    finished = match.hands.filter(complete=True).count()
    assert finished >= 1
    wait_for(lambda: len(current_analyses(match)) == finished)
    replayed = {h.number: h for h in services.replay(match).hands}
    for number, row in current_analyses(match).items():
        expected = analyse_hand("cuatrola", replayed[number], budget=30)
        assert row.analysed == expected["analysed"]
        if row.analysed:
            assert (row.par, row.actual, row.plays) == (
                expected["par"],
                expected["actual"],
                expected["plays"],
            )
