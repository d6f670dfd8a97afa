"""A club with its people, and API clients for each role."""

from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory


@dataclass
class ClubSetup:
    club: object
    players: list
    organiser: object
    scorer: object
    other_scorer: object  # a scorer of another club


@pytest.fixture
def setup(db) -> ClubSetup:
    club = ClubFactory(slug="pena", name="Peña La Baza")
    names = ["Ana", "Blas", "Carmen", "Diego"]
    players = [PlayerFactory(club=club, display_name=n) for n in names]
    organiser = MembershipFactory(
        club=club, role="organiser", user=UserFactory(username="org")
    ).user
    scorer = MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user
    other = MembershipFactory(role="scorer", user=UserFactory(username="outsider")).user
    return ClubSetup(club, players, organiser, scorer, other)


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def scorer_client(setup) -> APIClient:
    return client_for(setup.scorer)
