"""A fourth game is one package and one registry line: Minitrick (tests/engine/minigame/,
on the core alone) registered here as the registry holds the site's games."""

from __future__ import annotations

import pickle

import pytest

from games.engine import RuleError, find_game, registry

from .minigame import Minitrick

#: a deal where seat 1 holds every heart but the ace: seat 0 leads Ah, all must follow
DEAL = [
    ["Ah", "Ac", "Kc", "Qc"],
    ["Kh", "Qh", "Jh", "Jc"],
    ["Ad", "Kd", "Qd", "Jd"],
    ["As", "Ks", "Qs", "Js"],
]


@pytest.fixture
def mini(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "mini", Minitrick())  # the one registry line
    return find_game("mini")


def play(game, match, text):
    match.apply(game.event_from_dict({"kind": "play", "card": text}))


def test_the_registry_finds_it_and_a_match_is_played_to_its_target(mini):
    match = mini.new_match(mini.parse_rules(None), first_dealer=3)
    match.apply(mini.event_from_dict({"kind": "deal", "deal": DEAL}))
    hand = match.hands[-1]
    assert (hand.to_act, [c.text for c in hand.legal_plays()]) == (0, ["Ac", "Kc", "Qc", "Ah"])
    play(mini, match, "Ah")
    assert [c.text for c in hand.legal_plays()] == ["Kh", "Qh", "Jh"]  # must follow
    with pytest.raises(RuleError) as refused:
        play(mini, match, "Jc")
    assert (refused.value.rule, refused.value.seat) == ("M2", 1)
    play(mini, match, "Kh")
    play(mini, match, "Ad")
    play(mini, match, "As")
    assert [c.text for c in hand.legal_plays()] == ["Ac", "Kc", "Qc"]  # the winner leads
    play(mini, match, "Ac")
    assert [c.text for c in hand.legal_plays()] == ["Jc"]
    for text in ["Jc", "Kd", "Ks", "Kc", "Qh", "Qd", "Qs", "Qc", "Jh", "Jd", "Js"]:
        play(mini, match, text)
    assert [t.winner for t in hand.tricks] == [0, 0, 0, 0]
    assert (hand.result, match.score) == ((4, 0), [4, 0])
    assert (match.finished, match.winner_unit) == (True, 0)


def test_without_the_deal_a_revoke_is_proved_later_by_the_core(mini):
    """V2 comes with the core: seat 1 discards Jc on a heart lead and later plays Kh."""
    match = mini.new_match(mini.parse_rules(None), first_dealer=3)
    match.apply(mini.event_from_dict({"kind": "deal"}))
    for text in ["Ah", "Jc", "Ad", "As", "Ac"]:
        play(mini, match, text)
    with pytest.raises(RuleError) as refused:
        play(mini, match, "Kh")
    assert (refused.value.rule, refused.value.trick, refused.value.seat) == ("M2", 1, 1)


def test_push_pop_and_pickle_come_with_the_core(mini):
    match = mini.new_match(mini.parse_rules(None), first_dealer=3)
    match.apply(mini.event_from_dict({"kind": "deal", "deal": DEAL}))
    hand = match.hands[-1]
    hand.push(mini.event_from_dict({"kind": "play", "card": "Ah"}))
    copy = pickle.loads(pickle.dumps(hand))
    hand.pop()
    assert (hand.to_act, hand.current_cards, len(copy.current_cards)) == (0, [], 1)
    assert [c.text for c in copy.legal_plays()] == ["Kh", "Qh", "Jh"]
