"""The events a Cuatrola hand is made of, and their notation.

Notation (what the API and the event log store)::

    {"kind": "deal", "trump_card": "12o"}        # opens a hand; optional "deal": 4 x 5 cards
    {"kind": "call", "call": "solo"}             # seat optional: it is implied by the turn
    {"kind": "play", "card": "12c"}
    {"kind": "cante", "seat": 1, "suit": "o"}
    {"kind": "penalty", "seat": 2, "rule": "C7"}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import SPANISH_20, Card
from ..messages import msg


@dataclass(frozen=True, slots=True)
class Deal:
    """Opens the next hand: the dealer's shown ``trump_card`` and optionally the whole
    ``deal`` (C1, V4). ``dealer`` is implied by the rotation; when given it must match."""

    trump_card: str
    deal: tuple[tuple[str, ...], ...] | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Call:
    """A call in the one round of calls (C3): ``pass``, ``solo``, ``cuatrola``, ``quintola``."""

    call: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick by the seat whose turn it is (C6, C7)."""

    card: Card
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Cante:
    """``seat`` announces the 12 and 11 of ``suit`` right after its side won a trick (C9).

    ``after_trick`` is optional: when given it must be the trick just completed.
    """

    seat: int
    suit: str
    after_trick: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    """An organiser ends the hand against ``seat`` for breaking ``rule`` (C12).

    Both must be given: a penalty without its rule (or with a seat that is not one) is
    refused by the hand (C12), as the record checker refuses it, rather than guessed.
    """

    seat: int | None
    rule: str | None = None


Event = Deal | Call | Play | Cante | Penalty


def _seat(data: dict[str, Any], required: bool) -> int | None:
    seat = data.get("seat")
    if seat is None and not required:
        return None
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError("seat must be a whole number from 0 to 3")
    return seat


def event_from_dict(data: Any) -> Event:
    """Parse an event from its notation; ValueError with the faulty field otherwise."""
    if not isinstance(data, dict):
        raise ValueError("an event must be an object with a 'kind'")
    kind = data.get("kind")
    if kind == "deal":
        trump = data.get("trump_card")
        if not isinstance(trump, str):
            raise ValueError("trump_card: expected a card such as 12o")
        deal = data.get("deal")
        if deal is not None:
            if not (
                isinstance(deal, list)
                and all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in deal)
            ):
                raise ValueError("deal: expected 4 lists of 5 cards")
            deal = tuple(tuple(h) for h in deal)
        dealer = data.get("dealer")
        if dealer is not None and type(dealer) is not int:
            raise ValueError("dealer must be a whole number")
        return Deal(trump, deal, dealer)
    if kind == "call":
        call = data.get("call")
        if not isinstance(call, str):
            raise ValueError("call: expected one of pass, solo, cuatrola, quintola")
        return Call(call, _seat(data, required=False))
    if kind == "play":
        text = data.get("card")
        card = SPANISH_20.card(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(
                msg("card: {text!r} is not a card of the 20-card deck (V1)", text=text)
            )
        return Play(card, _seat(data, required=False))
    if kind == "cante":
        suit = data.get("suit")
        if suit not in SPANISH_20.suits:
            raise ValueError("suit: expected one of o, c, e, b")
        after = data.get("after_trick")
        if after is not None and type(after) is not int:
            raise ValueError("after_trick must be a whole number")
        return Cante(_seat(data, required=True), suit, after)
    if kind == "penalty":
        # the values (a seat 0-3, rule C7 or C9) are the hand's to judge (C12), exactly as
        # in a record; only the JSON types are checked here
        seat, rule = data.get("seat"), data.get("rule")
        if seat is not None and type(seat) is not int:
            raise ValueError("seat must be a whole number from 0 to 3")
        if rule is not None and not isinstance(rule, str):
            raise ValueError("rule: a penalty is for breaking C7 or C9")
        return Penalty(seat, rule)
    raise ValueError("kind must be one of deal, call, play, cante, penalty")


def event_to_dict(event: Event) -> dict[str, Any]:
    """The notation of ``event`` (inverse of :func:`event_from_dict`)."""
    if isinstance(event, Deal):
        out: dict[str, Any] = {"kind": "deal", "trump_card": event.trump_card}
        if event.deal is not None:
            out["deal"] = [list(h) for h in event.deal]
        if event.dealer is not None:
            out["dealer"] = event.dealer
        return out
    if isinstance(event, Call):
        out = {"kind": "call", "call": event.call}
    elif isinstance(event, Play):
        out = {"kind": "play", "card": event.card.text}
    elif isinstance(event, Cante):
        out = {"kind": "cante", "seat": event.seat, "suit": event.suit}
        if event.after_trick is not None:
            out["after_trick"] = event.after_trick
        return out
    else:
        return {"kind": "penalty", "seat": event.seat, "rule": event.rule}
    if event.seat is not None:
        out["seat"] = event.seat
    return out
