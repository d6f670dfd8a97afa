"""A club with its people, and API clients for each role."""

from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from tests.api.helpers import create_match, post_event
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


#: a Cuatrola deal (hand 1, dealer 3 shows 10o): the hand the API tests play
DEAL = [
    r.split()
    for r in ["1o 3o 12c 11c 10e", "12o 1c 3c 10b 11e", "11o 10c 1e 3e 12b", "10o 12e 1b 3b 11b"]
]


@pytest.fixture
def in_play(setup) -> dict:
    """Hand 1 dealt with its deal, four passes, and 10e led by seat 0."""
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    state = post_event(
        client, state["id"], state, {"kind": "deal", "trump_card": "10o", "deal": DEAL}
    )
    for _ in range(4):
        state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
    return post_event(client, state["id"], state, {"kind": "play", "card": "10e"})
