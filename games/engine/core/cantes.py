"""The cante intake the games with cantes share (Cuatrola C9, Subastao S5): a part of
their hand states.

A cante comes right after a completed trick, before the next lead, one per won trick
and one per suit. The checks are the same in both games and in the same order, only the
rule code differs; who may sing (the trick's winning side, the bid winner's side, not
the seat sitting out) is each game's, checked between :meth:`CanteIntake._cante_trick`
and :meth:`CanteIntake._cante_once`.
"""

from __future__ import annotations

from typing import Any

from ..messages import msg


class CanteIntake:
    """Cante timing and repetition checks (uses ``tricks``, ``current_cards``, ``deck``,
    ``_error``)."""

    __slots__ = ()  # the hand state's attributes are TrickHand's and the game's

    def _cante_trick(self, event: Any, after: int, rule: str, loc: dict[str, Any]) -> Any:
        """The trick the cante follows: the one just completed, the next not yet led."""
        if self.current_cards and after == len(self.tricks) + 1:
            raise self._error(
                rule,
                msg(
                    (
                        "trick {after} is unfinished: a cante comes right after a "
                        "completed trick, before the next lead"
                    ),
                    after=after,
                ),
                **loc,
            )
        if (
            (event.after_trick is not None and event.after_trick != len(self.tricks))
            or self.current_cards
            or not self.tricks
        ):
            raise self._error(
                rule,
                msg(
                    (
                        "a cante comes right after a completed trick, before the next "
                        "lead: trick {after} is not the trick just completed"
                    ),
                    after=after,
                ),
                **loc,
            )
        return self.tricks[-1]

    def _cante_once(
        self, rule: str, number: int, made_after: bool, sung: bool, suit: Any, loc: dict[str, Any]
    ) -> None:
        """One cante per won trick (``made_after``: trick ``number`` has one) and one per
        suit (``sung``: ``suit`` was sung)."""
        if made_after:
            raise self._error(
                rule,
                msg(
                    "a cante was already made after trick {number}: one per won trick",
                    number=number,
                ),
                **loc,
            )
        if sung:
            name = self.deck.suit_name(suit)
            raise self._error(rule, msg("{suit} was already sung this hand", suit=name), **loc)
