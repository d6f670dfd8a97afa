"""The write of an event that ends a hand (games/services/derive.py ``sync_event``): the
event's insert and the hand's, the units' and the match's updates in one statement on
PostgreSQL, the next hand's row made, and the rows it leaves are those a rebuild from
the log writes, for every game."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.engine import find_game, games
from games.models import Hand, Match
from games.services.derive import UNIT_COLUMNS

from .conftest import client_for
from .helpers import create_match
from .test_state_cache import URL, bodies, current, match_for, write

GAMES = [g.name for g in games() if g.recordable]
HAND_COLUMNS = ("number", "dealer", "header", "deal", "next_seq", "complete", "summary")


def rows(match: Match) -> tuple:
    """What a match's events derive in its rows: each hand's, each unit's, the match's."""
    match = current(match)
    hands = [tuple(getattr(h, c) for c in HAND_COLUMNS) for h in match.hands.order_by("number")]
    units = [tuple(getattr(u, c) for c in UNIT_COLUMNS) for u in match.units.order_by("unit")]
    return hands, units, (match.status, match.live, match.finished_at is None)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_rows_a_hand_end_writes_are_those_a_rebuild_writes(
    setup, django_capture_on_commit_callbacks, name, seed
):
    """Three hands recorded live (every hand's end through the one statement): after
    each hand's end, the hands' rows (the next one made, to deal), the units' results and
    the match's status and live summary are what ``services.rebuild`` (the ORM's path,
    every row rewritten from the replayed log) leaves."""
    game = find_game(name)
    record = game.random_match(random.Random(seed), game.parse_rules({}), max_hands=3)
    match = match_for(setup, record)
    posts = bodies(record)
    ends = [
        i for i, b in enumerate(posts) if i + 1 == len(posts) or posts[i + 1]["hand"] != b["hand"]
    ]
    assert len(ends) == len(record.hands) >= 2
    for i, body in enumerate(posts):
        write(django_capture_on_commit_callbacks, setup, current(match), body)
        if i in ends:
            live = rows(match)
            with django_capture_on_commit_callbacks(execute=True):
                services.rebuild(current(match))
            assert rows(match) == live, i


# the count is the backend's (one WITH on PostgreSQL): CI's second phase runs it there
@pytest.mark.services
def test_a_hand_end_is_one_write_statement_and_the_next_hands_row(
    setup, django_capture_on_commit_callbacks
):
    """The play that ends a Cuatrola hand: the match's lock, the hand's read, the units'
    read, the one write (event, hand, units, match: the parts of one ``WITH`` on
    PostgreSQL, four statements on SQLite), the next hand's read and its insert, and the
    transaction's two — no savepoint of its own (``get_or_create`` took one), no read of
    the event log (15 statements on PostgreSQL before; now 8) — and the next hand is the
    latest, to deal."""
    game = find_game("cuatrola")
    rules = game.parse_rules({"match": "hands", "target": 3})
    record = game.random_match(random.Random(5), rules, with_deal=False)
    posts = bodies(record)
    end = next(i for i, b in enumerate(posts) if posts[i + 1]["hand"] == 2)
    client = client_for(setup.scorer)
    state = create_match(
        client, setup.players, rules=rules.as_dict(), first_dealer=record.hands[0].dealer
    )
    for body in posts[: end + 1]:
        with (
            django_capture_on_commit_callbacks(execute=True),
            CaptureQueriesContext(connection) as queries,
        ):
            answer = client.post(URL.format(state["id"]), body, format="json")
        assert answer.status_code == 201, answer.json()
    sent = [q["sql"] for q in queries.captured_queries]
    writes = 1 if connection.vendor == "postgresql" else 4
    assert len(sent) == 2 + 5 + writes, sent
    # the transaction's own two (a savepoint within the test's), none of get_or_create's
    assert [q for q in sent if "SAVEPOINT" in q] == [sent[0], sent[-1]]
    assert not [q for q in sent if q.startswith("SELECT") and "games_handevent" in q]
    assert answer.json()["current"]["hand"] == 2
    assert answer.json()["current"]["next_seq"] == 0
    assert Hand.objects.filter(match_id=state["id"]).count() == 2
