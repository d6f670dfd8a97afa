"""One hand of Cuatrola as a state that takes events (RULES.md C1–C10, C12, V1–V4).

    >>> hand = HandState(CuatrolaRules(), dealer=3, trump_card=Card.parse("12o"))
    >>> hand.apply(Call("pass"))          # mano (seat 0) speaks first
    >>> hand.to_act
    1

``apply`` either accepts the event or raises :class:`RuleError` and changes nothing.
Without the deal, every event is checked against what the record proves (V2): a revoke
is refused at the first event that proves it, naming the earlier play. With the deal
(V4) every event is checked at once and ``legal_plays()`` is exact.

The play, its refusals, the V2 proofs and the penalty's skeleton are the core's
(:class:`~games.engine.core.hand.TrickHand`); this class adds the shown trump card (C1),
the calls and a sitting-out partner (C3–C5), the cantes (C9), the failed cuatrola or
quintola (C10) and the score (C10, C12). Cost: an event touches the current trick and,
when it makes a card newly known, only that seat's plays filed under its suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import SPANISH_20, Card
from ..core.hand import Trick as _Trick
from ..core.hand import TrickHand
from ..errors import RuleError
from ..messages import Seat, msg
from ..tricks import SPANISH_TRICKS, context
from .cantes import CantesMixin
from .events import Call, Cante, Penalty, Play
from .knowledge import Evidence
from .options import (
    CALL_RANK,
    CALLS,
    HAND_SIZE,
    LAST_TRICK_BONUS,
    SEATS,
    TRICKS,
    VALUE,
    CuatrolaRules,
)
from .play import POINTS
from .proofs import ProofsMixin, side_of

DECK = SPANISH_20


def _card(value: Card | str) -> Card | str | None:
    """A card of the deck from its text (None if it is none); a Card is kept as it is."""
    return DECK.card(value) if isinstance(value, str) else value


class Trick(_Trick):
    """A completed trick: who led, the seats and cards in order, and the winner (C8)."""

    __slots__ = ()

    @property
    def points(self) -> int:
        return sum(POINTS[c] for c in self.cards)


@dataclass(frozen=True, slots=True)
class HandResult:
    """The result of a complete hand (C10, C12). Per-side pairs are [side 0, side 1]."""

    declaration: str
    declarer: int | None
    tricks_won: tuple[int, int]
    points: tuple[int, int]
    cantes: tuple[int, int]
    winner_side: int
    value: int
    penalty: Penalty | None = None


class HandState(CantesMixin, ProofsMixin, TrickHand):
    """A hand being played. See the module docstring."""

    __slots__ = (
        *("trump_card", "trump", "_trump_given", "calls", "declarer", "declaration"),
        *("mano", "sitting_out", "failed", "cantes", "cante_points", "sung_suits"),
    )

    title = "Cuatrola"
    trick_rule = SPANISH_TRICKS
    handlers = {Play: "_apply_play", Call: "_apply_call", Cante: "_apply_cante"}
    handlers[Penalty] = "_apply_penalty"
    trick_class = Trick
    header_rule, penalty_rule, penalty_rules = "C1", "C12", ("C7", "C9")
    penalty_order = ("option", "seat", "rule", "ahead", "again", "state")
    penalty_words = {
        "seat": "a penalty needs the seat (0 to 3) that broke the rules",
        "rule": "a penalty must name the rule broken: C7 or C9",
        "again": "the hand was already ended by a penalty",
    }
    deck_first = False

    fixed_hand_size, fixed_deck = HAND_SIZE, DECK

    def __init__(
        self,
        rules: CuatrolaRules,
        dealer: int,
        trump_card: Card | str,
        deal: Sequence[Sequence[Card | str]] | None = None,
        *,
        number: int = 1,
        score_before: tuple[int, int] = (0, 0),
    ) -> None:
        """Start a hand (C1). ``deal``, when given, is the five cards of every seat (V4)."""
        self._trump_given = trump_card
        self._start(rules, dealer, deal, number=number, score_before=score_before)
        del self._trump_given
        self.mano = self.first
        if deal is None:
            self._learn(dealer, self.trump_card, Evidence("trump"))
        self.calls: list[str] = []
        self.declaration: str | None = None  # set when the calls are complete
        self.auction_over = False
        self.declarer: int | None = None
        self.sitting_out: int | None = None
        self.cantes = []
        self.sung_suits: set[str] = set()
        self.cante_points = [0, 0]
        self.failed = False
        self._points = POINTS
        self._ctx = self._lead_ctx = context([], self.trump)
        self._update_turn()

    # ------------------------------------------------------------------ header (C1, V1)
    def _check_header(self) -> None:
        trump_card = self._trump_given
        trump = _card(trump_card)
        if trump not in DECK:
            raise self._error(
                "C1",
                msg(
                    "trump card {trump_card} is not a card of the 20-card deck",
                    trump_card=trump_card,
                ),
                card=str(trump_card),
            )
        self.trump_card: Card = trump
        self.trump: str = trump.suit

    def _check_deal(self, deal: Sequence[Sequence[Card | str]]) -> tuple[tuple[Card, ...], ...]:
        hands = super()._check_deal(deal)
        if self.trump_card not in hands[self.dealer]:
            raise self._error(
                "C1",
                msg(
                    "the trump card {trump_card} must be in the dealer's ({seat}) hand",
                    trump_card=self.trump_card,
                    seat=Seat(self.dealer),
                ),
                card=self.trump_card.text,  # a header error: nobody's turn, no seat
            )
        return hands

    # ------------------------------------------------------------------ accessors
    @property
    def phase(self) -> str:
        """``calling``, ``playing`` or ``complete``."""
        if self.declaration is None:
            return "calling"
        return "complete" if self._complete else "playing"

    def _update_turn(self) -> None:
        self._complete = self.declaration is not None and (
            self.penalty is not None or self.failed or len(self.tricks) == TRICKS
        )
        self._playing = self.declaration is not None and not self._complete
        if self.declaration is None:
            self._turn = (self.mano + len(self.calls)) % SEATS
        elif self._complete:
            self._turn = None
        elif not self.current_seats:
            self._turn = self.leader
        else:
            self._turn = self._next_active(self.current_seats[-1])

    def points(self) -> tuple[int, int]:
        """Cards won + últimas + cantes, per side (C10)."""
        ultimas = [0, 0]
        if self.last_trick_unit is not None:
            ultimas[self.last_trick_unit] = LAST_TRICK_BONUS
        return tuple(self.card_points[i] + ultimas[i] + self.cante_points[i] for i in (0, 1))

    @property
    def result(self) -> HandResult | None:
        """The hand's result once it is complete (C10, C12), else None."""
        if not self.is_complete:
            return None
        declaration = self.declaration
        points = self.points()
        value = VALUE[declaration]
        if self.penalty is not None:
            winner = 1 - side_of(self.penalty.seat)
        elif declaration in ("cuatrola", "quintola"):
            side = side_of(self.declarer)
            made = self.tricks_won[side] >= self.rules.tricks_needed(declaration)
            winner = side if made else 1 - side
        elif points[0] == points[1]:
            winner = side_of(self.mano)  # ties go to mano's side, even in a solo
        else:
            winner = 0 if points[0] > points[1] else 1
        return HandResult(
            declaration,
            self.declarer,
            tuple(self.tricks_won),
            points,
            tuple(self.cante_points),
            winner,
            value,
            self.penalty,
        )

    # ------------------------------------------------------------------ legal moves (V4)
    def legal_calls(self) -> list[str]:
        """Calls the seat to speak may make (C3, C4)."""
        if self.declaration is not None:
            return []
        seat = self.to_act
        return [c for c in self.rules.legal_call_names() if self._call_fault(seat, c) is None]

    def legal_cantes(self) -> list[tuple[int, str]]:
        """(seat, suit) cantes that may be announced now (C9): exact with the deal; without
        it, those not already ruled out by the record."""
        out = []
        for seat in self._eligible_singers():
            for suit in DECK.suits:
                try:
                    self._judge_cante(Cante(seat, suit))
                except RuleError:
                    continue
                if self.deal is not None and not all(
                    c in self.knowledge.held_now(seat) for c in self._pair(suit)
                ):
                    continue
                out.append((seat, suit))
        return out

    # calls (C3, C4) -----------------------------------------------------------------
    def _call_fault(self, seat: int, call: str) -> tuple[str, str] | None:
        if call not in CALL_RANK:
            return "C3", msg(
                "{seat} made an unknown call {call!r}: expected one of {calls}",
                seat=Seat(seat),
                call=call,
                calls=", ".join(self.rules.legal_call_names()),
            )
        if call == "quintola" and not self.rules.quintola:
            return "C3", msg(
                "{seat} called quintola, which this ruleset does not have", seat=Seat(seat)
            )
        if call == "pass":
            return None
        highest = max((CALL_RANK[c] for c in self.calls), default=0)
        if CALL_RANK[call] <= highest:
            return "C3", (
                msg(
                    "{seat} called {call}, which does not raise the standing {CALLS}",
                    seat=Seat(seat),
                    call=call,
                    CALLS=CALLS[highest],
                )
            )
        if self.rules.match == "exact":
            score = self.score_before[side_of(seat)]
            if score + VALUE[call] > self.rules.target:
                return "C4", (
                    msg(
                        (
                            "{seat} declared {call} ({VALUE}) with its side at {score}: "
                            "that would pass the target {target}"
                        ),
                        seat=Seat(seat),
                        call=call,
                        VALUE=VALUE[call],
                        score=score,
                        target=self.rules.target,
                    )
                )
        return None

    def _apply_call(self, event: Call) -> None:
        index = len(self.calls) + 1
        if self.declaration is not None:
            raise self._error(
                "C3", msg("the calls are over: {SEATS} calls were made", SEATS=SEATS), call=index
            )
        seat = self.to_act
        if event.seat is not None:  # the seat is implied: most calls do not name it
            self._check_call_turn(event, seat, index)
        fault = self._call_fault(seat, event.call)
        if fault:
            raise self._error(fault[0], fault[1], seat=seat, call=index)
        self.calls.append(event.call)
        if len(self.calls) == SEATS:
            self._finish_calls()
        self._update_turn()

    def _finish_calls(self) -> None:
        ranks = [CALL_RANK[c] for c in self.calls]
        best = max(ranks)
        self.auction_over = True
        if best == 0:
            self.declaration = "plain"
        else:
            self.declaration = CALLS[best]
            self.declarer = (self.mano + ranks.index(best)) % SEATS
            self.sitting_out = self._skip = (self.declarer + 2) % SEATS  # C5
            self.trick_size = SEATS - 1
        self.leader = self.mano if self.mano != self.sitting_out else self._next_active(self.mano)

    def _next_active(self, seat: int) -> int:
        nxt = (seat + 1) % SEATS
        return (nxt + 1) % SEATS if nxt == self.sitting_out else nxt

    # plays (C5–C8, C10, V1, V2): the core's; what ends the hand early ---------------
    def _trick_done(self, side: int) -> None:
        if self.declaration in ("cuatrola", "quintola"):
            lost = self.tricks_won[1 - side_of(self.declarer)]
            if lost > TRICKS - self.rules.tricks_needed(self.declaration):
                self.failed = True  # C10: the hand ends with the failing trick

    def _closed_refusal(self, loc: dict) -> RuleError | None:
        if self.declaration is None:
            # the seat whose call is missing: its turn (to speak) is what the play skips
            return self._error(
                "C3",
                msg("the calls are not complete: {seat} has not spoken", seat=Seat(self.to_act)),
                seat=self.to_act,
                **loc,
            )
        if not self._complete:
            return None
        if self.penalty is not None:
            return self._error("C12", "the hand was ended by a penalty", **loc)
        if self.failed:
            return self._error(
                "C10",
                msg(
                    "the {declaration} failed at trick {n_tricks}: the hand is over",
                    declaration=self.declaration,
                    n_tricks=len(self.tricks),
                ),
                **loc,
            )
        return self._error("V1", msg("all {TRICKS} tricks have been played", TRICKS=TRICKS), **loc)

    # penalty (C12): the core's checks, and a seat that sat out --------------------------
    def _penalty_state(self, event: Penalty, ok: bool, loc: dict) -> RuleError | None:
        if event.seat == self.sitting_out:
            return self._error(
                "C12",
                msg("{seat} sits out this hand and played no card", seat=Seat(event.seat)),
                **loc,
            )
        return None

    def _calls_missing(self) -> RuleError:
        """C3 for a cante or a penalty while the calls stop short: located at the missing
        call (RECORD_FORMAT.md), its seat being the one that has not spoken."""
        return self._error(
            "C3",
            msg("the calls are not complete: {seat} has not spoken", seat=Seat(self.to_act)),
            seat=self.to_act,
            call=len(self.calls) + 1,
        )

    def __repr__(self) -> str:
        return (
            f"<HandState #{self.number} dealer={self.dealer} trump={self.trump_card} "
            f"phase={self.phase} tricks={len(self.tricks)}>"
        )
