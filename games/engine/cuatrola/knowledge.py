"""What the record proves each seat held (RULES.md V2, V4).

A seat is known to hold a card when the card is in its entered deal (V4), is the
dealer's shown trump card (C1), was sung by it (C9), or is played by it at any time —
cards never change hands in Cuatrola, so a card played at trick 4 was held at trick 1.
There is no inference by elimination. A known card was held at a moment of the hand
unless the seat had already played it by then. The bookkeeping (:class:`Knowledge`,
:class:`PlayRecord`) is the engine's shared ``knowledge`` module.
"""

from __future__ import annotations

from typing import NamedTuple

from ..knowledge import Knowledge, PlayRecord  # shared with the other games

__all__ = ["CanteRecord", "Evidence", "Knowledge", "PlayRecord"]


class Evidence(NamedTuple):
    """How a seat is known to hold a card: ``dealt``, ``trump`` (shown), ``played`` or
    ``sung``, with the trick it refers to."""

    kind: str
    trick: int | None = None

    def __str__(self) -> str:
        if self.kind == "played":
            return f"played at trick {self.trick}"
        if self.kind == "sung":
            return f"sung after trick {self.trick}"
        if self.kind == "trump":
            return "shown as the trump card"
        return "dealt"


class CanteRecord(NamedTuple):
    """An accepted cante. ``eligible`` are the seats that could have sung on that trick;
    ``trump_pending`` is true when it was not the trump suit and the trump suit had not
    been sung yet (so the side had to sing trump first if it could, C9)."""

    seq: int
    seat: int
    suit: str
    after_trick: int
    ordinal: int
    eligible: tuple[int, ...]
    trump_pending: bool
    value: int
