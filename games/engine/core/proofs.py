"""The V2 proofs' shared parts and the refusals they raise (RULES.md V2): a part of every
game's hand state.

:class:`Proofs` is what every game builds its refusals with; :class:`CanteProofs` adds
what the games with cantes share (Cuatrola C9, Subastao S5): a play proved illegal in
C7's words, and "trump suit first" — an earlier non-trump cante of a side whose seat is
now known to have held the trump pair. Each game keeps how it finds the plays a new card
may prove faulty (``_proofs_from_new_cards``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, ClassVar

from ..cards import Card, Deck
from ..errors import RuleError
from ..messages import Items, Seat, msg
from ..tricks import C7_MESSAGES, describe_violation

#: which witness to report when several prove the same play illegal
REASON_ORDER = {"follow": 0, "beat": 1, "trump": 2, "overtrump": 3}


class SuspectIndex:
    """V2's one index, every game's: per seat (``by_seat[seat]``, suit -> plays), its
    accepted plays filed by the suit of the held cards that could still prove them
    illegal, as the game's trick rule says (``witness_suits``: C7/S4 in
    :mod:`games.engine.tricks`, B6 in ``belote.play``). A card newly known to be a seat's
    is checked against the plays filed under its suit only, not against every play of
    the seat: most plays (a lead, a card that follows and need not beat) are filed
    nowhere. ``by_seat`` is a plain list (a list subclass would lose CPython's fast
    subscript on the hot path)."""

    __slots__ = ("by_seat",)

    def __init__(self, seats: int) -> None:
        self.by_seat: list[dict[str, list[Any]]] = [{} for _ in range(seats)]

    def file(self, record: Any, suits: Iterable[str]) -> None:
        """File the accepted play ``record`` under ``suits``."""
        by_suit = self.by_seat[record.seat]
        for suit in suits:
            by_suit.setdefault(suit, []).append(record)

    def proved(
        self, seat: int, new: dict[Card, Any], violation: Callable[[Any, Card, Any], Any]
    ) -> Iterator[tuple[Any, Any, Any]]:
        """(play, violation, evidence) for each earlier play of ``seat`` that a card of
        ``new`` (card -> how it is now known) proves illegal, card by card in ``new``'s
        order, each card's plays in the order they were made."""
        by_suit = self.by_seat[seat]
        if by_suit:
            for card, evidence in new.items():
                for record in by_suit.get(card.suit, ()):
                    v = violation(record.card, card, record.ctx)
                    if v:
                        yield record, v, evidence


class Proofs:
    """Error builders every hand state uses (its ``number``, ``seq``, ``knowledge``), and
    what a newly known card proves (its ``_suspects``, ``trick_rule``, ``settled``)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    #: the play rule (C7, S4, B6) and its refusals' words by reason (C7's by default)
    play_rule: ClassVar[str]
    revoke_messages: ClassVar[dict[str, tuple[str, str]]] = C7_MESSAGES
    #: the deck whose suit names the messages use
    names_deck: ClassVar[Deck]
    #: the play rule's subsection as the game cites it (``str``: as it is)
    violation_tag: ClassVar[Any] = str

    def _proofs_from_new_cards(self, seat: int, new: dict[Card, Any]) -> list[RuleError]:
        """Earlier plays and cantes that the cards ``new`` — newly known to be ``seat``'s
        by the current event — prove faulty. None of them was played before now, so
        ``seat`` held each of them at every earlier moment of the hand. The plays of the
        seat a record's penalty names are its to settle (RECORD_FORMAT.md "penalty")."""
        errors = [] if seat == self.settled else self._play_proofs(seat, new)
        if self.has_cantes and self.cantes:  # most plays: no cante to prove against
            errors += self._trump_pending_proofs(seat, new)
        return errors

    def _play_proofs(self, seat: int, new: dict[Card, Any]) -> list[RuleError]:
        """The earlier plays filed under a new card's suit that it proves illegal (the
        callers take the earliest, so the index's order, card by card, is as good)."""
        proved = self._suspects.proved(seat, new, self.trick_rule.violation)
        return [self._play_error(record, v, evidence) for record, v, evidence in proved]

    def _worst(self, violations: Iterable[Any]) -> Any:
        found = [v for v in violations if v is not None]
        return min(found, key=lambda v: REASON_ORDER[v.reason]) if found else None

    def _play_error(self, record: Any, v: Any, evidence: Any = None) -> RuleError:
        """The refusal of ``record``'s play, proved illegal by ``v`` (its witness known
        by ``evidence``), in the game's words (``revoke_messages``)."""
        seat, card, trick = record.seat, record.card, record.trick
        if evidence is None:
            evidence = self.knowledge.evidence(seat, v.witness)
        text = describe_violation(
            seat,
            card,
            trick,
            record.ctx,
            v,
            evidence,
            self.violation_tag,
            hand_known=self.deal is not None,
            messages=self.revoke_messages,
            deck=self.names_deck,
        )
        return self._proved(self.play_rule, text, record)

    def _error(self, rule: str, message: str, **loc: Any) -> RuleError:
        return RuleError(rule, message, hand=self.number, seq=self.seq, **loc)

    def _proved(self, rule: str, text: str, record: Any) -> RuleError:
        """The refusal of the earlier play ``record`` that a proof shows illegal: at that
        play (its trick, position, seat, card and event number)."""
        return RuleError(
            rule,
            text,
            hand=self.number,
            trick=record.trick,
            position=record.position,
            seat=record.seat,
            card=record.card.text,
            seq=record.seq,
        )

    def _known_list(self, seat: int) -> Items:
        """The cards ``seat`` is known to hold, each with how it is known."""
        kn = self.knowledge
        return Items(
            msg("{card} ({evidence})", card=c, evidence=e) for c, e in kn.known[seat].items()
        )


class CanteProofs(Proofs):
    """The proofs of the games with cantes (uses ``plays``, ``cantes``, ``trump``,
    ``_pair``, ``deal``)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    has_cantes = True

    #: the cante rule (C9, S5)
    cante_rule: ClassVar[str]
    #: the "trump suit first" refusal, in the game's words (its catalogue's msgid)
    trump_first_template: ClassVar[str]

    def _trump_pending_proofs(self, seat: int, new: dict[Card, Any]) -> list[RuleError]:
        """Trump-first errors that ``new`` (cards newly known to be ``seat``'s) proves."""
        errors = []
        trump = self.trump
        if any(c.suit == trump and c.rank in ("12", "11") for c in new):
            for cante in self.cantes:
                if cante.trump_pending and seat in cante.eligible:
                    proof = self._trump_pair_holder(cante, seat, new)
                    if proof:
                        errors.append(self._trump_first_error(cante, *proof))
        return errors

    def _trump_pair_holder(
        self, cante: Any, new_seat: int | None = None, new: dict[Card, Any] | None = None
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

    def _cante_error(self, cante: Any, message: str) -> RuleError:
        return RuleError(
            self.cante_rule,
            message,
            hand=self.number,
            trick=cante.after_trick,
            seat=cante.seat,
            cante=cante.ordinal,
            seq=cante.seq,
        )

    def _trump_first_error(self, cante: Any, holder: int, evidence: list[str]) -> RuleError:
        return self._cante_error(
            cante,
            msg(
                self.trump_first_template,
                seat=Seat(cante.seat),
                suit=self.names_deck.suit_name(cante.suit),
                after_trick=cante.after_trick,
                seat_holder=Seat(holder),
                items=Items(evidence),
            ),
        )
