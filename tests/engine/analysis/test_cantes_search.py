"""The search's use of cantes: a cante nobody can sing any more is one table entry with
the cante sung, and a cante the leader surely sings counts in the bounds (solver.py,
shortcuts.py). Both against plain minimax on random positions where a pair is held,
and on a hand-solved ending."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.analysis import Position, Solver, minimax

from .test_analysis import ending, subastao_spec_oros
from .test_solver import small_position

PROPS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: games whose hands sing (Subastao: the bidder's side only; Cuatrola: both sides)
SINGING = [("subastao", {}), ("subastao", {"players": 4}), ("cuatrola", {})]


def dead_suits(spec, pos: Position) -> int:
    """The suits not sung whose 12 and 11 no seat that may sing holds both."""
    singers = {s for seats in spec.singers for s in seats}
    dead = 0
    for suit, pair in enumerate(spec.pairs):
        held = any(pos.hands[s] & pair == pair for s in singers)
        if pair and not pos.sung >> suit & 1 and not held:
            dead |= 1 << suit
    return dead


def with_a_pair(spec, pos: Position, rng: random.Random) -> Position:
    """``pos``'s cards dealt again at random (at a trick start, random suits sung), the
    leader holding a pair of a suit not sung when its hand has room: the positions the
    leader's sure cante is about."""
    cards = [c for hand in pos.hands for c in range(len(spec.names)) if hand >> c & 1]
    size = len(cards) // len(spec.active)
    sung = rng.randrange(1 << spec.suit_count)
    leader = rng.choice(spec.active)
    open_suits = [s for s, p in enumerate(spec.pairs) if p and not sung >> s & 1]
    chosen: list[int] = []
    if open_suits and size >= 2:
        pair = spec.pairs[rng.choice(open_suits)]
        chosen = [c for c in range(len(spec.names)) if pair >> c & 1]
    pool = [c for c in range(len(spec.names)) if spec.names[c] and c not in chosen]
    rng.shuffle(pool)
    hands = [0] * spec.seats
    for seat in spec.active:
        mine = chosen if seat == leader else []
        for c in mine + [pool.pop() for _ in range(size - len(mine))]:
            hands[seat] |= 1 << c
    return Position(tuple(hands), leader=leader, sung=sung, won=3)


@PROPS
@given(seed=st.integers(0, 2**32), table=st.sampled_from(SINGING))
def test_dead_cantes_and_sure_cantes_never_change_a_value(seed, table):
    found = small_position(*table, seed, 0)
    if found is None:
        return
    spec, pos = found
    pos = with_a_pair(spec, pos, random.Random(seed))
    value = minimax(spec, pos)
    assert Solver(spec).solve(pos) == value
    # a dead cante marked sung: the same value (what makes them one table entry)
    dead = dead_suits(spec, pos)
    assert minimax(spec, pos._replace(sung=pos.sung | dead)) == value
    # the bounds, the leader's sure cante included, hold the value
    solver = Solver(spec, ranks=False)
    solver.search(pos, -1, 0)  # sets up the search's hands and the points still held
    low, high = solver._bounds(pos.leader, pos.sung, pos.won)
    assert low <= value <= high, (low, value, high, pos)


def test_a_dead_cante_is_the_same_table_entry_as_a_sung_one():
    # Seat 0 bids (oros trump), leads; no seat holds 12e and 11e both: espadas' cante is
    # dead, sung or not. Solved once, the position with it marked sung is a table hit.
    spec = subastao_spec_oros()
    pos = ending(spec, ["1c 12o 4b", "3c 12e 5b", "7c 11e 1b"], leader=0, won=0)
    espadas = spec.suit_letters.index("e")
    solver = Solver(spec)
    value = solver.solve(pos)
    nodes = solver.nodes
    assert nodes > 0  # searched (not answered by the bounds alone)
    assert solver.solve(pos._replace(sung=1 << espadas)) == value == minimax(spec, pos)
    assert solver.nodes == nodes  # no search: the root's entry, exact, answered


def test_subastao_sure_cante_bounds_an_ending():
    # Seat 0 (the bidder, oros trump) leads: 0: 1c 12o 11o | 1: 3c 4c 5e | 2: 7c 6c 4e.
    # 1c is above every copa left and nobody else holds a trump: seat 0 takes all three
    # tricks (its 12o and 11o are the only trumps). After 1c's trick it sings oros, 40:
    # every card point, 11 + 10 + 4 + 3 = 28, últimas 10 and the cante: 78, both
    # bounds. Without counting the sure cante the lower bound is 38.
    spec = subastao_spec_oros()
    pos = ending(spec, ["1c 12o 11o", "3c 4c 5e", "7c 6c 4e"], leader=0, won=0)
    solver = Solver(spec)
    solver.search(pos, -1, 0)
    assert solver._bounds(0, 0, 0) == (78, 78)
    assert Solver(spec).solve(pos) == minimax(spec, pos) == 78


def test_no_sure_cante_when_the_quick_trick_breaks_the_pair():
    # Seat 0 (oros trump) leads: 0: 12o 11o 4c | 1: 3c 5e 6e | 2: 7c 6c 4e. Its quick
    # tricks are 12o and 11o, which break the pair: no sure cante. Sure: both trumps,
    # 7 of 17 card points + 10 of últimas = 27: bounds 2*7 - 27 = -13 and 27 + 40 = 67.
    # 12o, 11o, 4c: 7 against 20, -13. 4c first: seat 1 must beat with 3c (10) and
    # lead espadas, seat 2 follows with 4e, seat 0 trumps and wins the last two tricks:
    # 7 + 10 against 10, the value 7 (every trick seat 0 wins is with a pair card).
    spec = subastao_spec_oros()
    pos = ending(spec, ["12o 11o 4c", "3c 5e 6e", "7c 6c 4e"], leader=0, won=0)
    solver = Solver(spec)
    solver.search(pos, -1, 0)
    assert solver._bounds(0, 0, 0) == (-13, 67)
    assert Solver(spec).solve(pos) == minimax(spec, pos) == 7
