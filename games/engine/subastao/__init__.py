"""Subastao (tute subastado): RULES.md S1–S7 (see docs/rules.md)."""

from ..core.hand import Trick
from .events import Bid, Cante, Deal, Event, Penalty, Play, Trump, event_from_dict, event_to_dict
from .hand import HandResult, HandState
from .match import MatchState
from .options import SubastaoRules

__all__ = [
    "Bid",
    "Cante",
    "Deal",
    "Event",
    "HandResult",
    "HandState",
    "MatchState",
    "Penalty",
    "Play",
    "SubastaoRules",
    "Trick",
    "Trump",
    "event_from_dict",
    "event_to_dict",
]
