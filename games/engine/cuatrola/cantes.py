"""Cantes (RULES.md C9), a part of :class:`~.hand.HandState`.

Checks on a cante's own terms (well formed, the calls complete, after a trick won by the
side, by an active seat of it, one per trick, each suit once, none in cuatrola or
quintola), then what the record proves against it: that the singer still held the pair
(neither card played by it, shown as another seat's, nor beyond its hand size) and that the
side sang the trump suit first when it could (V2). A cante refused for any reason reveals
nothing: its pair proves nothing against earlier plays (RECORD_FORMAT.md).
"""

from __future__ import annotations

from ..cards import SPANISH_20, Card
from ..core.cantes import CanteIntake
from ..errors import RuleError
from ..messages import Items, Seat, msg
from .events import Cante
from .knowledge import CanteRecord, Evidence
from .options import HAND_SIZE, SEATS
from .proofs import side_of

DECK = SPANISH_20


class CantesMixin(CanteIntake):
    """The C9 part of HandState (uses its state: tricks, knowledge, cantes…)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    def _pair(self, suit: str) -> tuple[Card, Card]:
        return Card.parse("12" + suit), Card.parse("11" + suit)

    def _eligible_singers(self) -> tuple[int, ...]:
        """The winner of the last trick and its partner, if the partner is active (C9)."""
        if not self.tricks or self.current_cards:
            return ()
        winner = self.tricks[-1].winner
        partner = (winner + 2) % SEATS
        return (winner,) if partner == self.sitting_out else (winner, partner)

    def _check_cante(self, event: Cante) -> CanteRecord:
        """Checks that need no hidden card; returns the record the cante would make."""
        seat, suit = event.seat, event.suit
        after = event.after_trick if event.after_trick is not None else len(self.tricks)
        is_seat = type(seat) is int and 0 <= seat < SEATS
        loc = {"trick": after, "seat": seat if is_seat else None, "cante": len(self.cantes) + 1}
        if self.declaration is None:
            # calls that stop short: the missing call is the error, even before a malformed
            # cante (RECORD_FORMAT.md)
            raise self._calls_missing()
        if (
            not is_seat
            or suit not in DECK.suits
            or (event.after_trick is not None and event.after_trick < 1)
        ):
            raise self._error(
                "C9",
                "a cante needs a seat from 0 to 3, a suit o, c, e or b and after_trick (1 or more)",
                **loc,
            )
        if self.penalty is not None:
            raise self._error("C12", "the hand was ended by a penalty", **loc)
        if self.declaration in ("cuatrola", "quintola"):
            raise self._error(
                "C9", msg("no cantes in a {declaration} hand", declaration=self.declaration), **loc
            )
        trick = self._cante_trick(event, after, "C9", loc)
        if side_of(seat) != side_of(trick.winner):
            raise self._error(
                "C9",
                msg(
                    "{seat}'s side did not win trick {number}", seat=Seat(seat), number=trick.number
                ),
                **loc,
            )
        if seat == self.sitting_out:
            raise self._error(
                "C9", msg("{seat} sits out this hand and cannot sing", seat=Seat(seat)), **loc
            )
        made_after = any(c.after_trick == trick.number for c in self.cantes)
        self._cante_once("C9", trick.number, made_after, suit in self.sung_suits, suit, loc)
        pending = suit != self.trump and self.trump not in self.sung_suits
        return CanteRecord(
            self.seq,
            seat,
            suit,
            trick.number,
            len(self.cantes) + 1,
            self._eligible_singers(),
            pending,
            40 if suit == self.trump else 20,
        )

    def _holding_faults(self, record: CanteRecord) -> list[RuleError]:
        """What the record already proves against the cante itself: the singer did not
        hold the pair (a card of it shown as another seat's, or already played by the
        singer, or beyond its hand size), or the side could have sung the trump suit."""
        seat, suit = record.seat, record.suit
        kn = self.knowledge
        sang = msg(
            "{seat} sang {suit} after trick {after_trick}",
            seat=Seat(seat),
            suit=DECK.suit_name(suit),
            after_trick=record.after_trick,
        )
        faults: list[RuleError] = []
        pair = self._pair(suit)
        others = [c for c in pair if kn.owner_of.get(c, seat) != seat]
        gone = [c for c in pair if c in kn.played]  # by the singer, when no card is another's
        new = [c for c in pair if c not in kn.known[seat]]
        if others:
            card, owner = others[0], kn.owner_of[others[0]]
            faults.append(
                self._cante_error(
                    record,
                    msg(
                        "{sang} but {seat} holds {card} ({evidence}): C9",
                        sang=sang,
                        seat=Seat(owner),
                        card=card,
                        evidence=kn.evidence(owner, card),
                    ),
                )
            )
        elif gone:
            faults.append(
                self._cante_error(
                    record,
                    msg(
                        "{sang} but no longer held {gone} (played at trick {x}): C9",
                        sang=sang,
                        gone=gone[0],
                        x=kn.played[gone[0]][2],
                    ),
                )
            )
        elif len(kn.known[seat]) + len(new) > HAND_SIZE:
            faults.append(
                self._cante_error(
                    record,
                    msg(
                        (
                            "{sang} but cannot hold {items} besides its {HAND_SIZE} known "
                            "cards: {known}: C9"
                        ),
                        sang=sang,
                        items=Items(new, " and "),
                        HAND_SIZE=HAND_SIZE,
                        known=self._known_list(seat),
                    ),
                )
            )
        if record.trump_pending:
            proof = self._trump_pair_holder(record)
            if proof:
                faults.append(self._trump_first_error(record, *proof))
        return faults

    def _judge_cante(self, event: Cante) -> tuple[CanteRecord, dict[Card, Evidence]]:
        """All C9 checks of a cante, including what knowledge proves (V2); returns the
        record it makes and the cards it newly reveals, or raises the fault reported.

        A cante the record proves faulty is the error itself, and reveals nothing: its
        pair is no evidence against earlier plays. Only a cante that passes every check
        makes its pair known, which may prove an earlier play or cante faulty (the
        earliest is reported). A fault the penalty ahead settles does not refuse the
        cante, but such a cante reveals nothing either (the seat may not hold the pair).
        """
        record = self._check_cante(event)
        own = self._holding_faults(record)
        unsettled = self._unsettled(own)
        if unsettled:
            raise unsettled[0]
        if own:
            return record, {}
        seat, sung = record.seat, Evidence("sung", record.after_trick)
        new = {c: sung for c in self._pair(record.suit) if c not in self.knowledge.known[seat]}
        proofs = self._unsettled(self._proofs_from_new_cards(seat, new)) if new else []
        if proofs:
            raise min(proofs, key=lambda e: e.seq)
        return record, new

    def _apply_cante(self, event: Cante) -> None:
        record, new = self._judge_cante(event)
        for card, evidence in new.items():
            self._learn(record.seat, card, evidence)
        self.cantes.append(record)
        self.sung_suits.add(record.suit)
        self.cante_points[side_of(record.seat)] += record.value
