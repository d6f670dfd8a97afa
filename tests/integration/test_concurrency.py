"""Two devices recording the same hand at once (PostgreSQL: real row locks).

For each sequence number exactly one write wins, the others get 409 with the current
state; a resend of the stored event is answered (200) and stores nothing; and the final
log equals a sequential replay.
"""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games import services
from games.engine import check_record, record_from_match
from games.engine.cuatrola import MatchState, event_from_dict
from games.models import HandEvent, Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .conftest import requires_services

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]

RACERS = 6


def race(url: str, user, bodies: list[dict]) -> list[int]:
    """POST every body at once from its own thread (own client, own DB connection)."""
    return at_once(user, [(url, body) for body in bodies])


def at_once(user, requests: list[tuple[str, dict]]) -> list[int]:
    """POST each (url, body) at the same moment, each from its own client and connection."""
    barrier = threading.Barrier(len(requests))
    codes: list[int] = [0] * len(requests)

    def post(i: int) -> None:
        client = APIClient()
        client.force_authenticate(user)
        barrier.wait()
        try:
            codes[i] = client.post(requests[i][0], requests[i][1], format="json").status_code
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(requests))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return codes


def test_racing_writes_one_wins_the_rest_get_409_and_the_log_replays():
    club = ClubFactory()
    user = MembershipFactory(club=club, role="scorer", user=UserFactory(username="racer")).user
    players = [PlayerFactory(club=club) for _ in range(4)]
    match = services.create_match(club=club, players=players, user=user, first_dealer=3)
    url = f"/api/v1/matches/{match.pk}/events/"
    hand = match.hands.get(number=1)
    services.record_event(hand, 0, {"kind": "deal", "trump_card": "10o"}, user)
    for seq in range(1, 5):
        services.record_event(hand, seq, {"kind": "call", "call": "pass"}, user)

    for _ in range(8):  # eight contested plays
        state = services.replay(match)
        candidates = state.hands[-1].legal_plays()
        seq = match.hands.get(number=1).next_seq
        bodies = [
            {"hand": 1, "expected_seq": seq, "kind": "play", "card": c.text}
            for c in candidates[:RACERS]
        ]
        codes = race(url, user, bodies)
        assert sorted(codes) == [201] + [409] * (len(bodies) - 1), codes

    # a resend racing with itself: one stores it, the other is answered
    seq = match.hands.get(number=1).next_seq
    card = services.replay(match).hands[-1].legal_plays()[0].text
    body = {"hand": 1, "expected_seq": seq, "kind": "play", "card": card}
    assert sorted(race(url, user, [body, body])) == [200, 201]

    events = list(HandEvent.objects.filter(hand__match=match).order_by("hand__number", "seq"))
    assert [e.seq for e in events] == list(range(len(events)))
    assert len(events) == 5 + 8 + 1
    sequential = MatchState(services.parse_rules(match.rules), match.first_dealer)
    for e in events:
        sequential.apply(event_from_dict(e.data))
    exported = services.export_record(match)
    assert record_from_match(sequential).hands == exported.hands
    assert check_record(exported)["valid"]
    assert Match.objects.get(pk=match.pk).version == 5 + 8 + 1
