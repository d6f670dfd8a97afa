"""A broker outage while a tournament's match finishes: the write answers 201, the API
says the standings are behind, and once the broker is back they catch up by themselves
(celery beat's sweep, in a real worker), with no manual step.

The site runs under gunicorn and a worker with an embedded beat, both on a private
``redis-server`` that the test stops and starts (the shared broker serves other tests).
"""

from __future__ import annotations

import dataclasses
import http.client
import json
import random
import time

import pytest

from clubs.devices import create_device_token
from games import services as games
from games.engine import hand_events
from games.engine.cuatrola import event_to_dict
from games.engine.cuatrola.simulate import random_match
from games.models import Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import Tournament
from tournaments.standings import standings_by_round
from tournaments.standings_store import load_results, scheme_of

from .conftest import private_site, requires_services, wait_for

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]


class Api:
    def __init__(self, port: int, key: str):
        self.port, self.key = port, key

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict, float]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}
        start = time.monotonic()
        conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        conn.close()
        try:
            body = json.loads(payload)
        except ValueError:  # an HTML error page: show its start in the failure
            body = {"not JSON": payload[:300].decode(errors="replace")}
        return response.status, body, time.monotonic() - start

    def last_hand(self, match_id: int, hand) -> tuple[int, dict, float]:
        """Post the hand in play's events; the answer to the last one."""
        number = Match.objects.get(pk=match_id).hands.count()
        for seq, event in enumerate(hand_events(hand)):
            body = {"hand": number, "expected_seq": seq, **event_to_dict(event)}
            answer = self.call("POST", f"/api/v1/matches/{match_id}/events/", body)
            assert answer[0] == 201, answer
        return answer

    def standings(self, tournament_id: int) -> dict:
        status, body, _ = self.call("GET", f"/api/v1/tournaments/{tournament_id}/standings/")
        return body if status == 200 else {}


def won(rows: list[dict]) -> int:
    return sum(r["won"] for r in rows)


def test_standings_catch_up_by_themselves_after_a_broker_outage(tmp_path):
    # a league of 4 pairs, round 1: two matches, each recorded but for its last hand
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club) for _ in range(8)]
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    for i in range(4):
        services.add_entry(t, organiser, f"P{i}", players[2 * i], players[2 * i + 1])
    fixtures = list(services.generate_next_round(t, organiser).fixtures.select_related("match"))
    last_hands = []
    for fixture in fixtures:
        match = fixture.match
        record = random_match(
            random.Random(fixture.table),
            games.parse_rules(match.rules),
            first_dealer=match.first_dealer,
        )
        games.record_hands(match, dataclasses.replace(record, hands=record.hands[:-1]), organiser)
        last_hands.append((match.pk, record.hands[-1]))
    _, key = create_device_token(club, organiser, "Mesa 1")

    with private_site(tmp_path / "services.log", STANDINGS_SWEEP_SECONDS="1") as site:
        api = Api(site.port, key)
        # the broker up: the first match finishes, its standings follow
        assert api.last_hand(*last_hands[0])[1]["status"] == "finished"
        first = wait_for(
            lambda: (s := api.standings(t.pk)) and not s["pending"] and s,
            30,
            "standings of the first match never came",
        )
        assert won(first["rows"]) == 1

        # the broker down: the second match finishes all the same, promptly, and the API
        # says that the standings shown are behind
        site.broker_down()
        status, state, seconds = api.last_hand(*last_hands[1])
        assert (status, state["status"]) == (201, "finished")
        assert seconds < 5, f"the write waited {seconds:.1f} s for the broker"
        during = api.standings(t.pk)
        assert during["pending"] is True
        assert won(during["rows"]) == 1  # the old standings, said to be behind
        time.sleep(3)  # beat's sweeps meet the broker down, too
        assert Tournament.objects.get(pk=t.pk).standings_pending

        # the broker back (empty: nothing it held survived): no request, no manual step
        site.broker_up()
        after = wait_for(
            lambda: (s := api.standings(t.pk)) and not s["pending"] and s,
            60,
            "the standings never caught up after the broker came back",
        )
    assert won(after["rows"]) == 2
    loaded = load_results(t)
    expected = standings_by_round([e.pk for e in loaded.entries], loaded.results, scheme_of(t))[1]
    assert [(r["entry"], r["rank"], r["match_points"]) for r in after["rows"]] == [
        (r.entry, r.rank, r.metrics["match_points"]) for r in expected
    ]
