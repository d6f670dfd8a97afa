"""Subastao ruleset options and the table they make (RULES.md S1, S2, S6)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import SPANISH_36, SPANISH_40, Deck
from ..core.options import TARGET_MAX, Range, Ruleset
from ..messages import Items, msg

MAX_BID = 230  # S2: 120 card points + 10 últimas + at most 100 in cantes (40 + 3 × 20)
BID_STEP = 5
MIN_BID = 60  # RULES.md: min_bid a multiple of 5 from 60 to 230
LAST_TRICK_BONUS = 10  # "últimas" (S1)
FAILED_BID = ("opponents", "split")
OPTIONS = ("players", "min_bid", "target", "failed_bid")
MIN_BID = 60  # RULES.md: min_bid a multiple of 5 from 60 to 230
#: the numeric options' ranges (RULES.md)
RANGES = {"min_bid": Range(MIN_BID, MAX_BID, BID_STEP), "target": Range(1, TARGET_MAX)}


@dataclass(frozen=True, slots=True)
class SubastaoRules(Ruleset):
    """The options a club may set (RULES.md "Subastao"). Defaults are the traditional game.

    - ``players``: 3 (each for himself, 36 cards, 12 each) or 4 (pairs {0,2} and {1,3},
      40 cards, 10 each) — S1.
    - ``min_bid``: the lowest bid (60), a multiple of 5 — S2.
    - ``target``: the score that ends the match (300) — S6.
    - ``failed_bid``: ``opponents`` (each opponent unit scores the bid) or ``split`` (each
      scores half of it, rounded down to a multiple of 5) — S6.
    """

    game = "subastao"
    ranges = RANGES

    players: int = 3
    min_bid: int = 60
    target: int = 300
    failed_bid: str = "opponents"

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (3, 4):
            raise ValueError("rules.players must be 3 or 4")
        self.check_options()
        if self.failed_bid not in FAILED_BID:
            raise ValueError(msg("rules.failed_bid must be one of {ways}", ways=Items(FAILED_BID)))

    # ------------------------------------------------------------------ the table (S1)
    @property
    def deck(self) -> Deck:
        return SPANISH_36 if self.players == 3 else SPANISH_40

    @property
    def hand_size(self) -> int:
        """Cards per seat, which is also the number of tricks: 12, or 10 in pairs."""
        return 12 if self.players == 3 else 10

    @property
    def units(self) -> int:
        """Scoring units (S6): the seats with 3 players, the two sides in pairs."""
        return 3 if self.players == 3 else 2

    def unit_of(self, seat: int) -> int:
        return seat if self.players == 3 else seat % 2

    def unit_seats(self, unit: int) -> tuple[int, ...]:
        return (unit,) if self.players == 3 else (unit, unit + 2)

    def failed_value(self, bid: int) -> int:
        """What each opponent unit scores when ``bid`` fails (S6)."""
        if self.failed_bid == "split":
            return bid // 2 // BID_STEP * BID_STEP
        return bid
