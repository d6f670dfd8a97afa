"""A broker outage while a match finishes: the write answers 201 at once, the match is
not counted while the broker is down, and once the broker is back the statistics catch
up by themselves (celery beat's ``stats.sweep``, in a real worker) to the figures the
engine gives, with no manual rebuild.

As ``test_broker_outage.py`` for the standings: gunicorn and a worker with an embedded
beat, on a private ``redis-server`` that the test stops and starts.
"""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

from clubs.devices import create_device_token
from games import services as games
from games.engine.cuatrola.simulate import random_match
from games.models import Match
from stats.models import CountedMatch
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .conftest import private_site, requires_services, wait_for
from .test_broker_outage import Api

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]


def club_hands(api: Api, club_id: int) -> int:
    status, body, _ = api.call("GET", f"/api/v1/stats/club/{club_id}/")
    assert status == 200, body
    return sum(g["hands"] for g in body["games"])


def complete_hands(match_id: int) -> int:
    """The engine's count, without the stats app."""
    state = games.replay(Match.objects.get(pk=match_id))
    return sum(hand.is_complete for hand in state.hands)


def test_statistics_catch_up_by_themselves_after_a_broker_outage(tmp_path):
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club) for _ in range(4)]
    last_hands = []
    for seed in (1, 2):  # two friendlies, each recorded but for its last hand
        match = games.create_match(club=club, players=players, user=organiser)
        record = random_match(
            random.Random(seed), games.parse_rules(match.rules), first_dealer=match.first_dealer
        )
        games.record_hands(match, dataclasses.replace(record, hands=record.hands[:-1]), organiser)
        last_hands.append((match.pk, record.hands[-1]))
    _, key = create_device_token(club, organiser, "Mesa 1")

    with private_site(tmp_path / "services.log", STATS_SWEEP_SECONDS="1") as site:
        api = Api(site.port, key)
        # the broker up: the first match finishes and is counted
        assert api.last_hand(*last_hands[0])[1]["status"] == "finished"
        first = complete_hands(last_hands[0][0])
        wait_for(lambda: club_hands(api, club.pk) == first, 30, "the first match never counted")

        # the broker down: the second match finishes all the same, promptly; not counted
        site.broker_down()
        status, state, seconds = api.last_hand(*last_hands[1])
        assert (status, state["status"]) == (201, "finished")
        assert seconds < 5, f"the write waited {seconds:.1f} s for the broker"
        time.sleep(3)  # beat's sweeps meet the broker down, too
        assert club_hands(api, club.pk) == first
        assert not CountedMatch.objects.filter(match_id=last_hands[1][0]).exists()

        # the broker back (empty: the count it never got is not in it): no request, no
        # manual step — the sweep counts the match
        site.broker_up()
        both = first + complete_hands(last_hands[1][0])
        wait_for(
            lambda: club_hands(api, club.pk) == both,
            60,
            "the statistics never caught up after the broker came back",
        )
    assert CountedMatch.objects.filter(match_id__in=[m for m, _ in last_hands]).count() == 2
