"""Cuatrola's card-record hand codec and checker (RECORD_FORMAT.md "Hand (Cuatrola)").

Events are applied in record order — per hand its header (dealer, trump card, deal),
the calls, then the plays, each trick's cantes right after that trick (cantes whose
trick was never played, or that name none, after the last play), the penalty last —
and the first refused event is the error (RECORD_FORMAT.md "Which error is reported").
The hand is told its penalty before the play (``HandState.expect_penalty``): the
penalty settles its seat's breaches that only knowledge proves, although it comes last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import SPANISH_20, Card
from ..core.record import CanteReplay, check_trick_shape, replay_cante_hand, trick_events
from ..core.recordhand import (
    PENALTY,
    Key,
    RecordHand,
    cante_check,
    check_calls,
    check_tricks,
    deal_check,
    export,
    list_of,
    penalty_dict,
    summary_of,
)
from ..errors import RuleError
from ..game import Record, expect
from ..messages import Seat, msg
from .events import Call, Cante, Deal, Event, Penalty, Play
from .hand import HandState
from .match import MatchState
from .options import SEATS

_NOT_A_CARD = "{text!r} is not a card of the 20-card deck"
#: the play event of every card by its text (events are immutable values)
_PLAYS = {card.text: Play(card) for card in SPANISH_20.cards}


def _check_trump_card(value: Any, where: str) -> None:
    expect(isinstance(value, str), msg("{where}: trump_card must be a card", where=where))


@dataclass
class HandRecord(RecordHand):
    """One hand as written in a record. Cards stay text here: the checker judges them."""

    dealer: int
    trump_card: str
    calls: list[str] = field(default_factory=list)
    tricks: list[list[str]] = field(default_factory=list)
    deal: list[list[str]] | None = None
    cantes: list[Any] = field(default_factory=list)
    penalty: dict[str, Any] | None = None

    KEYS = (
        Key("trump_card", _check_trump_card, optional=False),
        Key("calls", check_calls, list, optional=False),  # null is not a list
        Key("tricks", check_tricks, list, optional=False),
        Key("deal", deal_check("a list of 4 lists of cards")),
        Key("cantes", list_of("cantes", cante_check(("suit",), "suit")), list, optional=False),
        PENALTY,
    )
    WRITE = ("dealer", "trump_card", "deal?", "calls", "tricks", "cantes+", "penalty?")

    def events(self) -> list[Event]:
        """The hand's events in the order live entry makes them: the deal, the calls,
        each trick's plays followed by its cantes, the penalty."""
        return hand_events(self)


parse_hand = HandRecord.parse


def _cante(raw: dict[str, Any]) -> Cante:
    return Cante(raw["seat"], raw["suit"], raw["after_trick"])


def _live_cante(c: Cante) -> Cante:
    return Cante(c.seat, c.suit)  # live entry does not name the trick: the hand knows it


def _play(text: str) -> Play:
    return Play(Card.parse(text))


def hand_events(h: HandRecord) -> list[Event]:
    """The events of a (valid) record hand in the order live entry makes them: the deal,
    the calls, each trick's plays followed by its cantes, the penalty."""
    deal = tuple(tuple(cards) for cards in h.deal) if h.deal is not None else None
    events: list[Event] = [Deal(h.trump_card, deal, h.dealer)]
    events += [Call(call) for call in h.calls]
    return events + trick_events(h, _play, _cante, _live_cante, Penalty)


def _hand_of(state: HandState, tricks: list[list[str]], deal: Any) -> HandRecord:
    cantes = [{"after_trick": c.after_trick, "seat": c.seat, "suit": c.suit} for c in state.cantes]
    calls = list(state.calls)
    return HandRecord(
        state.dealer, state.trump_card.text, calls, tricks, deal, cantes, penalty_dict(state)
    )


def record_from_match(match: MatchState, **header: Any) -> Record:
    """The record of a match state (export). Cantes come out ordered by trick."""
    return export(match, "cuatrola", _hand_of, **header)


def replay_hand(match: MatchState, number: int, h: HandRecord) -> HandState:
    """Apply one hand's events to ``match``; RuleError at the first refused event. The
    penalty comes last, but settles breaches before it (C12); malformed cantes stay, C9
    in their turn."""
    trump = SPANISH_20.card(h.trump_card) or h.trump_card
    return replay_cante_hand(
        match,
        number,
        h,
        lambda: match.start_hand(h.dealer, trump, h.deal),
        [Call(call) for call in h.calls],
        CanteReplay(_cante, _PLAYS, _check_record_play, lambda hand: len(hand.cantes)),
    )


def _check_record_play(hand: HandState, t: int, p: int, text: str) -> None:
    """What a record's trick shape says about its card at trick ``t``, position ``p``
    before the hand judges the play (``check_trick_shape``; the hand alone refuses C3,
    C10): beyond a full trick, a fourth card in a 3-card trick is C5 (sitting out)."""
    can_play = hand.declaration is not None and not hand.is_complete
    check_trick_shape(hand, t, p, text, _PLAYS, can_play, _NOT_A_CARD, _sitting_out)


def _sitting_out(hand: HandState, t: int, p: int, text: str) -> RuleError | None:
    if hand.sitting_out is None or p != SEATS:
        return None
    return RuleError(
        "C5",
        msg(
            "{seat} sits out (partner of the declarer): tricks have {trick_size} cards",
            seat=Seat(hand.sitting_out),
            trick_size=hand.trick_size,
        ),
        seat=None,
        hand=hand.number,
        trick=t,
        position=p,
        card=text,
    )


#: a complete hand's result in the checker's shape (RECORD_FORMAT.md)
hand_summary = summary_of("declaration declarer tricks_won[] points[] cantes[] winner_side value")
