"""A Subastao match: hands in sequence, dealer rotation, score per unit, the end (S1, S6)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..core.match import TrickMatch
from .events import Deal, Penalty
from .hand import HandState
from .options import SubastaoRules

_AUCTION = "hand {number} is unfinished: its auction is incomplete"
_TRUMP = "hand {number} is unfinished: {seat} has not named the trump suit"


class MatchState(TrickMatch):
    """Hands played so far and the score they make, one entry per scoring unit (S6)."""

    game = "subastao"
    rules_class = SubastaoRules
    deal_class, penalty_class = Deal, Penalty
    dealer_rule = "S1"
    unfinished = (
        ("S2", lambda last: not last.auction_over, _AUCTION),
        ("S3", lambda last: last.trump is None, _TRUMP),
        ("S6", None, "hand {number} is unfinished: {n_tricks} of {hand_size} tricks played"),
    )
    over = ("S6", "the match is over ({items}): no more hands")
    rules: SubastaoRules
    hands: list[HandState]

    @property
    def units(self) -> int:
        return self.rules.units

    @property
    def players(self) -> int:
        return self.rules.players

    def delta(self, result) -> tuple[int, ...]:
        return result.delta

    def over_by_score(self) -> bool:
        """Some unit has reached the target and one alone has the highest score (S6)."""
        top = max(self.score)
        return top >= self.rules.target and self.score.count(top) == 1

    def start_hand(
        self, dealer: int, deal: Sequence[Sequence[Card | str]] | None = None
    ) -> HandState:
        """Open the next hand; RuleError (S2, S3, S6, S1, V1) if it may not start."""
        number = self.check_next_hand(dealer)
        hand = HandState(self.rules, dealer, deal, number=number, score_before=self.score)
        self.hands.append(hand)
        return hand

    def start_from(self, event: Deal, dealer: int) -> HandState:
        return self.start_hand(dealer, event.deal)
