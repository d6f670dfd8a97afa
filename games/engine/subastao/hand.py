"""One hand of Subastao as a state that takes events (RULES.md S1–S7, V1–V4).

    >>> hand = HandState(SubastaoRules(), dealer=2)   # seat 0 speaks first
    >>> hand.apply(Bid(60)); hand.apply(Bid("pass")); hand.apply(Bid("pass"))
    >>> hand.bidder, hand.phase
    (0, 'trump')

``apply`` either accepts the event or raises :class:`RuleError` and changes nothing.
Without the deal, every event is checked against what the record proves (V2): a revoke
is refused at the first event that proves it, naming the earlier play. With the deal
(V4) every event is checked at once and ``legal_plays()`` is exact.

The play is Cuatrola's C7/C8 (:mod:`games.engine.tricks`) taken in by the core's
:class:`~games.engine.core.hand.TrickHand`, which also keeps what is known of each seat;
this class adds the auction (S2), the trump named by its winner (S3), the cantes and the
tute (S5) and the score (S6, S7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..core.hand import TrickHand
from ..errors import RuleError
from ..messages import Seat, msg
from ..tricks import SPANISH_TRICKS, context
from .cantes import CantesMixin, TuteRecord
from .events import PASS, Bid, Cante, Penalty, Play, Trump
from .options import BID_STEP, LAST_TRICK_BONUS, MAX_BID, SubastaoRules
from .proofs import ProofsMixin


@dataclass(frozen=True, slots=True)
class HandResult:
    """A complete hand's result (S6, S7). Tuples have one entry per scoring unit.

    ``made`` is None for a void hand; ``delta`` is what the hand adds to each unit.
    """

    void: bool
    bidder: int | None
    bid: int | None
    trump: str | None
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]
    cantes: tuple[int, ...]
    tute: int | None
    made: bool | None
    delta: tuple[int, ...]
    penalty: Penalty | None = None


BID_TURN = "it is {seat}'s turn to bid, not {seat2}'s"


class HandState(CantesMixin, ProofsMixin, TrickHand):
    """A hand being bid and played. See the module docstring."""

    __slots__ = (
        *("bids", "bid", "bidder", "passed", "_speaker", "void", "trump", "cantes"),
        *("cante_points", "sung_suits", "sung_after", "tute", "_cante_count"),
    )

    title = "Subastao"
    trick_rule = SPANISH_TRICKS
    handlers = {Play: "_apply_play", Bid: "_apply_bid", Cante: "_apply_cante"}
    handlers.update({Trump: "_apply_trump", Penalty: "_apply_penalty"})
    header_rule, penalty_rule, penalty_rules = "S1", "S7", ("S4",)
    penalty_words = {
        "seat": "a penalty needs the seat (0 to {n}) that revoked",
        "rule": "a penalty must name the rule broken: S4 (renuncio)",
        "again": "the hand was already ended by a penalty",
    }
    full_template = "{seat} played {card}, but its {hand_size} cards are already known: {known}"
    full_size_key = "hand_size"

    def __init__(
        self,
        rules: SubastaoRules,
        dealer: int,
        deal: Sequence[Sequence[Card | str]] | None = None,
        *,
        number: int = 1,
        score_before: Sequence[int] | None = None,
    ) -> None:
        """Start a hand (S1). ``deal``, when given, is every seat's cards (V4)."""
        n = rules.players
        self._start(
            rules,
            dealer,
            deal,
            number=number,
            score_before=score_before or (0,) * rules.units,
            seats=n,
            hand_size=rules.hand_size,
            deck=rules.deck,
            units=tuple(rules.unit_of(s) for s in range(n)),
        )
        # auction (S2)
        self.bids: list[int | str] = []
        self.passed = [False] * n
        self.bid: int | None = None
        self.bidder: int | None = None
        self.auction_over = False
        self.void = False
        self._speaker = self.first
        self.trump: str | None = None  # S3
        # cantes (S5)
        self.cantes = []
        self.sung_suits: set[str] = set()
        self.sung_after: set[int] = set()  # tricks followed by a cante or the tute
        self.tute: TuteRecord | None = None
        self._cante_count = 0  # accepted cante events, pairs and tute
        self.cante_points = [0] * rules.units
        self._points = self.deck.points
        self._ctx = context([], "")
        self._update_turn()

    # ------------------------------------------------------------------ accessors
    @property
    def phase(self) -> str:
        """``bidding``, ``trump`` (the bid winner names it), ``playing`` or ``complete``."""
        if not self.auction_over:
            return "bidding"
        if self._complete:
            return "complete"
        return "trump" if self.trump is None else "playing"

    def _update_turn(self) -> None:
        if not self.auction_over:
            self._complete = self._playing = False
            self._turn = self._speaker
            return
        self._complete = (
            self.void
            or self.penalty is not None
            or self.tute is not None
            or len(self.tricks) == self.hand_size
        )
        self._playing = not self._complete and self.trump is not None
        if self._complete:
            self._turn = None
        elif self.trump is None:
            self._turn = self.bidder
        elif not self.current_seats:
            self._turn = self.leader
        else:
            self._turn = (self.current_seats[-1] + 1) % self.seats

    def points(self) -> tuple[int, ...]:
        """Cards won + últimas + cantes, per scoring unit (S6)."""
        out = [c + s for c, s in zip(self.card_points, self.cante_points, strict=True)]
        if self.last_trick_unit is not None:
            out[self.last_trick_unit] += LAST_TRICK_BONUS
        return tuple(out)

    @property
    def result(self) -> HandResult | None:
        """The hand's result once it is complete (S6, S7), else None."""
        if not self._complete:
            return None
        units = self.rules.units
        if self.void:
            zero = (0,) * units
            return HandResult(True, None, None, None, zero, zero, zero, None, None, zero)
        points = self.points()
        unit = self.unit_of(self.bidder)
        if self.penalty is not None:  # S7: failed when the offender is on the bid side
            made = self.unit_of(self.penalty.seat) != unit
        elif self.tute is not None:  # S5: a tute makes the contract whatever the points
            made = True
        else:
            made = points[unit] >= self.bid
        delta = [0] * units
        if made:
            delta[unit] = self.bid
        else:
            for other in range(units):
                if other != unit:
                    delta[other] = self.rules.failed_value(self.bid)
        return HandResult(
            False,
            self.bidder,
            self.bid,
            self.trump,
            tuple(self.tricks_won),
            points,
            tuple(self.cante_points),
            self.tute.seat if self.tute is not None else None,
            made,
            tuple(delta),
            self.penalty,
        )

    # ------------------------------------------------------------------ legal moves (V4)
    def legal_bids(self) -> list[int | str]:
        """What the seat to speak may bid (S2): ``"pass"`` and every raise up to 230."""
        if self.auction_over:
            return []
        low = self.rules.min_bid if self.bid is None else max(self.rules.min_bid, self.bid + 1)
        low = -(-low // BID_STEP) * BID_STEP
        return [PASS, *range(low, MAX_BID + 1, BID_STEP)]

    def legal_trumps(self) -> list[str]:
        """The suits the bid winner may name (S3), when it is time to name one."""
        return list(self.deck.suits) if self.phase == "trump" else []

    # auction (S2) ------------------------------------------------------------------------
    def _bid_fault(self, seat: int, bid: int | str) -> str | None:
        if bid == PASS:
            return None
        if type(bid) is not int:
            return msg(
                '{seat} made an unknown bid {bid!r}: expected points or "pass"',
                seat=Seat(seat),
                bid=bid,
            )
        if bid % BID_STEP:
            return msg(
                "{seat} bid {bid}, which is not a multiple of {BID_STEP}",
                seat=Seat(seat),
                bid=bid,
                BID_STEP=BID_STEP,
            )
        if bid < self.rules.min_bid:
            return msg(
                "{seat} bid {bid}, below the minimum bid {min_bid}",
                seat=Seat(seat),
                bid=bid,
                min_bid=self.rules.min_bid,
            )
        if bid > MAX_BID:
            return msg(
                "{seat} bid {bid}, above the maximum {MAX_BID}",
                seat=Seat(seat),
                bid=bid,
                MAX_BID=MAX_BID,
            )
        if self.bid is not None and bid <= self.bid:
            return msg(
                "{seat} bid {bid}, which does not raise the standing {bid2}",
                seat=Seat(seat),
                bid=bid,
                bid2=self.bid,
            )
        return None

    def _apply_bid(self, event: Bid) -> None:
        index = len(self.bids) + 1
        if self.auction_over:
            raise self._error("S2", self._auction_over_text(), call=index)
        seat = self._speaker
        if event.seat is not None:  # the seat is implied: most calls do not name it
            self._check_call_turn(event, seat, index, BID_TURN)
        fault = self._bid_fault(seat, event.bid)
        if fault:
            raise self._error("S2", fault, seat=seat, call=index)
        self.bids.append(event.bid)
        if event.bid == PASS:
            self.passed[seat] = True
        else:
            self.bid, self.bidder = event.bid, seat
        active = [s for s in range(self.seats) if not self.passed[s]]
        if not active:
            self.auction_over = self.void = True
        elif self.bidder is not None and active == [self.bidder]:
            self.auction_over = True
        else:
            nxt = (seat + 1) % self.seats
            while self.passed[nxt]:
                nxt = (nxt + 1) % self.seats
            self._speaker = nxt
        self._update_turn()

    def _auction_over_text(self) -> str:
        if self.void:
            return "the auction is over: everyone passed, the hand is void"
        return msg(
            "the auction is over: {seat} won it with {bid}", seat=Seat(self.bidder), bid=self.bid
        )

    def _auction_pending(self, **loc) -> RuleError | None:
        """The refusal for an event that needs the auction over (S2), the hand not void
        (S2) and the trump named (S3); None when the play may go on."""
        if not self.auction_over:
            return self._error(
                "S2",
                msg("the auction is not over: {seat} has not spoken", seat=Seat(self._speaker)),
                **{**loc, "seat": self._speaker, "call": len(self.bids) + 1},
            )
        if self.void:
            return self._error("S2", "the hand is void: everyone passed", **loc)
        if self.trump is None:
            return self._error(
                "S3",
                msg(
                    "{seat} won the auction but has not named the trump suit",
                    seat=Seat(self.bidder),
                ),
                **{**loc, "seat": self.bidder},
            )
        return None

    # trump (S3) --------------------------------------------------------------------------
    def _apply_trump(self, event: Trump) -> None:
        if not self.auction_over:
            raise self._auction_pending()
        if self.void:  # RECORD_FORMAT.md: a trump given in a void hand is S3
            raise self._error("S3", "the hand is void: everyone passed")
        if self.trump is not None:
            raise self._error(
                "S3",
                msg(
                    "the trump suit is already named: {suit}", suit=self.deck.suit_name(self.trump)
                ),
            )
        if event.seat is not None and event.seat != self.bidder:
            raise self._error(
                "V1",
                msg(
                    "{seat} won the auction and names trump, not {seat2}",
                    seat=Seat(self.bidder),
                    seat2=Seat(event.seat),
                ),
                seat=event.seat,
            )
        if event.suit not in self.deck.suits:
            raise self._error(
                "S3",
                msg(
                    "{seat} named {suit!r}: the trump is a suit o, c, e or b",
                    seat=Seat(self.bidder),
                    suit=event.suit,
                ),
                seat=self.bidder,
            )
        self.trump = event.suit
        self._ctx = self._lead_ctx = context([], self.trump)
        self.leader = self.first
        self._update_turn()

    # plays (S3, S4, V1, V2): the core's; why the hand takes none ---------------------------
    def _closed_refusal(self, loc: dict) -> RuleError | None:
        pending = self._auction_pending(**loc)
        if pending is not None:
            pending.call = None  # a play is located by its trick and position
            return pending
        ended = self._ended(
            loc, "{seat}'s tute after trick {after_trick} ended the hand: no more play"
        )
        if ended is not None:
            return ended
        if self._complete:
            return self._error(
                "V1",
                msg("all {hand_size} tricks have been played", hand_size=self.hand_size),
                **loc,
            )
        return None

    # penalty (S7): the core's checks, and a hand with no play -------------------------------
    def _penalty_state(self, event: Penalty, ok: bool, loc: dict) -> RuleError | None:
        if self.void:
            return self._error("S7", "the hand is void (everyone passed): no penalty", **loc)
        return self._auction_pending() if self.trump is None else None

    def _calls_missing(self) -> RuleError:
        return self._auction_pending()

    def __repr__(self) -> str:
        return (
            f"<HandState #{self.number} dealer={self.dealer} bid={self.bid} "
            f"bidder={self.bidder} trump={self.trump} phase={self.phase} "
            f"tricks={len(self.tricks)}>"
        )
