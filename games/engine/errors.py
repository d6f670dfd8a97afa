"""The one error type of the engine."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An event (or a record's header) breaks a rule.

    ``rule`` is the RULES.md section without subsection (``"C7"``, ``"V1"``…); the
    message may name the subsection (``C7.2``). The location fields say where: 1-based
    ``hand``, ``trick`` and ``position`` (index of the card in its trick), the ``seat``
    (None where it was nobody's turn), the ``card``, and for a call, cante or (Belote)
    declaration error the 1-based ``call``, ``cante`` or ``declaration`` index.
    """

    def __init__(
        self,
        rule: str,
        message: str,
        *,
        hand: int | None = None,
        trick: int | None = None,
        position: int | None = None,
        seat: int | None = None,
        card: str | None = None,
        call: int | None = None,
        cante: int | None = None,
        declaration: int | None = None,
        seq: int | None = None,
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.hand = hand
        self.trick = trick
        self.position = position
        self.seat = seat
        self.card = card
        self.call = call
        self.cante = cante
        self.declaration = declaration
        #: the (0-based) number of the hand event at fault, for ordering proofs (V2)
        self.seq = seq

    def as_dict(self) -> dict[str, Any]:
        """The error in the checker's JSON shape (RECORD_FORMAT.md "Invalid record")."""
        out: dict[str, Any] = {
            "hand": self.hand,
            "trick": self.trick,
            "position": self.position,
            "seat": self.seat,
            "card": self.card,
        }
        for key in ("call", "cante", "declaration"):  # only where the record has them
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["rule"] = self.rule
        out["message"] = self.message
        return out

    def __repr__(self) -> str:
        return f"RuleError({self.rule!r}, {self.message!r})"


class RecordFormatError(ValueError):
    """A document that is not a readable ``card-record`` (not JSON, wrong types…)."""
