"""The search's use of cantes: a cante nobody can sing any more is one table entry with
the cante sung, a cante the leader surely sings counts in the bounds, and so does a seat
holding nothing but master trumps (solver.py,
shortcuts.py). Both against plain minimax on random positions where a pair is held,
and on a hand-solved ending."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.analysis import NONE, Position, Solver, minimax

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


def test_subastao_a_seat_of_master_trumps_takes_every_trick_whoever_leads():
    # Seat 0 (the bidder, oros trump) holds 1o 3o, the two best trumps; seat 2's 4o is
    # the only other one. Seat 1 leads: 0: 1o 3o | 1: 1c 12e | 2: 3c 4o.
    # 1c: seat 2 follows with 3c, seat 0 (void in copas) must trump and wins; it leads
    # its other trump, seat 2 follows with 4o. 12e: seat 2 (void) trumps with 4o, seat
    # 0 must overtrump. Either way seat 0 takes both tricks: 11 + 10 + 11 + 4 + 10 + 0
    # = 46 card points and 10 of últimas, 56, and nobody can sing (no pair is held):
    # both bounds 56. Counting only its trumps' points, the lower bound was
    # 2 * 21 - 56 = -14.
    spec = subastao_spec_oros()
    pos = ending(spec, ["1o 3o", "1c 12e", "3c 4o"], leader=1)
    assert bounds_at(spec, pos) == (56, 56)
    assert Solver(spec).solve(pos) == minimax(spec, pos) == 56


def test_subastao_the_bidder_with_one_loser_gives_up_one_trick_at_most():
    # Seat 0 (the bidder, oros trump) alone; seat 1 leads:
    # 0: 1o 3o 5e | 1: 3c 1c 4b | 2: 12e 4o 11c. Seat 0 is void in both suits seat 1
    # holds and holds the two best trumps: it wins the trick led (trumping), draws
    # seat 2's 4o with its other trump and leads its one loser, 5e, last. The other
    # side then takes 5e and one card each, at most 1c (11) and 12e (4): seat 0 gets
    # at least 49 - 0 - 11 - 4 = 34 of the 49 card points, the others 15 and últimas:
    # lower bound 2 * 34 - 59 = 9. The value is better: 29. Seat 0 leads 5e at once
    # after the first trick, and the last trick is seat 2's lead into seat 0's trump:
    # seat 1 leads 4b (seat 2 must trump with 4o, seat 0 overtrumps), 5e goes to 12e
    # with seat 1's 1c (its richer copa), seat 2 leads 11c, seat 1 follows with 3c and
    # seat 0 trumps: 21 + 3 + 10 and últimas, 44, against 4 + 11 = 15: 29. 3c led: 11c
    # falls, the same ending (seat 1 throws 1c, keeps 4b): 13 + 21 + 10 = 44 against
    # 15: 29. 1c led: 45 against 14: 31. So 29.
    spec = subastao_spec_oros()
    pos = ending(spec, ["1o 3o 5e", "3c 1c 4b", "12e 4o 11c"], leader=1)
    low, high = bounds_at(spec, pos)
    assert low == 9 <= high
    assert Solver(spec).solve(pos) == minimax(spec, pos) == 29


def test_subastao_the_bidder_with_two_losers_gives_up_two_tricks_at_most():
    # Seat 0 (the bidder, oros trump) alone; seat 1 leads:
    # 0: 1o 5e 4b | 1: 3c 12c 11c | 2: 1e 1b 4c. Nobody else holds a trump; seat 1
    # holds only copas, in which seat 0 is void: it trumps the trick led with 1o, and
    # its two losers, 5e and 4b, go last. The other side takes those two tricks with
    # at most each seat's two richest cards: 3c and 12c (14), 1e and 1b (22). Of the
    # 50 card points seat 0 gets at least 50 - 0 - 14 - 22 = 14, the others the rest
    # and últimas: lower bound 2 * 14 - 60 = -32 (its trump alone gave 2 * 11 - 60 =
    # -38). The value: seat 1 leads its poorest copa, 11c; seat 2 follows with 4c and
    # 1o takes it (3 + 0 + 11 = 14); whichever loser seat 0 leads, seat 2 takes it with
    # its ace of the suit and the last trick with its other ace: 14 against 46, -32.
    spec = subastao_spec_oros()
    pos = ending(spec, ["1o 5e 4b", "3c 12c 11c", "1e 1b 4c"], leader=1)
    low, high = bounds_at(spec, pos)
    assert low == -32 <= high
    assert Solver(spec).solve(pos) == minimax(spec, pos) == -32


def bounds_at(spec, pos: Position) -> tuple[int, int]:
    """The search's bounds at the trick start ``pos`` (no packing: ``pos``'s cards)."""
    solver = Solver(spec, ranks=False)
    solver.search(pos, -1, 0)  # sets up the search's hands and the points still held
    return solver._bounds(pos.leader, pos.sung, pos.won)


def bounds_hold(spec, pos: Position) -> None:
    """The bounds at ``pos`` hold minimax's value, and the search finds it."""
    value = minimax(spec, pos)
    low, high = bounds_at(spec, pos)
    assert low <= value <= high, (low, value, high, pos)
    assert Solver(spec).solve(pos) == value


def with_master_trumps(spec, rng: random.Random) -> Position | None:
    """A random trick start of two or three tricks where one seat, not the leader,
    holds nothing but trumps above every other trump in play (the seat the sweep bound
    is about); the other seats hold random cards, some of them lower trumps."""
    cards = [c for c in range(len(spec.names)) if spec.names[c]]
    trumps = [c for c in cards if c // spec.per_suit == spec.trump]
    size = rng.choice((2, 3))
    leader = rng.choice(spec.active)
    seat = rng.choice([s for s in spec.active if s != leader])
    drawn = sorted(rng.sample(trumps, min(len(trumps), size + rng.randrange(3))))
    if len(drawn) < size:
        return None
    # the lowest index is the best trump: the seat's, and the lower ones dealt around
    pool = [c for c in cards if c not in trumps] + drawn[size:]
    return dealt(spec, rng, seat, drawn[:size], pool, leader)._replace(won=rng.randrange(4))


def dealt(spec, rng: random.Random, seat: int, mine: list[int], pool: list[int], leader: int):
    """A trick start: ``seat`` holding ``mine``, every other seat as many cards of
    ``pool`` (shuffled), ``leader`` to lead, random suits sung."""
    rng.shuffle(pool)
    hands = [0] * spec.seats
    for c in mine:
        hands[seat] |= 1 << c
    for s in spec.active:
        if s != seat:
            for _ in range(len(mine)):
                hands[s] |= 1 << pool.pop()
    sung = rng.randrange(1 << spec.suit_count)
    return Position(tuple(hands), leader=leader, sung=sung, won=3)


@PROPS
@given(seed=st.integers(0, 2**32), table=st.sampled_from([*SINGING, ("belote", {})]))
def test_a_seat_of_master_trumps_never_changes_a_value(seed, table):
    found = small_position(*table, seed, 0)
    if found is None:
        return
    spec, _ = found
    pos = with_master_trumps(spec, random.Random(seed))
    if pos is None or spec.trump == NONE:
        return
    bounds_hold(spec, pos)


def test_subastao_the_bidder_alone_wins_the_lead_draws_trumps_and_cashes():
    # Seat 0 (the bidder, oros trump) alone against two; seat 1 leads:
    # 0: 1o 3o 1c | 1: 3c 12e 5e | 2: 4o 12c 11e.
    # Copas led: seat 2 follows, seat 0 wins with 1c (above every copa). Espadas led:
    # seat 2 follows, seat 0 (void) must trump. Then it leads its trumps: seat 2 must
    # follow with 4o under 1o, and 1c and the 3o take the rest. Every trick: 11 + 10 +
    # 11 + 10 + 4 + 0 + 0 + 4 + 3 = 53 card points and 10 of últimas, 63; no pair is
    # held: both bounds 63. (Its trumps' points alone gave 2 * 21 - 63 = -21.)
    spec = subastao_spec_oros()
    pos = ending(spec, ["1o 3o 1c", "3c 12e 5e", "4o 12c 11e"], leader=1)
    assert bounds_at(spec, pos) == (63, 63)
    assert Solver(spec).solve(pos) == minimax(spec, pos) == 63


def test_subastao_no_sweep_when_a_seat_void_in_the_led_suit_may_ruff():
    # The same but seat 2 holds no copa (0: 1o 3o 1c | 1: 3c 12e 5e | 2: 4o 11e 10e):
    # seat 1 leads 3c, seat 2 (void) must trump with 4o, and seat 0, holding a copa,
    # must follow with 1c: seat 2 takes 3c and 1c. Not swept: the lower bound stays
    # under the value (minimax's).
    spec = subastao_spec_oros()
    pos = ending(spec, ["1o 3o 1c", "3c 12e 5e", "4o 11e 10e"], leader=1)
    low, high = bounds_at(spec, pos)
    value = minimax(spec, pos)
    assert low < value <= high
    assert Solver(spec).solve(pos) == value


def bidder_with_masters(spec, rng: random.Random) -> Position:
    """A random trick start of two or three tricks of three-handed Subastao where the
    bidder holds its suits' best cards (some of the trumps, then side suits' tops) and
    the two others random cards, lower trumps among them: the bidder's sweep (and, half
    the time, one or two cards of the bidder's anywhere: its losers)."""
    cards = [c for c in range(len(spec.names)) if spec.names[c]]
    bidder = next(s for s in spec.active if spec.counted[s])
    size = rng.choice((2, 3))
    by_suit = [[c for c in cards if c // spec.per_suit == suit] for suit in range(4)]
    mine: list[int] = []
    while len(mine) < size:  # the best card left of a random suit (trumps likelier)
        suit = spec.trump if rng.random() < 0.5 else rng.randrange(4)
        if by_suit[suit]:
            mine.append(by_suit[suit].pop(0))
    pool = [c for c in cards if c not in mine]
    swaps = rng.choice((0, 0, 1, 2))  # one or two cards of it anywhere (losers, often)
    rng.shuffle(pool)
    for i in range(1, min(swaps, size) + 1):
        mine[-i], pool[-i] = pool[-i], mine[-i]
    return dealt(spec, rng, bidder, mine, pool, rng.choice(spec.active))


@PROPS
@given(seed=st.integers(0, 2**32))
def test_the_bidders_sweep_never_changes_a_value(seed):
    found = small_position("subastao", {}, seed, 0)
    if found is None:
        return
    spec, _ = found
    bounds_hold(spec, bidder_with_masters(spec, random.Random(seed)))
