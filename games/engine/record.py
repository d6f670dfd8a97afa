"""The ``card-record`` v1 format (RECORD_FORMAT.md): read, write, check — for any game.

:func:`load_record` turns a JSON document into a :class:`Record` (or raises
:class:`RecordFormatError` for a document that is not a readable record);
:func:`dump_record` writes it back; :func:`check_record` replays it through its game's
engine exactly as live entry would and returns the checker's JSON object. The document
level (format, version, game, rules, seats) is read here; each hand is read and checked
by the record's game (``find_game(record.game)``).
"""

from __future__ import annotations

import json
from typing import Any

from .errors import RecordFormatError
from .game import FORMAT, VERSION, Record, expect
from .messages import Items, json_error, msg
from .registry import GAME_NAMES, find_game

__all__ = [
    "FORMAT",
    "VERSION",
    "Record",
    "check_record",
    "check_text",
    "dump_record",
    "hand_events",
    "load_record",
    "parse_record",
    "record_from_match",
]


def parse_record(doc: Any) -> Record:
    """Validate a decoded JSON document's shape and types; RecordFormatError otherwise.

    Only the shape is checked here; what the cards and calls mean is the checker's job.
    """
    expect(isinstance(doc, dict), "a record must be a JSON object")
    expect(doc.get("format") == FORMAT, msg("format must be {format!r}", format=FORMAT))
    version = doc.get("version")  # the integer 1: true and 1.0 are wrong types
    expect(
        type(version) is int and version == VERSION,
        msg("version must be {version}", version=VERSION),
    )
    name = doc.get("game")
    expect(
        isinstance(name, str) and name in GAME_NAMES,
        msg("game must be one of {games}", games=Items(GAME_NAMES)),
    )
    try:
        game = find_game(name)
    except KeyError:
        raise RecordFormatError(
            msg("game {name!r} is not supported yet by this checker", name=name)
        ) from None
    rules_given = doc.get("rules")
    expect(rules_given is None or isinstance(rules_given, dict), "rules must be an object")
    try:
        rules = game.parse_rules(rules_given)
    except (TypeError, ValueError) as exc:
        raise RecordFormatError(str(exc)) from exc
    seats = doc.get("seats")
    if seats is not None:
        game.check_seat_names(rules, seats)
    for key in ("event", "date"):
        expect(
            doc.get(key) is None or isinstance(doc.get(key), str),
            msg("{key} must be text", key=key),
        )
    raw_hands = doc.get("hands")
    expect(isinstance(raw_hands, list), "hands must be a list")
    hands = [
        game.parse_hand(raw, msg("hand {number}", number=number), rules)
        for number, raw in enumerate(raw_hands, 1)
    ]
    return Record(name, rules, hands, seats, doc.get("event"), doc.get("date"), rules_given)


def load_record(text: str | bytes) -> Record:
    """Parse a record from JSON text; RecordFormatError if it is not a readable record."""
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordFormatError(msg("not JSON: {error}", error=json_error(exc))) from exc
    except RecursionError as exc:  # json recurses per level: "[" * 100000 is no record
        raise RecordFormatError("not a record: its JSON is nested too deeply") from exc
    return parse_record(doc)


def dump_record(record: Record) -> str:
    """The record as JSON text (1-space indent, UTF-8 names kept)."""
    return record.dumps()


def hand_events(hand: Any) -> list[Any]:
    """The events of a (valid) record hand, of any game, in the order live entry makes them."""
    return hand.events()


def record_from_match(match: Any, **header: Any) -> Record:
    """The record of a match state of any game (export): ``seats``, ``event``, ``date``."""
    return find_game(match.game).record_from_match(match, **header)


def check_record(record: Record) -> dict[str, Any]:
    """Replay ``record``; the checker's JSON object without the ``file`` key."""
    return find_game(record.game).check_record(record)


def check_text(text: str | bytes, filename: str) -> tuple[dict[str, Any], int]:
    """Check a record given as text: (the checker's output line, exit status 0/1/2)."""
    try:
        record = load_record(text)
    except RecordFormatError as exc:
        return {"file": filename, "valid": False, "error": {"rule": None, "message": str(exc)}}, 2
    result = check_record(record)
    return {"file": filename, **result}, 0 if result["valid"] else 1
