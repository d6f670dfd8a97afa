"""Belote (Bulgarian belot): RULES.md B1–B9 (see docs/rules.md)."""

from ..core.hand import Trick
from .declarations import belote_cards, fours, runs, shape_of
from .events import (
    Belote,
    Call,
    Deal,
    Declaration,
    Event,
    Penalty,
    Play,
    event_from_dict,
    event_to_dict,
)
from .game import BeloteGame
from .hand import HandState
from .match import MatchState
from .options import CALLS, CONTRACT, CONTRACTS, BeloteRules, Contract, game_points
from .play import TrickContext, advance, context, legal_cards, trick_winner, violation
from .scoring import RoundResult, score_round

__all__ = [
    "CALLS",
    "CONTRACT",
    "CONTRACTS",
    "Belote",
    "BeloteGame",
    "BeloteRules",
    "Call",
    "Contract",
    "Deal",
    "Declaration",
    "Event",
    "HandState",
    "MatchState",
    "Penalty",
    "Play",
    "RoundResult",
    "Trick",
    "TrickContext",
    "advance",
    "belote_cards",
    "context",
    "event_from_dict",
    "event_to_dict",
    "fours",
    "game_points",
    "legal_cards",
    "runs",
    "score_round",
    "shape_of",
    "trick_winner",
    "violation",
]
