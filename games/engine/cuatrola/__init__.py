"""Cuatrola: RULES.md C1–C12 (see docs/rules.md)."""

from .events import Call, Cante, Deal, Event, Penalty, Play, event_from_dict, event_to_dict
from .hand import HandResult, HandState, Trick, side_of
from .match import MatchState
from .options import CALLS, VALUE, CuatrolaRules
from .play import TrickContext, context, legal_cards, trick_winner, violation

__all__ = [
    "CALLS",
    "VALUE",
    "Call",
    "Cante",
    "CuatrolaRules",
    "Deal",
    "Event",
    "HandResult",
    "HandState",
    "MatchState",
    "Penalty",
    "Play",
    "Trick",
    "TrickContext",
    "context",
    "event_from_dict",
    "event_to_dict",
    "legal_cards",
    "side_of",
    "trick_winner",
    "violation",
]
