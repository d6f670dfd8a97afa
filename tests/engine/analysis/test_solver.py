"""The search equals plain minimax, and its speed-ups never change a value.

On random small positions of every game (the last two or three tricks of a random
hand, hypothesis picking the seed and the moment, mid-trick or at a cante choice
included), :class:`Solver` with and without its transposition table, equivalence
merging, move ordering and bounds gives exactly :func:`minimax`'s value.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.analysis import NONE, Solver, minimax
from games.engine.analysis.positions import position_of

from .helpers import TABLES, random_hand

PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FLAGS = list(itertools.product((True, False), repeat=5))


def small_position(name, rules, seed, extra):
    """A position of a random hand with at most 3 tricks (2 in Belote) left."""
    tricks_left = 2 if name == "belote" else 3
    for _match, hand, last in random_hand(name, rules, seed):
        if last == "belote":
            continue
        spec, pos = position_of(name, hand)
        left = bin(pos.hands[spec.active[0]]).count("1")
        if left <= tricks_left and (extra == 0 or len(pos.table) >= extra - 1):
            return spec, pos
    return None


@pytest.mark.parametrize(("name", "rules"), TABLES)
@PROPS
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 3))
def test_solver_equals_minimax(name, rules, seed, extra):
    found = small_position(name, rules, seed, extra)
    if found is None:
        return  # the hand ended early (a failed cuatrola): nothing small to solve
    spec, pos = found
    expected = minimax(spec, pos)
    for use_tt, merge, ordering, bounds, ranks in FLAGS:
        solver = Solver(
            spec, use_tt=use_tt, merge=merge, ordering=ordering, bounds=bounds, ranks=ranks
        )
        assert solver.solve(pos) == expected, (use_tt, merge, ordering, bounds, ranks, pos)


def trick_start(name, rules, seed):
    """A position of a random hand at a trick start (no cante waiting), at most 3 tricks
    (2 in Belote) left."""
    found = small_position(name, rules, seed, 0)
    if found is None or found[1].table or found[1].pending != NONE:
        return None
    return found


@pytest.mark.parametrize(("name", "rules"), TABLES)
@PROPS
@given(seed=st.integers(0, 2**32))
def test_bounds_hold_the_value_and_packing_never_changes_it(name, rules, seed):
    found = trick_start(name, rules, seed)
    if found is None:
        return
    spec, pos = found
    value = minimax(spec, pos)
    solver = Solver(spec, ranks=False)
    solver.search(pos, -1, 0)  # sets up the search's hands and the points still held
    low, high = solver._bounds(pos.leader, pos.sung, pos.won)
    assert low <= value - pos.acc <= high, (low, value, high, pos)
    packing = Solver(spec)
    packing.h = list(pos.hands)
    packing._pack(packing.block_cards)
    assert minimax(spec, pos._replace(hands=tuple(packing.h))) == value


@pytest.mark.parametrize(("name", "rules"), TABLES)
@PROPS
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 3), guess=st.integers(-130, 130))
def test_the_climb_never_changes_a_value_from_any_guess(name, rules, seed, extra, guess):
    """MTD(f) climbing past a success (Solver.climb) or stepping by one, from a guess
    far below or above the value: minimax's value either way."""
    found = small_position(name, rules, seed, extra)
    if found is None:
        return
    spec, pos = found
    expected = minimax(spec, pos)
    for climb in (True, False):
        solver = Solver(spec)
        solver.climb = climb
        assert solver.solve(pos, guess=guess) == expected, (climb, guess, pos)


def test_the_climb_is_on_where_the_counted_side_has_fewer_seats():
    """Subastao of three: the bidder alone against two; of four, and Belote: 2 against 2."""
    for (name, rules), alone in [
        (("subastao", {}), True),
        (("subastao", {"players": 4}), False),
        (("belote", {}), False),
    ]:
        spec, _pos = small_position(name, rules, 1, 0)
        assert Solver(spec).climb is alone, name
