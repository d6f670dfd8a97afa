"""The events a Belote round is made of, and their notation.

Notation (what the API and the event log store)::

    {"kind": "deal"}                                  # opens a round; optional "deal":
                                                      # 4 x 8 cards, optional "dealer"
    {"kind": "call", "call": "hearts"}                # pass, clubs … all_trumps, double,
                                                      # redouble; "seat" optional
    {"kind": "declaration", "type": "tierce", "cards": ["9s", "10s", "Js"]}
    {"kind": "belote", "suit": "h"}                   # "seat" optional in both: the
                                                      # seat about to play
    {"kind": "play", "card": "Js"}
    {"kind": "penalty", "seat": 1, "rule": "B6"}

A declaration (or belote) is made by the seat about to play, just before the card it is
announced with (B5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import FRENCH_32, Card
from ..core.events import (
    ALWAYS,
    DEALER,
    Call,
    Codec,
    Field,
    Kind,
    Play,
    SuitEvent,
    card_field,
    choice_field,
    seat_field,
    text_field,
)
from ..messages import msg
from .declarations import KINDS


@dataclass(frozen=True, slots=True)
class Deal:
    """Opens the next round, optionally with every seat's 8 cards (B1, V4). ``dealer``
    is implied by the rotation; when given it must match."""

    deal: tuple[tuple[str, ...], ...] | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Declaration:
    """A sequence (``tierce``, ``quarte``, ``quint``) or ``four`` of a kind, announced by
    ``seat`` with its first card (B5). Cards may be text: the hand judges them."""

    kind: str
    cards: tuple[Card | str, ...]
    seat: int | None = None


class Belote(SuitEvent):
    """The K and Q of a trump-ranked ``suit``, shown with the first of them played (B5)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Penalty:
    """An organiser ends the round against ``seat`` for a renuncio (B7)."""

    seat: Any
    rule: Any = "B6"


__all__ = ["Belote", "Call", "Deal", "Declaration", "Event", "Penalty", "Play"]

Event = Deal | Call | Declaration | Belote | Play | Penalty


def _cards(value: Any, what: str) -> tuple[str, ...]:
    if not (isinstance(value, list) and all(isinstance(c, str) for c in value)):
        raise ValueError(msg("{what}: expected a list of cards such as Js", what=what))
    return tuple(value)


def _deal(deal: Any) -> tuple[tuple[str, ...], ...] | None:
    if deal is None:
        return None
    if not isinstance(deal, list):
        raise ValueError("deal: expected 4 lists of 8 cards")
    return tuple(_cards(cards, "deal") for cards in deal)


def _declaration_kind(what: Any) -> str:
    if what not in KINDS or what == "belote":
        raise ValueError("type: expected tierce, quarte, quint or four")
    return what


def _rule(rule: Any) -> str:
    if rule != "B6":
        raise ValueError("rule: a penalty is for a renuncio (B6)")
    return rule


CODEC = Codec(
    [
        Kind("deal", Deal, (Field("deal", _deal, write=lambda d: [list(h) for h in d]), DEALER)),
        Kind(
            "call",
            Call,
            (
                text_field("call", "call: expected pass, a contract, double or redouble"),
                seat_field(),
            ),
        ),
        Kind(
            "declaration",
            Declaration,
            (
                Field("type", _declaration_kind, attr="kind"),
                Field("cards", lambda v: _cards(v, "cards"), write=lambda cs: [str(c) for c in cs]),
                seat_field(),
            ),
        ),
        Kind(
            "belote",
            Belote,
            (
                choice_field("suit", FRENCH_32.suits, "suit: expected one of c, d, h, s"),
                seat_field(),
            ),
        ),
        Kind(
            "play",
            Play,
            (
                card_field(FRENCH_32, "card: {text!r} is not a card of the 32-card deck (V1)"),
                seat_field(),
            ),
        ),
        Kind(
            "penalty",
            Penalty,
            (seat_field(required=True, emit=ALWAYS), Field("rule", _rule, ALWAYS, missing="B6")),
            check=("rule", "seat"),
        ),
    ]
)
event_from_dict = CODEC.from_dict
event_to_dict = CODEC.to_dict
