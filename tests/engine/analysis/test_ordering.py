"""The search's move order on hand-made Subastao positions (ordering.Ordering._moves):
leads of the suits the other side has the fewest answers to first, and a follower
giving points to a partner that must still beat the trick. (That an order never
changes a value: test_solver.py, every flag against minimax.)"""

from __future__ import annotations

from games.engine.analysis import NONE, Solver

from .test_analysis import subastao_spec_oros


def test_a_lead_of_the_suit_with_fewest_answers_comes_first():
    # Seat 0 (oros trump) leads 1c, 1e or 4b. The others hold two copas, one espada
    # each, and no basto nor trump (a lead of bastos: their whole hands, 3 + 3): 1e's
    # 2 answers, then 1c's 4, then 4b's 6. (By the top of a suit alone: 1c, 1e, 4b.)
    spec = subastao_spec_oros()
    solver = Solver(spec)
    hands = ["1c 1e 4b", "3c 12c 3e", "10c 11c 12e"]
    solver.h = [spec.mask(h.split()) for h in hands]
    legal = solver.h[0]
    moves = solver._moves(0, legal, 0, NONE, NONE, NONE)
    assert [spec.names[c] for c in moves] == ["1e", "1c", "4b"]


def test_a_follower_gives_points_to_the_partner_that_must_beat_the_trick():
    # Seat 0 (the bidder) led 3c; seat 1, void in copas and trumps, plays before its
    # partner seat 2, which holds 1c and must beat 3c (C7): the trick is theirs, so
    # seat 1's richest card first (1e 11, 12b 4, 4e 0), not its cheapest.
    spec = subastao_spec_oros()
    assert (spec.order[0], spec.order[1]) == (1, 2)
    solver = Solver(spec)
    hands = ["12c 5o", "1e 4e 12b", "1c 7e 6e"]
    solver.h = [spec.mask(h.split()) for h in hands]
    three = spec.index["3c"]
    copas = three // spec.per_suit
    moves = solver._moves(1, solver.h[1], 1, 0, three, copas)
    assert [spec.names[c] for c in moves] == ["1e", "12b", "4e"]
    # without the partner's 1c (a 7c instead, which cannot beat 3c): the cheapest first
    solver.h[2] = spec.mask(["7c", "7e", "6e"])
    moves = solver._moves(1, solver.h[1], 1, 0, three, copas)
    assert [spec.names[c] for c in moves] == ["4e", "12b", "1e"]
