"""The solver's legal plays, cantes and values never drift from the engine's rules: on
random positions reached by random legal play (hypothesis picks the seed), the bitmask
moves (C7/S4, B6) equal ``legal_plays()``, the cantes open (C9/S5) equal
``legal_cantes()``, and a hand's value walked by the solver's positions equals the one
the engine's own result gives (points, últimas, cantes, B7 capot)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import find_game
from games.engine.analysis.position import cante_options, legal
from games.engine.analysis.positions import position_of

from .helpers import TABLES, engine_value, random_hand

PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def engine_cante_suits(game, hand) -> set[str]:
    out = set()
    for option in hand.legal_cantes():
        if isinstance(option, tuple):  # Cuatrola: (seat, suit)
            out.add(option[1])
        else:
            data = game.event_to_dict(option)
            if data.get("suit"):
                out.add(data["suit"])
    return out


@pytest.mark.parametrize(("name", "rules"), TABLES)
@PROPS
@given(seed=st.integers(0, 2**32))
def test_legal_plays_and_value_match_the_engine(name, rules, seed):
    game = find_game(name)
    seen = 0
    match = hand = None
    for step in random_hand(name, rules, seed):
        match, hand, last = step  # the match is read after the loop: its last hand
        spec, pos = position_of(name, hand)
        if last == "belote":
            continue  # after a belote only its K and Q: a recording order, not B6
        ours = set(spec.cards(legal(spec, pos)))
        assert ours == {c.text for c in hand.legal_plays()}, (pos, hand.current_trick)
        singing = getattr(hand, "cantes", None) is not None and hand.tricks
        if singing and not hand.current_cards and not sung_after(hand, len(hand.tricks)):
            winner = hand.tricks[-1].winner
            mine = cante_options(spec, pos.hands, winner, pos.sung)
            assert {spec.suit_letters[s] for s in mine} == engine_cante_suits(game, hand)
        seen += 1
    assert seen
    ended_early = hand.penalty is not None or getattr(hand, "tute", None) is not None
    if not ended_early:
        spec, pos = position_of(name, hand)
        assert pos.acc == engine_value(name, game.outcomes(match)[-1].facts, spec)


def sung_after(hand, trick: int) -> bool:
    return any(c.after_trick == trick for c in hand.cantes)
