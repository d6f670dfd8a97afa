"""A Belote game: rounds in sequence, dealer rotation, score and the end (B1, B9)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..errors import RuleError
from ..messages import Seat, msg
from .events import Deal, Event, Penalty
from .hand import HandState
from .options import SEATS, BeloteRules
from .scoring import RoundResult


class MatchState:
    """Rounds played so far and the game points they make.

    ``start_hand`` opens the next round after checking the previous one is complete, the
    game is not over and the dealer rotates (B1); ``apply`` sends an event to the round
    in play. The score counts complete rounds only (a void round scores nothing).
    """

    game = "belote"

    def __init__(self, rules: BeloteRules | None = None, first_dealer: int | None = None) -> None:
        self.rules = rules or BeloteRules()
        self.first_dealer = first_dealer
        self.hands: list[HandState] = []
        self.results: list[RoundResult] = []
        self.score = [0, 0]
        self.score_after: list[tuple[int, int]] = []

    @property
    def current(self) -> HandState | None:
        """The round in play, or None before the first round and between rounds."""
        if self.hands and not self.hands[-1].is_complete:
            return self.hands[-1]
        return None

    @property
    def next_dealer(self) -> int | None:
        """The dealer the next round must have (B1); before the first round, the game's
        ``first_dealer`` (None: free)."""
        return (self.hands[-1].dealer + 1) % SEATS if self.hands else self.first_dealer

    @property
    def awaiting_deal(self) -> bool:
        """No round is in play and the game is not over: the next event is a Deal."""
        return not self.finished and (not self.hands or self.hands[-1].is_complete)

    @property
    def finished(self) -> bool:
        """B9: after a round in which a side has ``target`` or more, unless the totals
        are equal (then another round is played)."""
        if self.hands and not self.hands[-1].is_complete:
            return False
        return max(self.score) >= self.rules.target and self.score[0] != self.score[1]

    @property
    def winner_unit(self) -> int | None:
        """The winning scoring unit (a side) once the game is over (B9)."""
        return self.winner_side

    @property
    def winner_side(self) -> int | None:
        if not self.finished:
            return None
        return 0 if self.score[0] > self.score[1] else 1

    def start_hand(
        self,
        dealer: int,
        deal: Sequence[Sequence[Card | str]] | None = None,
        *,
        settled: int | None = None,
    ) -> HandState:
        """Open the next round; RuleError (B7/B2, B9, B1, V1) if it may not start.
        ``settled``: see :class:`HandState` (the record checker's penalty)."""
        number = len(self.hands) + 1
        if self.hands and not self.hands[-1].is_complete:
            last = self.hands[-1]
            if not last.auction_over:
                raise RuleError(
                    "B2",
                    msg(
                        "round {number} is unfinished: its auction is incomplete",
                        number=last.number,
                    ),
                    hand=number,
                )
            raise RuleError(
                "B7",
                msg(
                    "round {number} is unfinished: {n_tricks} tricks played",
                    number=last.number,
                    n_tricks=len(last.tricks),
                ),
                hand=number,
            )
        if self.finished:
            raise RuleError(
                "B9",
                msg(
                    "the game is over ({score}-{score2}): no more rounds",
                    score=self.score[0],
                    score2=self.score[1],
                ),
                hand=number,
            )
        if type(dealer) is not int or not 0 <= dealer < SEATS:
            raise RuleError(
                "B1", msg("dealer must be a seat from 0 to {n}", n=SEATS - 1), hand=number
            )
        if self.next_dealer is not None and dealer != self.next_dealer:
            raise RuleError(
                "B1",
                msg(
                    (
                        "the dealer of round {number} must be {seat} (previous dealer "
                        "+ 1), not {dealer}"
                    ),
                    number=number,
                    seat=Seat(self.next_dealer),
                    dealer=dealer,
                ),
                hand=number,
            )
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

    def apply(self, event: Event) -> None:
        """Apply ``event``: a Deal opens the next round, anything else goes to the round
        in play, which is scored when it completes."""
        if isinstance(event, Deal):
            dealer = event.dealer if event.dealer is not None else self.next_dealer
            if dealer is None:
                raise RuleError("B1", "the first round needs its dealer", hand=1)
            self.start_hand(dealer, event.deal)
            return
        hands = self.hands
        if not hands:
            raise RuleError("B1", "no round has been dealt: the first event is the deal", hand=1)
        hand = hands[-1]
        was_complete = hand._complete
        hand.apply(event)
        if hand._complete and not was_complete:
            self._score(hand)
        elif was_complete and hand.penalty is not None and len(self.results) == len(hands):
            # a penalty given after the last trick replaces that round's result (B7)
            self._rescore_last(hand)

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

    def replay(self, events: Iterable[Event]) -> None:
        """Apply a complete log of events (a stored game, a record's events) in order, as
        :meth:`apply` would one by one, each round told its penalty right after its deal."""
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
        for side in (0, 1):
            self.score[side] += result.game_points[side]
        self.score_after.append(tuple(self.score))

    def _rescore_last(self, hand: HandState) -> None:
        old = self.results.pop()
        for side in (0, 1):
            self.score[side] -= old.game_points[side]
        self.score_after.pop()
        self._score(hand)
