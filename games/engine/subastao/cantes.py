"""Cantes and the tute (RULES.md S5), a part of :class:`~.hand.HandState`.

Only the bid winner's side sings, right after it won a trick, as Cuatrola's C9: one cante
per won trick, each suit once, 20 or 40 in trump, the trump suit first when the side could
sing it. A tute (all four 12s or all four 11s held by a seat of that side) takes the
trick's cante slot, makes the contract and ends the hand.

Checks on a cante's own terms come first; then what the record proves about the singer
holding its cards, and about trump first (V2). A faulty cante reveals nothing; a sound one
makes its cards known as the singer's, which may prove an earlier play or cante faulty.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import Card
from ..core.cantes import CanteIntake
from ..errors import RuleError
from ..knowledge import CanteRecord, Evidence
from ..messages import Items, Seat, msg
from .events import TUTE_RANKS, Cante


class TuteRecord(NamedTuple):
    """An accepted tute: ``rank`` ``"12"`` or ``"11"``."""

    seq: int
    seat: int
    rank: str
    after_trick: int
    ordinal: int


class CantesMixin(CanteIntake):
    """The S5 part of HandState (uses its state: tricks, knowledge, cantes…)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    def _pair(self, suit: str) -> tuple[Card, Card]:
        return Card.parse("12" + suit), Card.parse("11" + suit)

    def _cante_cards(self, event: Cante) -> tuple[Card, ...]:
        if event.tute is not None:
            return tuple(Card.parse(event.tute + s) for s in self.deck.suits)
        return self._pair(event.suit)

    def _cante_name(self, event: Cante) -> str:
        if event.tute is not None:
            return msg("a tute of {tute}s", tute=event.tute)
        return self.deck.suit_name(event.suit)

    def _eligible_singers(self) -> tuple[int, ...]:
        """The bid winner's side, right after it won a trick (S5); else nobody."""
        if not self.tricks or self.current_cards or self._complete or self.bidder is None:
            return ()
        unit = self.unit_of(self.bidder)
        if self.unit_of(self.tricks[-1].winner) != unit:
            return ()
        return self.rules.unit_seats(unit)

    def _ended(self, loc: dict[str, Any], tute_template: str) -> RuleError | None:
        """The refusal of an event after the hand ended: by a penalty (S7) or by a tute
        (S5, in ``tute_template``'s words)."""
        if self.penalty is not None:
            return self._error("S7", "the hand was ended by a penalty", **loc)
        if self.tute is not None:
            return self._error(
                "S5",
                msg(tute_template, seat=Seat(self.tute.seat), after_trick=self.tute.after_trick),
                **loc,
            )
        return None

    def _check_cante(self, event: Cante) -> tuple[int, tuple[int, ...]]:
        """Checks that need no hidden card; returns the trick it follows and the seats
        that could have sung on it."""
        seat, suit, tute = event.seat, event.suit, event.tute
        after = event.after_trick if event.after_trick is not None else len(self.tricks)
        is_seat = type(seat) is int and 0 <= seat < self.seats
        loc = {"trick": after, "seat": seat if is_seat else None, "cante": self._cante_count + 1}
        if not self.auction_over:  # the missing bid first, even before a malformed cante
            raise self._auction_pending()
        if (
            not is_seat
            or (suit is None) == (tute is None)
            or (suit is not None and suit not in self.deck.suits)
            or (tute is not None and tute not in TUTE_RANKS)
            or (event.after_trick is not None and event.after_trick < 1)
        ):
            raise self._error(
                "S5",
                msg(
                    (
                        "a cante needs a seat from 0 to {n}, either a suit (o, c, e, "
                        'b) or a tute ("12" or "11"), and the trick (1 or more) it '
                        "follows"
                    ),
                    n=self.seats - 1,
                ),
                **loc,
            )
        pending = self._auction_pending(**loc)
        if pending is not None:
            raise pending
        ended = self._ended(loc, "{seat}'s tute after trick {after_trick} ended the hand")
        if ended is not None:
            raise ended
        trick = self._cante_trick(event, after, "S5", loc)
        unit = self.unit_of(self.bidder)
        if self.unit_of(seat) != unit:
            raise self._error(
                "S5",
                msg(
                    "only the bid winner's side sings: {seat} is not on {seat_bidder}'s side",
                    seat=Seat(seat),
                    seat_bidder=Seat(self.bidder),
                ),
                **loc,
            )
        if self.unit_of(trick.winner) != unit:
            raise self._error(
                "S5",
                msg(
                    (
                        "{seat} won trick {number}: only the bid winner's side sings, "
                        "after a trick it won"
                    ),
                    seat=Seat(trick.winner),
                    number=trick.number,
                ),
                **loc,
            )
        sung = suit is not None and suit in self.sung_suits
        self._cante_once("S5", trick.number, trick.number in self.sung_after, sung, suit, loc)
        return trick.number, self.rules.unit_seats(unit)

    def _judge_cante(self, event: Cante) -> tuple[CanteRecord | TuteRecord, dict[Card, Evidence]]:
        """All S5 checks of a cante, including what knowledge proves (V2); returns the
        record it makes and the cards it newly reveals, or raises the fault to report."""
        after, eligible = self._check_cante(event)
        seat = event.seat
        kn = self.knowledge
        cards = self._cante_cards(event)
        name = self._cante_name(event)
        ordinal = self._cante_count + 1
        loc = {"trick": after, "seat": seat, "cante": ordinal}
        # the singer must hold the cards: none shown as another seat's, none already
        # played, and room for them in its hand (V2)
        elsewhere = kn.held_elsewhere(cards, seat)
        if elsewhere is not None:
            said = (
                "{seat} sang {name} after trick {after}, but {seat_owner} "
                "holds {card} ({evidence}): S5"
            )
            where = {"seat": Seat(seat), "name": name, "after": after}
            raise self._error("S5", msg(said, **where, **elsewhere), **loc)
        for card in cards:
            if card in kn.played:
                raise self._error(
                    "S5",
                    msg(
                        (
                            "{seat} sang {name} after trick {after} but no longer held "
                            "{card} (played at trick {x}): S5"
                        ),
                        seat=Seat(seat),
                        name=name,
                        after=after,
                        card=card,
                        x=kn.played[card][2],
                    ),
                    **loc,
                )
        known = kn.known[seat]
        unknown = [c for c in cards if c not in known]
        if len(known) + len(unknown) > self.hand_size:
            raise self._error(
                "S5",
                msg(
                    (
                        "{seat} sang {name} after trick {after}, but it cannot hold "
                        "{items} besides its known cards: {known}"
                    ),
                    seat=Seat(seat),
                    name=name,
                    after=after,
                    items=Items(unknown, " and "),
                    known=self._known_list(seat),
                ),
                **loc,
            )
        if event.tute is not None:
            record: CanteRecord | TuteRecord = TuteRecord(
                self.seq, seat, event.tute, after, ordinal
            )
            evidence = Evidence("tute", after)
        else:
            trump = self.trump
            record = CanteRecord(
                self.seq,
                seat,
                event.suit,
                after,
                ordinal,
                eligible,
                event.suit != trump and trump not in self.sung_suits,
                40 if event.suit == trump else 20,
            )
            if record.trump_pending:
                proof = self._trump_pair_holder(record)
                if proof:
                    raise self._trump_first_error(record, *proof)
            evidence = Evidence("sung", after)
        new = {c: evidence for c in unknown}
        if new:
            faults = self._proofs_from_new_cards(seat, new)
            if faults:
                raise min(faults, key=lambda e: e.seq)
        return record, new

    def _apply_cante(self, event: Cante) -> None:
        record, new = self._judge_cante(event)
        seat = record.seat
        for card, evidence in new.items():
            self._learn(seat, card, evidence)
        self._cante_count += 1
        self.sung_after.add(record.after_trick)
        if isinstance(record, TuteRecord):
            self.tute = record  # S5: the contract is made and the hand ends here
        else:
            self.cantes.append(record)
            self.sung_suits.add(record.suit)
            self.cante_points[self.unit_of(seat)] += record.value
        self._update_turn()

    def legal_cantes(self) -> list[Cante]:
        """The cantes (pairs and tutes) that may be announced now (S5): exact with the
        deal; without it, those the record does not rule out."""
        out = []
        for seat in self._eligible_singers():
            options = [Cante(seat, suit=s) for s in self.deck.suits]
            options += [Cante(seat, tute=r) for r in TUTE_RANKS]
            for cante in options:
                try:
                    self._judge_cante(cante)
                except RuleError:
                    continue
                if self.deal is not None and not all(
                    c in self._held[seat][c.suit] for c in self._cante_cards(cante)
                ):
                    continue
                out.append(cante)
        return out
