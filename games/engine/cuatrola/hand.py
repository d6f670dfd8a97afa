"""One hand of Cuatrola as a state that takes events (RULES.md C1–C10, C12, V1–V4).

    >>> hand = HandState(CuatrolaRules(), dealer=3, trump_card=Card.parse("12o"))
    >>> hand.apply(Call("pass"))          # mano (seat 0) speaks first
    >>> hand.to_act
    1

``apply`` either accepts the event or raises :class:`RuleError` and changes nothing.
Without the deal, every event is checked against what the record proves (V2): a revoke
is refused at the first event that proves it, naming the earlier play. With the deal
(V4) every event is checked at once and ``legal_plays()`` is exact.

Cost: an event touches the current trick and, when it makes a card newly known, the
at most four earlier plays (and the cantes) of that seat — never the whole hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import SPANISH_20, Card
from ..core.hand import SPEAK_TURN, PlayRefusals
from ..core.proofs import SuspectIndex
from ..errors import RuleError
from ..messages import Seat, msg
from .cantes import CantesMixin
from .events import Call, Cante, Event, Penalty, Play
from .knowledge import CanteRecord, Evidence, Knowledge, PlayRecord
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
from .play import POINTS, advance, context, legal_cards, violation, winning_card, witness_suits
from .proofs import ProofsMixin, side_of

DECK = SPANISH_20


def _card(value: Card | str) -> Card | str | None:
    """A card of the deck from its text (None if it is none); a Card is kept as it is."""
    return DECK.card(value) if isinstance(value, str) else value


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the seats and cards in order, and the winner (C8)."""

    number: int
    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int

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


class HandState(CantesMixin, ProofsMixin, PlayRefusals):
    """A hand being played. See the module docstring."""

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
        self.rules = rules
        self.number = number
        self.seq = 0  # number of accepted events
        self.score_before = tuple(score_before)
        if type(dealer) is not int or not 0 <= dealer < SEATS:
            raise self._error("C1", msg("dealer must be a seat from 0 to {n}", n=SEATS - 1))
        self.dealer = dealer
        self.mano = (dealer + 1) % SEATS
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
        self.knowledge = Knowledge(SEATS)
        self.deal: tuple[tuple[Card, ...], ...] | None = None
        if deal is not None:
            self.deal = self._check_deal(deal)
            for seat, cards in enumerate(self.deal):
                for card in cards:
                    self.knowledge.learn(seat, card, Evidence("dealt"))
        else:
            self.knowledge.learn(dealer, trump, Evidence("trump"))

        self.calls: list[str] = []
        self.declaration: str | None = None  # set when the calls are complete
        self.declarer: int | None = None
        self.sitting_out: int | None = None
        self.tricks: list[Trick] = []
        self.current_seats: list[int] = []
        self.current_cards: list[Card] = []
        self.leader: int | None = None
        self.plays: list[PlayRecord] = []
        self.plays_by_seat: list[list[PlayRecord]] = [[] for _ in range(SEATS)]
        #: per seat and suit, its plays that a card of that suit could prove illegal (V2)
        self._suspects = SuspectIndex(SEATS)
        self.cantes: list[CanteRecord] = []
        self.sung_suits: set[str] = set()
        self.tricks_won = [0, 0]
        self.card_points = [0, 0]
        self.cante_points = [0, 0]
        self.last_trick_side: int | None = None
        self.failed = False
        self.penalty: Penalty | None = None
        #: the penalty this hand's record ends with, told before the play (expect_penalty)
        self.penalty_ahead: Penalty | None = None
        # derived, kept up to date by the event handlers (the hot path reads them)
        self._complete = False
        self._turn: int | None = self.mano
        self._ctx = context([], self.trump)

    # ------------------------------------------------------------------ header (C1, V1)
    def _check_deal(self, deal: Sequence[Sequence[Card | str]]) -> tuple[tuple[Card, ...], ...]:
        hands = self._checked_deal(deal, SEATS, HAND_SIZE, DECK, "C1")
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
        if self.is_complete:
            return "complete"
        return "playing"

    @property
    def is_complete(self) -> bool:
        """All tricks played, a cuatrola/quintola failed (C10) or a penalty given (C12)."""
        return self._complete

    @property
    def to_act(self) -> int | None:
        """The seat to call or play next; None when the hand is complete."""
        return self._turn

    def _update_turn(self) -> None:
        self._complete = self.declaration is not None and (
            self.penalty is not None or self.failed or len(self.tricks) == TRICKS
        )
        if self.declaration is None:
            self._turn = (self.mano + len(self.calls)) % SEATS
        elif self._complete:
            self._turn = None
        elif not self.current_seats:
            self._turn = self.leader
        else:
            self._turn = self._next_active(self.current_seats[-1])

    @property
    def trick_size(self) -> int:
        """4, or 3 when the declarer's partner sits out (C5)."""
        return SEATS - 1 if self.sitting_out is not None else SEATS

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or next to be played)."""
        return len(self.tricks) + 1

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return list(zip(self.current_seats, self.current_cards, strict=True))

    def points(self) -> tuple[int, int]:
        """Cards won + últimas + cantes, per side (C10)."""
        ultimas = [0, 0]
        if self.last_trick_side is not None:
            ultimas[self.last_trick_side] = LAST_TRICK_BONUS
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

    def legal_plays(self) -> list[Card]:
        """Cards the seat to play may play.

        With the deal: exactly the C7-legal cards of its hand. Without it: every card
        :meth:`apply` would accept — not yet played, not known to be another seat's, not
        proved illegal by the cards this seat is known to hold, and not proving an
        earlier play or cante of its seat faulty (V2).
        """
        seat = self.to_act
        if seat is None or self.declaration is None:
            return []
        ctx = self._ctx
        held = self.knowledge.held_now(seat)
        if self.deal is not None:
            return DECK.sort(legal_cards(held, ctx))
        full = len(self.knowledge.known[seat]) >= HAND_SIZE
        candidates = [
            c
            for c in DECK
            if c not in self.knowledge.played
            and self.knowledge.owner_of.get(c, seat) == seat
            and (not full or c in self.knowledge.known[seat])
        ]
        trick = len(self.tricks) + 1
        return DECK.sort(
            c
            for c in candidates
            if not any(violation(c, w, ctx) for w in held)
            and (
                c in self.knowledge.known[seat]
                or not self._proofs_from_new_cards(seat, {c: Evidence("played", trick)})
            )
        )

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

    # ------------------------------------------------------------------ penalty ahead (C12)
    def expect_penalty(self, penalty: Penalty | None) -> None:
        """Tell the hand, before its play, that its record ends with ``penalty`` (C12).

        A record (a paper score sheet) shows the renuncio card, and the penalty comes
        last; the penalty settles the penalised seat's breaches of its rule that only
        knowledge of cards proves (a C7 play; a cante of a pair it did not hold, or not
        the trump pair first): they are accepted and kept, and every other check still
        applies (RECORD_FORMAT.md ``penalty``). The record checker, an import and the
        replay of a stored match call this with the hand's own penalty; live entry never
        does, so a scorer's provable revoke is refused at once and the scorer records the
        penalty instead. A penalty that will be refused (option off, no seat 0-3, no rule
        C7/C9) settles nothing.
        """
        if (
            penalty is None
            or not self.rules.renuncio_penalty
            or type(penalty.seat) is not int
            or not 0 <= penalty.seat < SEATS
            or penalty.rule not in ("C7", "C9")
        ):
            self.penalty_ahead = None
        else:
            self.penalty_ahead = penalty

    def _unsettled(self, faults: list[RuleError]) -> list[RuleError]:
        """``faults`` less the breaches the penalty ahead settles (its seat, its rule)."""
        ahead = self.penalty_ahead
        if ahead is None:
            return faults
        return [e for e in faults if not (e.seat == ahead.seat and e.rule == ahead.rule)]

    # ------------------------------------------------------------------ applying events
    def apply(self, event: Event) -> None:
        """Accept ``event`` or raise :class:`RuleError`; a refused event changes nothing."""
        if isinstance(event, Play):
            self._apply_play(event)
        elif isinstance(event, Call):
            self._apply_call(event)
        elif isinstance(event, Cante):
            self._apply_cante(event)
        elif isinstance(event, Penalty):
            self._apply_penalty(event)
        else:
            raise TypeError(msg("not a Cuatrola event: {event!r}", event=event))
        self.seq += 1

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
        if event.seat is not None and event.seat != seat:  # checked inline: every call
            raise self._turn_refusal(event, seat, {"seat": event.seat, "call": index}, SPEAK_TURN)
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
        if best == 0:
            self.declaration = "plain"
        else:
            self.declaration = CALLS[best]
            self.declarer = (self.mano + ranks.index(best)) % SEATS
            self.sitting_out = (self.declarer + 2) % SEATS  # C5
        self.leader = self.mano if self.mano != self.sitting_out else self._next_active(self.mano)

    def _next_active(self, seat: int) -> int:
        nxt = (seat + 1) % SEATS
        return (nxt + 1) % SEATS if nxt == self.sitting_out else nxt

    # plays (C5–C8, C10, V1, V2) ----------------------------------------------------------
    def _apply_play(self, event: Play) -> None:
        card = event.card
        seat = self._turn
        kn = self.knowledge
        played = kn.played
        owner = kn.owner_of.get(card)
        known = kn.known[seat] if seat is not None else None
        if (
            self._complete
            or self.declaration is None
            or (event.seat is not None and event.seat != seat)
            or card in played
            or card not in DECK
            or (owner is not None and owner != seat)
            or (owner is None and len(known) >= HAND_SIZE)
        ):
            raise self._play_refusal(event)  # faulty on its own terms (V1, C3, C10, C12)

        trick = len(self.tricks) + 1
        ctx = self._ctx
        record = PlayRecord(self.seq, seat, card, trick, len(self.current_cards) + 1, ctx)
        faults = None
        for w in known:
            if w not in played and violation(card, w, ctx):
                own = self._worst(violation(card, h, ctx) for h in kn.held_now(seat))
                faults = [self._play_error(record, own)]
                break
        if owner is None:
            evidence = Evidence("played", trick)
            proofs = self._proofs_from_new_cards(seat, {card: evidence})
            if proofs:
                faults = (faults or []) + proofs
            known[card] = evidence  # the proofs' messages read it; undone if refused
        if faults:
            faults = self._unsettled(faults)
        if faults:
            if owner is None:
                del known[card]
            raise min(faults, key=lambda e: e.seq)

        # accepted
        if owner is None:
            kn.owner_of[card] = seat
        played[card] = (seat, self.seq, trick)
        self.plays.append(record)
        self.plays_by_seat[seat].append(record)
        suits = witness_suits(card, ctx)
        if suits:  # most plays: filed nowhere, no call made
            self._suspects.file(record, suits)
        self.current_seats.append(seat)
        self.current_cards.append(card)
        self._ctx = advance(ctx, card)
        if len(self.current_cards) == self.trick_size:
            self._finish_trick()
        self._update_turn()

    def _play_refusal(self, event: Play) -> RuleError:
        """The error for a play that is faulty on its own terms."""
        card = event.card
        loc = {
            "trick": len(self.tricks) + 1,
            "position": len(self.current_cards) + 1,
            "card": card.text,
        }
        if self.declaration is None:
            # the seat whose call is missing: its turn (to speak) is what the play skips
            return self._error(
                "C3",
                msg("the calls are not complete: {seat} has not spoken", seat=Seat(self.to_act)),
                seat=self.to_act,
                **loc,
            )
        if self._complete:
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
            return self._error(
                "V1", msg("all {TRICKS} tricks have been played", TRICKS=TRICKS), **loc
            )
        seat = self._turn
        loc["seat"] = seat
        refusal = self._turn_refusal(event, seat, loc)
        if refusal is None and card not in DECK:
            refusal = self._error(
                "V1", msg("{card} is not a card of the 20-card deck", card=card), **loc
            )
        refusal = refusal or self._known_card_refusal(card, seat, loc)
        return refusal or self._full_hand_refusal(card, seat, HAND_SIZE, loc)

    def _finish_trick(self) -> None:
        cards = self.current_cards
        winner = self.current_seats[cards.index(winning_card(self._ctx))]
        side = side_of(winner)
        number = len(self.tricks) + 1
        self.tricks.append(
            Trick(number, self.current_seats[0], tuple(self.current_seats), tuple(cards), winner)
        )
        self.tricks_won[side] += 1
        self.card_points[side] += sum(POINTS[c] for c in cards)
        if number == TRICKS:
            self.last_trick_side = side
        self.current_seats, self.current_cards = [], []
        self._ctx = context([], self.trump)
        self.leader = winner
        if self.declaration in ("cuatrola", "quintola"):
            lost = self.tricks_won[1 - side_of(self.declarer)]
            if lost > TRICKS - self.rules.tricks_needed(self.declaration):
                self.failed = True  # C10: the hand ends with the failing trick

    # penalty (C12) ----------------------------------------------------------------------
    def _apply_penalty(self, event: Penalty) -> None:
        # Calls that stop short: the missing call is the error, even before a malformed
        # penalty (RECORD_FORMAT.md); then the event's own content (the option, a seat,
        # a rule), then whether the hand can take it.
        if self.declaration is None:
            raise self._calls_missing()
        is_seat = type(event.seat) is int and 0 <= event.seat < SEATS
        loc = {"seat": event.seat if is_seat else None}
        if not self.rules.renuncio_penalty:
            raise self._error("C12", "this ruleset has no renuncio penalty", **loc)
        if not is_seat:
            raise self._error(
                "C12", "a penalty needs the seat (0 to 3) that broke the rules", **loc
            )
        if event.rule not in ("C7", "C9"):
            raise self._error("C12", "a penalty must name the rule broken: C7 or C9", **loc)
        if self.penalty_ahead is not None and event != self.penalty_ahead:
            ahead = self.penalty_ahead
            raise self._error(
                "C12",
                msg(
                    "this hand's record ends with a penalty against {seat} for {rule}",
                    seat=Seat(ahead.seat),
                    rule=ahead.rule,
                ),
                **loc,
            )
        if self.penalty is not None:
            raise self._error("C12", "the hand was already ended by a penalty", **loc)
        if event.seat == self.sitting_out:
            raise self._error(
                "C12",
                msg("{seat} sits out this hand and played no card", seat=Seat(event.seat)),
                **loc,
            )
        self.penalty = event
        self._update_turn()

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
