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

from ..cards import SPANISH_20
from ..core.events import (
    AFTER_TRICK,
    ALWAYS,
    DEALER,
    Call,
    Codec,
    Kind,
    Penalty,
    Play,
    card_field,
    choice_field,
    deal_field,
    optional_text,
    seat_field,
    text_field,
    whole_number,
)

__all__ = ["Call", "Cante", "Deal", "Event", "Penalty", "Play", "event_from_dict", "event_to_dict"]


@dataclass(frozen=True, slots=True)
class Deal:
    """Opens the next hand: the dealer's shown ``trump_card`` and optionally the whole
    ``deal`` (C1, V4). ``dealer`` is implied by the rotation; when given it must match."""

    trump_card: str
    deal: tuple[tuple[str, ...], ...] | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class Cante:
    """``seat`` announces the 12 and 11 of ``suit`` right after its side won a trick (C9).

    ``after_trick`` is optional: when given it must be the trick just completed.
    """

    seat: int
    suit: str
    after_trick: int | None = None


Event = Deal | Call | Play | Cante | Penalty

# the values of a penalty (a seat 0-3, rule C7 or C9) are the hand's to judge (C12),
# exactly as in a record; only the JSON types are checked here
_PENALTY_SEAT = whole_number("seat", "seat must be a whole number from 0 to 3", ALWAYS)

CODEC = Codec(
    [
        Kind(
            "deal",
            Deal,
            (
                text_field("trump_card", "trump_card: expected a card such as 12o"),
                deal_field("deal: expected 4 lists of 5 cards"),
                DEALER,
            ),
        ),
        Kind(
            "call",
            Call,
            (
                text_field("call", "call: expected one of pass, solo, cuatrola, quintola"),
                seat_field(),
            ),
        ),
        Kind(
            "play",
            Play,
            (
                card_field(SPANISH_20, "card: {text!r} is not a card of the 20-card deck (V1)"),
                seat_field(),
            ),
        ),
        Kind(
            "cante",
            Cante,
            (
                seat_field(required=True),
                choice_field("suit", SPANISH_20.suits, "suit: expected one of o, c, e, b"),
                AFTER_TRICK,
            ),
            check=("suit", "after_trick", "seat"),
        ),
        Kind(
            "penalty",
            Penalty,
            (
                _PENALTY_SEAT,
                optional_text("rule", "rule: a penalty is for breaking C7 or C9", ALWAYS),
            ),
        ),
    ]
)
event_from_dict = CODEC.from_dict
event_to_dict = CODEC.to_dict
