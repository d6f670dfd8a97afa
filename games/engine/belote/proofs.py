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
from ..errors import RuleError
from ..knowledge import Evidence, PlayRecord
from ..messages import Seat, msg
from .play import TrickContext, Violation

DECK = FRENCH_32


def side_of(seat: int) -> int:
    """Sides are seats {0,2} = side 0 and {1,3} = side 1."""
    return seat % 2


class ProofsMixin(Proofs):
    """The V2 proofs and error builders of HandState (uses its state)."""

    # ------------------------------------------------------------------ errors

    def _play_error(
        self, record: PlayRecord[TrickContext], v: Violation, evidence: Evidence | None = None
    ) -> RuleError:
        seat, card, ctx, trick = record.seat, record.card, record.ctx, record.trick
        w = v.witness
        if evidence is None:
            evidence = self.knowledge.evidence(seat, w)
        lead = DECK.suit_name(ctx.lead)
        if v.reason == "follow":
            text = msg(
                (
                    "{seat} played {card} on the {lead} lead at trick {trick} but "
                    "held {w} ({evidence}): B6 must follow suit"
                ),
                seat=Seat(seat),
                card=card,
                lead=lead,
                trick=trick,
                w=w,
                evidence=evidence,
            )
        elif v.reason == "beat":
            text = msg(
                (
                    "{seat} played {card} at trick {trick} but had to beat "
                    "{high_lead} (trump led): held {w} ({evidence}): B6"
                ),
                seat=Seat(seat),
                card=card,
                trick=trick,
                high_lead=ctx.high_lead,
                w=w,
                evidence=evidence,
            )
        elif v.reason == "trump":
            text = msg(
                (
                    "{seat} played {card} at trick {trick} without {lead} but "
                    "held the trump {w} ({evidence}): B6 must trump"
                ),
                seat=Seat(seat),
                card=card,
                trick=trick,
                lead=lead,
                w=w,
                evidence=evidence,
            )
        else:
            text = msg(
                (
                    "{seat} played {card} at trick {trick} but had to overtrump "
                    "{high_trump}: held {w} ({evidence}): B6"
                ),
                seat=Seat(seat),
                card=card,
                trick=trick,
                high_trump=ctx.high_trump,
                w=w,
                evidence=evidence,
            )
        return self._proved("B6", text, record)
