"""Cuatrola's card-record hand codec and checker (RECORD_FORMAT.md "Hand (Cuatrola)").

Events are applied in record order — per hand its header (dealer, trump card, deal),
the calls, then the plays, each trick's cantes right after that trick (cantes whose
trick was never played, or that name none, after the last play), the penalty last —
and the first refused event is the error (RECORD_FORMAT.md "Which error is reported").
The hand is told its penalty before the play (``HandState.expect_penalty``): the
penalty settles its seat's breaches that only knowledge proves, although it comes last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import SPANISH_20, Card
from ..core.record import (
    apply_calls,
    cantes_by_trick,
    replay_tricks,
    short_trick,
    starting,
    too_many,
)
from ..errors import RuleError
from ..game import Record, expect, is_int, played_cards, str_list
from ..messages import Seat, msg
from .events import Call, Cante, Deal, Event, Penalty, Play
from .hand import HandState
from .match import MatchState
from .options import SEATS

#: the play event of every card by its text (events are immutable values)
_PLAYS = {card.text: Play(card) for card in SPANISH_20.cards}


@dataclass
class HandRecord:
    """One hand as written in a record. Cards stay text here: the checker judges them."""

    dealer: int
    trump_card: str
    calls: list[str] = field(default_factory=list)
    tricks: list[list[str]] = field(default_factory=list)
    deal: list[list[str]] | None = None
    cantes: list[Any] = field(default_factory=list)
    penalty: dict[str, Any] | None = None

    def events(self) -> list[Event]:
        """The hand's events in the order live entry makes them: the deal, the calls,
        each trick's plays followed by its cantes, the penalty."""
        return hand_events(self)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "trump_card": self.trump_card}
        if self.deal is not None:
            out["deal"] = self.deal
        out["calls"] = self.calls
        out["tricks"] = self.tricks
        if self.cantes:
            out["cantes"] = self.cantes
        if self.penalty is not None:
            out["penalty"] = self.penalty
        return out


def parse_hand(raw: Any, where: str) -> HandRecord:
    """One record hand's shape and JSON types; RecordFormatError otherwise."""
    expect(isinstance(raw, dict), f"{where} must be an object")
    expect(is_int(raw.get("dealer")), f"{where}: dealer must be a whole number")
    expect(isinstance(raw.get("trump_card"), str), f"{where}: trump_card must be a card")
    calls = str_list(raw.get("calls", []), f"{where}: calls")
    tricks = raw.get("tricks", [])
    expect(isinstance(tricks, list), f"{where}: tricks must be a list")
    for i, trick in enumerate(tricks, 1):
        str_list(trick, f"{where}: trick {i}")
    deal = raw.get("deal")
    if deal is not None:
        expect(isinstance(deal, list), f"{where}: deal must be a list of 4 lists of cards")
        for i, cards in enumerate(deal):
            str_list(cards, f"{where}: deal of seat {i}")
    cantes = raw.get("cantes", [])
    expect(isinstance(cantes, list), f"{where}: cantes must be a list")
    for i, cante in enumerate(cantes, 1):
        # wrong JSON types make the file unreadable; wrong values (seat 7, suit "x",
        # after_trick 0) are the checker's C9, in event order
        expect(
            isinstance(cante, dict)
            and is_int(cante.get("after_trick"))
            and is_int(cante.get("seat"))
            and isinstance(cante.get("suit"), str),
            f"{where}: cante {i} must be an object with after_trick and seat (whole "
            "numbers) and suit (text)",
        )
    penalty = raw.get("penalty")
    expect(penalty is None or isinstance(penalty, dict), f"{where}: penalty must be an object")
    return HandRecord(raw["dealer"], raw["trump_card"], calls, tricks, deal, cantes, penalty)


def _cante(raw: dict[str, Any]) -> Cante:
    return Cante(raw["seat"], raw["suit"], raw["after_trick"])


def _penalty_event(h: HandRecord) -> Penalty | None:
    """The hand's penalty as written (no default rule: a missing one is refused, C12)."""
    if h.penalty is None:
        return None
    return Penalty(h.penalty.get("seat"), h.penalty.get("rule"))


def hand_events(h: HandRecord) -> list[Event]:
    """The events of a (valid) record hand in the order live entry makes them: the deal,
    the calls, each trick's plays followed by its cantes, the penalty."""
    deal = tuple(tuple(cards) for cards in h.deal) if h.deal is not None else None
    events: list[Event] = [Deal(h.trump_card, deal, h.dealer)]
    events += [Call(call) for call in h.calls]
    by_trick = cantes_by_trick(h.cantes, _cante)
    for number, trick in enumerate(h.tricks, 1):
        events += [Play(Card.parse(text)) for text in trick]
        events += [Cante(c.seat, c.suit) for _, c in by_trick.get(number, [])]
    penalty = _penalty_event(h)
    if penalty is not None:
        events.append(penalty)
    return events


def record_from_match(
    match: MatchState,
    *,
    seats: list[str] | None = None,
    event: str | None = None,
    date: str | None = None,
) -> Record:
    """The record of a match state (export). Cantes come out ordered by trick."""
    hands = []
    for state in match.hands:
        tricks, deal = played_cards(state)
        cantes = [
            {"after_trick": c.after_trick, "seat": c.seat, "suit": c.suit} for c in state.cantes
        ]
        penalty = (
            {"seat": state.penalty.seat, "rule": state.penalty.rule} if state.penalty else None
        )
        hands.append(
            HandRecord(
                state.dealer,
                state.trump_card.text,
                list(state.calls),
                tricks,
                deal,
                cantes,
                penalty,
            )
        )
    return Record("cuatrola", match.rules, hands, seats, event, date, match.rules.as_dict())


def replay_hand(match: MatchState, number: int, h: HandRecord) -> HandState:
    """Apply one hand's events to ``match``; RuleError at the first refused event."""
    trump = SPANISH_20.card(h.trump_card) or h.trump_card
    hand = starting(number, lambda: match.start_hand(h.dealer, trump, h.deal))
    penalty = _penalty_event(h)
    hand.expect_penalty(penalty)  # it comes last, but settles breaches before it (C12)
    apply_calls(match, [Call(call) for call in h.calls])
    by_trick = cantes_by_trick(h.cantes, _cante)  # malformed ones stay: C9 in their turn
    replay_tricks(
        match, hand, h.tricks, by_trick, _PLAYS, _check_record_play, lambda: len(hand.cantes)
    )
    if penalty is not None:
        match.apply(penalty)
    return hand


def _check_record_play(hand: HandState, t: int, p: int, text: str) -> None:
    """What a record's trick shape says about its card at trick ``t``, position ``p``
    before the hand judges the play, in the order RECORD_FORMAT.md gives: a card of the
    deck (V1); the hand can take a play (left to the hand: C3, C10, V1); turn (a short
    trick followed by another: V1, the seat whose card is missing) and sitting out (a
    fourth card in a 3-card trick: C5; a fifth card: V1) — beyond a full trick it is
    nobody's turn, so no seat is named."""
    loc = {"hand": hand.number, "trick": t, "position": p, "card": text}
    can_play = hand.declaration is not None and not hand.is_complete
    beyond = p > hand.trick_size
    if SPANISH_20.card(text) is None:
        seat = None if beyond else hand.to_act  # None too once the hand is complete
        raise RuleError(
            "V1", msg("{text!r} is not a card of the 20-card deck", text=text), seat=seat, **loc
        )
    if not can_play:
        return  # the hand refuses the play on its own terms
    short = short_trick(hand, t, p, text)
    if short is not None:
        raise short
    if beyond:
        if hand.sitting_out is not None and p == SEATS:
            raise RuleError(
                "C5",
                msg(
                    "{seat} sits out (partner of the declarer): tricks have {trick_size} cards",
                    seat=Seat(hand.sitting_out),
                    trick_size=hand.trick_size,
                ),
                seat=None,
                **loc,
            )
        raise too_many(hand, t, p, text)


def hand_summary(hand: HandState, score_after: Sequence[int]) -> dict[str, Any]:
    """A complete hand's result in the checker's shape (RECORD_FORMAT.md)."""
    r = hand.result
    return {
        "number": hand.number,
        "declaration": r.declaration,
        "declarer": r.declarer,
        "tricks_won": list(r.tricks_won),
        "points": list(r.points),
        "cantes": list(r.cantes),
        "winner_side": r.winner_side,
        "value": r.value,
        "score_after": list(score_after),
    }
