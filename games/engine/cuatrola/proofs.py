"""What the record proves (RULES.md V2), and the refusals' messages: a part of
:class:`~.hand.HandState`.

A card newly known to be a seat's (played, or sung) was held at every earlier moment of
the hand, so it is checked, as a C7 witness, against that seat's earlier plays filed
under its suit (the suspect index every game shares, ``core.proofs.SuspectIndex``)
and, for the trump pair, against the earlier non-trump cantes of its side (C9 trump
first). Nothing else can change, so nothing else is re-checked.
"""

from __future__ import annotations

from ..cards import SPANISH_20, Card
from ..core.proofs import CanteProofs
from ..errors import RuleError
from .knowledge import Evidence
from .play import violation

DECK = SPANISH_20


def side_of(seat: int) -> int:
    """Sides are seats {0,2} = side 0 and {1,3} = side 1."""
    return seat % 2


class ProofsMixin(CanteProofs):
    """The V2 proofs of HandState (uses its state): C7 and C9's "trump suit first"."""

    play_rule = "C7"
    cante_rule = "C9"
    names_deck = DECK
    trump_first_template = (
        "{seat} sang {suit} after trick {after_trick} while "
        "{seat_holder} held the trump pair ({items}): C9 trump suit first"
    )

    def _proofs_from_new_cards(self, seat: int, new: dict[Card, Evidence]) -> list[RuleError]:
        """Earlier plays and cantes that the cards ``new`` — newly known to be ``seat``'s
        by the current event — prove faulty. None of them was played before now, so
        ``seat`` held each of them at every earlier moment of the hand."""
        # only the plays filed under a new card's suit (core.proofs.SuspectIndex); the
        # callers take the earliest play, so the index's order (card by card) is as good
        errors = [
            self._play_error(record, v, evidence)
            for record, v, evidence in self._suspects.proved(seat, new, violation)
        ]
        if self.cantes:  # most plays: no cante to prove against, no call made
            errors += self._trump_pending_proofs(seat, new)
        return errors
