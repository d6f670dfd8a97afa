"""The ``card-record`` v1 format (RECORD_FORMAT.md): read, write, check.

:func:`load_record` turns a JSON document into a :class:`Record` (or raises
:class:`RecordFormatError` for a document that is not a readable record);
:func:`dump_record` writes it back; :func:`check_record` replays it through the engine
exactly as live entry would and returns the checker's JSON object.

Events are applied in record order — per hand its header (dealer, trump card, deal),
the calls, then the plays, each trick's cantes right after that trick, the penalty
last — and the first refused event is the error (RECORD_FORMAT.md "Which error is
reported").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import SPANISH_20, Card
from .cuatrola.events import Call, Cante, Deal, Event, Penalty, Play
from .cuatrola.hand import HandState
from .cuatrola.match import MatchState
from .cuatrola.options import CuatrolaRules
from .errors import RecordFormatError, RuleError

FORMAT = "card-record"
VERSION = 1
GAMES = ("cuatrola", "subastao", "belote")
SUPPORTED_GAMES = ("cuatrola",)


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


@dataclass
class Record:
    """A whole match record."""

    game: str
    rules: CuatrolaRules
    hands: list[HandRecord]
    seats: list[str] | None = None
    event: str | None = None
    date: str | None = None
    rules_given: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        if self.rules_given is not None:
            out["rules"] = self.rules_given
        if self.event is not None:
            out["event"] = self.event
        if self.date is not None:
            out["date"] = self.date
        if self.seats is not None:
            out["seats"] = self.seats
        out["hands"] = [h.as_dict() for h in self.hands]
        return out


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise RecordFormatError(message)


def _is_int(value: Any) -> bool:
    return type(value) is int


def _str_list(value: Any, where: str) -> list[str]:
    _expect(
        isinstance(value, list) and all(isinstance(v, str) for v in value),
        f"{where} must be a list of strings",
    )
    return value


def parse_record(doc: Any) -> Record:
    """Validate a decoded JSON document's shape and types; RecordFormatError otherwise.

    Only the shape is checked here; what the cards and calls mean is the checker's job.
    """
    _expect(isinstance(doc, dict), "a record must be a JSON object")
    _expect(doc.get("format") == FORMAT, f"format must be {FORMAT!r}")
    _expect(doc.get("version") == VERSION, f"version must be {VERSION}")
    game = doc.get("game")
    _expect(game in GAMES, f"game must be one of {', '.join(GAMES)}")
    _expect(game in SUPPORTED_GAMES, f"game {game!r} is not supported yet by this checker")
    rules_given = doc.get("rules")
    _expect(rules_given is None or isinstance(rules_given, dict), "rules must be an object")
    try:
        rules = CuatrolaRules.from_dict(rules_given)
    except (TypeError, ValueError) as exc:
        raise RecordFormatError(str(exc)) from exc
    seats = doc.get("seats")
    if seats is not None:
        _expect(
            isinstance(seats, list) and len(seats) == 4 and all(isinstance(s, str) for s in seats),
            "seats must be a list of 4 names",
        )
    for key in ("event", "date"):
        _expect(doc.get(key) is None or isinstance(doc.get(key), str), f"{key} must be text")
    raw_hands = doc.get("hands")
    _expect(isinstance(raw_hands, list), "hands must be a list")
    hands = []
    for number, raw in enumerate(raw_hands, 1):
        where = f"hand {number}"
        _expect(isinstance(raw, dict), f"{where} must be an object")
        _expect(_is_int(raw.get("dealer")), f"{where}: dealer must be a whole number")
        _expect(isinstance(raw.get("trump_card"), str), f"{where}: trump_card must be a card")
        calls = _str_list(raw.get("calls", []), f"{where}: calls")
        tricks = raw.get("tricks", [])
        _expect(isinstance(tricks, list), f"{where}: tricks must be a list")
        for i, trick in enumerate(tricks, 1):
            _str_list(trick, f"{where}: trick {i}")
        deal = raw.get("deal")
        if deal is not None:
            _expect(isinstance(deal, list), f"{where}: deal must be a list of 4 lists of cards")
            for i, cards in enumerate(deal):
                _str_list(cards, f"{where}: deal of seat {i}")
        cantes = raw.get("cantes", [])
        _expect(isinstance(cantes, list), f"{where}: cantes must be a list")
        penalty = raw.get("penalty")
        _expect(penalty is None or isinstance(penalty, dict), f"{where}: penalty must be an object")
        hands.append(
            HandRecord(raw["dealer"], raw["trump_card"], calls, tricks, deal, cantes, penalty)
        )
    return Record(game, rules, hands, seats, doc.get("event"), doc.get("date"), rules_given)


def load_record(text: str | bytes) -> Record:
    """Parse a record from JSON text; RecordFormatError if it is not a readable record."""
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordFormatError(f"not JSON: {exc}") from exc
    except RecursionError as exc:  # json recurses per level: "[" * 100000 is no record
        raise RecordFormatError("not a record: its JSON is nested too deeply") from exc
    return parse_record(doc)


def dump_record(record: Record) -> str:
    """The record as JSON text (2-space indent, UTF-8 names kept)."""
    return json.dumps(record.as_dict(), indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------- checking
def _cante_event(raw: Any) -> Cante | None:
    """A well-formed cante's event, or None if it is malformed (C9)."""
    if not isinstance(raw, dict):
        return None
    seat, suit, after = raw.get("seat"), raw.get("suit"), raw.get("after_trick")
    if not (
        _is_int(seat)
        and 0 <= seat <= 3
        and suit in SPANISH_20.suits
        and _is_int(after)
        and after >= 1
    ):
        return None
    return Cante(seat, suit, after)


def _cantes_by_trick(h: HandRecord) -> tuple[dict[int, list[tuple[int, Cante]]], list[int]]:
    """The hand's cantes grouped by the trick they follow (record order within a trick),
    with their 1-based record indices; and the indices of malformed cantes."""
    by_trick: dict[int, list[tuple[int, Cante]]] = {}
    malformed: list[int] = []
    for index, raw in enumerate(h.cantes, 1):
        event = _cante_event(raw)
        if event is None:
            malformed.append(index)
        else:
            by_trick.setdefault(event.after_trick, []).append((index, event))
    return by_trick, malformed


def hand_events(h: HandRecord) -> list[Event]:
    """The events of a (valid) record hand in the order live entry makes them: the deal,
    the calls, each trick's plays followed by its cantes, the penalty."""
    deal = tuple(tuple(cards) for cards in h.deal) if h.deal is not None else None
    events: list[Event] = [Deal(h.trump_card, deal, h.dealer)]
    events += [Call(call) for call in h.calls]
    by_trick, _ = _cantes_by_trick(h)
    for number, trick in enumerate(h.tricks, 1):
        events += [Play(Card.parse(text)) for text in trick]
        events += [Cante(c.seat, c.suit) for _, c in by_trick.get(number, [])]
    if h.penalty is not None:
        events.append(Penalty(h.penalty.get("seat"), h.penalty.get("rule", "C7")))
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
        tricks = [[c.text for c in t.cards] for t in state.tricks]
        if state.current_cards:
            tricks.append([c.text for c in state.current_cards])
        deal = [[c.text for c in cards] for cards in state.deal] if state.deal else None
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


def _replay_hand(match: MatchState, number: int, h: HandRecord) -> HandState:
    """Apply one hand's events to ``match``; RuleError at the first refused event."""
    try:
        hand = match.start_hand(h.dealer, SPANISH_20.card(h.trump_card) or h.trump_card, h.deal)
    except RuleError as error:
        error.hand = number
        raise
    for index, call in enumerate(h.calls, 1):
        try:
            match.apply(Call(call))
        except RuleError as error:
            error.call = index
            raise

    # cantes by the trick they follow; the record index is reported, not the engine's order
    by_trick, malformed = _cantes_by_trick(h)
    if malformed:
        raise RuleError(
            "C9",
            "a cante needs seat (0-3), suit (o, c, e, b) and after_trick (1 or more)",
            hand=number,
            cante=malformed[0],
        )
    engine_to_record: dict[int, int] = {}

    def apply_cantes(after: int) -> None:
        for index, event in by_trick.pop(after, []):
            engine_to_record[len(hand.cantes) + 1] = index
            try:
                match.apply(event)
            except RuleError as error:
                _renumber_cante(error, engine_to_record, index)
                raise

    for t, trick in enumerate(h.tricks, 1):
        for p, text in enumerate(trick, 1):
            loc = {"hand": number, "trick": t, "position": p, "card": text}
            if p == 1 and hand.current_cards:
                raise RuleError(
                    "V1",
                    f"trick {t - 1} is short: {len(hand.current_cards)} cards of {hand.trick_size}",
                    seat=None,
                    **loc,
                )
            if p > hand.trick_size and hand.declaration is not None:
                if hand.sitting_out is not None and p == 4:
                    raise RuleError(
                        "C5",
                        f"seat {hand.sitting_out} sits out (partner of the "
                        f"declarer): tricks have 3 cards",
                        seat=hand.sitting_out,
                        **loc,
                    )
                raise RuleError(
                    "V1", f"trick {t} has more than {hand.trick_size} cards", seat=None, **loc
                )
            card = SPANISH_20.card(text)
            if card is None:
                raise RuleError(
                    "V1", f"{text!r} is not a card of the 20-card deck", seat=hand.to_act, **loc
                )
            try:
                match.apply(Play(card))
            except RuleError as error:
                if error.seq is None or error.seq == hand.seq:
                    error.trick, error.position = t, p  # the event itself: record indices
                _renumber_cante(error, engine_to_record, None)
                raise
        apply_cantes(t)
    for after in sorted(by_trick):
        apply_cantes(after)  # cantes after a trick that was not (fully) played: C9
    if h.penalty is not None:
        seat, rule = h.penalty.get("seat"), h.penalty.get("rule", "C7")
        match.apply(Penalty(seat, rule))
    return hand


def _renumber_cante(
    error: RuleError, engine_to_record: dict[int, int], current: int | None
) -> None:
    if error.cante is not None:
        error.cante = engine_to_record.get(error.cante, current or error.cante)


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


def check_record(record: Record) -> dict[str, Any]:
    """Replay ``record``; the checker's JSON object without the ``file`` key."""
    match = MatchState(record.rules)
    report = []
    try:
        for number, h in enumerate(record.hands, 1):
            hand = _replay_hand(match, number, h)
            if hand.is_complete:
                report.append(hand_summary(hand, match.score_after[number - 1]))
            else:
                report.append({"number": number, "complete": False})
    except RuleError as error:
        return {"valid": False, "error": error.as_dict()}
    return {
        "valid": True,
        "finished": match.finished,
        "winner_side": match.winner_side,
        "score": list(match.score),
        "hands": report,
    }


def check_text(text: str | bytes, filename: str) -> tuple[dict[str, Any], int]:
    """Check a record given as text: (the checker's output line, exit status 0/1/2)."""
    try:
        record = load_record(text)
    except RecordFormatError as exc:
        return {"file": filename, "valid": False, "error": {"rule": None, "message": str(exc)}}, 2
    result = check_record(record)
    return {"file": filename, **result}, 0 if result["valid"] else 1
