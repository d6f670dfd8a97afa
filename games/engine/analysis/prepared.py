"""The solver's fixed tables for one hand's :class:`~.space.Spec` (:func:`prepare`).

The search's hot path (:mod:`.solver`, :mod:`.shortcuts`) reads the spec's facts and the
tables worked out from them as attributes of the solver itself: an attribute read is
cheaper than a spec's, and the compiled form (``solver.pxd``) makes each a struct field.
They depend on the spec alone and never change during a search; the search's own state
(the transposition table, the caches, the killers) is :class:`~.solver.Solver`'s.
"""

from __future__ import annotations

from typing import Any

from .space import NONE, Spec
from .tables import (
    beat_masks,
    cante_mask,
    lead_order,
    merge_masks,
    near_pairs,
    open_cantes,
    open_pairs,
    point_sums,
    rank_blocks,
    side_singers,
    trump_points,
)


def prepare(solver: Any, spec: Spec, packed: bool) -> None:
    """Set ``solver``'s tables for ``spec``; ``packed``: runs of equal cards are packed at
    trick starts (only a search with the table gains from it)."""
    #: runs of equal cards packed at trick starts
    solver.blocks = rank_blocks(spec) if packed else []
    solver.block_cards = 0
    for _, _, mask, _ in solver.blocks:
        solver.block_cards |= mask
    # the spec's fields the hot path reads, as attributes of the solver itself
    solver.points, solver.counted, solver.order = spec.points, spec.counted, spec.order
    solver.active, solver.r, solver.trump, solver.size = (
        spec.active,
        spec.per_suit,
        spec.trump,
        spec.trick_size,
    )
    solver.suit_mask, solver.above, solver.beat = spec.suit_mask, spec.above, spec.beat
    solver.c7 = spec.rule == "c7"
    solver.capot = spec.capot_bonus > 0
    solver.capot_bonus, solver.last_bonus = spec.capot_bonus, spec.last_bonus
    #: the cards a seat's next stronger card makes redundant (merging, _moves)
    solver.adjacent = merge_masks(spec)
    #: two cards of one suit -> the cards between them, twice their points' difference
    #: (near-equivalent moves: Solver._play)
    solver.near = near_pairs(spec)
    solver.lead_order = lead_order(spec)
    solver.beats = beat_masks(spec)
    #: card -> its bit (a table: ``1 << c`` builds a new wide int at every node)
    solver.bit = [1 << c for c in range(spec.suit_count * spec.per_suit)]
    #: no rest of a hand is worth more than this, either way
    solver.bound = (
        spec.suit_count * spec.per_suit
        if spec.value == "tricks"
        else sum(spec.points) + spec.last_bonus + spec.capot_bonus + sum(spec.cante_values)
    )
    solver._bits = spec.suit_count * spec.per_suit
    #: seat -> where its hand sits in a table key, above the 13 bits of the leader,
    #: the suits sung and the sides' tricks (hands are disjoint: OR them in)
    solver.shift = [0] * spec.seats
    for i, seat in enumerate(spec.active):
        solver.shift[seat] = 13 + i * solver._bits
    solver.tricks = spec.value == "tricks"
    #: sung suits -> the cantes not sung yet, and the seats that may sing them
    solver.open_cantes = [open_cantes(spec, sung) for sung in range(1 << spec.suit_count)]
    solver.open_pairs = [open_pairs(spec, sung) for sung in range(1 << spec.suit_count)]
    solver.singers = spec.singers or ((),) * spec.seats
    #: sung suits -> the cards of the cantes not sung yet (a seat holding fewer than
    #: two of them has no cante to sing: _play goes on without calling _after)
    solver.open_cards = [0] * len(solver.open_pairs)
    for sung, pairs in enumerate(solver.open_pairs):
        for _, pair in pairs:
            solver.open_cards[sung] |= pair
    solver.cante_values = spec.cante_values
    solver.cante_cards = cante_mask(spec)
    solver.up_singers = side_singers(spec, True)
    solver.down_singers = side_singers(spec, False)
    solver.all_singers = tuple(sorted({*solver.up_singers, *solver.down_singers}))
    solver.sings = bool(solver.all_singers)
    # the trump suit as a mask, and the points of any set of its cards (by its bits)
    solver.trump_mask = spec.suit_mask[spec.trump] if spec.trump != NONE else 0
    solver.trump_shift = spec.trump * spec.per_suit if spec.trump != NONE else 0
    solver.trump_points = trump_points(spec)
    #: suit -> holding -> the points of its k richest cards, and of its k poorest
    sums = [point_sums(spec, suit) for suit in range(spec.suit_count)]
    solver.rich = [rich for rich, _ in sums]
    solver.poor = [poor for _, poor in sums]
    #: n << 2 | seat -> the seats of the other side still to play after ``seat``
    #: plays a trick's ``n``-th card (_moves: can they beat it?)
    solver.later = [()] * (solver.size << 2)
    #: and the seats of its own side (its partners) still to play
    solver.partners_later = [()] * (solver.size << 2)
    for seat in solver.active:
        for n in range(solver.size):
            later, partners, s = [], [], seat
            for _ in range(solver.size - n - 1):
                s = solver.order[s]
                if solver.counted[s] != solver.counted[seat]:
                    later.append(s)
                else:
                    partners.append(s)
            solver.later[n << 2 | seat] = tuple(later)
            solver.partners_later[n << 2 | seat] = tuple(partners)
    #: seat -> the seats of the other side (_moves: their replies to a lead)
    solver.opponents = [
        tuple(t for t in spec.active if spec.counted[t] != spec.counted[s])
        for s in range(spec.seats)
    ]
    #: the seats alone on their side (Subastao's bidder of three: _bounds)
    solver.alone = tuple(
        s for s in spec.active if sum(spec.counted[t] == spec.counted[s] for t in spec.active) == 1
    )
    # a test that succeeds ("at least t") searches every answer of every seat of the
    # other side, one that fails every move of the counted side's: where that side has
    # fewer seats (Subastao's bidder alone against two), failing tests are the cheap
    # ones, so MTD(f) climbs past the value after a success (Solver.solve)
    counted_seats = sum(1 for s in spec.active if spec.counted[s])
    solver.climb = 2 * counted_seats < len(spec.active)
    solver.suits = range(spec.suit_count)
    solver.reply_bits = 5 * spec.suit_count
