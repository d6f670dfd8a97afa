"""What the record proves each seat held (RULES.md V2, V4), for every game.

A seat is known to hold a card when the card is in its entered deal (V4), was revealed
as held (a shown trump card, a cante's pair, a Belote declaration), or is played by it
at any time — cards never change hands during a hand, so a card played at trick 4 was
held at trick 1. There is no inference by elimination. A known card was held at a
moment of the hand unless the seat had already played it by then.

Each game brings its own evidence values (how a card came to be known; ``str()`` is
what error messages quote) and its own play rules; the bookkeeping here is shared.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card


class PlayRecord(NamedTuple):
    """An accepted play and the trick as its player saw it (``ctx``: the game's trick
    context, what its play rule is judged against)."""

    seq: int
    seat: int
    card: Card
    trick: int
    position: int
    ctx: Any


class Knowledge:
    """Known cards per seat with their evidence, and when each card was played."""

    __slots__ = ("known", "owner_of", "played")

    def __init__(self, seats: int) -> None:
        self.known: list[dict[Card, Any]] = [{} for _ in range(seats)]
        #: card -> the seat known to hold (or have held) it
        self.owner_of: dict[Card, int] = {}
        #: card -> (seat, seq, trick)
        self.played: dict[Card, tuple[int, int, int]] = {}

    def learn(self, seat: int, card: Card, evidence: Any) -> None:
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

    def evidence(self, seat: int, card: Card) -> Any:
        return self.known[seat][card]
