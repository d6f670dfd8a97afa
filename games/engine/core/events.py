"""The events every trick game shares, and one declarative codec for their notation.

A game's notation is a table: each ``kind`` names its event class and its fields, each
field its notation key, the event attribute, how a value is read (a function that
raises ValueError naming the field) and when it is written (:class:`Field`). One
:class:`Codec` reads and writes every game's events from its table, so a game's
``events.py`` holds its own event values and the table only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Deck
from ..messages import Items, msg


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick by the seat whose turn it is."""

    card: Card
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Call:
    """A call of the auction (a word: ``pass``, a declaration, a contract…)."""

    call: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class SuitEvent:
    """A suit a seat names: a game's own event subclasses it (Subastao's trump, Belote's
    belote), with ``__slots__ = ()`` so that it stays a slotted, frozen value."""

    suit: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    """An organiser ends the hand against ``seat`` for breaking ``rule``.

    Both must be given: a penalty without its rule (or with a seat that is not one) is
    refused by the hand, as the record checker refuses it, rather than guessed.
    """

    seat: int | None
    rule: str | None = None


#: how a field is written: always, only when not None, or never (read only)
ALWAYS, IF_SET = "always", "if_set"


@dataclass(frozen=True, slots=True)
class Field:
    """One field of an event's notation: ``key`` in the notation, ``attr`` on the event
    (the same unless given), ``read`` turns the notation's value (None when left out)
    into the attribute's, ``write`` the attribute's back."""

    key: str
    read: Callable[[Any], Any]
    emit: str = IF_SET
    attr: str | None = None
    write: Callable[[Any], Any] | None = None
    #: the value read when the key is left out (None unless given)
    missing: Any = None


@dataclass(frozen=True, slots=True)
class Kind:
    """An event class and its notation fields, in the order they are written; ``check``
    is the order they are read in (which field's fault is named first), when it differs."""

    name: str
    cls: type
    fields: tuple[Field, ...]
    check: tuple[str, ...] = ()
    #: a reading of the whole object after the fields' own (e.g. one of two fields given)
    whole: Callable[[dict[str, Any]], None] | None = None


class Codec:
    """Reads and writes a game's events from its table of :class:`Kind`."""

    def __init__(self, kinds: Sequence[Kind]) -> None:
        self.kinds = {k.name: k for k in kinds}
        self.by_class = {k.cls: k for k in kinds}
        self.unknown = msg("kind must be one of {kinds}", kinds=Items(self.kinds))

    def from_dict(self, data: Any) -> Any:
        """Parse an event from its notation; ValueError with the faulty field otherwise."""
        if not isinstance(data, dict):
            raise ValueError("an event must be an object with a 'kind'")
        name = data.get("kind")
        kind = self.kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            raise ValueError(self.unknown)
        if kind.whole is not None:
            kind.whole(data)
        fields = {f.key: f for f in kind.fields}
        values = {}
        for key in kind.check or fields:
            f = fields[key]
            values[f.attr or key] = f.read(data.get(key, f.missing))
        return kind.cls(**values)

    def to_dict(self, event: Any) -> dict[str, Any]:
        """The notation of ``event`` (inverse of :meth:`from_dict`)."""
        kind = self.by_class[type(event)]
        out: dict[str, Any] = {"kind": kind.name}
        for f in kind.fields:
            value = getattr(event, f.attr or f.key)
            if f.emit == ALWAYS or value is not None:
                out[f.key] = f.write(value) if f.write else value
        return out


# ------------------------------------------------------------ the fields games share
def seat_field(required: bool = False, emit: str = IF_SET) -> Field:
    """A seat of a 4-seat table at most (the hand checks it against its own table)."""

    def read(seat: Any) -> int | None:
        if seat is None and not required:
            return None
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError("seat must be a whole number from 0 to 3")
        return seat

    return Field("seat", read, emit)


def whole_number(key: str, message: str, emit: str = IF_SET) -> Field:
    """An optional whole number (a dealer, an after_trick, a penalty's seat: its value is
    the hand's to judge)."""

    def read(value: Any) -> int | None:
        if value is not None and type(value) is not int:
            raise ValueError(message)
        return value

    return Field(key, read, emit)


def text_field(key: str, message: str, emit: str = IF_SET) -> Field:
    """Text (a call, a rule): what it says is the hand's to judge."""

    def read(value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(message)
        return value

    return Field(key, read, emit)


def optional_text(key: str, message: str, emit: str = IF_SET) -> Field:
    """Text or nothing (a penalty's rule: a missing one is the hand's to refuse)."""

    def read(value: Any) -> Any:
        if value is not None and not isinstance(value, str):
            raise ValueError(message)
        return value

    return Field(key, read, emit)


def choice_field(key: str, choices: Sequence[Any], message: str) -> Field:
    def read(value: Any) -> Any:
        if value not in choices:
            raise ValueError(message)
        return value

    return Field(key, read)


class RuleValueError(ValueError):
    """A field's value that breaks a rule of RULES.md, not the notation's shape: a card
    that is not of the deck is V1 (RECORD_FORMAT.md: "a card that is not in the deck"),
    as the record checker cites it, wherever the card is read."""

    def __init__(self, message: Any, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


def card_field(deck: Deck, message: str) -> Field:
    """A card of ``deck`` as text (``message`` a template with ``{text!r}``); a text that
    is no card of the deck breaks V1."""

    def read(text: Any) -> Card:
        card = deck.card(text) if isinstance(text, str) else None
        if card is None:
            raise RuleValueError(msg(message, text=text), "V1")
        return card

    return Field("card", read, write=lambda card: card.text)


def deal_field(message: str) -> Field:
    """Every seat's cards as texts (the hand judges them, V4)."""

    def read(deal: Any) -> tuple[tuple[str, ...], ...] | None:
        if deal is None:
            return None
        if not (
            isinstance(deal, list)
            and all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in deal)
        ):
            raise ValueError(message)
        return tuple(tuple(h) for h in deal)

    return Field("deal", read, write=lambda deal: [list(h) for h in deal])


DEALER = whole_number("dealer", "dealer must be a whole number")
AFTER_TRICK = whole_number("after_trick", "after_trick must be a whole number")
