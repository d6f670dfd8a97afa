"""What the API schema documents of the match views' requests: the undo body's two
forms and an example of a new match per game. Apart from the views so that they read
as code, not as a page of JSON."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample

from ...engine import games

#: the undo body as the server takes it: a hand and the sequence number to roll it back
#: to, or a hand and the number of the last event as the client showed it
#: (UndoSerializer refuses any other shape, ``{}`` too); each may say ``reopen``
REOPEN = {"type": "boolean"}
UNDO_BODY = {
    "oneOf": [
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["hand", "to_seq"],
            "properties": {
                "hand": {"type": "integer", "minimum": 1, "maximum": 10_000},
                "to_seq": {"type": "integer", "minimum": 0, "maximum": 1_000_000},
                "reopen": REOPEN,
            },
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["hand", "last_seq"],
            "properties": {
                "hand": {"type": "integer", "minimum": 1, "maximum": 10_000},
                "last_seq": {"type": "integer", "minimum": 0, "maximum": 1_000_000},
                "reopen": REOPEN,
            },
        },
    ]
}


def _create_examples() -> list[OpenApiExample]:
    """A new match of each game the site records, at its default rules (the registry's:
    a new game gets its example)."""
    examples = []
    for game in games():
        if not game.recordable:
            continue
        rules = game.parse_rules(None)
        seats = game.seats(rules)
        value = {
            "club": "pena-la-baza",
            "game": game.name,
            "players": list(range(1, seats + 1)),
            "rules": rules.as_dict(),
            "first_dealer": 0,
        }
        title = f"{game.title}: {seats} players, the default rules"
        examples.append(OpenApiExample(title, request_only=True, value=value))
    return examples
