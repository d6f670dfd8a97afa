"""``Game.replay_steps``: the replay one event at a time (the step-by-step page reads the
match state at each). It yields every event once, in order, and ends where ``replay``
ends; the state seen at each step is the state after that event."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import find_game
from games.engine.belote.simulate import random_match as belote_match
from games.engine.cuatrola.simulate import random_match as cuatrola_match
from games.engine.subastao.simulate import random_match as subastao_match

MATCHES = {"cuatrola": cuatrola_match, "subastao": subastao_match, "belote": belote_match}


@pytest.mark.parametrize("name", sorted(MATCHES))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_stepping_ends_where_the_replay_ends(name, seed):
    game = find_game(name)
    record = MATCHES[name](random.Random(seed), max_hands=3)
    events = [e for hand in record.hands for e in hand.events()]
    whole = game.new_match(record.rules)
    game.replay(whole, events)
    stepped = game.new_match(record.rules)
    seen = []
    for event in game.replay_steps(stepped, events):
        seen.append(event)
    assert seen == events
    assert list(stepped.score) == list(whole.score)
    assert [o.score_after for o in game.outcomes(stepped)] == [
        o.score_after for o in game.outcomes(whole)
    ]


def test_each_step_stands_after_its_event():
    """Cuatrola, hand 1 of a fixed match: after the k-th card, k cards have been played."""
    game = find_game("cuatrola")
    record = cuatrola_match(random.Random(11), max_hands=1)
    state = game.new_match(record.rules)
    cards = 0
    for event in game.replay_steps(state, list(record.hands[0].events())):
        hand = state.hands[-1]
        if game.event_to_dict(event)["kind"] == "play":
            cards += 1
        assert sum(len(t.cards) for t in hand.tricks) + len(hand.current_trick) == cards
    assert cards == 20
