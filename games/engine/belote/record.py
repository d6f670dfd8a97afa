"""Belote's card-record hand codec and checker (RECORD_FORMAT.md "Belote").

Events are applied in record order, as live entry makes them — per round its header
(dealer, deal), the calls, then the plays, each declaration just before the card it is
announced with (a sequence or four before its seat's first card, a belote before its
seat's first K or Q of the suit), then the declarations whose card never came, the
penalty last — and the first refused event is the error (RECORD_FORMAT.md "Which error
is reported").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import FRENCH_32
from ..core.recordhand import (
    TRICKS,
    Key,
    RecordHand,
    check_calls,
    check_penalty,
    deal_check,
    export,
    list_of,
    penalty_dict,
    summary_of,
)
from ..errors import RuleError
from ..game import Record, expect, is_int, str_list
from ..messages import Seat, msg
from .events import Belote, Call, Deal, Declaration, Event, Penalty, Play
from .hand import HandState
from .match import MatchState
from .options import CONTRACT, CONTRACT_RANK, SEATS, BeloteRules
from .play import trick_winner

DECK = FRENCH_32
#: one Play event per card (events are immutable values; the checker reuses them)
_PLAY = {card: Play(card) for card in DECK}
_CARD = {card.text: card for card in DECK}


def _check_declaration(d: Any, where: str, i: int) -> None:
    at = msg("{where}: declaration {i}", where=where, i=i)
    expect(isinstance(d, dict), msg("{at} must be an object", at=at))
    # null is a wrong type here; an omitted key is not a null one (RECORD_FORMAT.md)
    expect("seat" not in d or is_int(d["seat"]), msg("{at}: seat must be a number", at=at))
    for key in ("kind", "suit"):
        expect(
            key not in d or isinstance(d[key], str), msg("{at}: {key} must be text", at=at, key=key)
        )
    if "cards" in d:
        str_list(d["cards"], f"{at}: cards")


def _check_penalty(penalty: Any, where: str) -> None:
    # a seat that is not one (``"x"``, ``1.0``, ``true``) is the round's B7, not unreadable
    check_penalty(penalty, where)
    expect(
        penalty.get("rule") is None or isinstance(penalty["rule"], str),
        msg("{where}: penalty rule must be text", where=where),
    )


@dataclass
class HandRecord(RecordHand):
    """One round as written in a record. Cards stay text here: the checker judges them.
    Optional lists are None when the record leaves them out (kept so on the way out)."""

    dealer: int
    calls: list[str] | None = field(default_factory=list)
    tricks: list[list[str]] | None = None
    deal: list[list[str]] | None = None
    declarations: list[dict[str, Any]] | None = None
    penalty: dict[str, Any] | None = None

    KEYS = (
        Key("calls", check_calls),
        TRICKS,
        Key("deal", deal_check("a list of 4 lists of cards")),
        Key("declarations", list_of("declarations", _check_declaration)),
        Key("penalty", _check_penalty),
    )
    WRITE = ("dealer", "deal?", "calls?", "declarations?", "tricks?", "penalty?")

    def events(self) -> list[Event]:
        """The round's events in the order live entry makes them (a valid record)."""
        return hand_events(self)


parse_hand = HandRecord.parse


# ----------------------------------------------------------------- declarations' places
def _declaration_event(raw: dict[str, Any]) -> Declaration | Belote:
    seat = raw.get("seat")
    if raw.get("kind") == "belote":
        return Belote(raw.get("suit"), seat)
    return Declaration(raw.get("kind") or "", tuple(raw.get("cards") or ()), seat)


def _valid_seat(seat: Any) -> bool:
    return is_int(seat) and 0 <= seat < SEATS


class _Places:
    """Where each declaration of a round is announced: before its seat's first card
    (sequences, fours, anything malformed but with a seat), before its seat's first K or
    Q of the suit (a belote), or nowhere the record shows (``left``)."""

    def __init__(self, declarations: list[dict[str, Any]] | None) -> None:
        self.first_card: dict[int, list[tuple[int, Declaration | Belote]]] = {}
        self.belote: dict[tuple[int, str], list[tuple[int, Declaration | Belote]]] = {}
        self.unplaced: list[tuple[int, Declaration | Belote | None]] = []
        for index, raw in enumerate(declarations or [], 1):
            seat = raw.get("seat")
            if not _valid_seat(seat):
                self.unplaced.append((index, None))
                continue
            event = _declaration_event(raw)
            if isinstance(event, Belote) and event.suit in DECK.suits:
                self.belote.setdefault((seat, event.suit), []).append((index, event))
            else:
                self.first_card.setdefault(seat, []).append((index, event))

    def before(self, seat: int, first: bool, card) -> list[tuple[int, Declaration | Belote]]:
        """The declarations announced with ``seat``'s next card ``card`` (None: unknown)."""
        out = self.first_card.pop(seat, []) if first else []
        if card is not None and card.rank in ("K", "Q"):
            out += self.belote.pop((seat, card.suit), [])
        return sorted(out, key=lambda item: item[0])

    def left(self) -> list[tuple[int, Declaration | Belote | None]]:
        out = list(self.unplaced)
        for items in (*self.first_card.values(), *self.belote.values()):
            out += items
        self.first_card, self.belote, self.unplaced = {}, {}, []
        return sorted(out, key=lambda item: item[0])


def _contract_of(calls: Sequence[str]) -> str | None:
    contracts = [c for c in calls if c in CONTRACT_RANK]
    return contracts[-1] if contracts else None


def hand_events(h: HandRecord) -> list[Event]:
    """The events of a (valid) record round in the order live entry makes them."""
    deal = tuple(tuple(cards) for cards in h.deal) if h.deal is not None else None
    events: list[Event] = [Deal(deal, h.dealer)]
    events += [Call(call) for call in h.calls or []]
    places = _Places(h.declarations)
    name = _contract_of(h.calls or [])
    leader = (h.dealer + 1) % SEATS
    played: set[int] = set()
    for trick in h.tricks or []:
        cards = [DECK.card(text) for text in trick]
        for position, card in enumerate(cards):
            seat = (leader + position) % SEATS
            events += [event for _, event in places.before(seat, seat not in played, card)]
            played.add(seat)
            events.append(Play(card))
        if len(cards) == SEATS and name is not None:
            leader = (leader + trick_winner(cards, CONTRACT[name])) % SEATS
    events += [event for _, event in places.left() if event is not None]
    if h.penalty is not None:
        events.append(Penalty(h.penalty.get("seat"), h.penalty.get("rule")))
    return events


def _hand_of(state: HandState, tricks: list[list[str]], deal: Any) -> HandRecord:
    declarations = [d.as_dict() for d in state.declarations] or None
    calls = list(state.calls)
    return HandRecord(state.dealer, calls, tricks or None, deal, declarations, penalty_dict(state))


def record_from_match(match: MatchState, **header: Any) -> Record:
    """The record of a game state (export)."""
    return export(match, "belote", _hand_of, **header)


# ------------------------------------------------------------------------ the checker
def _settled_seat(rules: BeloteRules, penalty: dict[str, Any] | None) -> int | None:
    """The seat a well-formed, allowed penalty names: its revokes are what the penalty
    settles (RECORD_FORMAT.md "penalty"), so the checker does not report them."""
    if penalty is None or not rules.renuncio_penalty or penalty.get("rule") != "B6":
        return None
    seat = penalty.get("seat")
    return seat if _valid_seat(seat) else None


def never_announced(hand: HandState, left: list[tuple[int, Any]], number: int) -> None:
    """B5 for a declaration whose seat never plays the card it is announced with: the
    round stops first (unfinished, or ended by the penalty that follows). It is never
    scored (RECORD_FORMAT.md "Belote"). Calls that stop short are the calls' error."""
    if hand.is_complete or not hand.auction_over or not left:
        return
    index, event = left[0]
    if event is None:
        return  # no seat: announced, and refused, as such
    raise RuleError(
        "B5",
        msg(
            "{seat} never plays the card this declaration is announced with", seat=Seat(event.seat)
        ),
        hand=number,
        seat=event.seat,
        declaration=index,
    )


def replay_hand(match: MatchState, number: int, h: HandRecord) -> HandState:
    """Apply one round's events to ``match``; RuleError at the first refused event."""
    try:
        hand = match.start_hand(h.dealer, h.deal, settled=_settled_seat(match.rules, h.penalty))
    except RuleError as error:
        error.hand = number
        raise
    for index, call in enumerate(h.calls or [], 1):
        try:
            match.apply(Call(call))
        except RuleError as error:
            error.call = index
            raise

    def announce(items, trick: int | None) -> None:
        for index, event in items:
            if not hand.auction_over:
                raise hand.auction_missing()  # calls that stop short: the missing call
            if event is None:
                raise RuleError(
                    "B5",
                    "a declaration needs the seat (0 to 3) that makes it",
                    hand=number,
                    declaration=index,
                )
            try:
                match.apply(event)
            except RuleError as error:
                if error.seq == hand.seq:  # the declaration itself, not an earlier play
                    if error.call is None:
                        error.declaration = index
                    error.trick = trick if error.call is None else None
                raise

    places = _Places(h.declarations)
    placed = places.first_card or places.belote  # anything left to place before a card
    play = hand.apply
    previous = SEATS  # cards in the previous trick: a short (or empty) one ends the play
    for t, trick in enumerate(h.tricks or [], 1):
        if previous < SEATS:
            raise RuleError(
                "V1",
                msg(
                    "trick {n} is short: {previous} cards of {SEATS}",
                    n=t - 1,
                    previous=previous,
                    SEATS=SEATS,
                ),
                hand=number,
                trick=t,
                position=1,
                seat=hand.to_act,
                card=trick[0] if trick else None,
            )
        for p, text in enumerate(trick, 1):
            if p > SEATS:
                raise RuleError(
                    "V1",
                    msg("trick {t} has more than {SEATS} cards", t=t, SEATS=SEATS),
                    hand=number,
                    trick=t,
                    position=p,
                    card=text,
                )
            card = _CARD.get(text)
            if placed and hand.auction_over and not hand.is_complete:
                seat = hand.to_act
                announce(places.before(seat, not hand.plays_by_seat[seat], card), t)
                placed = places.first_card or places.belote
            if card is None:
                raise RuleError(
                    "V1",
                    msg("{text!r} is not a card of the 32-card deck", text=text),
                    hand=number,
                    trick=t,
                    position=p,
                    seat=hand.to_act,
                    card=text,
                )
            try:
                play(_PLAY[card])  # to the hand directly, as core.record.replay_tricks does
                if hand._complete:
                    match.score_hand(hand)
            except RuleError as error:
                if error.seq == hand.seq:  # the event itself: record indices
                    error.trick, error.position = t, p
                raise
        previous = len(trick)
    left = places.left()
    never_announced(hand, left, number)
    announce(left, None)
    if h.penalty is not None:
        match.apply(Penalty(h.penalty.get("seat"), h.penalty.get("rule")))
    return hand


#: a complete hand's result in the checker's shape (RECORD_FORMAT.md)
hand_summary = summary_of(
    "void contract declarer multiplier tricks_won[] "
    "card_points[] declarations[] capot round_points[] game_points[]"
)
