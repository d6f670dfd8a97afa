"""One round of Belote as a state that takes events (RULES.md B1–B8, V1–V4).

    >>> hand = HandState(BeloteRules(), dealer=3)
    >>> hand.apply(Call("hearts"))        # the first speaker (seat 0) calls first
    >>> hand.to_act
    1

``apply`` either accepts the event or raises :class:`RuleError` and changes nothing.
Without the deal, every event is checked against what the record proves (V2): a revoke
is refused at the first event that proves it, naming the earlier play. With the deal
(V4) every event is checked at once and ``legal_plays()`` is exact.

The play is the core's :class:`~games.engine.core.hand.TrickHand` under B6
(:mod:`.play`); this class adds the auction (B2, :mod:`.auction`), the declarations and
the belote (B5, :mod:`.announce`: after a belote the seat plays its K or Q), the dix de
der and the score (B7, B8).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import FRENCH_32, Card
from ..core.hand import TrickHand
from ..errors import RuleError
from ..messages import Seat, msg
from .announce import AnnounceMixin, DeclarationRecord
from .auction import AuctionMixin
from .declarations import belote_cards
from .events import Belote, Call, Declaration, Penalty, Play
from .options import HAND_SIZE, LAST_TRICK_BONUS, SEATS, TRICKS, BeloteRules
from .play import BELOTE_TRICKS, TrickContext
from .proofs import ProofsMixin, side_of
from .scoring import VOID, RoundResult, score_round

DECK = FRENCH_32


class HandState(AuctionMixin, AnnounceMixin, ProofsMixin, TrickHand):
    """A round being played. See the module docstring."""

    __slots__ = (
        *("calls", "standing", "standing_seat", "doubling", "passes", "void", "contract"),
        *("declarer", "multiplier", "declarations", "_belote", "_result"),
    )

    title = "Belote"
    trick_rule = BELOTE_TRICKS
    handlers = {Play: "_apply_play", Call: "_apply_call", Declaration: "_apply_declaration"}
    handlers.update({Belote: "_apply_declaration", Penalty: "_apply_penalty"})
    header_rule, play_rule, penalty_rule, penalty_rules = "B1", "B6", "B7", ("B6",)
    penalty_order = ("seat", "rule", "option", "state", "again")
    penalty_words = {
        "seat": "a penalty needs the seat (0 to 3) that broke B6",
        "rule": "a penalty is for a renuncio: its rule is B6",
        "again": "the round was already ended by a penalty",
    }
    holds_template = "{seat} played {card}, but {seat_owner} is known to hold it ({evidence})"

    fixed_hand_size, fixed_deck = HAND_SIZE, DECK

    def __init__(
        self,
        rules: BeloteRules,
        dealer: int,
        deal: Sequence[Sequence[Card | str]] | None = None,
        *,
        number: int = 1,
        score_before: tuple[int, int] = (0, 0),
        settled: int | None = None,
    ) -> None:
        """Start a round (B1). ``deal``, when given, is every seat's 8 cards (V4).

        ``settled``: the seat a record's renuncio penalty names; its revokes are what the
        penalty settles, so they are not refused (RECORD_FORMAT.md "penalty").
        """
        self._start(rules, dealer, deal, number=number, score_before=score_before)
        self.settled = settled
        # auction (B2)
        self.calls: list[str] = []
        self.standing: str | None = None
        self.standing_seat: int | None = None
        self.doubling = 1
        self.passes = 0
        self.auction_over = False
        self.void = False
        self.contract = None  # the final Contract, once the auction is over
        self.declarer: int | None = None
        self.multiplier = 1
        # declarations (B5)
        self.declarations: list[DeclarationRecord] = []
        self._belote: tuple[int, str] | None = None
        self._result: tuple[int, RoundResult] | None = None
        self._update_turn()

    def _empty_ctx(self) -> TrickContext:
        return TrickContext(self.contract, None, None, None, 0, 0)

    @property
    def pending_belote(self) -> tuple[int, str] | None:
        """(seat, suit) of a belote announced with the card its seat plays next."""
        return self._belote if self._only is not None else None

    @pending_belote.setter
    def pending_belote(self, value: tuple[int, str] | None) -> None:
        self._belote = value
        self._only = None if value is None else frozenset(belote_cards(value[1]))

    # ------------------------------------------------------------------ accessors
    @property
    def phase(self) -> str:
        """``calling``, ``playing`` or ``complete``."""
        if not self.auction_over:
            return "calling"
        return "complete" if self._complete else "playing"

    def _update_turn(self) -> None:
        self._complete = self.auction_over and (
            self.void or self.penalty is not None or len(self.tricks) == TRICKS
        )
        self._playing = self.auction_over and not self._complete
        if not self.auction_over:
            self._turn = (self.first + len(self.calls)) % SEATS
        elif self._complete:
            self._turn = None
        elif not self.current_seats:
            self._turn = self.leader
        else:
            self._turn = (self.current_seats[-1] + 1) % SEATS

    @property
    def result(self) -> RoundResult | None:
        """The round's result once it is complete (B7, B8), else None."""
        if not self._complete:
            return None
        if self.void:
            return VOID
        if self._result is None or self._result[0] != self.seq:  # computed once per event
            result = score_round(
                self.contract,
                self.declarer,
                self.multiplier,
                self.tricks_won,
                self.card_points,
                [(side_of(d.seat), d.value, d.strength) for d in self.declarations],
                compare_sequences=self.rules.compare_sequences,
                penalty_seat=self.penalty.seat if self.penalty is not None else None,
            )
            self._result = (self.seq, result)
        return self._result[1]

    # plays (B6, V1, V2): the core's; the dix de der; why the round takes none ---------
    def _won_last_trick(self, side: int) -> None:
        self.last_trick_unit = side
        self.card_points[side] += LAST_TRICK_BONUS

    def _closed_refusal(self, loc: dict) -> RuleError | None:
        loc = {**loc, "seat": self._turn}
        if not self.auction_over:
            return self._error(
                "B2",
                msg("the auction is not complete: {seat} has not spoken", seat=Seat(self._turn)),
                **loc,
            )
        if self.void:
            return self._error("B2", "the round is void (four passes): no card is played", **loc)
        if self.penalty is not None:
            return self._error("B7", "the round was ended by a penalty", **loc)
        if self._complete:
            return self._error(
                "V1", msg("all {TRICKS} tricks have been played", TRICKS=TRICKS), **loc
            )
        return None

    def _barred_refusal(self, card: Card, seat: int, loc: dict) -> RuleError:
        k, q = belote_cards(self._belote[1])
        return self._error(
            "B5",
            msg(
                "{seat} announced a belote in {suit}: it plays {k} or {q} with it, not {card}",
                seat=Seat(seat),
                suit=DECK.suit_name(k.suit),
                k=k,
                q=q,
                card=card,
            ),
            **loc,
        )

    # penalty (B7): the core's checks, and a void round ----------------------------------
    def _penalty_state(self, event: Penalty, ok: bool, loc: dict) -> RuleError | None:
        if self.void:
            return self._error("B7", "a void round has no play to penalise", **loc)
        return None

    def auction_missing(self) -> RuleError:
        """B2 for any event while the calls stop short: located at the missing call
        (RECORD_FORMAT.md: in every game, even before a malformed event)."""
        return self._error(
            "B2",
            msg("the auction is not complete: {seat} has not spoken", seat=Seat(self._turn)),
            seat=self._turn,
            call=len(self.calls) + 1,
        )

    _calls_missing = auction_missing

    def __repr__(self) -> str:
        contract = self.contract.name if self.contract else None
        return (
            f"<HandState #{self.number} dealer={self.dealer} contract={contract} "
            f"phase={self.phase} tricks={len(self.tricks)}>"
        )
