"""One match state for every trick-taking game: hands in sequence, the dealer's rotation,
the score per scoring unit, re-scoring after a late penalty, and the replay of a log.

A game's ``MatchState`` subclasses :class:`TrickMatch` (as python-chess's variant boards
subclass ``Board``) and overrides only what differs: its hand state, how a hand's result
moves the score (:meth:`TrickMatch.delta`), when the match is over
(:meth:`TrickMatch.over_by_score`), and the refusals with its own rule codes and words
(the tables ``unfinished`` and ``over`` that :meth:`TrickMatch.refuse_unfinished` and
:meth:`TrickMatch.refuse_over` read, ``dealer_rule`` and the rotation's templates).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from ..errors import RuleError
from ..messages import Seat, SeatGiven, msg, msg_from


class TrickMatch:
    """Hands played so far and the score they make, one entry per scoring unit.

    ``start_hand`` (the game's) opens the next hand after :meth:`check_next_hand` says it
    may start; ``apply`` sends an event to the hand in play, which is scored when it
    completes. The score counts complete hands only.
    """

    game: ClassVar[str]
    #: the rules class whose defaults an empty match plays under
    rules_class: ClassVar[type]
    #: the game's Deal event class: an event of it opens the next hand
    deal_class: ClassVar[type]
    #: the game's Penalty event class (what :meth:`expect_penalty` looks for)
    penalty_class: ClassVar[type]
    #: the rule of the deal and the dealer's rotation (C1, S1, B1)
    dealer_rule: ClassVar[str]
    #: the refusals of the rotation, in the game's words (templates: the site translates)
    wrong_dealer: ClassVar[str] = (
        "the dealer of hand {number} must be {seat} (previous dealer + 1), not {dealer}"
    )
    no_dealer: ClassVar[str] = "the first hand needs its dealer"
    #: the refusals of a hand while the last is unfinished: (rule, test of the last hand
    #: or None: otherwise, template), the first that applies; its template may name the
    #: hand's ``number``, ``n_tricks``, ``hand_size`` and the bidder's ``seat``
    unfinished: ClassVar[tuple[tuple[str, Callable[[Any], bool] | None, str], ...]]
    #: the refusal of a hand once the match is over: (rule, template naming the
    #: ``score`` and ``score2`` of two units, or all of them as ``items``)
    over: ClassVar[tuple[str, str]]
    not_dealt: ClassVar[str] = "no hand has been dealt: the first event is the deal"
    #: an event for the next hand before its deal (a client ahead of the log)
    undealt: ClassVar[str] = "hand {number} has not been dealt: its first event is the deal"

    def __init__(self, rules: Any = None, first_dealer: int | None = None) -> None:
        self.rules = rules or self.rules_class()
        self.first_dealer = first_dealer
        self.hands: list[Any] = []
        self.results: list[Any] = []
        self.score = [0] * self.units
        self.score_after: list[tuple[int, ...]] = []

    # ------------------------------------------------------------ what a game overrides
    @property
    def units(self) -> int:
        """How many scoring units the score has (two sides unless the game says)."""
        return 2

    @property
    def players(self) -> int:
        """How many seats deal in turn."""
        return 4

    def delta(self, result: Any) -> tuple[int, ...] | list[int]:
        """What a hand's result adds to each unit's score."""
        raise NotImplementedError

    def over_by_score(self) -> bool:
        """The match is over under its format, every hand being complete."""
        raise NotImplementedError

    def refuse_unfinished(self, last: Any, number: int) -> RuleError:
        """The refusal of hand ``number`` while hand ``last`` is still in play: the first
        of the game's ``unfinished`` whose test the hand meets (the last one always)."""
        bidder = getattr(last, "bidder", None)
        values = {
            "number": last.number,
            "n_tricks": len(last.tricks),
            "hand_size": last.hand_size,
            "seat": Seat(bidder) if bidder is not None else None,
        }
        for rule, test, template in self.unfinished:
            if test is None or test(last):
                return RuleError(rule, msg_from(template, values), hand=number)
        raise AssertionError("a game's last unfinished refusal has no test")

    def refuse_over(self, number: int) -> RuleError:
        """The refusal of hand ``number`` once the match is over (``over``)."""
        rule, template = self.over
        score = self.score
        values = {"score": score[0], "score2": score[1], "items": "-".join(map(str, score))}
        return RuleError(rule, msg_from(template, values), hand=number)

    def check_dealer(self, dealer: Any, number: int) -> None:
        """A hook for a game that checks the dealer's value before the rotation."""

    # --------------------------------------------------------------------- the state
    @property
    def current(self) -> Any:
        """The hand in play, or None before the first hand and between hands."""
        if self.hands and not self.hands[-1].is_complete:
            return self.hands[-1]
        return None

    @property
    def next_dealer(self) -> int | None:
        """The dealer the next hand must have; before the first hand, the match's
        ``first_dealer`` (None: free)."""
        if self.hands:
            return (self.hands[-1].dealer + 1) % self.players
        return self.first_dealer

    @property
    def awaiting_deal(self) -> bool:
        """No hand is in play and the match is not over: the next event is a Deal."""
        return not self.finished and (not self.hands or self.hands[-1].is_complete)

    @property
    def finished(self) -> bool:
        """The match is over under its format (no hand in play)."""
        if self.hands and not self.hands[-1].is_complete:
            return False
        return self.over_by_score()

    @property
    def winner_unit(self) -> int | None:
        """The winning scoring unit once the match is over (the one highest score)."""
        if not self.finished:
            return None
        return self.score.index(max(self.score))

    @property
    def winner_side(self) -> int | None:
        """The record format's name for :attr:`winner_unit`."""
        return self.winner_unit

    # ----------------------------------------------------------------------- events
    def check_next_hand(self, dealer: Any) -> int:
        """The number of the next hand; RuleError if it may not start: the last hand
        unfinished, the match over, the dealer out of turn."""
        number = len(self.hands) + 1
        if self.hands and not self.hands[-1].is_complete:
            raise self.refuse_unfinished(self.hands[-1], number)
        if self.finished:
            raise self.refuse_over(number)
        self.check_dealer(dealer, number)
        if self.next_dealer is not None and dealer != self.next_dealer:
            raise RuleError(
                self.dealer_rule,
                msg(
                    self.wrong_dealer,
                    number=number,
                    seat=Seat(self.next_dealer),
                    dealer=SeatGiven(dealer, self.players) if type(dealer) is int else dealer,
                ),
                hand=number,
            )
        return number

    def start_from(self, event: Any, dealer: int) -> Any:
        """Open the next hand from a Deal event (the game's ``start_hand``)."""
        raise NotImplementedError

    def apply(self, event: Any) -> None:
        """Apply ``event``: a Deal opens the next hand, anything else goes to the hand in
        play, which is scored when it completes."""
        if isinstance(event, self.deal_class):
            dealer = event.dealer if event.dealer is not None else self.next_dealer
            if dealer is None:
                raise RuleError(self.dealer_rule, self.no_dealer, hand=1)
            self.start_from(event, dealer)
            return
        hands = self.hands
        if not hands:
            raise self.refuse_undealt(1)
        hand = hands[-1]
        was_complete = hand._complete  # every hand state keeps it (a property is slower)
        hand.apply(event)
        if hand._complete and not was_complete:
            self._score(hand)
        elif was_complete and hand.penalty is not None and len(self.results) == len(hands):
            # a penalty given after the last trick replaces that hand's result
            self._rescore_last(hand)

    def refuse_undealt(self, number: int) -> RuleError:
        """The refusal of an event for hand ``number`` (the next one) before its deal,
        under the dealing rule."""
        if not self.hands:
            return RuleError(self.dealer_rule, self.not_dealt, hand=1)
        return RuleError(self.dealer_rule, msg(self.undealt, number=number), hand=number)

    def expect_penalty(self, hand_events: Iterable[Any]) -> None:
        """Tell the hand just dealt the penalty its ``hand_events`` end with, if any
        (the hand's ``expect_penalty``): a whole record or stored log is known ahead, so
        the penalty settles the renuncio that it shows before the penalty comes."""
        if self.hands:
            penalty = next((e for e in hand_events if isinstance(e, self.penalty_class)), None)
            self.hands[-1].expect_penalty(penalty)

    def replay(self, events: Iterable[Any]) -> None:
        """Apply a complete log of events (a stored match, a record's events) in order, as
        :meth:`apply` would one by one, each hand told its penalty right after its deal."""
        hand: list[Any] = []
        deal = self.deal_class
        for event in [*events, None]:
            if hand and (event is None or isinstance(event, deal)):
                self.apply(hand[0])
                if isinstance(hand[0], deal):
                    self.expect_penalty(hand)
                for later in hand[1:]:
                    self.apply(later)
                hand = []
            if event is not None:
                hand.append(event)

    def score_hand(self, hand: Any) -> None:
        """Score the hand just completed (what :meth:`apply` does when a play completes
        it; a record replay applies its plays to the hand directly and calls this)."""
        self._score(hand)

    def _score(self, hand: Any) -> None:
        result = hand.result
        self.results.append(result)
        for unit, gained in enumerate(self.delta(result)):
            self.score[unit] += gained
        self.score_after.append(tuple(self.score))

    def _rescore_last(self, hand: Any) -> None:
        old = self.results.pop()
        for unit, gained in enumerate(self.delta(old)):
            self.score[unit] -= gained
        self.score_after.pop()
        self._score(hand)
