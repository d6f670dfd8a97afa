"""The compiled search (``make analysis-fast``) is the pure-Python one, bit for bit: on
random positions of every game both forms give the same value, search the same nodes and
leave the same transposition table. Skipped where the compiled form is not built (the
default install); test_solver.py's solver == minimax properties run in either form."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.analysis import ACCELERATED, Solver, accel
from games.engine.analysis import solver as solver_module
from games.engine.analysis.positions import position_of

from .helpers import TABLES, form_loaded, random_hand

pytestmark = pytest.mark.skipif(
    not ACCELERATED,
    reason="the compiled search is not running (build it: make analysis-fast; ANALYSIS_PURE unset)",
)


def deep_position(name, rules, seed, tricks_left):
    """A position of a random hand with at most ``tricks_left`` tricks left."""
    for _match, hand, last in random_hand(name, rules, seed):
        if last == "belote":
            continue
        spec, pos = position_of(name, hand)
        if bin(pos.hands[spec.active[0]]).count("1") <= tricks_left:
            return spec, pos
    return None


def test_the_pure_copy_is_python_and_the_package_compiled():
    pure = accel.pure_solver()
    assert not accel.is_compiled(pure)
    assert accel.is_compiled(solver_module)
    assert pure.Solver is not Solver


def test_analysis_pure_runs_the_python_form_where_the_compiled_one_is_built():
    done = form_loaded(Path(__file__).resolve().parents[3], ANALYSIS_PURE="1")
    assert done.stdout.split() == ["False", "True"]


@pytest.mark.parametrize(("name", "rules"), TABLES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), tricks_left=st.integers(2, 5), guess=st.integers(-60, 60))
def test_compiled_search_is_the_pure_search(name, rules, seed, tricks_left, guess):
    found = deep_position(name, rules, seed, tricks_left)
    if found is None:
        return  # the hand ended early (a failed cuatrola)
    spec, pos = found
    pure = accel.pure_solver().Solver(spec)
    fast = Solver(spec)
    assert fast.solve(pos, guess=guess) == pure.solve(pos, guess=guess)
    assert (fast.nodes, fast.tt_probes, fast.tt_hits) == (pure.nodes, pure.tt_probes, pure.tt_hits)
    assert fast.tt == pure.tt
    plain_pure = accel.pure_solver().Solver(spec, use_tt=False, merge=False, bounds=False)
    plain_fast = Solver(spec, use_tt=False, merge=False, bounds=False)
    assert plain_fast.solve(pos) == plain_pure.solve(pos)
    assert plain_fast.nodes == plain_pure.nodes
