"""The state the cache keeps leaves out the finished hands before the last complete one
(games/services/fold.py): folded, pickled and unfolded before each event, a state reads
and plays on as the whole one does, for every game, penalties after the last trick
included; and it never holds more than two hands."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RuleError, find_game, games, hand_events
from games.services import fold, hand_outcomes

from .helpers import seen

GAMES = [g.name for g in games() if g.recordable]


def through_the_cache(state):
    """``state`` as the next write reads it from the cache."""
    return fold.unfold(pickle.loads(pickle.dumps(fold.fold(state))))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    with_deal=st.booleans(),
    penalised=st.sets(st.integers(0, 5), max_size=2),
)
def test_a_folded_state_reads_and_plays_on_as_the_whole_one(name, seed, with_deal, penalised):
    game = find_game(name)
    record = game.random_match(
        random.Random(seed), game.parse_rules({}), max_hands=6, with_deal=with_deal
    )
    whole = game.new_match(record.rules, record.hands[0].dealer)
    cached = through_the_cache(whole)
    penalty = game.event_from_dict({"kind": "penalty", "seat": 1, "rule": game.penalty_rules[0]})
    penalised_yet = False
    for number, hand in enumerate(record.hands):
        # a penalty after the hand's last trick re-scores it (when its rules allow one)
        for event in [*hand_events(hand), *([penalty] if number in penalised else [])]:
            try:
                whole.apply(event)
            except RuleError:
                # a refused penalty; or, after one, the record's own events no longer fit
                # the score it changed (the match over, a declaration past the target)
                assert event is penalty or penalised_yet
                if event is penalty:
                    continue
                return
            penalised_yet = penalised_yet or event is penalty
            cached = through_the_cache(cached)
            cached.apply(event)
            assert seen(cached) == seen(whole), (number, event)
            assert len(fold.fold(cached).hands) <= 2
    assert len(whole.hands) == len(record.hands)


def test_the_folded_hands_leave_their_sums_and_nothing_else():
    """Six complete Cuatrola hands, then the seventh dealt: hands 1-5 are folded (their
    count and sums per unit kept), 6 and 7 held; the outcomes read are hand 6's, and the
    unit rows count the six hands as a full state does."""
    game = find_game("cuatrola")
    rules = game.parse_rules({"match": "hands", "target": 9})
    record = game.random_match(random.Random(5), rules, max_hands=7, with_deal=False)
    whole = game.new_match(rules, record.hands[0].dealer)
    played = [e for h in record.hands for e in hand_events(h)]
    first_of_seventh = len(played) - len(hand_events(record.hands[6]))
    for event in played[: first_of_seventh + 1]:  # six hands and the seventh's deal
        whole.apply(event)
    light = fold.fold(whole)
    assert [h.number for h in light.hands] == [6, 7]
    assert fold.folded(light).hands == 5
    cached = fold.unfold(pickle.loads(pickle.dumps(light)))
    assert cached.hands[:5] == [fold.FOLDED] * 5
    assert [o.number for o in hand_outcomes(game, cached)] == [6]
    everything = hand_outcomes(game, whole)
    assert [o.number for o in everything] == [1, 2, 3, 4, 5, 6]
    won = [sum(o.winner_unit == unit for o in everything) for unit in (0, 1)]
    assert fold.tally(game, cached, hand_outcomes(game, cached)).hands_won == won
    assert sum(won) == 6  # every Cuatrola hand goes to a side
    with pytest.raises(AttributeError):
        _ = cached.hands[0].tricks  # a reader of a folded hand is told at once
