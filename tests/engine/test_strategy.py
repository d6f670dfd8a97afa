"""The computer players (each game's ``strategy.py``, through ``Game.computer_move``):
every move is one the engine lists as legal, and a whole match is a valid record."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import SPANISH_20, Card, find_game
from games.engine.cuatrola.strategy import wanted_call
from games.engine.strategy import choose_card
from games.engine.tricks import STRENGTH, trick_winner

RULESETS = [("cuatrola", {}), ("subastao", {}), ("subastao", {"players": 4}), ("belote", {})]
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _bare(action: dict) -> dict:
    return {k: v for k, v in action.items() if k not in ("seat", "after_trick")}


def play_checked(name: str, rules: dict, seed: int):
    """A whole computer match, each move checked against the engine's legal actions."""
    game = find_game(name)
    ruleset = game.parse_rules(rules)
    rng = random.Random(seed)
    state = game.new_match(ruleset, rng.randrange(game.seats(ruleset)))
    moves = 0
    while not state.finished:
        event = game.computer_move(state, rng)
        data = game.event_to_dict(event)
        if data["kind"] != "deal":
            # the engine's legal read (what the pad offers); the seat of a move made in
            # turn is filled in by the server, so it is compared without it
            legal = [_bare(a) for a in game.legal_actions(state)]
            assert _bare(data) in legal, (data, legal)
        state.apply(event)  # the engine refuses an illegal move with a RuleError
        moves += 1
        assert moves < 5000
    return game, state


@pytest.mark.parametrize(("name", "rules"), RULESETS)
@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_the_computer_only_makes_legal_moves_and_the_record_is_valid(name, rules, seed):
    game, state = play_checked(name, rules, seed)
    record = game.record_from_match(state, seats=[f"P{i}" for i in range(len(state.hands[0].deal))])
    result = game.check_record(record)
    assert result["valid"], result
    assert result["finished"]
    assert result["score"] == list(state.score)


@pytest.mark.parametrize(("name", "rules"), RULESETS)
def test_the_same_seed_plays_the_same_match(name, rules):
    first = play_checked(name, rules, 5)[1]
    second = play_checked(name, rules, 5)[1]
    assert first.score == second.score
    assert len(first.hands) == len(second.hands)


def cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


def _choose(legal, trick, seat=1, trump="o"):
    return choose_card(
        cards(*legal),
        [(s, Card.parse(c)) for s, c in trick],
        seat=seat,
        same_side=lambda a, b: a % 2 == b % 2,
        winner=lambda cs: trick_winner(cs, trump),
        strength=STRENGTH,
        points=SPANISH_20.points,
        trumps=(trump,),
    )


def test_card_choice_by_hand():
    # the lowest card that wins: the 12 beats the 11 led, the 1 would waste 11 points
    assert _choose(["1c", "12c"], [(0, "11c")]).text == "12c"
    # a plain winner before a trump
    assert _choose(["1c", "10o"], [(0, "11c")]).text == "1c"
    # cannot win: the cheapest card (no points before points, a plain card before a trump)
    assert _choose(["10c", "12e", "10o"], [(0, "1c"), (1, "1o")], seat=2).text == "10c"
    # the partner (seat 0) is winning: throw the cheapest, do not overtake
    assert _choose(["1c", "10c"], [(0, "3c"), (1, "11c")], seat=2).text == "10c"
    # leading: the strongest plain card; only trumps: the lowest
    assert _choose(["1c", "3e", "10o"], []).text == "1c"
    assert _choose(["1o", "10o"], []).text == "10o"


@pytest.mark.parametrize(
    ("hand", "call"),
    [
        (["1o", "3o", "12o", "11o", "10o"], "quintola"),
        (["1o", "3o", "12o", "11o", "1c"], "quintola"),
        (["1o", "12o", "11o", "10o", "1c"], "cuatrola"),
        (["1o", "3o", "12o", "1c", "10e"], "cuatrola"),
        (["3o", "12o", "11o", "3c", "10e"], "solo"),
        (["12o", "11o", "10o", "1c", "1e"], "pass"),
        (["1o", "3o", "1c", "1e", "1b"], "pass"),
    ],
)
def test_cuatrola_declares_by_its_trumps(hand, call):
    assert wanted_call(cards(*hand), "o") == call


@pytest.mark.parametrize(
    ("hand", "contract"),
    [
        (["Jh", "9h", "7c", "8d", "As"], "hearts"),
        (["Jh", "Ah", "Kh", "7c", "8d"], "hearts"),
        (["Js", "9s", "Jh", "9h", "7h"], "hearts"),  # the longer suit
        (["Jh", "7c", "As", "Ad", "10c"], "no_trumps"),
        (["Jh", "7c", "As", "Ad", "8c"], None),
        (["Jh", "7c", "8d", "9s", "Qc"], None),
    ],
)
def test_belote_calls_by_the_five_cards_of_the_auction(hand, contract):
    from games.engine.belote.strategy import wanted_contract

    assert wanted_contract(cards(*hand)) == contract


def test_subastao_values_a_hand_by_points_length_and_cantes():
    from games.engine.subastao.strategy import best_suit, hand_value

    deck = find_game("subastao").deck
    held = cards("1o", "3o", "12o", "11o", "10o", "12c", "11c", "7e", "6e", "5b", "4b", "7b")
    assert best_suit(held, deck.suits, deck.points) == "o"
    # 37 card points, 5 for the fifth oro, 40 for the pair of oros (trump), 20 for copas
    assert hand_value(held, deck.suits, deck.points) == 37 + 5 + 40 + 20
