"""What the record proves (RULES.md V2), and the refusals' messages: a part of
:class:`~.hand.HandState`.

A card newly known to be a seat's (played, or shown in a cante or a tute) was held at
every earlier moment of the hand, so it is checked, as an S4 (= C7) witness, against the
earlier plays of that seat that a card of its suit could prove illegal and, for the trump
pair, against the earlier non-trump cantes of its side (S5 trump first). Nothing else can
change, so nothing else is re-checked.
"""

from __future__ import annotations

from ..cards import SPANISH_40, Card
from ..errors import RuleError
from ..knowledge import CanteRecord, Evidence, PlayRecord
from ..messages import Items, Seat, msg
from ..tricks import Violation, describe_violation, violation

# Which witness to report when several prove the same play illegal.
_REASON_ORDER = {"follow": 0, "beat": 1, "trump": 2, "overtrump": 3}


def _s4(subrule: str) -> str:
    return msg("S4 ({subrule})", subrule=subrule)


class ProofsMixin:
    """The V2 proofs and error builders of HandState (uses its state)."""

    def _worst(self, violations) -> Violation | None:
        found = [v for v in violations if v is not None]
        return min(found, key=lambda v: _REASON_ORDER[v.reason]) if found else None

    def _proofs_from_new_cards(self, seat: int, new: dict[Card, Evidence]) -> list[RuleError]:
        """Earlier plays and cantes that the cards ``new`` — newly known to be ``seat``'s
        by the current event — prove faulty. None of them was played before now, so
        ``seat`` held each of them at every earlier moment of the hand."""
        found: dict[int, tuple[PlayRecord, Violation, Evidence]] = {}
        suspects = self._suspects[seat]
        if suspects:
            for card, evidence in new.items():
                for record in suspects.get(card.suit, ()):
                    v = violation(record.card, card, record.ctx)
                    if v:
                        old = found.get(record.seq)
                        if old is None or _REASON_ORDER[v.reason] < _REASON_ORDER[old[1].reason]:
                            found[record.seq] = (record, v, evidence)
        errors = [self._play_error(*proof) for proof in found.values()]
        trump = self.trump
        if self.cantes and any(c.suit == trump and c.rank in ("12", "11") for c in new):
            for cante in self.cantes:
                if cante.trump_pending and seat in cante.eligible:
                    proof = self._trump_pair_holder(cante, seat, new)
                    if proof:
                        errors.append(self._trump_first_error(cante, *proof))
        return errors

    def _trump_pair_holder(
        self,
        cante: CanteRecord,
        new_seat: int | None = None,
        new: dict[Card, Evidence] | None = None,
    ) -> tuple[int, list[str]] | None:
        """A seat that could have sung the trump suit when ``cante`` was made, with the
        evidence; ``new`` are cards the current event makes known to ``new_seat``."""
        kn = self.knowledge
        for seat in cante.eligible:
            evidence = []
            for card in self._pair(self.trump):
                if seat == new_seat and card in new:
                    evidence.append(msg("{card} {evidence}", card=card, evidence=new[card]))
                elif kn.held_at(seat, card, cante.seq):
                    evidence.append(
                        msg("{card} {evidence}", card=card, evidence=kn.evidence(seat, card))
                    )
                else:
                    break
            else:
                return seat, evidence
        return None

    # ------------------------------------------------------------------ errors
    def _error(self, rule: str, message: str, **loc) -> RuleError:
        return RuleError(rule, message, hand=self.number, seq=self.seq, **loc)

    def _play_error(
        self, record: PlayRecord, v: Violation, evidence: Evidence | None = None
    ) -> RuleError:
        seat, card = record.seat, record.card
        if evidence is None:
            evidence = self.knowledge.evidence(seat, v.witness)
        return RuleError(
            "S4",
            describe_violation(
                seat,
                card,
                record.trick,
                record.ctx,
                v,
                evidence,
                _s4,
                hand_known=self.deal is not None,
            ),
            hand=self.number,
            trick=record.trick,
            position=record.position,
            seat=seat,
            card=card.text,
            seq=record.seq,
        )

    def _trump_first_error(self, cante: CanteRecord, holder: int, evidence: list[str]) -> RuleError:
        return RuleError(
            "S5",
            msg(
                (
                    "{seat} sang {suit} after trick {after_trick} while "
                    "{seat_holder} held the trump pair ({items}): S5 trump suit "
                    "first"
                ),
                seat=Seat(cante.seat),
                suit=SPANISH_40.suit_name(cante.suit),
                after_trick=cante.after_trick,
                seat_holder=Seat(holder),
                items=Items(evidence),
            ),
            hand=self.number,
            trick=cante.after_trick,
            seat=cante.seat,
            cante=cante.ordinal,
            seq=cante.seq,
        )

    def _known_list(self, seat: int) -> Items:
        """The cards ``seat`` is known to hold, each with how it is known."""
        kn = self.knowledge
        return Items(
            msg("{card} ({evidence})", card=c, evidence=e) for c, e in kn.known[seat].items()
        )
