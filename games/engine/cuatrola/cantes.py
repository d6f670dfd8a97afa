"""Cantes (RULES.md C9), a part of :class:`~.hand.HandState`.

Checks on a cante's own terms (after a trick won by the side, by an active seat of it,
one per trick, each suit once, none in cuatrola or quintola), then what the record proves:
that the singer still held the pair, and that the side sang the trump suit first when it
could (V2).
"""

from __future__ import annotations

from ..cards import SPANISH_20, Card
from ..errors import RuleError
from .events import Cante
from .knowledge import CanteRecord, Evidence
from .options import HAND_SIZE, SEATS
from .proofs import side_of

DECK = SPANISH_20


class CantesMixin:
    """The C9 part of HandState (uses its state: tricks, knowledge, cantes…)."""

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
        loc = {"trick": after, "seat": seat, "cante": len(self.cantes) + 1}
        if type(seat) is not int or not 0 <= seat < SEATS or suit not in DECK.suits:
            raise self._error(
                "C9",
                "a cante needs a seat from 0 to 3 and a suit o, c, e or b",
                **{**loc, "seat": None},
            )
        if self.penalty is not None:
            raise self._error("C12", "the hand was ended by a penalty", **loc)
        if self.declaration is None:
            raise self._error(
                "C9", "no cante before the calls are complete and a trick is won", **loc
            )
        if self.declaration in ("cuatrola", "quintola"):
            raise self._error("C9", f"no cantes in a {self.declaration} hand", **loc)
        if self.current_cards and after == len(self.tricks) + 1:
            raise self._error(
                "C9",
                f"trick {after} is unfinished: a cante comes right after a "
                "completed trick, before the next lead",
                **loc,
            )
        if (
            (event.after_trick is not None and event.after_trick != len(self.tricks))
            or self.current_cards
            or not self.tricks
        ):
            raise self._error(
                "C9",
                f"a cante comes right after a completed trick, before the "
                f"next lead: trick {after} is not the trick just completed",
                **loc,
            )
        trick = self.tricks[-1]
        if side_of(seat) != side_of(trick.winner):
            raise self._error("C9", f"seat {seat}'s side did not win trick {trick.number}", **loc)
        if seat == self.sitting_out:
            raise self._error("C9", f"seat {seat} sits out this hand and cannot sing", **loc)
        if any(c.after_trick == trick.number for c in self.cantes):
            raise self._error(
                "C9",
                f"a cante was already made after trick {trick.number}: one per won trick",
                **loc,
            )
        if suit in self.sung_suits:
            raise self._error("C9", f"{DECK.suit_name(suit)} was already sung this hand", **loc)
        kn = self.knowledge
        for card in self._pair(suit):
            owner = kn.owner_of.get(card)
            if owner is not None and owner != seat:
                raise self._error(
                    "V1",
                    f"seat {seat} sang {DECK.suit_name(suit)}, but seat "
                    f"{owner} holds {card} ({kn.evidence(owner, card)})",
                    **loc,
                )
        new = [c for c in self._pair(suit) if c not in kn.known[seat]]
        if len(kn.known[seat]) + len(new) > HAND_SIZE:
            raise self._error(
                "V1",
                f"seat {seat} sang {DECK.suit_name(suit)}, but it cannot "
                f"hold {' and '.join(map(str, new))} besides its known cards: "
                + self._known_list(seat),
                **loc,
            )
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

    def _judge_cante(self, event: Cante) -> tuple[CanteRecord, dict[Card, Evidence]]:
        """All C9 checks of a cante, including what knowledge proves (V2); returns the
        record it makes and the cards it newly reveals, or raises the earliest fault."""
        record = self._check_cante(event)
        seat, suit = record.seat, record.suit
        kn = self.knowledge
        pair = self._pair(suit)
        faults: list[RuleError] = []
        gone = [c for c in pair if c in kn.played]
        if gone:
            faults.append(
                self._cante_error(
                    record,
                    f"seat {seat} sang {DECK.suit_name(suit)} after trick "
                    f"{record.after_trick} but no longer held {gone[0]} (played at trick "
                    f"{kn.played[gone[0]][2]}): C9",
                )
            )
        if record.trump_pending:
            proof = self._trump_pair_holder(record)
            if proof:
                faults.append(self._trump_first_error(record, *proof))
        sung = Evidence("sung", record.after_trick)
        new = {c: sung for c in pair if c not in kn.known[seat]}
        if new:
            faults.extend(self._proofs_from_new_cards(seat, new))
        if faults:
            raise min(faults, key=lambda e: e.seq)
        return record, new

    def _apply_cante(self, event: Cante) -> None:
        record, new = self._judge_cante(event)
        for card, evidence in new.items():
            self.knowledge.learn(record.seat, card, evidence)
        self.cantes.append(record)
        self.sung_suits.add(record.suit)
        self.cante_points[side_of(record.seat)] += record.value
