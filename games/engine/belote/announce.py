"""Declarations on the hand (RULES.md B5), a part of :class:`~.hand.HandState`.

A sequence or four of a kind is announced by the seat about to play its first card; a
belote by the seat about to play the first of its K and Q of a trump-ranked suit (and
that seat's next card must be one of them). Checks on a declaration's own terms come
first (shape, phase, contract, timing, a card already in another of the seat's
declarations, a card the record shows as another seat's, hand size); then the cards it
reveals as held are checked against the seat's earlier plays (V2).
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import FRENCH_32, Card
from ..errors import RuleError
from ..knowledge import Evidence
from ..messages import Items, Seat, msg
from .declarations import BELOTE_VALUE, NATURAL, belote_cards, sequence_kind, shape_of
from .events import Belote, Declaration
from .options import HAND_SIZE, SEATS, TRICKS

DECK = FRENCH_32


class DeclarationRecord(NamedTuple):
    """An accepted declaration. ``strength`` ranks a sequence for ``compare_sequences``
    (None for fours and belotes); ``trick`` is the trick it was announced at."""

    seq: int
    seat: int
    kind: str
    cards: tuple[Card, ...]
    suit: str | None
    value: int
    trick: int
    ordinal: int
    strength: tuple[int, int] | None

    def as_dict(self) -> dict:
        """The record's notation (RECORD_FORMAT.md "Belote")."""
        if self.kind == "belote":
            return {"seat": self.seat, "kind": "belote", "suit": self.suit}
        return {"seat": self.seat, "kind": self.kind, "cards": [c.text for c in self.cards]}


def describe(kind: str, cards: tuple[Card, ...], suit: str | None) -> str:
    if kind == "belote":
        return msg("a belote in {suit}", suit=DECK.suit_name(suit))
    return f"a {kind} ({' '.join(c.text for c in cards)})"


class AnnounceMixin:
    """The B5 part of HandState (uses its state: knowledge, plays, turn…)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    def _check_declaration(self, event: Declaration | Belote) -> DeclarationRecord:
        """Checks that need no hidden card; the record the declaration would make."""
        seat = event.seat if event.seat is not None else self._turn
        playing = self.auction_over and not self._complete
        loc = {
            "trick": len(self.tricks) + 1 if playing else None,
            "seat": seat,
            "declaration": len(self.declarations) + 1,
        }
        if not self.auction_over:
            raise self.auction_missing()  # the missing call first, even if malformed
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise self._error(
                "B5", "a declaration needs the seat (0 to 3) that makes it", **{**loc, "seat": None}
            )
        if isinstance(event, Belote):
            kind, suit = "belote", event.suit
            if suit not in DECK.suits:
                raise self._error("B5", "a belote needs its suit: c, d, h or s", **loc)
            cards, value, strength = belote_cards(suit), BELOTE_VALUE, None
        else:
            kind, suit = event.kind, None
            shape = shape_of(kind, event.cards)
            if isinstance(shape, str):
                raise self._error(
                    "B5",
                    msg(
                        "{seat} declared a {kind}: {shape}", seat=Seat(seat), kind=kind, shape=shape
                    ),
                    **loc,
                )
            cards, value, strength = shape.cards, shape.value, shape.strength
        what = describe(kind, cards, suit)
        if self.void:
            raise self._error("B2", "the round is void (four passes): nothing is declared", **loc)
        if self.penalty is not None:
            raise self._error("B7", "the round was ended by a penalty", **loc)
        if len(self.tricks) == TRICKS:
            raise self._error(
                "B5",
                msg(
                    (
                        "{seat} declared {what}, but all {TRICKS} tricks are played: "
                        "a declaration comes with its seat's card"
                    ),
                    seat=Seat(seat),
                    what=what,
                    TRICKS=TRICKS,
                ),
                **loc,
            )
        contract = self.contract
        if contract.kind == "no_trumps":
            raise self._error("B5", "there are no declarations in no_trumps", **loc)
        if kind == "belote" and suit not in contract.beat:
            raise self._error(
                "B5",
                msg(
                    "a belote is the K and Q of the trump suit ({suit}), not of {suit2}",
                    suit=DECK.suit_name(contract.trump),
                    suit2=DECK.suit_name(suit),
                ),
                **loc,
            )
        plays = self.plays_by_seat[seat]
        if kind == "belote":
            done = [p for p in plays if p.card in cards]
            if done:
                raise self._error(
                    "B5",
                    msg(
                        (
                            "{seat} already played {card} at trick {trick}: a belote is "
                            "shown with the first of its K and Q"
                        ),
                        seat=Seat(seat),
                        card=done[0].card,
                        trick=done[0].trick,
                    ),
                    **loc,
                )
        elif plays:
            raise self._error(
                "B5",
                msg(
                    (
                        "{seat} declared {what} after its first card ({card} at trick "
                        "{trick}): declarations come with it"
                    ),
                    seat=Seat(seat),
                    what=what,
                    card=plays[0].card,
                    trick=plays[0].trick,
                ),
                **loc,
            )
        if seat != self._turn:
            raise self._error(
                "B5",
                msg(
                    (
                        "{seat} declared {what}, but it is {seat_turn}'s turn to "
                        "play: a declaration comes with its seat's card"
                    ),
                    seat=Seat(seat),
                    what=what,
                    seat_turn=Seat(self._turn),
                ),
                **loc,
            )
        for earlier in self.declarations:
            if kind == "belote" and earlier.kind == "belote" and earlier.suit == suit:
                raise self._error(
                    "B5",
                    msg("the belote in {suit} was already declared", suit=DECK.suit_name(suit)),
                    **loc,
                )
            if kind != "belote" and earlier.kind != "belote" and earlier.seat == seat:
                shared = [c for c in cards if c in earlier.cards]
                if shared:
                    raise self._error(
                        "B5",
                        msg(
                            (
                                "{seat} declared {what}, but {shared} is already in its "
                                "{kind}: a card belongs to at most one sequence or four"
                            ),
                            seat=Seat(seat),
                            what=what,
                            shared=shared[0],
                            kind=earlier.kind,
                        ),
                        **loc,
                    )
        if kind == "belote" and self.pending_belote is not None:
            raise self._error(
                "B5",
                msg("{seat} already announced a belote with this card", seat=Seat(seat)),
                **loc,
            )
        kn = self.knowledge
        elsewhere = kn.held_elsewhere(cards, seat)
        if elsewhere is not None:
            said = "{seat} declared {what}, but {seat_owner} holds {card} ({evidence})"
            raise self._error("B5", msg(said, seat=Seat(seat), what=what, **elsewhere), **loc)
        new = [c for c in cards if c not in kn.known[seat]]
        if len(kn.known[seat]) + len(new) > HAND_SIZE:
            raise self._error(
                "B5",
                msg(
                    (
                        "{seat} declared {what}, but it cannot hold {items} besides "
                        "its known cards: {known}"
                    ),
                    seat=Seat(seat),
                    what=what,
                    items=Items(new, " and "),
                    known=self._known_list(seat),
                ),
                **loc,
            )
        return DeclarationRecord(
            self.seq,
            seat,
            kind,
            tuple(cards),
            suit,
            value,
            len(self.tricks) + 1,
            len(self.declarations) + 1,
            strength,
        )

    def _judge_declaration(
        self, event: Declaration | Belote
    ) -> tuple[DeclarationRecord, dict[Card, Evidence]]:
        """All B5 checks, then what the revealed cards prove against the seat's earlier
        plays (V2); returns the record and the cards it newly reveals, or raises."""
        record = self._check_declaration(event)
        evidence = Evidence("declared", record.trick, record.kind)
        known = self.knowledge.known[record.seat]
        new = {c: evidence for c in record.cards if c not in known}
        faults = self._proofs_from_new_cards(record.seat, new) if new else []
        if faults:
            raise min(faults, key=lambda e: e.seq)
        return record, new

    def _apply_declaration(self, event: Declaration | Belote) -> None:
        record, new = self._judge_declaration(event)
        for card, evidence in new.items():
            self._learn(record.seat, card, evidence)
        self.declarations.append(record)
        if record.kind == "belote":
            self.pending_belote = (record.seat, record.suit)

    def legal_declarations(self) -> list[Declaration | Belote]:
        """Declarations the seat to play may announce now (B5).

        With the deal: the true ones — its maximal sequences and its fours (before its
        first card, of cards not yet in one of its declarations) and its belotes.
        Without it: every one :meth:`apply` would accept (not ruled out by the record).
        """
        seat = self._turn
        if seat is None or not self.auction_over or self.contract.kind == "no_trumps":
            return []
        from .declarations import fours, runs  # local: only the pad asks

        first_card = not self.plays_by_seat[seat]
        candidates: list[Declaration | Belote] = []
        if self.deal is not None:
            held = self.knowledge.held_now(seat)
            if first_card:
                used = {c for d in self.declarations if d.seat == seat for c in d.cards}
                free = [c for c in held if c not in used]
                for run in runs(free):
                    candidates.append(Declaration(sequence_kind(len(run)), _texts(run), seat))
                for four in fours(free):
                    candidates.append(Declaration("four", _texts(four), seat))
            for suit in DECK.suits:
                if all(c in held for c in belote_cards(suit)):
                    candidates.append(Belote(suit, seat))
        else:
            if first_card:
                for suit in DECK.suits:
                    for length in range(3, len(NATURAL) + 1):
                        for start in range(len(NATURAL) - length + 1):
                            run = [DECK.card(r + suit) for r in NATURAL[start : start + length]]
                            candidates.append(Declaration(sequence_kind(length), _texts(run), seat))
                for rank in ("J", "9", "A", "10", "K", "Q"):
                    four = [DECK.card(rank + s) for s in DECK.suits]
                    candidates.append(Declaration("four", _texts(four), seat))
            candidates += [Belote(suit, seat) for suit in DECK.suits]
        out = []
        for candidate in candidates:
            try:
                self._judge_declaration(candidate)
            except RuleError:
                continue
            out.append(candidate)
        return out


def _texts(cards) -> tuple[str, ...]:
    return tuple(c.text for c in cards)
