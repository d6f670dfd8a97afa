"""What the record proves (RULES.md V2), and the refusals' messages: a part of
:class:`~.hand.HandState`.

A card newly known to be a seat's (played, or revealed by a declaration) was held at
every earlier moment of the round, so it is checked, as a B6 witness, against that
seat's earlier plays (at most seven). Nothing else can change, so nothing else is
re-checked.
"""

from __future__ import annotations

from ..cards import FRENCH_32
from ..core.proofs import Proofs


def side_of(seat: int) -> int:
    """Sides are seats {0,2} = side 0 and {1,3} = side 1."""
    return seat % 2


#: B6's refusal of a play proved illegal, by the violation's reason (as C7's table in
#: :mod:`games.engine.tricks`; the rule is written in, so no subsection to cite)
B6_MESSAGES: dict[str, tuple[str, str]] = {
    "follow": (
        "{seat} played {card} on the {lead} lead at trick {trick} but "
        "held {w} ({evidence}): B6 must follow suit",
        "B6",
    ),
    "beat": (
        "{seat} played {card} at trick {trick} but had to beat "
        "{high_lead} (trump led): held {w} ({evidence}): B6",
        "B6",
    ),
    "trump": (
        "{seat} played {card} at trick {trick} without {lead} but "
        "held the trump {w} ({evidence}): B6 must trump",
        "B6",
    ),
    "overtrump": (
        "{seat} played {card} at trick {trick} but had to overtrump "
        "{high_trump}: held {w} ({evidence}): B6",
        "B6",
    ),
}


class ProofsMixin(Proofs):
    """The V2 proofs of HandState: B6's words (uses its state)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    revoke_messages = B6_MESSAGES
    names_deck = FRENCH_32
