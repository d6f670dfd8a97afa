"""The search-ready hand state of every game (games/engine/core/search.py): ``push`` then
``pop`` gives back an equal state, ``copy()`` and a pickle round trip are equal and
independent, and ``legal_plays()`` is exactly the set of cards ``apply`` accepts — with
the deal (V4) and without it (V2), at every card of random hands."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import RuleError, find_game
from games.engine.cards import Deck

from .analysis.helpers import TABLES

PROPS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def plain(value: Any, seen: dict | None = None) -> Any:
    """``value`` as nested lists, order kept (a dict's order is part of the state: it
    decides which witness a message names). An object met again in the same call (every
    play record's trick context names the one contract, with its 32-card tables) is
    written out once and then reused: the same lists, at a twentieth of the cost."""
    if seen is None:
        seen = {}
    known = seen.get(id(value))
    if known is not None:
        return known[1]
    if isinstance(value, dict):
        out = [("dict", plain(k, seen), plain(v, seen)) for k, v in value.items()]
    elif isinstance(value, (list, tuple)):
        out = [type(value).__name__, *(plain(v, seen) for v in value)]
    elif isinstance(value, set | frozenset):
        out = sorted(map(repr, value))
    elif isinstance(value, Deck):  # a pickled deck is a copy: equal by its name
        out = ("deck", value.name)
    elif hasattr(value, "__slots__") and not hasattr(value, "text"):  # Knowledge, index
        out = {name: plain(getattr(value, name), seen) for name in value.__slots__}
    else:
        return value
    # the value is kept beside its lists: alive, its id is not another object's meanwhile
    seen[id(value)] = (value, out)
    return out


def state_of(hand: Any) -> Any:
    """Every attribute of ``hand`` but its stack (a hand state has slots: ``_fields``)."""
    return plain({k: getattr(hand, k, "unset") for k in hand._fields if k != "_stack"})


def hands_of(name: str, rules: dict, seed: int, with_deal: bool):
    """Before every card of a random hand, the hand state (dealt, or replayed without
    its deal from the same events)."""
    rng = random.Random(seed)
    game = find_game(name)
    played = game.new_match(game.parse_rules(rules))
    replay = game.new_match(game.parse_rules(rules))
    while not (played.hands and played.hands[-1].is_complete):
        event = game.computer_move(played, rng)
        data = game.event_to_dict(event)
        if data["kind"] == "play":
            hand = played.hands[-1]
            data["card"] = rng.choice(hand.legal_plays()).text  # not the strategy's only
            event = game.event_from_dict(data)
        if data["kind"] == "deal" and not with_deal:
            del data["deal"]
        if data["kind"] == "play":
            yield (played if with_deal else replay).hands[-1]
        played.apply(event)
        replay.apply(game.event_from_dict(data))
        if played.hands[-1].is_complete and getattr(played.hands[-1], "void", False):
            played.hands.clear()  # a void hand: start over
            played = game.new_match(game.parse_rules(rules))
            replay = game.new_match(game.parse_rules(rules))


@pytest.mark.parametrize("with_deal", [True, False], ids=["deal", "nodeal"])
@pytest.mark.parametrize(("name", "rules"), TABLES)
@PROPS
@given(seed=st.integers(0, 2**32))
def test_push_pop_copy_and_legal_plays(name, rules, with_deal, seed):
    game = find_game(name)
    deck = game.deck_for(game.parse_rules(rules))
    play_of = {c: game.event_from_dict({"kind": "play", "card": c.text}) for c in deck}
    for hand in hands_of(name, rules, seed, with_deal):
        before = state_of(hand)
        legal = hand.legal_plays()
        assert legal, hand
        accepted = []
        for card, play in play_of.items():
            trial = hand.copy()
            try:
                trial.apply(play)
            except RuleError:
                continue
            accepted.append(card)
        assert set(accepted) == set(legal)
        assert state_of(hand) == before  # the copies were independent
        for card in legal:
            hand.push(play_of[card])
            assert hand.pop() is play_of[card]
            assert state_of(hand) == before
        assert state_of(pickle.loads(pickle.dumps(hand))) == before


@pytest.mark.parametrize(("name", "rules"), TABLES)
def test_a_whole_hand_pushed_pops_back_to_its_start(name, rules):
    """Push every card of a hand, then pop them all: the state before the first card."""
    hand = next(hands_of(name, rules, 7, True))
    start = state_of(hand)
    game = find_game(name)
    pushed = 0
    while hand.legal_plays():
        card = hand.legal_plays()[-1]
        hand.push(game.event_from_dict({"kind": "play", "card": card.text}))
        pushed += 1
    assert hand.is_complete
    assert pushed == len(hand.plays)
    while pushed:
        hand.pop()
        pushed -= 1
    assert state_of(hand) == start
    with pytest.raises(IndexError):
        hand.pop()


def test_a_refused_push_changes_nothing():
    """A play ``apply`` refuses raises the same RuleError on ``push``, and pushes nothing."""
    hand = next(hands_of("belote", {}, 3, True))
    before = state_of(hand)
    held = {c for cards in hand.deal for c in cards}
    theirs = next(c for c in held if c not in hand.deal[hand.to_act])
    game = find_game("belote")
    with pytest.raises(RuleError) as refused:
        hand.push(game.event_from_dict({"kind": "play", "card": theirs.text}))
    assert refused.value.rule == "V1"
    assert state_of(hand) == before
    assert hand._stack == []
