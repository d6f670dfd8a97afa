"""Cuatrola's C7 and C8: the shared Spanish trick rules (:mod:`games.engine.tricks`), which
Subastao's S4 uses too, with Cuatrola's card points."""

from ..cards import SPANISH_20
from ..tricks import (
    STRENGTH,
    TrickContext,
    Violation,
    advance,
    context,
    legal_cards,
    trick_winner,
    violation,
    winning_card,
    witness_suits,
)

POINTS = SPANISH_20.points

__all__ = [
    "POINTS",
    "STRENGTH",
    "TrickContext",
    "Violation",
    "advance",
    "context",
    "legal_cards",
    "trick_winner",
    "violation",
    "winning_card",
    "witness_suits",
]
