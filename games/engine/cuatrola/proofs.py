"""What the record proves (RULES.md V2), and the refusals' messages: a part of
:class:`~.hand.HandState`.

A card newly known to be a seat's (played, or sung) was held at every earlier moment of
the hand, so it is checked (``core.proofs.Proofs``), as a C7 witness, against that
seat's earlier plays filed under its suit (the one ``core.proofs.SuspectIndex``) and,
for the trump pair, against the earlier non-trump cantes of its side (C9 trump first).
This module holds Cuatrola's words for them.
"""

from __future__ import annotations

from ..cards import SPANISH_20
from ..core.proofs import CanteProofs

DECK = SPANISH_20


def side_of(seat: int) -> int:
    """Sides are seats {0,2} = side 0 and {1,3} = side 1."""
    return seat % 2


class ProofsMixin(CanteProofs):
    """The V2 proofs of HandState (uses its state): C7 and C9's "trump suit first"."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    play_rule = "C7"
    cante_rule = "C9"
    names_deck = DECK
    trump_first_template = (
        "{seat} sang {suit} after trick {after_trick} while "
        "{seat_holder} held the trump pair ({items}): C9 trump suit first"
    )
