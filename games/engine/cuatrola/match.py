"""A Cuatrola match: hands in sequence, dealer rotation, score and formats (C1, C4, C11)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..errors import RuleError
from ..messages import Seat, msg
from .events import Deal, Event, Penalty
from .hand import HandResult, HandState
from .options import SEATS, CuatrolaRules


class MatchState:
    """Hands played so far and the score they make.

    ``start_hand`` opens the next hand after checking the previous one is complete, the
    match is not over and the dealer rotates (C1); ``apply`` sends an event to the hand
    in play. The score counts complete hands only.
    """

    game = "cuatrola"

    def __init__(self, rules: CuatrolaRules | None = None, first_dealer: int | None = None) -> None:
        self.rules = rules or CuatrolaRules()
        self.first_dealer = first_dealer
        self.hands: list[HandState] = []
        self.results: list[HandResult] = []
        self.score = [0, 0]
        self.score_after: list[tuple[int, int]] = []

    @property
    def current(self) -> HandState | None:
        """The hand in play, or None before the first hand and between hands."""
        if self.hands and not self.hands[-1].is_complete:
            return self.hands[-1]
        return None

    @property
    def next_dealer(self) -> int | None:
        """The dealer the next hand must have (C1); before the first hand, the match's
        ``first_dealer`` (None: free)."""
        return (self.hands[-1].dealer + 1) % SEATS if self.hands else self.first_dealer

    @property
    def awaiting_deal(self) -> bool:
        """No hand is in play and the match is not over: the next event is a Deal."""
        return not self.finished and (not self.hands or self.hands[-1].is_complete)

    @property
    def finished(self) -> bool:
        """The match is over under its format (C11)."""
        rules = self.rules
        if self.hands and not self.hands[-1].is_complete:
            return False
        if rules.match == "hands":
            return len(self.results) >= rules.target and self.score[0] != self.score[1]
        return max(self.score) >= rules.target

    @property
    def winner_unit(self) -> int | None:
        """The winning scoring unit (here a side) once the match is over (C11)."""
        return self.winner_side

    @property
    def winner_side(self) -> int | None:
        if not self.finished:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def start_hand(
        self,
        dealer: int,
        trump_card: Card | str,
        deal: Sequence[Sequence[Card | str]] | None = None,
    ) -> HandState:
        """Open the next hand; RuleError (C10/C3, C11, C1, V1) if it may not start."""
        number = len(self.hands) + 1
        if self.hands and not self.hands[-1].is_complete:
            last = self.hands[-1]
            if last.declaration is None:
                raise RuleError(
                    "C3",
                    msg(
                        "hand {number} is unfinished: its calls are incomplete", number=last.number
                    ),
                    hand=number,
                )
            raise RuleError(
                "C10",
                msg(
                    "hand {number} is unfinished: {n_tricks} tricks played",
                    number=last.number,
                    n_tricks=len(last.tricks),
                ),
                hand=number,
            )
        if self.finished:
            raise RuleError(
                "C11",
                msg(
                    "the match is over ({score}-{score2}): no more hands",
                    score=self.score[0],
                    score2=self.score[1],
                ),
                hand=number,
            )
        if self.next_dealer is not None and dealer != self.next_dealer:
            raise RuleError(
                "C1",
                msg(
                    (
                        "the dealer of hand {number} must be {seat} (previous dealer "
                        "+ 1), not {dealer}"
                    ),
                    number=number,
                    seat=Seat(self.next_dealer),
                    dealer=dealer,
                ),
                hand=number,
            )
        hand = HandState(
            self.rules, dealer, trump_card, deal, number=number, score_before=tuple(self.score)
        )
        self.hands.append(hand)
        return hand

    def apply(self, event: Event) -> None:
        """Apply ``event``: a Deal opens the next hand, anything else goes to the hand in
        play, which is scored when it completes."""
        if isinstance(event, Deal):
            dealer = event.dealer if event.dealer is not None else self.next_dealer
            if dealer is None:
                raise RuleError("C1", "the first hand needs its dealer", hand=1)
            self.start_hand(dealer, event.trump_card, event.deal)
            return
        hand = self.hands[-1] if self.hands else None
        if hand is None:
            raise RuleError("C1", "no hand has been dealt: the first event is the deal", hand=1)
        was_complete = hand.is_complete
        hand.apply(event)
        if hand.is_complete and not was_complete:
            self._score(hand)
        elif (
            was_complete
            and hand.penalty is not None
            and self.results
            and len(self.results) == len(self.hands)
        ):
            # a penalty given after the last trick replaces that hand's result (C12)
            self._rescore_last(hand)

    def expect_penalty(self, hand_events: Iterable[Event]) -> None:
        """Tell the hand just dealt the penalty its ``hand_events`` end with, if any (C12,
        :meth:`HandState.expect_penalty`): a whole record or stored log is known ahead,
        so the penalty settles the renuncio that it shows before the penalty comes."""
        if self.hands:
            penalty = next((e for e in hand_events if isinstance(e, Penalty)), None)
            self.hands[-1].expect_penalty(penalty)

    def replay(self, events: Iterable[Event]) -> None:
        """Apply a complete log of events (a stored match, a record's events) in order, as
        :meth:`apply` would one by one, each hand told its penalty right after its deal."""
        hand: list[Event] = []
        for event in [*events, None]:
            if hand and (event is None or isinstance(event, Deal)):
                self.apply(hand[0])
                if isinstance(hand[0], Deal):
                    self.expect_penalty(hand)
                for later in hand[1:]:
                    self.apply(later)
                hand = []
            if event is not None:
                hand.append(event)

    def _score(self, hand: HandState) -> None:
        result = hand.result
        self.results.append(result)
        self.score[result.winner_side] += result.value
        self.score_after.append(tuple(self.score))

    def _rescore_last(self, hand: HandState) -> None:
        old = self.results.pop()
        self.score[old.winner_side] -= old.value
        self.score_after.pop()
        self._score(hand)
