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

from ..cards import SPANISH_40
from ..core.events import (
    AFTER_TRICK,
    DEALER,
    Codec,
    Field,
    Kind,
    Penalty,
    Play,
    SuitEvent,
    card_field,
    choice_field,
    deal_field,
    optional_text,
    seat_field,
    whole_number,
)

__all__ = ["Bid", "Cante", "Deal", "Event", "Penalty", "Play", "Trump"]

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


class Trump(SuitEvent):
    """The bid winner names the trump suit (S3)."""

    __slots__ = ()


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


Event = Deal | Bid | Trump | Play | Cante | Penalty


def _bid(bid: Any) -> int | str:
    if bid != PASS and type(bid) is not int:
        raise ValueError('bid: expected a whole number of points or "pass"')
    return bid


def _one_of_suit_or_tute(data: dict[str, Any]) -> None:
    if (data.get("suit") is None) == (data.get("tute") is None):
        raise ValueError("a cante has either a suit (a pair) or a tute (12 or 11)")


def _optional(field: Field) -> Field:
    """``field`` that may be left out (None)."""
    return Field(field.key, lambda v: None if v is None else field.read(v))


_CARD = card_field(SPANISH_40, "card: {text!r} is not a Spanish card (V1)")
_SUIT = choice_field("suit", SUITS, "suit: expected one of o, c, e, b")

CODEC = Codec(
    [
        Kind("deal", Deal, (deal_field("deal: expected one list of cards per seat"), DEALER)),
        Kind("bid", Bid, (Field("bid", _bid), seat_field())),
        Kind("trump", Trump, (_SUIT, seat_field())),
        Kind(
            "play",
            Play,
            (card_field(SPANISH_40, "card: {text!r} is not a Spanish card (V1)"), seat_field()),
        ),
        Kind(
            "cante",
            Cante,
            (
                seat_field(required=True),
                _optional(choice_field("tute", TUTE_RANKS, 'tute: expected "12" or "11"')),
                _optional(_SUIT),
                AFTER_TRICK,
            ),
            check=("suit", "tute", "after_trick", "seat"),
            whole=_one_of_suit_or_tute,
        ),
        # the values (a seat of the table, rule S4) are the hand's to judge (S7), exactly
        # as in a record; only the JSON types are checked here
        Kind(
            "penalty",
            Penalty,
            (
                whole_number("seat", "seat must be a whole number from 0 to 3"),
                optional_text("rule", "rule: a penalty is for breaking S4 (renuncio, S7)"),
            ),
        ),
    ]
)
event_from_dict = CODEC.from_dict
event_to_dict = CODEC.to_dict
