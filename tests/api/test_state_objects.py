"""The state object a process keeps between two events posted through the API
(games/services/statecache.py, ``OBJECTS``): handed over once the answer is sent, taken
out by the next write, and used only when the locked row's tag is the one its write
left — never after another process's write or a correction, never after a refusal."""

from __future__ import annotations

import random

import pytest

from games import services
from games.engine import find_game, hand_events
from games.models import Match
from games.services import fold, statecache

from .conftest import client_for
from .helpers import create_match, post_event, seen

# the commits are real (the object is offered when the request's transaction commits)
pytestmark = pytest.mark.django_db(transaction=True)

DEAL_10O = {"kind": "deal", "trump_card": "10o"}


def current(match_id: int) -> Match:
    return Match.objects.get(pk=match_id)


def kept(match_id: int):
    """(tag, state) of the object this process keeps for the match, or None."""
    found = statecache.OBJECTS.get(statecache.key(current(match_id)))
    return None if found is None else (found[1], found[2])


@pytest.fixture
def dealt(setup):
    """A Cuatrola match through the API, dealt: its client and its answer."""
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    state = post_event(client, state["id"], state, DEAL_10O)
    return client, state


def test_the_object_is_handed_over_with_the_tag_of_its_write(dealt):
    _, state = dealt
    tag, obj = kept(state["id"])
    match = current(state["id"])
    assert tag == statecache.tag(match)
    # the answer was built from it and changed nothing: it is what the entry pickled
    assert statecache.entry(match, obj) == statecache.LOCAL[statecache.key(match)]
    assert seen(obj) == seen(services.replay(match))


def test_the_next_event_starts_from_the_object(dealt):
    """Shown by putting another state in its place (an empty match: no hand in play): the
    next event is judged against it, and then it is gone (the write took it out)."""
    client, state = dealt
    where = statecache.key(current(state["id"]))
    version, tag, _ = statecache.OBJECTS[where]
    statecache.OBJECTS[where] = (version, tag, services.new_state(current(state["id"])))
    answer = client.post(
        f"/api/v1/matches/{state['id']}/events/",
        {"hand": 1, "expected_seq": 1, "kind": "call", "call": "pass"},
        format="json",
    )
    assert answer.status_code == 400, answer.json()
    assert answer.json()["rule"] == "C1"
    # refused: the object is not put back, and the next event reads the kept entry
    assert kept(state["id"]) is None
    state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
    assert seen(kept(state["id"])[1]) == seen(services.replay(current(state["id"])))


@pytest.mark.parametrize("between", ["event", "undo"])
def test_another_process_write_leaves_the_object_unused(setup, dealt, between):
    """Another process records the next event (or undoes the last one, which is then
    recorded again) without this one's object knowing: the object's tag is of the version before,
    so this process's next event, poisoned object or not, is judged against the log."""
    client, state = dealt
    match_id = state["id"]
    if between == "undo":
        state = post_event(client, match_id, state, {"kind": "call", "call": "pass"})
    where = statecache.key(current(match_id))
    version, tag, _ = statecache.OBJECTS.pop(where)  # not the other process's
    # the other process's write: the service outside any request (it offers nothing)
    if between == "event":
        hand = current(match_id).hands.get(number=1)
        services.record_event(hand, 1, {"kind": "call", "call": "pass"}, setup.scorer)
        body = {"hand": 1, "expected_seq": 2, "kind": "call", "call": "pass"}
    else:
        services.undo(current(match_id), setup.organiser)  # the call goes
        body = {"hand": 1, "expected_seq": 1, "kind": "call", "call": "pass"}
    assert statecache.tag(current(match_id)) != tag
    # this process's object, poisoned: were it used, the event below would be refused
    # (no hand dealt: C1)
    statecache.OBJECTS[where] = (version, tag, services.new_state(current(match_id)))
    answer = client.post(f"/api/v1/matches/{match_id}/events/", body, format="json")
    assert answer.status_code == 201, answer.json()
    replayed = services.replay(current(match_id))
    assert answer.json()["current"]["next_seq"] == body["expected_seq"] + 1
    assert seen(kept(match_id)[1]) == seen(replayed)
    assert kept(match_id)[0] == statecache.tag(current(match_id))


def test_a_retry_takes_the_object_and_hands_over_nothing(dealt):
    """The same deal sent again (a flaky phone): 200, nothing stored, nothing kept."""
    client, state = dealt
    again = client.post(
        f"/api/v1/matches/{state['id']}/events/",
        {"hand": 1, "expected_seq": 0, **DEAL_10O},
        format="json",
    )
    assert again.status_code == 200, again.json()
    assert kept(state["id"]) is None
    state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
    assert seen(kept(state["id"])[1]) == seen(services.replay(current(state["id"])))


def test_the_object_holds_no_more_hands_than_a_pickle(setup):
    """Three hands posted through one process, every write starting from the object:
    it holds the hand in play and the last complete one, the older hands folded as a
    pickle's are — what each event folds and sums stays the same however long the
    match (the request's whole state would hold every hand from then on)."""
    game = find_game("cuatrola")
    rules = game.parse_rules({})
    record = game.random_match(random.Random(3), rules, max_hands=3, with_deal=False)
    client = client_for(setup.scorer)
    dealer = record.hands[0].dealer
    match_id = create_match(client, setup.players, rules=rules.as_dict(), first_dealer=dealer)["id"]
    for number, hand in enumerate(record.hands, 1):
        for seq, event in enumerate(hand_events(hand)):
            body = {"hand": number, "expected_seq": seq, **game.event_to_dict(event)}
            answer = client.post(f"/api/v1/matches/{match_id}/events/", body, format="json")
            assert answer.status_code == 201, answer.json()
            obj = kept(match_id)[1]
            assert len([h for h in obj.hands if h is not fold.FOLDED]) <= 2, (number, seq)
    assert len(record.hands) == 3
    assert fold.folded(obj).hands == 2
    assert seen(obj) == seen(services.replay(current(match_id)))
