"""The state a write keeps in the shared cache for the match's next event
(games/services/statecache.py): an event costs the same queries early and late, an entry
of another version is never used, corrections invalidate it, and the cached state is the
one a full replay of the log gives, for every game."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from clubs.tokens import create_user_token
from games import services
from games.engine import dump_record, find_game, games, hand_events
from games.models import Match
from games.services import fold, statecache
from games.services.derive import UNIT_COLUMNS, unit_rows

from .conftest import client_for
from .helpers import create_match, seen

URL = "/api/v1/matches/{}/events/"
GAMES = [g.name for g in games() if g.recordable]


def bodies(record) -> list[dict]:
    """The POST bodies that record ``record`` event by event."""
    game = find_game(record.game)
    return [
        {"hand": number, "expected_seq": seq, **game.event_to_dict(event)}
        for number, hand in enumerate(record.hands, 1)
        for seq, event in enumerate(hand_events(hand))
    ]


def fingerprint(state) -> tuple:
    """What a whole state says: its record, score, the hand in play's summary and what
    may be recorded next (a cached one says what ``helpers.seen`` reads: its older hands
    are folded)."""
    game = find_game(state.game)
    return (
        dump_record(game.record_from_match(state)),
        list(state.score),
        state.finished,
        services.live_summary(state),
        game.legal_actions(state),
    )


def match_for(setup, record) -> Match:
    players = setup.players[: find_game(record.game).seats(record.rules)]
    return services.create_match(
        club=setup.club,
        players=players,
        user=setup.scorer,
        game=record.game,
        rules=record.rules.as_dict(),
        first_dealer=record.hands[0].dealer,
    )


def write(capture, setup, match: Match, body: dict) -> services.Outcome:
    """Record ``body`` as the pad would, its commit callbacks run (the state is kept)."""
    with capture(execute=True):
        hand = match.hands.get(number=body["hand"])
        event = {k: v for k, v in body.items() if k not in ("hand", "expected_seq")}
        return services.record_event(hand, body["expected_seq"], event, setup.scorer)


def current(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


# ------------------------------------------------------------------------ query count
# the count is the backend's (one WITH on PostgreSQL): CI's second phase runs it there
@pytest.mark.services
def test_an_event_costs_the_same_queries_at_event_10_and_at_event_300(
    setup, django_capture_on_commit_callbacks
):
    """Mid-hand plays of a match in no tournament, posted with a user's API key as a
    scorer's phone does: the token's lookup, then in the transaction the match's lock
    (the one read of it: the view reads none, and it says there is no tournament to
    tell) with the user's grants in the same statement on PostgreSQL (SQLite has no
    ``json_agg``: a statement of their own), the read of the hand (the match's lock
    covers it), and the event's insert with the hand's and the match's updates — one
    statement on PostgreSQL (games/services/statements.py), three on SQLite, which has
    no INSERT in a WITH: 4 queries on PostgreSQL (7 on SQLite) and the transaction's two
    (here a savepoint's), and no read of the event log, however long the match is.
    Through gunicorn the same 4 and BEGIN and COMMIT: 6 (were 7 with the grants' own)."""
    game = find_game("cuatrola")
    rules = game.parse_rules({"match": "hands", "target": 25})
    record = game.random_match(random.Random(7), rules, with_deal=False)
    posts = bodies(record)
    assert len(posts) > 310
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {create_user_token(setup.scorer)[1]}")
    dealer = record.hands[0].dealer
    match = create_match(client, setup.players, rules=rules.as_dict(), first_dealer=dealer)

    def mid_hand_play(near: int) -> int:
        return next(
            i
            for i in range(near, len(posts) - 1)
            if posts[i]["kind"] == "play" and posts[i + 1]["hand"] == posts[i]["hand"]
        )

    measured = {mid_hand_play(10): None, mid_hand_play(300): None}
    for i, body in enumerate(posts[: max(measured) + 1]):
        with (
            django_capture_on_commit_callbacks(execute=True),
            CaptureQueriesContext(connection) as queries,
        ):
            answer = client.post(URL.format(match["id"]), body, format="json")
        assert answer.status_code == 201, answer.json()
        if i in measured:
            measured[i] = [q["sql"] for q in queries.captured_queries]
    early, late = measured.values()
    expected = 6 if connection.vendor == "postgresql" else 9
    assert len(early) == len(late) == expected, (early, late)
    assert len([q for q in late if "clubs_membership" in q]) == 1  # the grants, once
    assert not [q for q in late if q.startswith("SELECT") and "games_handevent" in q]


def test_the_answer_is_the_score_and_the_hand_in_play(setup, django_capture_on_commit_callbacks):
    client = client_for(setup.scorer)
    match = create_match(client, setup.players, rules={"match": "exact", "target": 11})
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            URL.format(match["id"]),
            {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "10o"},
            format="json",
        ).json()
    assert set(answer) == {
        *("id", "game", "status", "score", "winner_unit", "winner_side"),
        *("units", "version", "updated_at", "current"),
    }
    assert answer["score"] == [0, 0]
    assert answer["units"] == [
        {"unit": 0, "seats": [0, 2], "score": 0, "winner": False},
        {"unit": 1, "seats": [1, 3], "score": 0, "winner": False},
    ]
    assert answer["version"] == 1
    assert (answer["current"]["hand"], answer["current"]["next_seq"]) == (1, 1)
    assert answer["current"]["trump_card"] == "10o"
    assert answer["current"]["to_act"] == 1  # the seat after the dealer (seat 0) speaks first


# ------------------------------------------------------------------------ invalidation
@pytest.fixture
def dealt(setup, django_capture_on_commit_callbacks):
    """A Cuatrola match after its deal and two calls, its state kept."""
    rules = find_game("cuatrola").parse_rules({})
    record = find_game("cuatrola").random_match(random.Random(3), rules, with_deal=False)
    match = match_for(setup, record)
    posts = [b for b in bodies(record) if b["hand"] == 1]
    for body in posts[:3]:
        write(django_capture_on_commit_callbacks, setup, current(match), body)
    return current(match), posts


def test_the_kept_state_is_the_one_the_next_event_starts_from(dealt):
    """Shown by putting another state under the current key: the next event is judged
    against it (here an empty match, in which no hand is in play)."""
    match, posts = dealt
    assert statecache.load(match) is not None
    statecache.shared_set(statecache.key(match), statecache.entry(match, services.new_state(match)))
    statecache.forget_local()  # another process's copy: this one has none
    hand = match.hands.get(number=1)
    event = {k: v for k, v in posts[3].items() if k not in ("hand", "expected_seq")}
    with pytest.raises(services.Refused) as refused:
        services.record_event(hand, 3, event, match.created_by)
    # the stored log has hand 1 dealt; only the kept (empty) state has no deal
    assert (refused.value.rule, refused.value.message) == (
        "C1",
        "no hand has been dealt: the first event is the deal",
    )


def test_a_state_kept_for_another_version_is_ignored(setup, dealt):
    """The match moved on without keeping a state (a merge of players bumps the version):
    the old entry, poisoned here, is not read; the event is judged against the log."""
    match, posts = dealt
    statecache.shared_set(statecache.key(match), statecache.entry(match, services.new_state(match)))
    Match.objects.filter(pk=match.pk).update(version=match.version + 1)
    match = current(match)
    assert statecache.load(match) is None
    hand = match.hands.get(number=1)
    event = {k: v for k, v in posts[3].items() if k not in ("hand", "expected_seq")}
    outcome = services.record_event(hand, 3, event, setup.scorer)
    assert seen(outcome.state) == seen(services.replay(current(match)))


def test_this_process_reads_its_own_kept_state_until_another_write(dealt):
    """The process that kept the state reads it back without the shared cache (gone
    here); once another process's write moved the match on (another version, its entry
    in the shared cache), its own copy is stale and the shared entry is read."""
    match, _ = dealt
    cache.delete(statecache.key(match))
    assert seen(statecache.load(match)) == seen(services.replay(match))
    Match.objects.filter(pk=match.pk).update(version=match.version + 1)
    moved = current(match)
    assert statecache.load(moved) is None  # its own copy is of the version before
    statecache.shared_set(statecache.key(moved), statecache.entry(moved, services.new_state(moved)))
    assert statecache.load(moved).hands == []  # the other process's entry


def test_a_state_kept_before_a_restore_is_ignored(dealt):
    """The same version again, written at another time (a database restored, a write
    rolled back and made anew): another tag, so the entry is not read."""
    match, _ = dealt
    old = statecache.tag(match)
    assert statecache.load(match) is not None
    Match.objects.filter(pk=match.pk).update(updated_at=match.updated_at.replace(year=2001))
    assert statecache.tag(current(match)) != old
    assert statecache.key(current(match)) == statecache.key(match)  # one entry per match
    assert statecache.load(current(match)) is None


def test_undo_then_a_new_event_gives_the_state_of_a_full_replay(
    setup, dealt, django_capture_on_commit_callbacks
):
    match, posts = dealt
    with django_capture_on_commit_callbacks(execute=True):
        services.undo(match, setup.organiser)
    match = current(match)
    assert statecache.load(match) is not None  # the undo kept the state it replayed
    write(django_capture_on_commit_callbacks, setup, match, posts[2])
    match = current(match)
    assert match.hands.get(number=1).next_seq == 3
    assert seen(statecache.load(match)) == seen(services.replay(match))


def test_after_a_penalty_the_next_event_replays(setup, dealt, django_capture_on_commit_callbacks):
    """A replay tells a hand its penalty from the deal on (it settles the renuncio the log
    shows), live entry does not: the state after a penalty is not kept."""
    match, posts = dealt
    played = next(i for i, body in enumerate(posts) if body["kind"] == "play")
    for body in posts[3 : played + 1]:  # the calls, and the first card
        write(django_capture_on_commit_callbacks, setup, current(match), body)
    penalty = {"kind": "penalty", "seat": 1, "rule": "C7"}
    write(
        django_capture_on_commit_callbacks,
        setup,
        current(match),
        {"hand": 1, "expected_seq": played + 1, **penalty},
    )
    match = current(match)
    assert match.hands.get(number=1).complete
    assert statecache.load(match) is None
    deal = {"hand": 2, "expected_seq": 0, "kind": "deal", "trump_card": "10o"}
    outcome = write(django_capture_on_commit_callbacks, setup, match, deal)
    assert seen(outcome.state) == seen(services.replay(current(match)))
    assert statecache.load(current(match)) is not None


# ------------------------------------------------------------------------ every game
@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("duplicate", [pickle.loads, copy.deepcopy], ids=["pickle", "copy"])
def test_a_whole_match_state_survives_pickling_and_copying(name, duplicate):
    """The state is cached as it is, whatever the game keeps in it: the copy says the
    same and plays on the same (its legal moves and its next event's outcome)."""
    game = find_game(name)
    record = game.random_match(random.Random(11), game.parse_rules({}))
    played = [e for h in record.hands for e in hand_events(h)]
    cut = len(played) * 2 // 3
    state = game.new_match(record.rules, record.hands[0].dealer)
    game.replay(state, played[:cut])
    copied = duplicate(pickle.dumps(state) if duplicate is pickle.loads else state)
    assert fingerprint(copied) == fingerprint(state)
    for event in played[cut:]:
        state.apply(event)
        copied.apply(event)
    assert fingerprint(copied) == fingerprint(state)


@pytest.mark.parametrize("name", GAMES)
@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32), with_deal=st.booleans(), undos=st.lists(st.integers(0, 400)))
def test_the_cached_state_is_the_full_replay_event_by_event(
    setup, django_capture_on_commit_callbacks, name, seed, with_deal, undos
):
    """A random legal match of three hands recorded event by event through the cache,
    with undos at random points (each undone event then recorded again): after every
    write, the state kept — hand 1 folded once hand 2 is complete — reads as the log's
    full replay does, and the unit rows written are those the full replay derives."""
    game = find_game(name)
    rules = game.parse_rules({})
    record = game.random_match(random.Random(seed), rules, max_hands=3, with_deal=with_deal)
    match = match_for(setup, record)
    posts = bodies(record)
    undo_at = {i % len(posts) for i in undos}
    for i, body in enumerate(posts):
        write(django_capture_on_commit_callbacks, setup, current(match), body)
        if i in undo_at:
            with django_capture_on_commit_callbacks(execute=True):
                services.undo(current(match), setup.organiser, reopen=True)
            write(django_capture_on_commit_callbacks, setup, current(match), body)
        kept = statecache.load(current(match))
        assert kept is not None, i
        replayed = services.replay(current(match))
        assert seen(kept) == seen(replayed), i
        assert stored_units(current(match)) == derived_units(replayed), i
    if len(record.hands) == 3:  # the last hand is complete (a match of three hands)
        assert fold.folded(statecache.load(current(match))).hands == 2


def stored_units(match: Match) -> list[dict]:
    return [{k: getattr(u, k) for k in UNIT_COLUMNS} for u in match.units.order_by("unit")]


def derived_units(state) -> list[dict]:
    game = find_game(state.game)
    return unit_rows(game, state, services.hand_outcomes(game, state))
