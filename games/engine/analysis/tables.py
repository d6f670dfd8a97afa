"""The solver's precomputed tables: facts of a :class:`~.space.Spec` the search looks up
rather than computes at every node (:class:`~.solver.Solver` builds them once per hand).
Pure Python, read at set-up only: the compiled build leaves this module as it is."""

from __future__ import annotations

import functools

from .space import NONE, Spec

#: the longest run of equal cards :func:`rank_blocks` packs (its table has 4**n entries)
MAX_BLOCK = 6


def live_pairs(spec: Spec, sung: int) -> int:
    """The 12s and 11s of the suits not sung yet (a cante may still need them)."""
    live = 0
    for suit, pair in enumerate(spec.pairs):
        if not sung >> suit & 1:
            live |= pair
    return live


def rank_blocks(spec: Spec) -> list[tuple[int, int, int, list[int]]]:
    """The runs of a suit's rank-adjacent cards that are worth the same points and are
    no cante's (Subastao's 7 6 5 4, Belote's 9 8 7 of a side suit): ``(first index,
    length, mask, table)``, ``table[m << length | x]`` the holding ``x`` of the run's
    cards ``m`` still in play moved up to the run's strongest places.

    Which of such cards are still in play does not matter, only who holds them in
    which order: the cards around the run rank above or below all of them, they score
    alike and no cante needs them, so the legal plays, trick winners and points of
    every continuation are the same after the cards of the run still in play are
    renumbered, in order, from the run's top. The search packs them so at each trick
    start (:meth:`~.shortcuts.Shortcuts._pack`): positions that differ only in which of
    them were played are one table entry."""
    cante_cards = cante_mask(spec)
    r, names = spec.per_suit, spec.names
    # counted in tricks, points do not matter (and there are no cantes): a whole suit
    points = spec.points if spec.value != "tricks" else (0,) * len(spec.points)
    out = []
    for suit in range(spec.suit_count):
        i, end = suit * r, suit * r + r
        while i < end:
            j = i
            while (
                j + 1 < end
                and j + 1 - i < MAX_BLOCK
                and names[i]
                and names[j + 1]
                and points[j + 1] == points[i]
                and not (cante_cards >> i | cante_cards >> (j + 1)) & 1
            ):
                j += 1
            n = j - i + 1
            if n > 1:
                table = [0] * (1 << 2 * n)
                for m in range(1 << n):
                    places = [b for b in range(n) if m >> b & 1]
                    for x in range(1 << n):
                        if not x & ~m:
                            table[m << n | x] = sum(
                                1 << k for k, b in enumerate(places) if x >> b & 1
                            )
                out.append((i, n, ((1 << n) - 1) << i, table))
            i = j + 1
    return out


def cante_mask(spec: Spec) -> int:
    """Every 12 and 11 a cante could need (the pairs of the suits)."""
    out = 0
    for pair in spec.pairs:
        out |= pair
    return out


def merge_masks(spec: Spec) -> int:
    """The cards equivalent to the next stronger card of their suit held by the same
    seat (the search's merging, :meth:`~.shortcuts.Shortcuts._moves`): bit ``c`` when
    ``c - 1`` is of the same suit, and both are worth the same points and no cante's —
    or, counted in tricks (a cuatrola/quintola, no cantes), whatever they are worth.

    Two such cards of one seat, next to each other, are interchangeable in every
    continuation: no other card ranks between them and they are never in one trick
    together, so every trick has the same winner and the same points whichever of the
    two is played (counted in tricks: the same tricks, DDS's rule)."""
    cante_cards = cante_mask(spec)
    tricks = spec.value == "tricks"
    r, points, names = spec.per_suit, spec.points, spec.names
    out = 0
    for c in range(1, spec.suit_count * r):
        if c % r == 0 or not (names[c] and names[c - 1]):
            continue
        cante = (cante_cards >> c | cante_cards >> (c - 1)) & 1
        if tricks or (points[c] == points[c - 1] and not cante):
            out |= 1 << c
    return out


def near_pairs(spec: Spec) -> list[tuple[int, int] | None]:
    """For two cards ``c`` and ``d`` of one suit (``near[c * n + d]``, ``n`` the deck's
    size): the cards ranked between them, and twice the difference of their points;
    None for cards of two suits, and for every pair in a hand counted in tricks (there
    the merging is already the DDS rule's, :func:`merge_masks`).

    Why (the search's near-equivalent moves, :meth:`~.solver.Solver._play`): one seat
    holding ``c`` and ``d``, no card between them in play (in a hand or on the table),
    the position after it plays ``c`` and the one after ``d`` have the same game tree,
    ``c`` and ``d`` swapped: every other card in play ranks above both or below both,
    and the two are never in one trick, so every continuation has the same legal plays
    and trick winners (C7/C8, B6). Only the two cards' points move: in a continuation
    ``c`` falls in a trick won by a side ``s1`` and ``d`` in one won by ``s2``; swapped,
    each trick holds the other card. The margin differs by ``(pc - pd) * (e1 - e2)``
    with ``e`` = +1 or -1 for the side, at most ``2 * |pc - pd|``, and so do the two
    minimax values. Cantes read which 12s and 11s are held: the search leaves out a pair
    with a card of a cante still open."""
    n = spec.suit_count * spec.per_suit
    out: list[tuple[int, int] | None] = [None] * (n * n)
    if spec.value == "tricks":
        return out
    r, points, names = spec.per_suit, spec.points, spec.names
    for c in range(n):
        for d in range(n):
            if c != d and c // r == d // r and names[c] and names[d]:
                lo, hi = min(c, d), max(c, d)
                between = ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)
                out[c * n + d] = (between, 2 * abs(points[c] - points[d]))
    return out


def beat_masks(spec: Spec) -> list[int]:
    """For every card ``top`` winning a trick: the cards that would take the trick from
    it (C8/B6): the stronger ones of its suit, and any trump when it is not one."""
    r, trump = spec.per_suit, spec.trump
    out = []
    for top in range(spec.suit_count * r):
        beats = spec.above[top]
        if trump != NONE and top // r != trump:
            beats |= spec.suit_mask[trump]
        out.append(beats)
    return out


def lead_order(spec: Spec) -> list[int]:
    """A lead's place among the moves (lower first): the top of a suit, richest first."""
    r = spec.per_suit
    return [(c % r) * 64 - spec.points[c] for c in range(spec.suit_count * r)]


def point_sums(spec: Spec, suit: int) -> tuple[list[list[int]], list[list[int]]]:
    """For every holding of ``suit`` (its cards' bits from the suit's first index): the
    points of its k richest cards and of its k poorest, for k = 0..its size. The tables
    are shared by every search with the suit's points (read only): a 9-card suit has
    512 holdings, whose tables cost a Subastao search 40 ms to build each time."""
    r = spec.per_suit
    return _point_sums(tuple(spec.points[suit * r : suit * r + r]))


@functools.lru_cache(maxsize=64)
def _point_sums(pts: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]:
    r = len(pts)
    rich, poor = [], []
    for m in range(1 << r):
        held = sorted((pts[i] for i in range(r) if m >> i & 1), reverse=True)
        rich.append([sum(held[:k]) for k in range(len(held) + 1)])
        held.reverse()
        poor.append([sum(held[:k]) for k in range(len(held) + 1)])
    return rich, poor


def open_cantes(spec: Spec, sung: int) -> list[tuple[int, int]]:
    """The cantes not sung yet: (the suit's 12 and 11 as a mask, its value)."""
    if not spec.sings:
        return []
    return [
        (pair, spec.cante_values[suit])
        for suit, pair in enumerate(spec.pairs)
        if pair and not sung >> suit & 1
    ]


def open_pairs(spec: Spec, sung: int) -> list[tuple[int, int]]:
    """The suits a cante may still come from, the trump suit first: (suit, its 12 and 11
    as a mask)."""
    if not spec.sings:
        return []
    suits = sorted(range(len(spec.pairs)), key=lambda suit: suit != spec.trump)
    return [(suit, spec.pairs[suit]) for suit in suits if spec.pairs[suit] and not sung >> suit & 1]


def side_singers(spec: Spec, counted: bool) -> tuple[int, ...]:
    """The seats that may sing for the counted side (``counted``) or the other one."""
    seats: set[int] = set()
    for winner, singers in enumerate(spec.singers):
        if spec.counted[winner] == counted:
            seats.update(singers)
    return tuple(sorted(seats))


def trump_points(spec: Spec) -> list[int]:
    """The points of every set of the trump suit's cards (by its bits); [0] without one."""
    if spec.trump == NONE:
        return [0]
    r = spec.per_suit
    pts = spec.points[spec.trump * r : spec.trump * r + r]
    return [sum(p for i, p in enumerate(pts) if m >> i & 1) for m in range(1 << r)]
