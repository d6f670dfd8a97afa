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

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    play_rule = "S4"
    cante_rule = "S5"
    names_deck = SPANISH_40
    violation_tag = staticmethod(_s4)
    trump_first_template = (
        "{seat} sang {suit} after trick {after_trick} while "
        "{seat_holder} held the trump pair ({items}): S5 trump suit first"
    )

    def _play_proofs(self, seat: int, new: dict[Card, Evidence]) -> list[RuleError]:
        """As the core's, but one error per earlier play: the worst reason the new cards
        prove (a play proved both unfollowed and untrumped is reported as unfollowed)."""
        found: dict[int, tuple[PlayRecord, Violation, Evidence]] = {}
        for record, v, evidence in self._suspects.proved(seat, new, violation):
            old = found.get(record.seq)
            if old is None or REASON_ORDER[v.reason] < REASON_ORDER[old[1].reason]:
                found[record.seq] = (record, v, evidence)
        return [self._play_error(*proof) for proof in found.values()]
