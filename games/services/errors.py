"""What the write service answers: its refusals (400, 409) and what a write left."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from ..engine import RuleError
from ..models import Hand, Match

User = AbstractBaseUser | AnonymousUser


class Refused(Exception):
    """The input breaks a rule (``rule`` is the RULES.md code) or is malformed (``rule``
    None, ``item`` names the field). Answered with HTTP 400 (a subclass may say 409: the
    state forbids it); nothing was written."""

    status = 400

    def __init__(self, message: str, rule: str | None = None, item: dict | None = None):
        super().__init__(message)
        self.message, self.rule, self.item = message, rule, item or {}

    @classmethod
    def from_rule_error(cls, error: RuleError) -> Refused:
        item = {k: v for k, v in error.as_dict().items() if k not in ("rule", "message")}
        return cls(error.message, error.rule, item)


class Conflict(Refused):
    """Refused because of what the database holds now (a drawn round, a recorded hand, a
    player merged meanwhile), not because of the input: HTTP 409. Its message is English,
    made by msg() like every refusal; the pages and the API's ``detail`` translate it on
    display."""

    status = 409


UNDO_REFUSAL = "only an organiser or the match's scorer can undo"


class Stale(Exception):
    """The client's sequence number (or hand) is not the current one — or what it asks
    to undo is not there (any more). HTTP 409, with the match as it is now."""

    def __init__(self, message: str, match: Match, item: dict | None = None):
        super().__init__(message)
        self.message, self.match = message, match
        self.item = item or {"field": "expected_seq"}


@dataclass
class Outcome:
    """What a write left: the match, its replayed state, whether anything was stored, and
    the row of the match's latest hand (the one in play, or the next to deal) when the
    write holds it (None: read it)."""

    match: Match
    state: Any  # the game's match state
    stored: bool = True
    hand: Hand | None = None


class Reopens(Stale):
    """The undo takes an entry of a complete hand: it reopens the hand and changes the
    match score, which the client must ask for (``reopen``). HTTP 409 with the match as
    it is, as every 409 of a match (the client shows what it would reopen)."""

    def __init__(self, message: str, match: Match, item: dict | None = None):
        super().__init__(message, match, item or {"field": "reopen"})
