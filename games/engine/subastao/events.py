"""The events a Subastao hand is made of, and their notation (what the API and the event
log store)::

    {"kind": "deal"}                             # opens a hand; optional "dealer" and
                                                 # "deal": one list of cards per seat (V4)
    {"kind": "bid", "bid": 70}                   # or "bid": "pass"; seat optional (the turn)
    {"kind": "trump", "suit": "c"}               # the bid winner names trump (S3)
    {"kind": "play", "card": "7c"}               # seat optional
    {"kind": "cante", "seat": 1, "suit": "o"}    # a pair (S5); optional "after_trick"
    {"kind": "cante", "seat": 1, "tute": "12"}   # a tute of 12s or 11s (S5)
    {"kind": "penalty", "seat": 2, "rule": "S4"} # renuncio (S7): both fields required

Seats are checked against the table (3 or 4 seats) by the hand, cards against its deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import SPANISH_40, Card
from ..messages import msg

SUITS = SPANISH_40.suits
TUTE_RANKS = ("12", "11")
PASS = "pass"


@dataclass(frozen=True, slots=True)
class Deal:
    """Opens the next hand. ``dealer`` is implied by the rotation (when given it must
    match); ``deal``, when given, is every seat's cards (V4)."""

    deal: tuple[tuple[str, ...], ...] | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid in the auction (S2): a whole number of points, or ``"pass"``."""

    bid: int | str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Trump:
    """The bid winner names the trump suit (S3)."""

    suit: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick by the seat whose turn it is (S3, S4)."""

    card: Card
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Cante:
    """Right after its side won a trick, ``seat`` announces the 12 and 11 of ``suit`` or,
    with ``tute`` (``"12"`` or ``"11"``), all four cards of that rank (S5).

    ``after_trick`` is optional: when given it must be the trick just completed.
    """

    seat: int
    suit: str | None = None
    tute: str | None = None
    after_trick: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    """The hand ends against ``seat`` for a renuncio: ``rule`` ``"S4"`` (S7).

    Both must be given: a penalty without its rule (or with a seat that is not one) is
    refused by the hand (S7), as the record checker refuses it, rather than guessed.
    """

    seat: int | None
    rule: str | None = None


Event = Deal | Bid | Trump | Play | Cante | Penalty


def _seat(data: dict[str, Any], required: bool) -> int | None:
    seat = data.get("seat")
    if seat is None and not required:
        return None
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError("seat must be a whole number from 0 to 3")
    return seat


def _deal(data: dict[str, Any]) -> Deal:
    deal = data.get("deal")
    if deal is not None:
        if not (
            isinstance(deal, list)
            and all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in deal)
        ):
            raise ValueError("deal: expected one list of cards per seat")
        deal = tuple(tuple(h) for h in deal)
    dealer = data.get("dealer")
    if dealer is not None and type(dealer) is not int:
        raise ValueError("dealer must be a whole number")
    return Deal(deal, dealer)


def event_from_dict(data: Any) -> Event:
    """Parse an event from its notation; ValueError with the faulty field otherwise."""
    if not isinstance(data, dict):
        raise ValueError("an event must be an object with a 'kind'")
    kind = data.get("kind")
    if kind == "deal":
        return _deal(data)
    if kind == "bid":
        bid = data.get("bid")
        if bid != PASS and type(bid) is not int:
            raise ValueError('bid: expected a whole number of points or "pass"')
        return Bid(bid, _seat(data, required=False))
    if kind == "trump":
        suit = data.get("suit")
        if suit not in SUITS:
            raise ValueError("suit: expected one of o, c, e, b")
        return Trump(suit, _seat(data, required=False))
    if kind == "play":
        text = data.get("card")
        card = SPANISH_40.card(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(msg("card: {text!r} is not a Spanish card (V1)", text=text))
        return Play(card, _seat(data, required=False))
    if kind == "cante":
        suit, tute = data.get("suit"), data.get("tute")
        if (suit is None) == (tute is None):
            raise ValueError("a cante has either a suit (a pair) or a tute (12 or 11)")
        if suit is not None and suit not in SUITS:
            raise ValueError("suit: expected one of o, c, e, b")
        if tute is not None and tute not in TUTE_RANKS:
            raise ValueError('tute: expected "12" or "11"')
        after = data.get("after_trick")
        if after is not None and type(after) is not int:
            raise ValueError("after_trick must be a whole number")
        return Cante(_seat(data, required=True), suit, tute, after)
    if kind == "penalty":
        # the values (a seat of the table, rule S4) are the hand's to judge (S7), exactly
        # as in a record; only the JSON types are checked here
        seat, rule = data.get("seat"), data.get("rule")
        if seat is not None and type(seat) is not int:
            raise ValueError("seat must be a whole number from 0 to 3")
        if rule is not None and not isinstance(rule, str):
            raise ValueError("rule: a penalty is for breaking S4 (renuncio, S7)")
        return Penalty(seat, rule)
    raise ValueError("kind must be one of deal, bid, trump, play, cante, penalty")


def event_to_dict(event: Event) -> dict[str, Any]:
    """The notation of ``event`` (inverse of :func:`event_from_dict`)."""
    if isinstance(event, Deal):
        out: dict[str, Any] = {"kind": "deal"}
        if event.deal is not None:
            out["deal"] = [list(h) for h in event.deal]
        if event.dealer is not None:
            out["dealer"] = event.dealer
        return out
    if isinstance(event, Bid):
        out = {"kind": "bid", "bid": event.bid}
    elif isinstance(event, Trump):
        out = {"kind": "trump", "suit": event.suit}
    elif isinstance(event, Play):
        out = {"kind": "play", "card": event.card.text}
    elif isinstance(event, Cante):
        out = {"kind": "cante", "seat": event.seat}
        if event.tute is not None:
            out["tute"] = event.tute
        else:
            out["suit"] = event.suit
        if event.after_trick is not None:
            out["after_trick"] = event.after_trick
        return out
    else:
        out = {"kind": "penalty"}
        if event.seat is not None:
            out["seat"] = event.seat
        if event.rule is not None:
            out["rule"] = event.rule
        return out
    if event.seat is not None:
        out["seat"] = event.seat
    return out
