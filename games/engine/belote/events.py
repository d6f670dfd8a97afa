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
from ..messages import msg
from .declarations import KINDS


@dataclass(frozen=True, slots=True)
class Deal:
    """Opens the next round, optionally with every seat's 8 cards (B1, V4). ``dealer``
    is implied by the rotation; when given it must match."""

    deal: tuple[tuple[str, ...], ...] | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Call:
    """A call of the auction (B2)."""

    call: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Declaration:
    """A sequence (``tierce``, ``quarte``, ``quint``) or ``four`` of a kind, announced by
    ``seat`` with its first card (B5). Cards may be text: the hand judges them."""

    kind: str
    cards: tuple[Card | str, ...]
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Belote:
    """The K and Q of a trump-ranked ``suit``, shown with the first of them played (B5)."""

    suit: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick by the seat whose turn it is (B6)."""

    card: Card
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    """An organiser ends the round against ``seat`` for a renuncio (B7)."""

    seat: Any
    rule: Any = "B6"


Event = Deal | Call | Declaration | Belote | Play | Penalty


def _seat(data: dict[str, Any], required: bool) -> int | None:
    seat = data.get("seat")
    if seat is None and not required:
        return None
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError("seat must be a whole number from 0 to 3")
    return seat


def _cards(value: Any, what: str) -> tuple[str, ...]:
    if not (isinstance(value, list) and all(isinstance(c, str) for c in value)):
        raise ValueError(msg("{what}: expected a list of cards such as Js", what=what))
    return tuple(value)


def event_from_dict(data: Any) -> Event:
    """Parse an event from its notation; ValueError with the faulty field otherwise."""
    if not isinstance(data, dict):
        raise ValueError("an event must be an object with a 'kind'")
    kind = data.get("kind")
    if kind == "deal":
        deal = data.get("deal")
        if deal is not None:
            if not isinstance(deal, list):
                raise ValueError("deal: expected 4 lists of 8 cards")
            deal = tuple(_cards(cards, "deal") for cards in deal)
        dealer = data.get("dealer")
        if dealer is not None and type(dealer) is not int:
            raise ValueError("dealer must be a whole number")
        return Deal(deal, dealer)
    if kind == "call":
        call = data.get("call")
        if not isinstance(call, str):
            raise ValueError("call: expected pass, a contract, double or redouble")
        return Call(call, _seat(data, required=False))
    if kind == "declaration":
        what = data.get("type")
        if what not in KINDS or what == "belote":
            raise ValueError("type: expected tierce, quarte, quint or four")
        return Declaration(what, _cards(data.get("cards"), "cards"), _seat(data, False))
    if kind == "belote":
        suit = data.get("suit")
        if suit not in FRENCH_32.suits:
            raise ValueError("suit: expected one of c, d, h, s")
        return Belote(suit, _seat(data, required=False))
    if kind == "play":
        text = data.get("card")
        card = FRENCH_32.card(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(
                msg("card: {text!r} is not a card of the 32-card deck (V1)", text=text)
            )
        return Play(card, _seat(data, required=False))
    if kind == "penalty":
        rule = data.get("rule", "B6")
        if rule != "B6":
            raise ValueError("rule: a penalty is for a renuncio (B6)")
        return Penalty(_seat(data, required=True), rule)
    raise ValueError("kind must be one of deal, call, declaration, belote, play, penalty")


def event_to_dict(event: Event) -> dict[str, Any]:
    """The notation of ``event`` (inverse of :func:`event_from_dict`)."""
    if isinstance(event, Deal):
        out: dict[str, Any] = {"kind": "deal"}
        if event.deal is not None:
            out["deal"] = [list(h) for h in event.deal]
        if event.dealer is not None:
            out["dealer"] = event.dealer
        return out
    if isinstance(event, Penalty):
        return {"kind": "penalty", "seat": event.seat, "rule": event.rule}
    if isinstance(event, Call):
        out = {"kind": "call", "call": event.call}
    elif isinstance(event, Play):
        out = {"kind": "play", "card": event.card.text}
    elif isinstance(event, Declaration):
        out = {"kind": "declaration", "type": event.kind, "cards": [str(c) for c in event.cards]}
    else:
        out = {"kind": "belote", "suit": event.suit}
    if event.seat is not None:
        out["seat"] = event.seat
    return out
