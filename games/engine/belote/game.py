"""Belote behind the :class:`~games.engine.game.Game` interface."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import FRENCH_32
from ..game import Game, HandOutcome, Record
from . import facts as stats_facts
from . import record as codec
from . import strategy, views
from .events import Deal, Event, event_from_dict, event_to_dict
from .hand import HandState
from .match import MatchState
from .options import HAND_SIZE, SEATS, BeloteRules


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

    def deal_size(self, rules: Any) -> int:
        return HAND_SIZE

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

    # ------------------------------------------------------------------ the site's hooks
    recordable = True
    # the seat about to play makes its declarations and belote: the server fills it in
    turn_kinds = frozenset({"call", "declaration", "belote", "play"})
    deal_rule = "B1"
    table_sizes = (SEATS,)
    penalty_rules = ("B6",)  # a renuncio penalty names B6 (B7)
    penalty_rule = "B7"
    counters = views.COUNTERS
    fact_keys = stats_facts.FACT_KEYS
    fact_kinds = stats_facts.TITLES

    def is_deal(self, event: Event) -> bool:
        return isinstance(event, Deal)

    def settle_ahead(self, match: MatchState, hand_events: Sequence[Event]) -> None:
        match.expect_penalty(hand_events)  # the penalty settles the revoke it ends (B7)

    def replay(self, match: MatchState, events: Iterable[Event]) -> None:
        match.replay(events)

    def hand_header(self, hand: HandState) -> dict[str, Any]:
        return views.hand_header(hand)

    def hand_view(self, hand: HandState) -> dict[str, Any]:
        return views.hand_view(hand)

    def live_view(self, hand: HandState) -> dict[str, Any]:
        return views.live_view(hand)

    def legal_actions(self, match: MatchState) -> list[dict[str, Any]]:
        return views.legal_actions(match)

    def unit_counters(self, rules: BeloteRules, outcome: HandOutcome) -> list[dict[str, int]]:
        return views.unit_counters(outcome)

    def hand_story(self, hand: HandState) -> dict[str, Any]:
        return views.hand_story(hand)

    def computer_move(self, match: MatchState, rng: random.Random) -> Event:
        return strategy.next_event(match, rng)

    def hand_facts(self, hand: HandState) -> list[dict[str, int]]:
        return stats_facts.hand_facts(hand)
