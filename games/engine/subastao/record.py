"""Subastao's card-record hand codec and checker (RECORD_FORMAT.md "Subastao").

Events are applied in record order — per hand its header (dealer, deal), the auction,
the trump, then the plays, each trick's cantes right after that trick, the penalty last
— and the first refused event is the error (RECORD_FORMAT.md "Which error is reported").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import SPANISH_40
from ..core.record import CanteReplay, check_trick_shape, replay_cante_hand, trick_events
from ..core.recordhand import (
    PENALTY,
    TRICKS,
    Key,
    RecordHand,
    cante_check,
    deal_check,
    export,
    list_of,
    penalty_dict,
    summary_of,
)
from ..game import Record, expect, is_int
from ..messages import msg
from .events import Bid, Cante, Deal, Event, Penalty, Play, Trump
from .hand import HandState
from .match import MatchState

#: the play event of every card by its text: events are immutable values, so the checker
#: looks one up rather than parsing the card and building the event for every card read
_PLAYS = {card.text: Play(card) for card in SPANISH_40.cards}


def _check_bids(bids: Any, where: str) -> None:
    expect(
        isinstance(bids, list) and all(is_int(b) or isinstance(b, str) for b in bids),
        msg('{where}: bids must be a list of whole numbers and "pass"', where=where),
    )


def _check_trump(trump: Any, where: str) -> None:
    expect(isinstance(trump, str), msg("{where}: trump must be a suit letter", where=where))


@dataclass
class HandRecord(RecordHand):
    """One hand as written in a record. Cards stay text here: the checker judges them.

    ``tricks`` and ``cantes`` are None when the record leaves the key out (a void hand has
    neither), so that writing the record back changes nothing.
    """

    dealer: int
    bids: list[int | str] = field(default_factory=list)
    trump: str | None = None
    tricks: list[list[str]] | None = None
    deal: list[list[str]] | None = None
    cantes: list[dict[str, Any]] | None = None
    penalty: dict[str, Any] | None = None

    KEYS = (
        Key("bids", _check_bids, list, optional=False),
        Key("trump", _check_trump),
        TRICKS,
        Key("deal", deal_check("a list of lists of cards")),
        Key("cantes", list_of("cantes", cante_check(("suit", "tute"), "a suit or a tute"))),
        PENALTY,
    )
    WRITE = ("dealer", "deal?", "bids", "trump?", "tricks?", "cantes?", "penalty?")

    def events(self) -> list[Event]:
        """The hand's events in the order live entry makes them."""
        return hand_events(self)


parse_hand = HandRecord.parse


def _cante(raw: dict[str, Any]) -> Cante:
    return Cante(raw["seat"], raw.get("suit"), raw.get("tute"), raw["after_trick"])


def _play(text: str) -> Play:
    return Play(SPANISH_40.card(text))


def hand_events(h: HandRecord) -> list[Event]:
    """The events of a (valid) record hand in the order live entry makes them: the deal,
    the bids, the trump, each trick's plays followed by its cantes, the penalty."""
    deal = tuple(tuple(cards) for cards in h.deal) if h.deal is not None else None
    events: list[Event] = [Deal(deal, h.dealer)]
    events += [Bid(bid) for bid in h.bids]
    if h.trump is not None:
        events.append(Trump(h.trump))
    return events + trick_events(h, _play, _cante, lambda cante: cante, Penalty)


def _hand_of(state: HandState, tricks: list[list[str]], deal: Any) -> HandRecord:
    """A hand state as a record hand; its cantes and tute in the order they were sung."""
    sung = [
        (c.seq, {"after_trick": c.after_trick, "seat": c.seat, "suit": c.suit})
        for c in state.cantes
    ]
    if state.tute is not None:
        t = state.tute
        sung.append((t.seq, {"after_trick": t.after_trick, "seat": t.seat, "tute": t.rank}))
    cantes = [c for _, c in sorted(sung, key=lambda x: x[0])]
    played = tricks if (tricks or state.trump is not None) else None
    bids = list(state.bids)
    return HandRecord(
        state.dealer, bids, state.trump, played, deal, cantes or None, penalty_dict(state)
    )


def record_from_match(match: MatchState, **header: Any) -> Record:
    """The record of a match state (export). Cantes come out ordered by trick."""
    return export(match, "subastao", _hand_of, **header)


def replay_hand(match: MatchState, number: int, h: HandRecord) -> HandState:
    """Apply one hand's events to ``match``; RuleError at the first refused event (the
    penalty settles breaches before it, S7; malformed cantes are S5 in their turn)."""
    return replay_cante_hand(
        match,
        number,
        h,
        lambda: match.start_hand(h.dealer, h.deal),
        [Bid(bid) for bid in h.bids],
        _REPLAY,
        [Trump(h.trump)] if h.trump is not None else (),
    )


def _check_record_play(hand: HandState, t: int, p: int, text: str) -> None:
    """The record's trick shape (``check_trick_shape``, as Cuatrola's checker; the hand
    alone refuses S2, S3, S5, S7)."""
    check_trick_shape(hand, t, p, text, _PLAYS, hand._playing, "{text!r} is not a card")


_REPLAY = CanteReplay(_cante, _PLAYS, _check_record_play, lambda hand: hand._cante_count)


#: a complete hand's result in the checker's shape (RECORD_FORMAT.md)
hand_summary = summary_of("void bidder bid trump tricks_won[] points[] cantes[] tute made delta[]")
