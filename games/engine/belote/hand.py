"""One round of Belote as a state that takes events (RULES.md B1–B8, V1–V4).

    >>> hand = HandState(BeloteRules(), dealer=3)
    >>> hand.apply(Call("hearts"))        # the first speaker (seat 0) calls first
    >>> hand.to_act
    1

``apply`` either accepts the event or raises :class:`RuleError` and changes nothing.
Without the deal, every event is checked against what the record proves (V2): a revoke
is refused at the first event that proves it, naming the earlier play. With the deal
(V4) every event is checked at once and ``legal_plays()`` is exact.

Cost: an event touches the current trick and, when it makes a card newly known, the
at most seven earlier plays of that seat — never the whole round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import FRENCH_32, Card
from ..core.hand import PlayRefusals
from ..core.proofs import SuspectIndex
from ..errors import RuleError
from ..knowledge import Evidence, Knowledge, PlayRecord
from ..messages import Seat, msg
from .announce import AnnounceMixin, DeclarationRecord
from .auction import AuctionMixin
from .declarations import belote_cards
from .events import Belote, Call, Declaration, Event, Penalty, Play
from .options import HAND_SIZE, LAST_TRICK_BONUS, SEATS, TRICKS, BeloteRules
from .play import TrickContext, advance, legal_cards, violation, witness_suits
from .proofs import ProofsMixin, side_of
from .scoring import VOID, RoundResult, score_round

DECK = FRENCH_32
_IN_DECK = frozenset(DECK.cards)  # membership without a method call (the hot path)
_new = tuple.__new__  # builds a PlayRecord without its Python-level __new__ (the hot path)
#: the evidence of a card played at trick N (shared: evidence values are immutable)
_PLAYED = [Evidence("played", trick) for trick in range(TRICKS + 2)]


class Trick(NamedTuple):
    """A completed trick: who led, the seats and cards in order, and the winner (B6)."""

    number: int
    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int


class HandState(AuctionMixin, AnnounceMixin, ProofsMixin, PlayRefusals):
    """A round being played. See the module docstring."""

    holds_template = "{seat} played {card}, but {seat_owner} is known to hold it ({evidence})"

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
        self.rules = rules
        self.number = number
        self.seq = 0  # number of accepted events
        self.score_before = tuple(score_before)
        self.settled = settled
        if type(dealer) is not int or not 0 <= dealer < SEATS:
            raise self._error("B1", msg("dealer must be a seat from 0 to {n}", n=SEATS - 1))
        self.dealer = dealer
        self.first = (dealer + 1) % SEATS  # the first speaker, who leads trick 1
        self.knowledge = Knowledge(SEATS)
        self.deal: tuple[tuple[Card, ...], ...] | None = None
        #: per seat, the known cards it has not played yet (the B6 witnesses of its play)
        #: (dicts, not sets: the witness a message names must not depend on hashing)
        self._held: list[dict[Card, None]] = [{} for _ in range(SEATS)]
        if deal is not None:
            self.deal = self._check_deal(deal)
            dealt = Evidence("dealt")
            for seat, cards in enumerate(self.deal):
                self._held[seat].update(dict.fromkeys(cards))
                for card in cards:
                    self.knowledge.learn(seat, card, dealt)
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
        # play (B6)
        self.tricks: list[Trick] = []
        self.current_seats: list[int] = []
        self.current_cards: list[Card] = []
        self.leader: int | None = None
        self.plays: list[PlayRecord[TrickContext]] = []
        self.plays_by_seat: list[list[PlayRecord[TrickContext]]] = [[] for _ in range(SEATS)]
        #: per seat, its plays that a card of a given suit could still prove faulty (V2)
        self._suspects = SuspectIndex(SEATS)
        self.tricks_won = [0, 0]
        self.card_points = [0, 0]
        # declarations (B5)
        self.declarations: list[DeclarationRecord] = []
        self.pending_belote: tuple[int, str] | None = None
        self.penalty: Penalty | None = None
        # derived, kept up to date by the event handlers (the hot path reads them)
        self._complete = False
        self._turn: int | None = self.first
        self._ctx: TrickContext | None = None
        self._result: tuple[int, RoundResult] | None = None

    # ------------------------------------------------------------------ header (B1, V1)
    def _check_deal(self, deal: Sequence[Sequence[Card | str]]) -> tuple[tuple[Card, ...], ...]:
        return self._checked_deal(deal, SEATS, HAND_SIZE, DECK, "B1")

    def _empty_ctx(self) -> TrickContext:
        return TrickContext(self.contract, None, None, None, 0, 0)

    # ------------------------------------------------------------------ accessors
    @property
    def phase(self) -> str:
        """``calling``, ``playing`` or ``complete``."""
        if not self.auction_over:
            return "calling"
        return "complete" if self._complete else "playing"

    @property
    def is_complete(self) -> bool:
        """A void round, all 8 tricks played, or a penalty given (B2, B7)."""
        return self._complete

    @property
    def to_act(self) -> int | None:
        """The seat to call or play next; None when the round is complete."""
        return self._turn

    def _update_turn(self) -> None:
        self._complete = self.auction_over and (
            self.void or self.penalty is not None or len(self.tricks) == TRICKS
        )
        if not self.auction_over:
            self._turn = (self.first + len(self.calls)) % SEATS
        elif self._complete:
            self._turn = None
        elif not self.current_seats:
            self._turn = self.leader
        else:
            self._turn = (self.current_seats[-1] + 1) % SEATS

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or next to be played)."""
        return len(self.tricks) + 1

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return list(zip(self.current_seats, self.current_cards, strict=True))

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

    # ------------------------------------------------------------------ legal moves (V4)
    def legal_plays(self) -> list[Card]:
        """Cards the seat to play may play.

        With the deal: exactly the B6-legal cards of its hand. Without it: every card
        :meth:`apply` would accept — not yet played, not known to be another seat's, not
        proved illegal by the cards this seat is known to hold, and not proving an
        earlier play of its seat faulty (V2). After a belote, only its K and Q.
        """
        seat = self._turn
        if seat is None or not self.auction_over:
            return []
        ctx = self._ctx
        kn = self.knowledge
        held = kn.held_now(seat)
        only = None
        if self.pending_belote is not None:
            only = set(belote_cards(self.pending_belote[1]))
        if self.deal is not None:
            return DECK.sort(c for c in legal_cards(held, ctx) if only is None or c in only)
        full = len(kn.known[seat]) >= HAND_SIZE
        trick = len(self.tricks) + 1
        return DECK.sort(
            c
            for c in DECK
            if c not in kn.played
            and kn.owner_of.get(c, seat) == seat
            and (not full or c in kn.known[seat])
            and (only is None or c in only)
            and not any(violation(c, w, ctx) for w in held)
            and (
                c in kn.known[seat]
                or not self._proofs_from_new_cards(seat, {c: Evidence("played", trick)})
            )
        )

    # ------------------------------------------------------------------ applying events
    def apply(self, event: Event) -> None:
        """Accept ``event`` or raise :class:`RuleError`; a refused event changes nothing."""
        if isinstance(event, Play):
            self._apply_play(event)
        elif isinstance(event, Call):
            self._apply_call(event)
        elif isinstance(event, (Declaration, Belote)):
            self._apply_declaration(event)
        elif isinstance(event, Penalty):
            self._apply_penalty(event)
        else:
            raise TypeError(msg("not a Belote event: {event!r}", event=event))
        self.seq += 1

    # plays (B6, V1, V2) ---------------------------------------------------------------
    def _apply_play(self, event: Play) -> None:
        card = event.card
        seat = self._turn
        kn = self.knowledge
        played = kn.played
        owner = kn.owner_of.get(card)
        known = kn.known[seat] if seat is not None else None
        pending = self.pending_belote
        if (
            self._complete
            or not self.auction_over
            or (event.seat is not None and event.seat != seat)
            or card in played
            or card not in _IN_DECK
            or (owner is not None and owner != seat)
            or (owner is None and len(known) >= HAND_SIZE)
            or (pending is not None and (card.suit != pending[1] or card.rank not in ("K", "Q")))
        ):
            raise self._play_refusal(event)  # faulty on its own terms (V1, B2, B5, B7)

        trick = len(self.tricks) + 1
        ctx = self._ctx
        cards = self.current_cards
        record = _new(PlayRecord, (self.seq, seat, card, trick, len(cards) + 1, ctx))
        held = self._held[seat]
        if seat != self.settled:
            faults = None
            lead = ctx.lead
            # the leader, and a follower of a suit that need not be beaten, are always
            # legal: no witness to look for (the common case, worth the shortcut)
            if held and not (lead is None or (card.suit == lead and lead not in ctx.contract.beat)):
                for w in held:
                    if violation(card, w, ctx):
                        own = self._worst(violation(card, h, ctx) for h in held)
                        faults = [self._play_error(record, own)]
                        break
            if owner is None:
                # V2: the newly known card, held all along, against this seat's earlier
                # plays (ProofsMixin._proofs_from_new_cards, inlined for the one card)
                for earlier in self._suspects.by_seat[seat].get(card.suit, ()):
                    v = violation(earlier.card, card, earlier.ctx)
                    if v:
                        error = self._play_error(earlier, v, _PLAYED[trick])
                        faults = [*(faults or []), error]
            if faults:
                raise min(faults, key=lambda e: e.seq)

        # accepted
        if owner is None:
            known[card] = _PLAYED[trick]
            kn.owner_of[card] = seat
        else:
            del held[card]
        played[card] = (seat, self.seq, trick)
        self.plays.append(record)
        self.plays_by_seat[seat].append(record)
        suits = witness_suits(card, ctx)
        if suits:  # most plays: filed nowhere, no call made
            self._suspects.file(record, suits)
        self.current_seats.append(seat)
        cards.append(card)
        self.pending_belote = None
        self._ctx = advance(ctx, card)
        if len(cards) == SEATS:
            self._finish_trick()
            self._update_turn()
        else:
            self._turn = (seat + 1) % SEATS

    def _play_refusal(self, event: Play) -> RuleError:
        """The error for a play that is faulty on its own terms."""
        card = event.card
        seat = self._turn
        loc = {
            "trick": len(self.tricks) + 1,
            "position": len(self.current_cards) + 1,
            "card": card.text,
            "seat": seat,
        }
        if card not in DECK:
            return self._error(
                "V1", msg("{card} is not a card of the 32-card deck", card=card), **loc
            )
        if not self.auction_over:
            return self._error(
                "B2",
                msg("the auction is not complete: {seat} has not spoken", seat=Seat(seat)),
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
        refusal = self._turn_refusal(event, seat, loc) or self._known_card_refusal(card, seat, loc)
        if (
            refusal is None
            and self.knowledge.owner_of.get(card) is None
            and len(self.knowledge.known[seat]) >= HAND_SIZE
        ):
            refusal = self._full_hand_refusal(card, seat, HAND_SIZE, loc)
        if refusal is not None:
            return refusal
        k, q = belote_cards(self.pending_belote[1])
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

    def _finish_trick(self) -> None:
        cards = self.current_cards
        winner = self.current_seats[self._ctx.winning]
        side = side_of(winner)
        number = len(self.tricks) + 1
        seats = self.current_seats
        self.tricks.append(_new(Trick, (number, seats[0], tuple(seats), tuple(cards), winner)))
        self.tricks_won[side] += 1
        points = self.contract.points
        a, b, c, d = cards
        self.card_points[side] += points[a] + points[b] + points[c] + points[d]
        if number == TRICKS:
            self.card_points[side] += LAST_TRICK_BONUS
        self.current_seats, self.current_cards = [], []
        self._ctx = self._empty_ctx()
        self.leader = winner

    # penalty (B7) -----------------------------------------------------------------------
    def _apply_penalty(self, event: Penalty) -> None:
        if not self.auction_over:  # the missing call is the error, even before a malformed
            raise self.auction_missing()  # penalty or one the ruleset has not
        seat = event.seat
        valid_seat = type(seat) is int and 0 <= seat < SEATS
        loc = {"seat": seat if valid_seat else None}
        if not valid_seat:
            raise self._error("B7", "a penalty needs the seat (0 to 3) that broke B6", **loc)
        if event.rule != "B6":
            raise self._error("B7", "a penalty is for a renuncio: its rule is B6", **loc)
        if not self.rules.renuncio_penalty:
            raise self._error("B7", "this ruleset has no renuncio penalty", **loc)
        if self.void:
            raise self._error("B7", "a void round has no play to penalise", **loc)
        if self.penalty is not None:
            raise self._error("B7", "the round was already ended by a penalty", **loc)
        self.penalty = event
        self.pending_belote = None
        self._update_turn()

    def auction_missing(self) -> RuleError:
        """B2 for any event while the calls stop short: located at the missing call
        (RECORD_FORMAT.md: in every game, even before a malformed event)."""
        return self._error(
            "B2",
            msg("the auction is not complete: {seat} has not spoken", seat=Seat(self._turn)),
            seat=self._turn,
            call=len(self.calls) + 1,
        )

    def __repr__(self) -> str:
        contract = self.contract.name if self.contract else None
        return (
            f"<HandState #{self.number} dealer={self.dealer} contract={contract} "
            f"phase={self.phase} tricks={len(self.tricks)}>"
        )
