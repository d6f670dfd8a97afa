"""Belote behind the :class:`~games.engine.game.Game` interface."""

from __future__ import annotations

from typing import Any

from ..cards import FRENCH_32
from ..game import Game, HandOutcome, Record
from . import record as codec
from .events import Event, event_from_dict, event_to_dict
from .match import MatchState
from .options import SEATS, BeloteRules


class BeloteGame(Game):
    """Four seats in two sides; the side is the scoring unit (RULES.md B1–B9)."""

    name = "belote"
    title = "Belote"
    deck = FRENCH_32

    def parse_rules(self, data: dict[str, Any] | None) -> BeloteRules:
        try:
            return BeloteRules.from_dict(data)
        except TypeError as exc:  # a key of the wrong type reaches the dataclass
            raise ValueError(str(exc)) from exc

    def seats(self, rules: BeloteRules) -> int:
        return SEATS

    def units(self, rules: BeloteRules) -> int:
        return 2

    def unit_of_seat(self, rules: BeloteRules, seat: int) -> int:
        return seat % 2

    def event_from_dict(self, data: Any) -> Event:
        return event_from_dict(data)

    def event_to_dict(self, event: Event) -> dict[str, Any]:
        return event_to_dict(event)

    def new_match(self, rules: BeloteRules, first_dealer: int | None = None) -> MatchState:
        return MatchState(rules, first_dealer)

    def outcomes(self, match: MatchState) -> list[HandOutcome]:
        """One outcome per complete round: ``delta`` is the game points (B8) each side
        gained, ``winner_unit`` the side with more round points (None: void or equal)."""
        return [
            HandOutcome(
                hand.number,
                tuple(result.game_points),
                tuple(after),
                result.winner_side,
                codec.hand_summary(hand, after),
            )
            for hand, result, after in zip(
                match.hands, match.results, match.score_after, strict=False
            )
        ]

    def parse_hand(self, raw: Any, where: str, rules: BeloteRules) -> codec.HandRecord:
        return codec.parse_hand(raw, where)

    def record_from_match(self, match: MatchState, **header: Any) -> Record:
        return codec.record_from_match(match, **header)

    def check_record(self, record: Record) -> dict[str, Any]:
        return codec.check_record(record)
