"""A Subastao match: hands in sequence, dealer rotation, score per unit, the end (S1, S6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..errors import RuleError
from ..messages import Seat, msg
from .events import Deal, Event, Penalty
from .hand import HandResult, HandState
from .options import SubastaoRules


class MatchState:
    """Hands played so far and the score they make, one entry per scoring unit (S6).

    ``start_hand`` opens the next hand after checking the previous one is complete, the
    match is not over and the dealer rotates (S1); ``apply`` sends an event to the hand
    in play. The score counts complete hands only.
    """

    game = "subastao"

    def __init__(self, rules: SubastaoRules | None = None, first_dealer: int | None = None) -> None:
        self.rules = rules or SubastaoRules()
        self.first_dealer = first_dealer
        self.hands: list[HandState] = []
        self.results: list[HandResult] = []
        self.score = [0] * self.rules.units
        self.score_after: list[tuple[int, ...]] = []

    @property
    def current(self) -> HandState | None:
        """The hand in play, or None before the first hand and between hands."""
        if self.hands and not self.hands[-1].is_complete:
            return self.hands[-1]
        return None

    @property
    def next_dealer(self) -> int | None:
        """The dealer the next hand must have (S1); before the first hand, the match's
        ``first_dealer`` (None: free)."""
        if self.hands:
            return (self.hands[-1].dealer + 1) % self.rules.players
        return self.first_dealer

    @property
    def awaiting_deal(self) -> bool:
        """No hand is in play and the match is not over: the next event is a Deal."""
        return not self.finished and (not self.hands or self.hands[-1].is_complete)

    @property
    def finished(self) -> bool:
        """Some unit has reached the target and one alone has the highest score (S6)."""
        if self.hands and not self.hands[-1].is_complete:
            return False
        top = max(self.score)
        return top >= self.rules.target and self.score.count(top) == 1

    @property
    def winner_unit(self) -> int | None:
        """The winning scoring unit (a seat with 3 players, a side in pairs) once the
        match is over (S6)."""
        if not self.finished:
            return None
        return self.score.index(max(self.score))

    @property
    def winner_side(self) -> int | None:
        """The record format's name for :attr:`winner_unit`."""
        return self.winner_unit

    def start_hand(
        self, dealer: int, deal: Sequence[Sequence[Card | str]] | None = None
    ) -> HandState:
        """Open the next hand; RuleError (S2, S3, S6, S1, V1) if it may not start."""
        number = len(self.hands) + 1
        if self.hands and not self.hands[-1].is_complete:
            last = self.hands[-1]
            if not last.auction_over:
                raise RuleError(
                    "S2",
                    msg(
                        "hand {number} is unfinished: its auction is incomplete", number=last.number
                    ),
                    hand=number,
                )
            if last.trump is None:
                raise RuleError(
                    "S3",
                    msg(
                        "hand {number} is unfinished: {seat} has not named the trump suit",
                        number=last.number,
                        seat=Seat(last.bidder),
                    ),
                    hand=number,
                )
            raise RuleError(
                "S6",
                msg(
                    "hand {number} is unfinished: {n_tricks} of {hand_size} tricks played",
                    number=last.number,
                    n_tricks=len(last.tricks),
                    hand_size=last.hand_size,
                ),
                hand=number,
            )
        if self.finished:
            raise RuleError(
                "S6",
                msg(
                    "the match is over ({items}): no more hands",
                    items="-".join(map(str, self.score)),
                ),
                hand=number,
            )
        if self.next_dealer is not None and dealer != self.next_dealer:
            raise RuleError(
                "S1",
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
        hand = HandState(self.rules, dealer, deal, number=number, score_before=self.score)
        self.hands.append(hand)
        return hand

    def apply(self, event: Event) -> None:
        """Apply ``event``: a Deal opens the next hand, anything else goes to the hand in
        play, which is scored when it completes."""
        if isinstance(event, Deal):
            dealer = event.dealer if event.dealer is not None else self.next_dealer
            if dealer is None:
                raise RuleError("S1", "the first hand needs its dealer", hand=1)
            self.start_hand(dealer, event.deal)
            return
        hand = self.hands[-1] if self.hands else None
        if hand is None:
            raise RuleError("S1", "no hand has been dealt: the first event is the deal", hand=1)
        was_complete = hand.is_complete
        hand.apply(event)
        if hand.is_complete and not was_complete:
            self._score(hand)
        elif was_complete and hand.penalty is not None and len(self.results) == len(self.hands):
            # a penalty given after the last trick or a tute replaces that result (S7)
            self._rescore_last(hand)

    def expect_penalty(self, hand_events: Iterable[Event]) -> None:
        """Tell the hand just dealt the penalty its ``hand_events`` end with, if any (S7,
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
        for unit, gained in enumerate(result.delta):
            self.score[unit] += gained
        self.score_after.append(tuple(self.score))

    def _rescore_last(self, hand: HandState) -> None:
        old = self.results.pop()
        for unit, gained in enumerate(old.delta):
            self.score[unit] -= gained
        self.score_after.pop()
        self._score(hand)
