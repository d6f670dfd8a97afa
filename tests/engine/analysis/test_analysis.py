"""Hand-solved endings per game, the analysis walk, and ``par`` replayed through the
checker (ANALYSIS.md)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import check_record, find_game, parse_record, record_from_match
from games.engine.analysis import (
    NONE,
    Position,
    Solver,
    Start,
    Unsolved,
    analyse_start,
    best_line,
    minimax,
    start_of,
)
from games.engine.analysis.position import play, walk
from games.engine.analysis.positions import belote_spec, cuatrola_spec, subastao_spec
from games.engine.analysis.report import card_values
from games.engine.analysis.tables import rank_blocks

from .helpers import TABLES, engine_value, random_hand

PROPS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def after_calls(name: str, rules: dict, events: list[dict]):
    """A hand of ``name`` after ``events`` (deal and auction), through the engine."""
    game = find_game(name)
    match = game.new_match(game.parse_rules(rules))
    for event in events:
        match.apply(game.event_from_dict(event))
    return game, match.hands[-1]


def ending(spec, hands: list[str], leader: int, won: int = 3) -> Position:
    return Position(tuple(spec.mask(h.split()) for h in hands), leader=leader, won=won)


def values_after(spec, pos: Position) -> dict[str, int]:
    return {spec.names[c]: v for c, v in card_values(Solver(spec), pos).items()}


CUATROLA_DEAL = {
    "kind": "deal",
    "dealer": 3,
    "trump_card": "10o",
    "deal": [
        ["1o", "3o", "12c", "11c", "10e"],
        ["12o", "1c", "3c", "10b", "11e"],
        ["11o", "10c", "1e", "3e", "12b"],
        ["10o", "12e", "1b", "3b", "11b"],
    ],
}


def test_cuatrola_plain_ending_two_tricks():
    # Plain hand, trump oros, mano seat 0: side {0,2} counted. Seat 0 leads;
    # 0: 1o 10c | 1: 3c 12b | 2: 11c 10b | 3: 1c 3o. No seat holds a 12 and 11 pair.
    # Lead 1o: seat 3 must follow with 3o (C7.2, cannot beat); seats 1 and 2, void in
    # oros and trump, discard. Seat 0 wins 11+10 and the discards; seat 3's 1c takes the
    # last trick with the rest and últimas. The 8 cards and últimas are 63, so the margin
    # is 2*T1 - 63; seat 1 throws 12b (4), seat 2 11c (3): T1 = 28, margin -7.
    # Lead 10c: seat 1 must beat it (3c), seat 2 follows (11c), seat 3 beats (1c) and
    # wins 2+10+3+11 = 26; it leads 3o, seat 0 must beat with 1o and wins 10+11+4+2+10
    # = 37. Margin 37 - 26 = 11: par 11, and 1o costs 18.
    game, hand = after_calls(
        "cuatrola", {}, [CUATROLA_DEAL, *[{"kind": "call", "call": "pass"}] * 4]
    )
    spec, _ = cuatrola_spec(game, hand)
    pos = ending(spec, ["1o 10c", "3c 12b", "11c 10b", "1c 3o"], leader=0)
    assert Solver(spec).solve(pos) == 11
    assert values_after(spec, pos) == {"1o": -7, "10c": 11}


BELOTE_DEAL = {
    "kind": "deal",
    "dealer": 3,
    "deal": [
        ["Ah", "10c", "Jd", "Kd", "Qd", "7d", "8c", "9c"],
        ["Ac", "Qs", "Js", "10s", "9s", "As", "Ks", "7s"],
        ["Kc", "8d", "10d", "Ad", "Qc", "Jc", "7c", "8s"],
        ["9h", "Jh", "10h", "Kh", "Qh", "8h", "7h", "9d"],
    ],
}


def test_belote_ending_two_tricks():
    # Hearts, declared by seat 0: side {0,2} counted; both sides have a trick (no capot).
    # 0: Ah 10c | 1: Ac Qs | 2: Kc 8d | 3: 7c 9h; seat 0 leads. 63 points with the last.
    # Lead Ah: seat 1 (void, no trump) and seat 2 (void; its partner wins) discard; seat
    # 3 must beat with 9h (B6: 9 over A in trump) and wins the trick; it leads 7c.
    # If seat 1 keeps Ac it takes the last trick too: -63. (Keeping Qs instead, seat 2
    # throws 8d and keeps Kc: 10c wins 10+3+4+10 = 27 against 11+14+11+0 = 36: -9.)
    # Lead 10c: seat 1 follows Ac and wins 25; it leads Qs, seat 0 must trump (Ah),
    # seat 3 must overtrump (9h): side 1 takes everything: -63. Par -63 either way.
    game, hand = after_calls(
        "belote",
        {},
        [BELOTE_DEAL, {"kind": "call", "call": "hearts"}, *[{"kind": "call", "call": "pass"}] * 3],
    )
    spec, _ = belote_spec(game, hand)
    pos = ending(spec, ["Ah 10c", "Ac Qs", "Kc 8d", "7c 9h"], leader=0)
    assert Solver(spec).solve(pos) == -63
    assert values_after(spec, pos) == {"Ah": -63, "10c": -63}
    after_ah = play(spec, pos, spec.index["Ah"])
    assert values_after(spec, after_ah) == {"Ac": -9, "Qs": -63}


SUBASTAO_DEAL = {
    "kind": "deal",
    "dealer": 2,
    "deal": [
        ["1c", "4o", "1o", "3o", "12o", "11o", "10o", "7c", "6c", "5c", "4c", "7e"],
        ["3c", "12e", "1e", "3e", "11e", "10e", "6e", "5e", "4e", "1b", "3b", "12b"],
        ["10c", "7o", "11b", "10b", "7b", "6b", "5b", "4b", "6o", "5o", "12c", "11c"],
    ],
}


def test_subastao_ending_two_tricks():
    # 3 players, seat 0 bids and names oros; it alone counts (and no pair is held).
    # 0: 1c 4o | 1: 3c 12e | 2: 10c 7o; seat 0 leads. Margin: its points - the others'.
    # Lead 1c: 3c and 10c follow, seat 0 wins 23; it leads 4o, seat 2 beats with 7o and
    # wins 0+4+0+10 = 14 (seat 1 discards 12e): margin 9.
    # Lead 4o: seat 2 must beat with 7o; seat 1 discards. 3c thrown: seat 2 wins 10 and
    # leads 10c, seat 0 wins 2+11+4+10 = 27: margin 17. 12e thrown: 4 against 33: 29.
    # Seat 1 throws 3c: par 17 by 4o, and 1c costs 8.
    events = [SUBASTAO_DEAL, {"kind": "bid", "bid": 60}, {"kind": "bid", "bid": "pass"}]
    events += [{"kind": "bid", "bid": "pass"}, {"kind": "trump", "suit": "o"}]
    game, hand = after_calls("subastao", {}, events)
    spec, _ = subastao_spec(game, hand)
    pos = ending(spec, ["1c 4o", "3c 12e", "10c 7o"], leader=0)
    assert Solver(spec).solve(pos) == 17
    assert values_after(spec, pos) == {"1c": 9, "4o": 17}


def subastao_spec_oros():
    events = [SUBASTAO_DEAL, {"kind": "bid", "bid": 60}, {"kind": "bid", "bid": "pass"}]
    events += [{"kind": "bid", "bid": "pass"}, {"kind": "trump", "suit": "o"}]
    game, hand = after_calls("subastao", {}, events)
    return subastao_spec(game, hand)[0]


def test_subastao_quick_tricks_bound_an_ending():
    # Seat 0 (the bidder, oros trump) leads: 0: 1c 3c 1e | 1: 12c 4o 3e | 2: 11c 10c 12e.
    # Copas: 1c and 3c are above every other copa, but seat 1 holds one copa and a trump:
    # one quick trick, 1c with the others' poorest copas, 12c (4) and 10c (2): 17.
    # Espadas: 1e is above 3e and 12e, seat 1 holds one: one trick, 11 + 10 + 4 = 25.
    # Sure for seat 0: 42 of the 55 card points and 10 of últimas; no pair is held whole,
    # and seat 1's 4o is a sure trump worth nothing: bounds 2*42 - 65 = 19 and 65.
    # Cashing both (1c, 1e, then 3c, which seat 1 must trump, C7.3) makes 42 against
    # 13 + 10: 19. Better, 1c then 3c: seat 1 trumps (10 + 0 + 3 = 13) and must lead
    # 3e into 1e (10 + 4 + 11 and últimas): 17 + 35 = 52 against 13: the value, 39.
    spec = subastao_spec_oros()
    pos = ending(spec, ["1c 3c 1e", "12c 4o 3e", "11c 10c 12e"], leader=0)
    solver = Solver(spec)
    solver.search(pos, -1, 0)  # sets up the search's hands and the points still held
    assert solver._bounds(0, 0, 0) == (19, 65)
    assert Solver(spec).solve(pos) == minimax(spec, pos) == 39


def test_subastao_runs_of_equal_cards_pack_to_the_top():
    # A suit's 7 6 5 4 score nothing: one run per suit (cards 5..8 of its 9). With the
    # 7 and the 5 played, the 6 and the 4 are the run's first two: the 4 is its second.
    spec = subastao_spec_oros()
    blocks = rank_blocks(spec)
    assert [(lo, n) for lo, n, _, _ in blocks] == [(5, 4), (14, 4), (23, 4), (32, 4)]
    _, n, mask, table = blocks[0]
    assert spec.cards(mask) == ["7o", "6o", "5o", "4o"]
    assert table[0b1010 << n | 0b1000] == 0b0010
    assert table[0b1010 << n | 0b0010] == 0b0001


def complete_hand(name: str, rules: dict, seed: int):
    """A random complete hand (computer deal and auction, random cards) and its match."""
    for step in random_hand(name, rules, seed):
        match = step[0]  # the last step's: the hand complete
    return match, match.hands[-1]


def late_start(start: Start, tricks_left: int) -> Start:
    """``start`` cut to its last ``tricks_left`` tricks: the position before their first
    card (a cante choice may be waiting) and the rest of the recorded line."""
    spec, line = start.spec, start.line
    plays = [i for i, (kind, _) in enumerate(line) if kind == "play"]
    k = len(plays) - tricks_left * spec.trick_size  # the cards played before the cut
    cut = plays[k] if k > 0 else 0
    return Start(spec, walk(spec, start.position, line[:cut]), line[cut:])


#: the tables and how many tricks of a hand the exhaustive search walks (all of
#: Cuatrola's five; the last few of the larger games')
WALKED = [(t, 5 if t[0] == "cuatrola" else 3) for t in TABLES]


@PROPS
@given(seed=st.integers(0, 2**32), walked=st.sampled_from(WALKED))
def test_every_card_as_exhaustive_search_says(seed, walked):
    """The walk's shortcuts (the position's value is the best; zero-window tests for the
    best cards, none where the answer is known; exact searches from a test's bound; one
    table for the whole walk) give what an exact search of every legal card gives."""
    (name, rules), tricks_left = walked
    _match, hand = complete_hand(name, rules, seed)
    start = late_start(start_of(name, hand), tricks_left)
    spec = start.spec
    # a hand recorded short of its last tricks (it stopped early) keeps more cards in
    # play than exhaustive search can walk here
    assume(sum(h.bit_count() for h in start.position.hands) <= tricks_left * spec.trick_size)
    result = analyse_start(start)
    solver = Solver(spec, use_tt=False, merge=False)
    pos = start.position
    plays = iter(result["plays"])
    for kind, item in start.line:
        if kind == "sing":
            pos = sing_recorded(spec, pos, item)
            continue
        if pos.pending != NONE:
            pos = sing_recorded(spec, pos, NONE)
        values = card_values(solver, pos)
        maximise = spec.counted[spec.order[pos.table[-1][0]] if pos.table else pos.leader]
        best = max(values.values()) if maximise else min(values.values())
        entry = next(plays)
        assert entry["card"] == spec.names[item]
        assert (entry["value"], entry["best"]) == (values[item], best)
        assert entry["cost"] == abs(best - values[item])
        assert entry["best_cards"] == [spec.names[c] for c in sorted(values) if values[c] == best]
        pos = play(spec, pos, item)
    assert result["par"] == solver.solve(start.position)


def sing_recorded(spec, pos, suit):
    from games.engine.analysis.position import sing

    return sing(spec, pos, suit)


def line_as_record_hand(spec, start, line) -> tuple[list[list[str]], list[dict]]:
    """The solver's line as a record hand's ``tricks`` and ``cantes`` (a singer of the
    side that holds the pair)."""
    from games.engine.analysis.position import sing

    pos = start.position
    tricks: list[list[str]] = [[]]
    cantes = []
    for kind, item in line:
        if kind == "play":
            if len(tricks[-1]) == spec.trick_size:
                tricks.append([])
            tricks[-1].append(spec.names[item])
            pos = play(spec, pos, item)
            continue
        if item != NONE:
            pair = spec.pairs[item]
            seat = next(s for s in spec.singers[pos.pending] if pos.hands[s] & pair == pair)
            cantes.append(
                {"after_trick": len(tricks), "seat": seat, "suit": spec.suit_letters[item]}
            )
        pos = sing(spec, pos, item)
    return tricks, cantes


@settings(PROPS, max_examples=12)
@given(seed=st.integers(0, 2**32), table=st.sampled_from(TABLES))
def test_par_is_the_value_of_the_solver_line_replayed_through_the_checker(seed, table):
    name, rules = table
    match, hand = complete_hand(name, rules, seed)
    if hand.penalty is not None:
        return
    start = start_of(name, hand)
    spec = start.spec
    solver = Solver(spec, node_limit=150_000)
    try:
        par = solver.solve(start.position)
        line = best_line(solver, start.position)
    except Unsolved:  # a Subastao hand too big for the test's budget
        return
    if spec.value == "tricks" and par < 5:
        return  # the checker ends a failing cuatrola at its failing trick (C10)
    raw = record_from_match(match).as_dict()
    raw_hand = raw["hands"][-1]
    raw_hand["tricks"], raw_hand["cantes"] = line_as_record_hand(spec, start, line)
    raw_hand.pop("declarations", None)  # Belote declarations and belote: not play (B5)
    raw_hand.pop("belote", None)
    raw["hands"] = [raw_hand]
    checked = check_record(parse_record(raw))
    assert checked["valid"], checked
    facts = checked["hands"][-1]
    assert engine_value(name, facts, spec) == par
