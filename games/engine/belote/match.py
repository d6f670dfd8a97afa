"""A Belote game: rounds in sequence, dealer rotation, score and the end (B1, B9)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..core.match import TrickMatch
from ..errors import RuleError
from ..messages import msg
from .events import Deal, Event, Penalty
from .hand import HandState
from .options import SEATS, BeloteRules
from .scoring import RoundResult

_AUCTION = "round {number} is unfinished: its auction is incomplete"


class MatchState(TrickMatch):
    """Rounds played so far and the game points they make (a void round scores nothing)."""

    game = "belote"
    rules_class = BeloteRules
    deal_class, penalty_class = Deal, Penalty
    dealer_rule = "B1"
    unfinished = (
        ("B2", lambda last: not last.auction_over, _AUCTION),
        ("B7", None, "round {number} is unfinished: {n_tricks} tricks played"),
    )
    over = ("B9", "the game is over ({score}-{score2}): no more rounds")
    wrong_dealer = "the dealer of round {number} must be {seat} (previous dealer + 1), not {dealer}"
    no_dealer = "the first round needs its dealer"
    not_dealt = "no round has been dealt: the first event is the deal"
    undealt = "round {number} has not been dealt: its first event is the deal"
    rules: BeloteRules
    hands: list[HandState]
    results: list[RoundResult]

    def delta(self, result: RoundResult) -> tuple[int, ...]:
        return result.game_points

    def over_by_score(self) -> bool:
        """B9: after a round in which a side has ``target`` or more, unless the totals
        are equal (then another round is played)."""
        return max(self.score) >= self.rules.target and self.score[0] != self.score[1]

    def check_dealer(self, dealer: object, number: int) -> None:
        if type(dealer) is not int or not 0 <= dealer < SEATS:
            raise RuleError(
                "B1",
                msg(
                    "dealer must be a seat from 0 to {n}, not {dealer}", n=SEATS - 1, dealer=dealer
                ),
                hand=number,
            )

    def start_hand(
        self,
        dealer: int,
        deal: Sequence[Sequence[Card | str]] | None = None,
        *,
        settled: int | None = None,
    ) -> HandState:
        """Open the next round; RuleError (B7/B2, B9, B1, V1) if it may not start.
        ``settled``: see :class:`HandState` (the record checker's penalty)."""
        number = self.check_next_hand(dealer)
        hand = HandState(
            self.rules,
            dealer,
            deal,
            number=number,
            score_before=tuple(self.score),
            settled=settled,
        )
        self.hands.append(hand)
        return hand

    def start_from(self, event: Deal, dealer: int) -> HandState:
        return self.start_hand(dealer, event.deal)

    def expect_penalty(self, hand_events: Iterable[Event]) -> None:
        """Tell the round just dealt the penalty its ``hand_events`` end with, if any (B7):
        a whole record or stored log is known ahead, so the penalty settles the named
        seat's revokes that it shows before the penalty comes, as the record checker
        does (RECORD_FORMAT.md "penalty"). Live entry never calls this: a provable revoke
        is refused at once and the scorer records the penalty instead. A penalty that
        will be refused (option off, no seat 0-3, no rule B6) settles nothing."""
        if not self.hands:
            return
        penalty = next((e for e in hand_events if isinstance(e, Penalty)), None)
        settles = (
            penalty is not None
            and self.rules.renuncio_penalty
            and penalty.rule == "B6"
            and type(penalty.seat) is int
            and 0 <= penalty.seat < SEATS
        )
        self.hands[-1].settled = penalty.seat if settles else None
