"""Subastao (tute subastado): RULES.md S1–S7 (see docs/rules.md). The package exports its
events, hand and match states and ruleset; the shared types are the core's."""

from .events import Bid, Cante, Deal, Penalty, Play, Trump, event_from_dict, event_to_dict
from .hand import HandState
from .match import MatchState
from .options import SubastaoRules

__all__ = [
    "Bid",
    "Cante",
    "Deal",
    "HandState",
    "MatchState",
    "Penalty",
    "Play",
    "SubastaoRules",
    "Trump",
    "event_from_dict",
    "event_to_dict",
]
