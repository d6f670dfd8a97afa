"""A Cuatrola match: hands in sequence, dealer rotation, score and formats (C1, C4, C11)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..core.match import TrickMatch
from .events import Deal, Penalty
from .hand import HandResult, HandState
from .options import CuatrolaRules

_CALLS = "hand {number} is unfinished: its calls are incomplete"


class MatchState(TrickMatch):
    """Hands played so far and the score they make, per side (C1, C11)."""

    game = "cuatrola"
    rules_class = CuatrolaRules
    deal_class, penalty_class = Deal, Penalty
    dealer_rule = "C1"
    unfinished = (
        ("C3", lambda last: last.declaration is None, _CALLS),
        ("C10", None, "hand {number} is unfinished: {n_tricks} tricks played"),
    )
    over = ("C11", "the match is over ({score}-{score2}): no more hands")
    rules: CuatrolaRules
    hands: list[HandState]
    results: list[HandResult]

    def delta(self, result: HandResult) -> tuple[int, int]:
        return (result.value, 0) if result.winner_side == 0 else (0, result.value)

    def over_by_score(self) -> bool:
        """C11: a number of hands (and no tie), or a side at the target."""
        rules = self.rules
        if rules.match == "hands":
            return len(self.results) >= rules.target and self.score[0] != self.score[1]
        return max(self.score) >= rules.target

    def start_hand(
        self,
        dealer: int,
        trump_card: Card | str,
        deal: Sequence[Sequence[Card | str]] | None = None,
    ) -> HandState:
        """Open the next hand; RuleError (C10/C3, C11, C1, V1) if it may not start."""
        number = self.check_next_hand(dealer)
        hand = HandState(
            self.rules, dealer, trump_card, deal, number=number, score_before=tuple(self.score)
        )
        self.hands.append(hand)
        return hand

    def start_from(self, event: Deal, dealer: int) -> HandState:
        return self.start_hand(dealer, event.trump_card, event.deal)
