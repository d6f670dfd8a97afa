"""What the record proves each seat held (RULES.md V2, V4), for the Spanish trick games.

A seat is known to hold a card when the card is in its entered deal (V4), is the
dealer's shown trump card (Cuatrola C1), was sung by it (C9, S5: a pair or a tute), or is
played by it at any time — cards never change hands during the play, so a card played at
trick 4 was held at trick 1.
There is no inference by elimination. A known card was held at a moment of the hand
unless the seat had already played it by then.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card
from .tricks import TrickContext


class Evidence(NamedTuple):
    """How a seat is known to hold a card: ``dealt``, ``trump`` (shown), ``played``,
    ``sung`` (a pair) or ``tute`` (shown in a tute), with the trick it refers to."""

    kind: str
    trick: int | None = None

    def __str__(self) -> str:
        if self.kind == "played":
            return f"played at trick {self.trick}"
        if self.kind == "sung":
            return f"sung after trick {self.trick}"
        if self.kind == "tute":
            return f"shown in a tute after trick {self.trick}"
        if self.kind == "trump":
            return "shown as the trump card"
        return "dealt"


class PlayRecord(NamedTuple):
    """An accepted play and the trick as its player saw it."""

    seq: int
    seat: int
    card: Card
    trick: int
    position: int
    ctx: TrickContext


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


class Knowledge:
    """Known cards per seat with their evidence, and when each card was played."""

    __slots__ = ("known", "owner_of", "played")

    def __init__(self, seats: int) -> None:
        self.known: list[dict[Card, Evidence]] = [{} for _ in range(seats)]
        #: card -> the seat known to hold (or have held) it
        self.owner_of: dict[Card, int] = {}
        #: card -> (seat, seq, trick)
        self.played: dict[Card, tuple[int, int, int]] = {}

    def learn(self, seat: int, card: Card, evidence: Evidence) -> None:
        """Record that ``seat`` holds (or held) ``card``."""
        self.known[seat][card] = evidence
        self.owner_of[card] = seat

    def held_at(self, seat: int, card: Card, seq: int) -> bool:
        """Was ``card`` known to be in ``seat``'s hand just before event ``seq``?"""
        if card not in self.known[seat]:
            return False
        played = self.played.get(card)
        return played is None or played[1] >= seq

    def held_now(self, seat: int) -> list[Card]:
        """Known cards of ``seat`` that it has not played yet."""
        played = self.played
        return [c for c in self.known[seat] if c not in played]

    def evidence(self, seat: int, card: Card) -> Evidence:
        return self.known[seat][card]
