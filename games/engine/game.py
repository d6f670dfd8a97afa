"""One interface for every game, and the registry that finds a game by name.

Modelled on python-chess's ``chess.variant``: each game is a class behind the same
interface, registered once (``registry.py``); everything outside ``games/engine/`` asks
the registry (:func:`games.engine.find_game`) and never imports a game package.

A game supplies:

- its **ruleset** (``parse_rules`` / ``rules.as_dict()``): options with documented
  defaults; an unknown or ill-typed option is a ``ValueError`` naming it;
- its **table**: the deck, the number of seats, and the **scoring units** (seats, or the
  sides {0,2} and {1,3}) with ``unit_of_seat``;
- its **events** in and out (``event_from_dict`` / ``event_to_dict``): the notation the
  API and the event log store;
- a **match state** (``new_match``): ``apply(event)`` raises :class:`RuleError`, and the
  state tells ``score`` (per unit), ``finished``, ``winner_unit``, ``hands``, ``current``;
- the **card-record hand codec** (``parse_hand`` gives a hand record with ``as_dict()``
  and ``events()``, the events in the order live entry makes them; ``record_from_match``)
  and the **checker** (``check_record``) of RECORD_FORMAT.md;
- a typed **hand outcome** per complete hand (:class:`HandOutcome`): what each unit
  gained, the score after, the winner unit, and the game's own facts (the checker's
  per-hand JSON).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import Deck
from .errors import RecordFormatError

FORMAT = "card-record"
VERSION = 1


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A complete hand's result in the terms every game shares.

    ``delta`` and ``score_after`` have one entry per scoring unit; ``winner_unit`` is the
    unit the hand went to (None for a void hand or one that nobody won); ``facts`` is the
    hand's summary in the checker's shape (RECORD_FORMAT.md), which carries the game's own
    facts (declaration, bid, tricks, points, cantes…).
    """

    number: int
    delta: tuple[int, ...]
    score_after: tuple[int, ...]
    winner_unit: int | None
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass
class Record:
    """A whole match record (RECORD_FORMAT.md "Document"). ``hands`` are the game's own
    hand records (each with ``as_dict()``); cards stay text there: the checker judges them."""

    game: str
    rules: Any
    hands: list[Any]
    seats: list[str] | None = None
    event: str | None = None
    date: str | None = None
    rules_given: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        if self.rules_given is not None:
            out["rules"] = self.rules_given
        if self.event is not None:
            out["event"] = self.event
        if self.date is not None:
            out["date"] = self.date
        if self.seats is not None:
            out["seats"] = self.seats
        out["hands"] = [h.as_dict() for h in self.hands]
        return out

    def dumps(self) -> str:
        """The record as JSON text (1-space indent, UTF-8 names kept)."""
        return json.dumps(self.as_dict(), indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------- shape checks for the codecs
def expect(condition: bool, message: str) -> None:
    """RecordFormatError(message) unless ``condition``: a record that is not readable."""
    if not condition:
        raise RecordFormatError(message)


def is_int(value: Any) -> bool:
    """A JSON whole number (``True`` is not one)."""
    return type(value) is int


def str_list(value: Any, where: str) -> list[str]:
    expect(
        isinstance(value, list) and all(isinstance(v, str) for v in value),
        f"{where} must be a list of strings",
    )
    return value


class Game(ABC):
    """The interface every game implements (see the module docstring)."""

    #: the record's ``game`` value and the registry key
    name: ClassVar[str]
    #: the game's name as players say it (not translated: these are proper names)
    title: ClassVar[str]
    deck: ClassVar[Deck]

    # ------------------------------------------------------------------------ table
    @abstractmethod
    def parse_rules(self, data: dict[str, Any] | None) -> Any:
        """The ruleset from a record's ``rules`` object (missing keys: the defaults);
        ValueError naming the option when it is unknown or ill-typed."""

    @abstractmethod
    def seats(self, rules: Any) -> int:
        """How many seats play."""

    @abstractmethod
    def units(self, rules: Any) -> int:
        """How many scoring units (seats, or sides) the score has."""

    @abstractmethod
    def unit_of_seat(self, rules: Any, seat: int) -> int:
        """The scoring unit a seat scores for."""

    def deck_for(self, rules: Any) -> Deck:
        """The deck the ruleset plays with (some games change it with an option)."""
        return self.deck

    # ----------------------------------------------------------------------- events
    @abstractmethod
    def event_from_dict(self, data: Any) -> Any:
        """Parse an event from its notation; ValueError naming the faulty field."""

    @abstractmethod
    def event_to_dict(self, event: Any) -> dict[str, Any]:
        """The notation of an event (inverse of :meth:`event_from_dict`)."""

    @abstractmethod
    def new_match(self, rules: Any, first_dealer: int | None = None) -> Any:
        """An empty match state: ``apply(event)``, ``score``, ``finished``,
        ``winner_unit``, ``hands``, ``current``."""

    @abstractmethod
    def outcomes(self, match: Any) -> list[HandOutcome]:
        """The outcome of every complete hand of a match state, in order."""

    # ----------------------------------------------------------------- card-record
    @abstractmethod
    def parse_hand(self, raw: Any, where: str, rules: Any) -> Any:
        """One hand of a record (shape and JSON types only; RecordFormatError else): an
        object with ``as_dict()`` and ``events()``."""

    @abstractmethod
    def record_from_match(
        self,
        match: Any,
        *,
        seats: list[str] | None = None,
        event: str | None = None,
        date: str | None = None,
    ) -> Record:
        """The record of a match state (export)."""

    @abstractmethod
    def check_record(self, record: Record) -> dict[str, Any]:
        """Replay ``record`` as live entry would; the checker's JSON object without the
        ``file`` key (RECORD_FORMAT.md)."""

    def check_seat_names(self, rules: Any, seats: Sequence[Any]) -> None:
        """RecordFormatError unless ``seats`` is one name per seat."""
        n = self.seats(rules)
        expect(
            isinstance(seats, list) and len(seats) == n and all(isinstance(s, str) for s in seats),
            f"seats must be a list of {n} names",
        )
