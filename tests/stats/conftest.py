import random

import pytest

from games import services
from games.engine.cuatrola.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory


@pytest.fixture
def club_with_matches(db):
    """Four finished random Cuatrola matches (the same four players, seats rotated so
    that the pairs change) and one unfinished match, which the statistics leave out."""
    club = ClubFactory(slug="pena")
    scorer = MembershipFactory(club=club).user
    rng = random.Random(14)
    matches = []
    for i in range(4):
        record = random_match(rng, first_dealer=i % 4)
        record.seats = record.seats[i:] + record.seats[:i]
        matches.append(services.import_record(club, record, scorer))
    unfinished = random_match(rng, max_hands=2)
    services.import_record(club, unfinished, scorer)
    return club, scorer, matches
