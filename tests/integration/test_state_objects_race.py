"""Two scorers' phones racing on one match in one server process (PostgreSQL's row
lock, Redis as the shared cache, real commits): each event is posted by both at once,
and now and then one of them undoes the last event and both post it again. The process
keeps the state object between requests (games/services/statecache.py, ``OBJECTS``),
which both threads take from and hand back to: whatever the interleaving, one of each
pair stores (201) and the other is told it is stored (200), and the state every answer
and the next event start from is the log's full replay."""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games import services
from games.engine import find_game, hand_events
from games.models import HandEvent, Match
from games.services import statecache
from tests.api.helpers import seen
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

from .conftest import requires_services

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]

#: every how many events one phone undoes the last one (both then post it again)
UNDO_EVERY = 7


def test_two_phones_racing_with_undos_leave_the_state_of_the_log(monkeypatch):
    club = ClubFactory(slug="carrera")
    players = [PlayerFactory(club=club, display_name=n) for n in "ABCD"]
    scorer = MembershipFactory(club=club, role="scorer", user=UserFactory(username="s")).user
    game = find_game("cuatrola")
    rules = game.parse_rules({"match": "hands", "target": 2})
    record = game.random_match(random.Random(5), rules, with_deal=False)
    match = services.create_match(
        club=club,
        players=players,
        user=scorer,
        game="cuatrola",
        rules=rules.as_dict(),
        first_dealer=record.hands[0].dealer,
    )
    bodies = [
        {"hand": number, "expected_seq": seq, **game.event_to_dict(event)}
        for number, hand in enumerate(record.hands, 1)
        for seq, event in enumerate(hand_events(hand))
    ]
    url = f"/api/v1/matches/{match.pk}/events/"
    phones = [APIClient(), APIClient()]
    for phone in phones:
        phone.force_authenticate(scorer)
    barrier = threading.Barrier(2)
    answers: list = [None, None]

    def run(i: int, send) -> None:
        barrier.wait()
        try:
            answers[i] = send(phones[i])
        except Exception as exc:  # the assertion shows it (a 500 re-raised by the client)
            answers[i] = exc
        finally:
            connection.close()

    def both(send) -> list:
        threads = [threading.Thread(target=run, args=(i, send)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        return list(answers)

    def post(body):
        return lambda phone: phone.post(url, body, format="json")

    taken = []  # the writes that started from the object (not a pickle)
    take = statecache._take_object

    def counted(where, expected):
        found = take(where, expected)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(statecache, "_take_object", counted)
    stored = 0
    for i, body in enumerate(bodies):
        codes = sorted(getattr(a, "status_code", a) for a in both(post(body)))
        assert codes == [200, 201], (i, codes, [getattr(a, "content", a) for a in answers])
        stored += 1
        if i % UNDO_EVERY == UNDO_EVERY - 1:
            last = {"hand": body["hand"], "last_seq": body["expected_seq"], "reopen": True}
            undone = phones[i % 2].post(f"/api/v1/matches/{match.pk}/undo/", last, format="json")
            assert undone.status_code == 200, undone.json()
            codes = sorted(getattr(a, "status_code", a) for a in both(post(body)))
            assert codes == [200, 201], (i, codes)
        now = Match.objects.get(pk=match.pk)
        replayed = services.replay(now)
        answer = next(a for a in answers if a.status_code == 201).json()
        assert answer["score"] == list(replayed.score), i
        assert answer["version"] == now.version, i
        held = statecache.OBJECTS.get(statecache.key(now))  # looked at, not taken
        if held is not None and held[1] == statecache.tag(now):
            assert seen(held[2]) == seen(replayed), i
    assert HandEvent.objects.filter(hand__match=match).count() == stored == len(bodies)
    # the object was what most writes started from (not each: a write that locks the
    # match before the other thread's answer is sent reads the pickle)
    assert sum(taken) > len(bodies) // 2, (sum(taken), len(taken))
