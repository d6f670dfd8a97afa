"""Subastao behind the :class:`~games.engine.game.Game` interface."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import SPANISH_36, Deck
from ..game import Game, HandOutcome, Record
from . import facts as stats_facts
from . import record as codec
from . import strategy, views
from .events import Deal, Event, event_from_dict, event_to_dict
from .hand import HandState
from .match import MatchState
from .options import FAILED_BID, SubastaoRules


class Subastao(Game):
    """Three seats each for himself, or four in two sides; the scoring unit is the seat
    or the side (RULES.md S1–S7)."""

    name = "subastao"
    title = "Subastao"
    deck = SPANISH_36
    rule_choices = {"players": (3, 4), "failed_bid": FAILED_BID}

    def parse_rules(self, data: dict[str, Any] | None) -> SubastaoRules:
        try:
            return SubastaoRules.from_dict(data)
        except TypeError as exc:  # a key of the wrong type reaches the dataclass
            raise ValueError(str(exc)) from exc

    def seats(self, rules: SubastaoRules) -> int:
        return rules.players

    def deal_size(self, rules: SubastaoRules) -> int:
        return rules.hand_size

    def units(self, rules: SubastaoRules) -> int:
        return rules.units

    def unit_of_seat(self, rules: SubastaoRules, seat: int) -> int:
        return rules.unit_of(seat)

    def deck_for(self, rules: SubastaoRules) -> Deck:
        return rules.deck

    def event_from_dict(self, data: Any) -> Event:
        return event_from_dict(data)

    def event_to_dict(self, event: Event) -> dict[str, Any]:
        return event_to_dict(event)

    def new_match(self, rules: SubastaoRules, first_dealer: int | None = None) -> MatchState:
        return MatchState(rules, first_dealer)

    def outcomes(self, match: MatchState) -> list[HandOutcome]:
        """Per complete hand: what each unit gained, the score after, and the unit the hand
        went to — the bid winner's when made; when failed, the one opponent unit in pairs
        and None with 3 players (both opponents score); None for a void hand."""
        out = []
        for hand, result, after in zip(match.hands, match.results, match.score_after, strict=False):
            gainers = [u for u, d in enumerate(result.delta) if d]
            out.append(
                HandOutcome(
                    hand.number,
                    result.delta,
                    tuple(after),
                    gainers[0] if len(gainers) == 1 else None,
                    codec.hand_summary(hand, after),
                )
            )
        return out

    def parse_hand(self, raw: Any, where: str, rules: SubastaoRules) -> codec.HandRecord:
        return codec.parse_hand(raw, where)

    def record_from_match(self, match: MatchState, **header: Any) -> Record:
        return codec.record_from_match(match, **header)

    def check_record(self, record: Record) -> dict[str, Any]:
        return codec.check_record(record)

    # ------------------------------------------------------------------ the site's hooks
    recordable = True
    turn_kinds = frozenset({"bid", "trump", "play"})
    deal_rule = "S1"
    table_sizes = (3, 4)
    penalty_rules = ("S4",)
    penalty_rule = "S7"
    counters = views.COUNTERS
    fact_keys = stats_facts.FACT_KEYS
    fact_kinds = stats_facts.TITLES

    def is_deal(self, event: Event) -> bool:
        return isinstance(event, Deal)

    def settle_ahead(self, match: MatchState, hand_events: Sequence[Event]) -> None:
        match.expect_penalty(hand_events)  # the penalty settles the renuncio it ends (S7)

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

    def unit_counters(self, rules: SubastaoRules, outcome: HandOutcome) -> list[dict[str, int]]:
        return views.unit_counters(rules, outcome)

    def hand_story(self, hand: HandState) -> dict[str, Any]:
        return views.hand_story(hand)

    def computer_move(self, match: MatchState, rng: random.Random) -> Event:
        return strategy.next_event(match, rng)

    def hand_facts(self, hand: HandState) -> list[dict[str, int]]:
        return stats_facts.hand_facts(hand)
