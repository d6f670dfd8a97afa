"""Pairing generators: round robin (FIDE Berger tables), Swiss and knockout.

Pure functions over plain data (entry numbers, scores, who met whom), in the manner of
Tabbycat's ``draw/generator``: no database, no Django. An entry is identified by its
number 1..n (its seed / draw number). A pairing is ``(a, b)``: ``a`` takes seats 0 and 2
(and deals first), ``b`` seats 1 and 3 — the "white" of the chess tables. ``b`` is None
for a bye.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Pairing = tuple[int, int | None]


def berger_rounds(n: int) -> list[list[Pairing]]:
    """The FIDE Berger tables (C.05 Annex 1) for ``n`` entries.

    With an odd ``n`` the missing highest number is the bye: its games become byes. For an
    even count ``m`` (``n`` or ``n + 1``), entry ``m`` stays on board 1; in round ``r`` the
    first other entry is ``p = (r - 1)·m/2 mod (m - 1) + 1``, which plays ``m`` (``p`` first
    in odd rounds, ``m`` first in even ones), and board ``k`` pairs ``p + k - 1`` with
    ``p - k + 1`` counted round 1..m-1.
    """
    if n < 2:
        return []
    m = n if n % 2 == 0 else n + 1
    cycle = m - 1

    def wrap(x: int) -> int:
        return (x - 1) % cycle + 1

    rounds = []
    for r in range(1, m):
        p = (r - 1) * (m // 2) % cycle + 1
        boards: list[Pairing] = [(p, m) if r % 2 else (m, p)]
        boards += [(wrap(p + k - 1), wrap(p - k + 1)) for k in range(2, m // 2 + 1)]
        if m != n:  # the bye: the entry facing the phantom number m sits out
            boards = [(a, None) if b == m else (b, None) if a == m else (a, b) for a, b in boards]
            boards.sort(key=lambda pair: pair[1] is None)
        rounds.append(boards)
    return rounds


def double_berger_rounds(n: int) -> list[list[Pairing]]:
    """A double round robin: the Berger cycle, then again with seats reversed.

    As FIDE recommends for double round robins, the last two rounds of the first cycle
    are exchanged, so that nobody plays three rounds running on the same side.
    """
    first = berger_rounds(n)
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [[(b, a) if b is not None else (a, None) for a, b in rnd] for rnd in first]
    return first + second


@dataclass(frozen=True)
class SwissEntry:
    """What the Swiss pairing needs to know of an entry."""

    number: int
    score: float
    opponents: frozenset[int] = frozenset()
    had_bye: bool = False


def swiss_round(entries: Sequence[SwissEntry]) -> list[Pairing]:
    """Pair the next Swiss round.

    Algorithm (a simplified Dutch system): entries are ranked by score, then number; the
    bye, when the count is odd, goes to the lowest-ranked entry that has not had one; then,
    top down, each unpaired entry takes the highest-ranked unpaired entry it has not met —
    the same score group first, floating down when the group cannot be completed —
    backtracking when the rest cannot be paired. Only if no pairing without a rematch exists
    are rematches allowed (the search is repeated without that constraint).
    """
    ranked = sorted(entries, key=lambda e: (-e.score, e.number))
    pairings: list[Pairing] = []
    if len(ranked) % 2:
        candidates = [e for e in reversed(ranked) if not e.had_bye] or list(reversed(ranked))
        bye = candidates[0]
        ranked = [e for e in ranked if e is not bye]
        pairings.append((bye.number, None))
    for allow_rematch in (False, True):
        result = _pair_down(ranked, allow_rematch)
        if result is not None:
            return result + pairings
    raise AssertionError("an even list can always be paired when rematches are allowed")


def _pair_down(ranked: list[SwissEntry], allow_rematch: bool) -> list[Pairing] | None:
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if not allow_rematch and other.number in top.opponents:
            continue
        tail = _pair_down(rest[:i] + rest[i + 1 :], allow_rematch)
        if tail is not None:
            return [(top.number, other.number), *tail]
    return None


def knockout_first_round(n: int) -> list[Pairing]:
    """The first round of a seeded knockout bracket for ``n`` entries (seeds 1..n).

    The bracket has the next power of two of slots, in the standard seeding order (1 meets
    the lowest seed, 1 and 2 can only meet in the final); slots beyond ``n`` are byes, so the
    byes go to the top seeds.
    """
    size = 1
    while size < n:
        size *= 2
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return [(a, b if b <= n else None) for a, b in zip(order[::2], order[1::2], strict=True)]


def knockout_next_round(winners: Iterable[int]) -> list[Pairing]:
    """The next knockout round: winners of consecutive brackets meet, in bracket order."""
    winners = list(winners)
    return [(a, b) for a, b in zip(winners[::2], winners[1::2], strict=True)]
