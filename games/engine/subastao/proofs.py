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
from ..core.proofs import REASON_ORDER, CanteProofs
from ..errors import RuleError
from ..knowledge import Evidence, PlayRecord
from ..messages import msg
from ..tricks import Violation, violation


def _s4(subrule: str) -> str:
    return msg("S4 ({subrule})", subrule=subrule)


class ProofsMixin(CanteProofs):
    """The V2 proofs of HandState (uses its state): S4 (= C7) and S5's "trump first"."""

    play_rule = "S4"
    cante_rule = "S5"
    names_deck = SPANISH_40
    violation_tag = staticmethod(_s4)
    trump_first_template = (
        "{seat} sang {suit} after trick {after_trick} while "
        "{seat_holder} held the trump pair ({items}): S5 trump suit first"
    )

    def _proofs_from_new_cards(self, seat: int, new: dict[Card, Evidence]) -> list[RuleError]:
        """Earlier plays and cantes that the cards ``new`` — newly known to be ``seat``'s
        by the current event — prove faulty. None of them was played before now, so
        ``seat`` held each of them at every earlier moment of the hand. Only the plays
        filed under a new card's suit (the hand's suspect index) can be proved faulty."""
        found: dict[int, tuple[PlayRecord, Violation, Evidence]] = {}
        for record, v, evidence in self._suspects.proved(seat, new, violation):
            old = found.get(record.seq)
            if old is None or REASON_ORDER[v.reason] < REASON_ORDER[old[1].reason]:
                found[record.seq] = (record, v, evidence)
        errors = [self._play_error(*proof) for proof in found.values()]
        if self.cantes:  # most plays: no cante to prove against, no call made
            errors += self._trump_pending_proofs(seat, new)
        return errors
