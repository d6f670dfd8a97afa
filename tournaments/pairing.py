"""Draw generators: round robin (FIDE Berger tables), score groups (Swiss) and knockout.

Pure, over plain data (entry numbers, scores, who met whom), in the manner of Tabbycat's
``draw/generator``: small generator classes behind one factory (:func:`generator_for`),
whatever the number of entries per table; no database, no Django.

An entry is identified by its number (its seed / draw number). A **table** is a tuple of
entry numbers in seat/unit order: at a pairs table ``(a, b)``, ``a`` takes seats 0 and 2
(and deals first), ``b`` seats 1 and 3 — the "white" of the chess tables; at a table of
three ``(a, b, c)`` sit at seats 0, 1 and 2. A table of one entry, ``(a,)``, is a bye.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.engine.messages import Items, msg

from .score_groups import DrawEntry, Table, score_group_round

__all__ = ["DrawEntry", "Table", "score_group_round"]


# ------------------------------------------------------------------- Berger tables
def berger_rounds(n: int) -> list[list[Table]]:
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
        boards: list[Table] = [(p, m) if r % 2 else (m, p)]
        boards += [(wrap(p + k - 1), wrap(p - k + 1)) for k in range(2, m // 2 + 1)]
        if m != n:  # the bye: the entry facing the phantom number m sits out
            boards = [(b,) if a == m else (a,) if b == m else (a, b) for a, b in boards]
            boards.sort(key=lambda table: len(table) == 1)
        rounds.append(boards)
    return rounds


def double_berger_rounds(n: int) -> list[list[Table]]:
    """A double round robin: the Berger cycle, then again with seats reversed.

    As FIDE recommends for double round robins, the last two rounds of the first cycle
    are exchanged, so that nobody plays three rounds running on the same side.
    """
    first = berger_rounds(n)
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [[table[::-1] for table in rnd] for rnd in first]
    return first + second


# ------------------------------------------------------------------- score groups
# (tournaments/score_groups.py: maximum-weight matching for pairs, a bounded search for
# tables of three)


def swiss_round(entries: Sequence[DrawEntry]) -> list[Table]:
    """The next Swiss round of pairs: :func:`score_group_round` with tables of two."""
    return score_group_round(entries, 2)


# ------------------------------------------------------------------- knockout
def knockout_first_round(n: int) -> list[Table]:
    """The first round of a seeded knockout bracket for ``n`` entries (seeds 1..n).

    The bracket has the next power of two of slots, in the standard seeding order (1 meets
    the lowest seed, 1 and 2 can only meet in the final); slots beyond ``n`` are byes, so the
    byes go to the top seeds. Tables are in bracket order (byes included).
    """
    size = 1
    while size < n:
        size *= 2
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return [(a, b) if b <= n else (a,) for a, b in zip(order[::2], order[1::2], strict=True)]


def knockout_next_round(winners: Iterable[int]) -> list[Table]:
    """The next knockout round: winners of consecutive brackets meet, in bracket order."""
    winners = list(winners)
    return [(a, b) for a, b in zip(winners[::2], winners[1::2], strict=True)]


# ------------------------------------------------------------------- the generators
@dataclass(frozen=True)
class DrawRequest:
    """Everything a generator may read to draw a round."""

    #: the round to draw, from 1
    round: int
    #: the entries to draw (numbers 1..n for the fixed schedules; ranked by score for
    #: score groups); withdrawn entries are the caller's business
    entries: tuple[DrawEntry, ...]
    #: how many rounds the format has when the organiser chooses it (Swiss)
    rounds: int | None = None
    #: knockout: who went through from the last round, in bracket order
    advancing: tuple[int, ...] = ()


class Generator(ABC):
    """Draws a round for tables of ``table_size`` entries; None: the format is over."""

    def __init__(self, table_size: int) -> None:
        self.table_size = table_size

    @abstractmethod
    def draw(self, request: DrawRequest) -> list[Table] | None: ...


class RoundRobin(Generator):
    schedule = staticmethod(berger_rounds)

    def draw(self, request: DrawRequest) -> list[Table] | None:
        rounds = self.schedule(len(request.entries))
        return rounds[request.round - 1] if request.round <= len(rounds) else None


class DoubleRoundRobin(RoundRobin):
    schedule = staticmethod(double_berger_rounds)


class ScoreGroups(Generator):
    def draw(self, request: DrawRequest) -> list[Table] | None:
        if request.rounds is not None and request.round > request.rounds:
            return None
        return score_group_round(request.entries, self.table_size)


class Knockout(Generator):
    def draw(self, request: DrawRequest) -> list[Table] | None:
        if request.round == 1:
            return knockout_first_round(len(request.entries))
        if len(request.advancing) < 2:
            return None
        return knockout_next_round(request.advancing)


#: (format, entries per table) → generator; the pairs formats are for tables of two
GENERATORS: dict[tuple[str, int], type[Generator]] = {
    ("round_robin", 2): RoundRobin,
    ("double_round_robin", 2): DoubleRoundRobin,
    ("swiss", 2): ScoreGroups,
    ("knockout", 2): Knockout,
    ("swiss", 3): ScoreGroups,
}


def formats_for(table_size: int) -> list[str]:
    """The formats that can draw tables of ``table_size`` entries."""
    return [fmt for fmt, size in GENERATORS if size == table_size]


def generator_for(format: str, table_size: int) -> Generator:
    """The generator of ``format`` for tables of ``table_size``; ValueError if none."""
    try:
        return GENERATORS[format, table_size](table_size)
    except KeyError:
        raise ValueError(
            msg(
                "format {format} does not draw tables of {size}: choose one of {formats}",
                format=format,
                size=table_size,
                formats=Items(formats_for(table_size)) or "none",
            )
        ) from None
