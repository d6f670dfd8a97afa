"""What the record proves each seat held (RULES.md V2, V4), for every game.

A seat is known to hold a card when the card is in its entered deal (V4), was revealed
as held — the dealer's shown trump card (Cuatrola C1), a sung pair or tute (C9, S5), a
Belote declaration (B5) — or is played by it at any time: cards never change hands
during the play, so a card played at trick 4 was held at trick 1.
There is no inference by elimination. A known card was held at a moment of the hand
unless the seat had already played it by then.

The bookkeeping and the evidence are shared; each game brings its own trick context
(what its play rule is judged against, the ``ctx`` of a :class:`PlayRecord`) and its own
play rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, NamedTuple, TypeVar

from .cards import Card
from .messages import Seat, msg

#: a game's trick context: ``games.engine.tricks.TrickContext`` for the Spanish games,
#: ``games.engine.belote.play.TrickContext`` for Belote
Ctx = TypeVar("Ctx")


class Evidence(NamedTuple):
    """How a seat is known to hold a card: ``dealt``, ``trump`` (shown), ``played``,
    ``sung`` (a pair), ``tute`` (shown in a tute) or ``declared`` (a Belote declaration,
    ``detail`` its kind), with the trick it refers to. ``str()`` is what error messages
    quote."""

    kind: str
    trick: int | None = None
    detail: str | None = None

    def __str__(self) -> str:
        if self.kind == "played":
            return msg("played at trick {trick}", trick=self.trick)
        if self.kind == "sung":
            return msg("sung after trick {trick}", trick=self.trick)
        if self.kind == "tute":
            return msg("shown in a tute after trick {trick}", trick=self.trick)
        if self.kind == "declared":
            return msg("declared ({detail}) at trick {trick}", detail=self.detail, trick=self.trick)
        if self.kind == "trump":
            return "shown as the trump card"
        return "dealt"


class PlayRecord(NamedTuple, Generic[Ctx]):
    """An accepted play and the trick as its player saw it (``ctx``: the game's trick
    context)."""

    seq: int
    seat: int
    card: Card
    trick: int
    position: int
    ctx: Ctx


class CanteRecord(NamedTuple):
    """An accepted cante (Cuatrola, Subastao). ``eligible`` are the seats that could have
    sung on that trick; ``trump_pending`` is true when it was not the trump suit and the
    trump suit had not been sung yet (so the side had to sing trump first if it could,
    C9)."""

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

    def held_elsewhere(self, cards: Iterable[Card], seat: int) -> dict[str, Any] | None:
        """The first of ``cards`` known to be another seat's than ``seat``, as a refusal's
        parameters (``seat_owner``, ``card``, ``evidence``): what refuses a declaration or
        a cante of cards ``seat`` cannot hold (V2)."""
        owner_of = self.owner_of
        for card in cards:
            owner = owner_of.get(card)
            if owner is not None and owner != seat:
                return {
                    "seat_owner": Seat(owner),
                    "card": card,
                    "evidence": self.evidence(owner, card),
                }
        return None
