"""One hand of Subastao as a state that takes events (RULES.md S1–S7, V1–V4).

    >>> hand = HandState(SubastaoRules(), dealer=2)   # seat 0 speaks first
    >>> hand.apply(Bid(60)); hand.apply(Bid("pass")); hand.apply(Bid("pass"))
    >>> hand.bidder, hand.phase
    (0, 'trump')

``apply`` either accepts the event or raises :class:`RuleError` and changes nothing.
Without the deal, every event is checked against what the record proves (V2): a revoke
is refused at the first event that proves it, naming the earlier play. With the deal
(V4) every event is checked at once and ``legal_plays()`` is exact.

The play is Cuatrola's C7/C8 (:mod:`games.engine.tricks`); what is known of each seat is
:mod:`games.engine.knowledge`. Cost: an event touches the current trick and, when it makes
a card newly known, only those earlier plays of that seat that a card of its suit could
prove illegal (an index kept per seat and suit) — never the whole hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card
from ..core.hand import PlayRefusals
from ..core.proofs import SuspectIndex
from ..errors import RuleError
from ..knowledge import CanteRecord, Evidence, Knowledge, PlayRecord
from ..messages import Seat, msg
from ..tricks import advance, context, legal_cards, violation, winning_card, witness_suits
from .cantes import CantesMixin, TuteRecord
from .events import PASS, TUTE_RANKS, Bid, Cante, Event, Penalty, Play, Trump
from .options import BID_STEP, LAST_TRICK_BONUS, MAX_BID, SubastaoRules
from .proofs import ProofsMixin


class Trick(NamedTuple):
    """A completed trick: who led, the seats and cards in order, and the winner (C8)."""

    number: int
    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int


#: the evidence of a card played at trick t, made once (an Evidence is an immutable value)
_PLAYED_AT = [Evidence("played", t) for t in range(13)]


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


class HandState(CantesMixin, ProofsMixin, PlayRefusals):
    """A hand being bid and played. See the module docstring."""

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
        self.rules = rules
        self.seats = n = rules.players
        self._unit = tuple(rules.unit_of(s) for s in range(n))
        self.deck = rules.deck
        self._deck_cards = frozenset(self.deck.cards)  # a set lookup, not a method call
        self.hand_size = rules.hand_size
        self.number = number
        self.seq = 0  # number of accepted events
        self.score_before = tuple(score_before or (0,) * rules.units)
        if type(dealer) is not int or not 0 <= dealer < n:
            raise self._error("S1", msg("dealer must be a seat from 0 to {n}", n=n - 1))
        self.dealer = dealer
        self.first = (dealer + 1) % n  # the first speaker, who also leads trick 1 (S2, S3)
        self.knowledge = Knowledge(n)
        #: per seat and suit, the cards known to be in its hand now (known, not yet
        #: played): only the led suit and trump can make a play illegal, so a play looks at
        #: those two suits only. Dicts, not sets, so that witnesses are named in a stable
        #: order (the deal's).
        self._held: list[dict[str, dict[Card, None]]] = [
            {suit: {} for suit in self.deck.suits} for _ in range(n)
        ]
        self.deal: tuple[tuple[Card, ...], ...] | None = None
        if deal is not None:
            self.deal = self._check_deal(deal)
            for seat, cards in enumerate(self.deal):
                for card in cards:
                    self.knowledge.learn(seat, card, Evidence("dealt"))
                for card in cards:
                    self._held[seat][card.suit][card] = None

        # auction (S2)
        self.bids: list[int | str] = []
        self.passed = [False] * n
        self.bid: int | None = None
        self.bidder: int | None = None
        self.auction_over = False
        self.void = False
        self._speaker = self.first
        self.trump: str | None = None  # S3
        # play (S3, S4)
        self.tricks: list[Trick] = []
        self.current_seats: list[int] = []
        self.current_cards: list[Card] = []
        self.leader: int | None = None
        self.plays: list[PlayRecord] = []
        self.plays_by_seat: list[list[PlayRecord]] = [[] for _ in range(n)]
        #: per seat and suit, its earlier plays that a card of that suit could prove illegal
        self._suspects = SuspectIndex(n)
        # cantes (S5)
        self.cantes: list[CanteRecord] = []
        self.sung_suits: set[str] = set()
        self.sung_after: set[int] = set()  # tricks followed by a cante or the tute
        self.tute: TuteRecord | None = None
        self._cante_count = 0  # accepted cante events, pairs and tute
        # score (S6, S7)
        units = rules.units
        self.tricks_won = [0] * units
        self.card_points = [0] * units
        self.cante_points = [0] * units
        self.last_trick_unit: int | None = None
        self.penalty: Penalty | None = None
        #: the penalty this hand's record ends with, told before the play (expect_penalty)
        self.penalty_ahead: Penalty | None = None
        self._settled: int | None = None  # the seat whose S4 breaches it settles
        # derived, kept up to date by the event handlers (the hot path reads them)
        self._complete = False
        self._playing = False
        self._turn: int | None = self.first
        self._ctx = context([], "")

    # ------------------------------------------------------------------ header (S1, V1)
    def _check_deal(self, deal: Sequence[Sequence[Card | str]]) -> tuple[tuple[Card, ...], ...]:
        return self._checked_deal(deal, self.seats, self.hand_size, self.deck, "S1")

    # ------------------------------------------------------------------ accessors
    @property
    def phase(self) -> str:
        """``bidding``, ``trump`` (the bid winner names it), ``playing`` or ``complete``."""
        if not self.auction_over:
            return "bidding"
        if self._complete:
            return "complete"
        return "trump" if self.trump is None else "playing"

    @property
    def is_complete(self) -> bool:
        """Void, all tricks played, a tute (S5) or a penalty (S7)."""
        return self._complete

    @property
    def to_act(self) -> int | None:
        """The seat to bid, name trump or play next; None when the hand is complete."""
        return self._turn

    @property
    def trick_size(self) -> int:
        return self.seats

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or next to be played)."""
        return len(self.tricks) + 1

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return list(zip(self.current_seats, self.current_cards, strict=True))

    def held_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` is known to hold now (all of its unplayed cards with the
        deal; without it, those its cantes showed and it has not played yet)."""
        return [card for cards in self._held[seat].values() for card in cards]

    def unit_of(self, seat: int) -> int:
        """The scoring unit of ``seat`` (S6): itself with 3 players, its side in pairs."""
        return self._unit[seat]

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

    def legal_plays(self) -> list[Card]:
        """Cards the seat to play may play.

        With the deal: exactly the S4-legal cards of its hand. Without it: every card
        :meth:`apply` would accept — not yet played, not known to be another seat's, not
        proved illegal by the cards this seat is known to hold, and not proving an
        earlier play or cante of its seat faulty (V2).
        """
        seat = self._turn
        if not self._playing:
            return []
        ctx = self._ctx
        held = self.held_cards(seat)
        if self.deal is not None:
            return self.deck.sort(legal_cards(held, ctx))
        kn = self.knowledge
        known = kn.known[seat]
        full = len(known) >= self.hand_size
        excused = seat == self._settled
        trick = len(self.tricks) + 1
        out = []
        for c in self.deck:
            if c in kn.played or kn.owner_of.get(c, seat) != seat or (full and c not in known):
                continue
            if not excused and any(violation(c, w, ctx) for w in held):
                continue
            if c not in known and self._proofs_from_new_cards(seat, {c: Evidence("played", trick)}):
                continue
            out.append(c)
        return self.deck.sort(out)

    # ------------------------------------------------------------------ penalty ahead (S7)
    def expect_penalty(self, penalty: Penalty | None) -> None:
        """Tell the hand, before its play, that its record ends with ``penalty`` (S7).

        A paper record shows the renuncio card and the penalty comes last; the penalty
        settles the penalised seat's S4 breaches, which only knowledge of its cards proves:
        its plays are accepted and kept, and every other check still applies
        (RECORD_FORMAT.md ``penalty``, as Cuatrola's C12). The record checker, an import
        and the replay of a stored match call this with the hand's own penalty; live entry
        never does. A penalty that will be refused (no seat of the table, no rule S4)
        settles nothing. The hand then takes only that penalty.
        """
        if (
            penalty is None
            or type(penalty.seat) is not int
            or not 0 <= penalty.seat < self.seats
            or penalty.rule != "S4"
        ):
            self.penalty_ahead, self._settled = None, None
        else:
            self.penalty_ahead, self._settled = penalty, penalty.seat

    # ------------------------------------------------------------------ applying events
    def apply(self, event: Event) -> None:
        """Accept ``event`` or raise :class:`RuleError`; a refused event changes nothing."""
        if isinstance(event, Play):
            self._apply_play(event)
        elif isinstance(event, Bid):
            self._apply_bid(event)
        elif isinstance(event, Cante):
            self._apply_cante(event)
        elif isinstance(event, Trump):
            self._apply_trump(event)
        elif isinstance(event, Penalty):
            self._apply_penalty(event)
        else:
            raise TypeError(msg("not a Subastao event: {event!r}", event=event))
        self.seq += 1

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
        if event.seat is not None and event.seat != seat:  # checked inline: every call
            raise self._turn_refusal(event, seat, {"seat": event.seat, "call": index}, BID_TURN)
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

    # plays (S3, S4, V1, V2) ----------------------------------------------------------------
    def _apply_play(self, event: Play) -> None:
        card = event.card
        seat = self._turn
        kn = self.knowledge
        played = kn.played
        owner = kn.owner_of.get(card)
        if (
            not self._playing
            or (event.seat is not None and event.seat != seat)
            or card in played
            or card not in self._deck_cards
            or (owner is not None and owner != seat)
            or (owner is None and len(kn.known[seat]) >= self.hand_size)
        ):
            raise self._play_refusal(event)  # faulty on its own terms (V1, S2, S3, S5, S7)

        trick = len(self.tricks) + 1
        ctx = self._ctx
        record = PlayRecord(self.seq, seat, card, trick, len(self.current_cards) + 1, ctx)
        excused = seat == self._settled  # its S4 breaches are the penalty's (C12, S7)
        faults = None
        lead = ctx.lead
        if lead is not None and not excused:
            by_suit = self._held[seat]
            of_lead = by_suit[lead]
            of_trump = by_suit[ctx.trump] if lead != ctx.trump else ()
            if of_lead or of_trump:  # without the deal, mostly nothing is known yet
                witnesses = [*of_lead, *of_trump]
                for w in witnesses:
                    if violation(card, w, ctx):
                        own = self._worst(violation(card, h, ctx) for h in witnesses)
                        faults = [self._play_error(record, own)]
                        break
        if owner is None:
            evidence = _PLAYED_AT[trick]
            # only a play filed under this card's suit, or a cante before the trump pair
            # was sung, can be proved faulty by it (tricks.witness_suits)
            if card.suit in self._suspects.by_seat[seat] or (
                self.cantes and card.suit == self.trump and card.rank in TUTE_RANKS
            ):
                proofs = self._proofs_from_new_cards(seat, {card: evidence})
                if proofs:
                    faults = (faults or []) + proofs
        if faults:
            raise min(faults, key=lambda e: e.seq)

        # accepted
        if owner is None:
            kn.known[seat][card] = evidence
            kn.owner_of[card] = seat
        else:
            del self._held[seat][card.suit][card]
        played[card] = (seat, self.seq, trick)
        self.plays.append(record)
        self.plays_by_seat[seat].append(record)
        if lead is not None and not excused:
            self._suspects.file(record, witness_suits(card, ctx))
        self.current_seats.append(seat)
        self.current_cards.append(card)
        self._ctx = advance(ctx, card)
        if len(self.current_cards) == self.seats:
            self._finish_trick()
            self._update_turn()
        else:
            self._turn = (seat + 1) % self.seats  # what _update_turn gives mid-trick

    def _play_refusal(self, event: Play) -> RuleError:
        """The error for a play that is faulty on its own terms, in the order of
        RECORD_FORMAT.md: the deck, whether the hand takes a play, the turn, the card."""
        card = event.card
        loc = {
            "trick": len(self.tricks) + 1,
            "position": len(self.current_cards) + 1,
            "card": card.text,
        }
        if card not in self.deck:
            return self._error(
                "V1",
                msg(
                    "{card} is not a card of the {n_deck}-card deck",
                    card=card,
                    n_deck=len(self.deck),
                ),
                seat=self._turn,
                **loc,
            )
        pending = self._auction_pending(**loc)
        if pending is not None:
            pending.call = None  # a play is located by its trick and position
            return pending
        if self.penalty is not None:
            return self._error("S7", "the hand was ended by a penalty", **loc)
        if self.tute is not None:
            return self._error(
                "S5",
                msg(
                    "{seat}'s tute after trick {after_trick} ended the hand: no more play",
                    seat=Seat(self.tute.seat),
                    after_trick=self.tute.after_trick,
                ),
                **loc,
            )
        if self._complete:
            return self._error(
                "V1",
                msg("all {hand_size} tricks have been played", hand_size=self.hand_size),
                **loc,
            )
        seat = self._turn
        loc["seat"] = seat
        refusal = self._turn_refusal(event, seat, loc) or self._known_card_refusal(card, seat, loc)
        return refusal or self._full_hand_refusal(card, seat, self.hand_size, loc)

    def _finish_trick(self) -> None:
        cards = self.current_cards
        winner = self.current_seats[cards.index(winning_card(self._ctx))]
        unit = self._unit[winner]
        number = len(self.tricks) + 1
        self.tricks.append(
            Trick(number, self.current_seats[0], tuple(self.current_seats), tuple(cards), winner)
        )
        self.tricks_won[unit] += 1
        self.card_points[unit] += sum(map(self.deck.points.__getitem__, cards))
        if number == self.hand_size:
            self.last_trick_unit = unit
        self.current_seats, self.current_cards = [], []
        self._ctx = self._lead_ctx
        self.leader = winner

    # penalty (S7) -------------------------------------------------------------------------
    def _apply_penalty(self, event: Penalty) -> None:
        if not self.auction_over:  # the missing bid is the error, even before a malformed
            raise self._auction_pending()  # penalty (RECORD_FORMAT.md)
        seat = event.seat
        ok_seat = type(seat) is int and 0 <= seat < self.seats
        loc = {"seat": seat if ok_seat else None}
        if not ok_seat:
            raise self._error(
                "S7",
                msg("a penalty needs the seat (0 to {n}) that revoked", n=self.seats - 1),
                **loc,
            )
        if event.rule != "S4":
            raise self._error("S7", "a penalty must name the rule broken: S4 (renuncio)", **loc)
        if self.void:
            raise self._error("S7", "the hand is void (everyone passed): no penalty", **loc)
        if self.trump is None:
            raise self._auction_pending()
        if self.penalty_ahead is not None and event != self.penalty_ahead:
            ahead = self.penalty_ahead
            raise self._error(
                "S7",
                msg(
                    "this hand's record ends with a penalty against {seat} for {rule}",
                    seat=Seat(ahead.seat),
                    rule=ahead.rule,
                ),
                **loc,
            )
        if self.penalty is not None:
            raise self._error("S7", "the hand was already ended by a penalty", **loc)
        self.penalty = event
        self._update_turn()

    def __repr__(self) -> str:
        return (
            f"<HandState #{self.number} dealer={self.dealer} bid={self.bid} "
            f"bidder={self.bidder} trump={self.trump} phase={self.phase} "
            f"tricks={len(self.tricks)}>"
        )
