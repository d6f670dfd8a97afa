"""Subastao's card-record hand codec and checker (RECORD_FORMAT.md "Subastao").

Events are applied in record order — per hand its header (dealer, deal), the auction,
the trump, then the plays, each trick's cantes right after that trick, the penalty last
— and the first refused event is the error (RECORD_FORMAT.md "Which error is reported").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import SPANISH_40
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
from ..messages import msg
from .events import Bid, Cante, Deal, Event, Penalty, Play, Trump
from .hand import HandState
from .match import MatchState

#: the play event of every card by its text: events are immutable values, so the checker
#: looks one up rather than parsing the card and building the event for every card read
_PLAYS = {card.text: Play(card) for card in SPANISH_40.cards}


@dataclass
class HandRecord:
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

    def events(self) -> list[Event]:
        """The hand's events in the order live entry makes them."""
        return hand_events(self)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer}
        if self.deal is not None:
            out["deal"] = self.deal
        out["bids"] = self.bids
        if self.trump is not None:
            out["trump"] = self.trump
        if self.tricks is not None:
            out["tricks"] = self.tricks
        if self.cantes is not None:
            out["cantes"] = self.cantes
        if self.penalty is not None:
            out["penalty"] = self.penalty
        return out


def parse_hand(raw: Any, where: str) -> HandRecord:
    """One record hand's shape and JSON types; RecordFormatError otherwise."""
    expect(isinstance(raw, dict), f"{where} must be an object")
    expect(is_int(raw.get("dealer")), f"{where}: dealer must be a whole number")
    bids = raw.get("bids", [])
    expect(
        isinstance(bids, list) and all(is_int(b) or isinstance(b, str) for b in bids),
        f'{where}: bids must be a list of whole numbers and "pass"',
    )
    trump = raw.get("trump")
    expect(trump is None or isinstance(trump, str), f"{where}: trump must be a suit letter")
    tricks = raw.get("tricks")
    if tricks is not None:
        expect(isinstance(tricks, list), f"{where}: tricks must be a list")
        for i, trick in enumerate(tricks, 1):
            str_list(trick, f"{where}: trick {i}")
    deal = raw.get("deal")
    if deal is not None:
        expect(isinstance(deal, list), f"{where}: deal must be a list of lists of cards")
        for i, cards in enumerate(deal):
            str_list(cards, f"{where}: deal of seat {i}")
    cantes = raw.get("cantes")
    if cantes is not None:
        expect(isinstance(cantes, list), f"{where}: cantes must be a list")
        for i, cante in enumerate(cantes, 1):
            # wrong JSON types make the file unreadable; wrong values (seat 7, suit "x",
            # after_trick 0, both a suit and a tute) are the checker's S5, in event order
            expect(
                isinstance(cante, dict)
                and is_int(cante.get("after_trick"))
                and is_int(cante.get("seat"))
                and ("suit" in cante or "tute" in cante)
                # null is a wrong type; an omitted key is not a null one (RECORD_FORMAT.md)
                and all(
                    key not in cante or isinstance(cante[key], str) for key in ("suit", "tute")
                ),
                f"{where}: cante {i} must be an object with after_trick and seat (whole "
                "numbers) and a suit or a tute (text)",
            )
    penalty = raw.get("penalty")
    expect(penalty is None or isinstance(penalty, dict), f"{where}: penalty must be an object")
    return HandRecord(raw["dealer"], bids, trump, tricks, deal, cantes, penalty)


def _cante(raw: dict[str, Any]) -> Cante:
    return Cante(raw["seat"], raw.get("suit"), raw.get("tute"), raw["after_trick"])


def _penalty_event(h: HandRecord) -> Penalty | None:
    """The hand's penalty as written (no default rule: a missing one is refused, S7)."""
    if h.penalty is None:
        return None
    return Penalty(h.penalty.get("seat"), h.penalty.get("rule"))


def hand_events(h: HandRecord) -> list[Event]:
    """The events of a (valid) record hand in the order live entry makes them: the deal,
    the bids, the trump, each trick's plays followed by its cantes, the penalty."""
    deal = tuple(tuple(cards) for cards in h.deal) if h.deal is not None else None
    events: list[Event] = [Deal(deal, h.dealer)]
    events += [Bid(bid) for bid in h.bids]
    if h.trump is not None:
        events.append(Trump(h.trump))
    by_trick = cantes_by_trick(h.cantes, _cante)
    for number, trick in enumerate(h.tricks or [], 1):
        events += [Play(SPANISH_40.card(text)) for text in trick]
        events += [cante for _, cante in by_trick.get(number, [])]
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
        sung = [
            (c.seq, {"after_trick": c.after_trick, "seat": c.seat, "suit": c.suit})
            for c in state.cantes
        ]
        if state.tute is not None:
            t = state.tute
            sung.append((t.seq, {"after_trick": t.after_trick, "seat": t.seat, "tute": t.rank}))
        cantes = [c for _, c in sorted(sung, key=lambda x: x[0])]
        penalty = (
            {"seat": state.penalty.seat, "rule": state.penalty.rule} if state.penalty else None
        )
        hands.append(
            HandRecord(
                state.dealer,
                list(state.bids),
                state.trump,
                tricks if (tricks or state.trump is not None) else None,
                deal,
                cantes or None,
                penalty,
            )
        )
    return Record("subastao", match.rules, hands, seats, event, date, match.rules.as_dict())


def replay_hand(match: MatchState, number: int, h: HandRecord) -> HandState:
    """Apply one hand's events to ``match``; RuleError at the first refused event."""
    hand = starting(number, lambda: match.start_hand(h.dealer, h.deal))
    penalty = _penalty_event(h)
    hand.expect_penalty(penalty)  # it comes last, but settles breaches before it (S7)
    apply_calls(match, [Bid(bid) for bid in h.bids])
    if h.trump is not None:
        match.apply(Trump(h.trump))
    by_trick = cantes_by_trick(h.cantes, _cante)  # malformed ones stay: S5 in their turn
    replay_tricks(
        match,
        hand,
        h.tricks or [],
        by_trick,
        _PLAYS,
        _check_record_play,
        lambda: hand._cante_count,
    )
    if penalty is not None:
        match.apply(penalty)
    return hand


def _check_record_play(hand: HandState, t: int, p: int, text: str) -> None:
    """What a record's trick shape says about its card at trick ``t``, position ``p``
    before the hand judges the play, in the order RECORD_FORMAT.md gives (as Cuatrola's
    checker): a card at all (V1); the hand can take a play (left to the hand: S2, S3, S5,
    S7, V1); a short trick followed by another (V1, the seat whose card is missing); more
    cards than seats (V1) — beyond a full trick it is nobody's turn, so no seat is named."""
    loc = {"hand": hand.number, "trick": t, "position": p, "card": text}
    beyond = p > hand.trick_size
    if _PLAYS.get(text) is None:
        seat = None if beyond else hand.to_act  # None too once the hand is complete
        raise RuleError("V1", msg("{text!r} is not a card", text=text), seat=seat, **loc)
    if not hand._playing:
        return  # the hand refuses the play on its own terms
    short = short_trick(hand, t, p, text)
    if short is not None:
        raise short
    if beyond:
        raise too_many(hand, t, p, text)


def hand_summary(hand: HandState, score_after: Sequence[int]) -> dict[str, Any]:
    """A complete hand's result in the checker's shape (RECORD_FORMAT.md "Subastao")."""
    r = hand.result
    return {
        "number": hand.number,
        "void": r.void,
        "bidder": r.bidder,
        "bid": r.bid,
        "trump": r.trump,
        "tricks_won": list(r.tricks_won),
        "points": list(r.points),
        "cantes": list(r.cantes),
        "tute": r.tute,
        "made": r.made,
        "delta": list(r.delta),
        "score_after": list(score_after),
    }
