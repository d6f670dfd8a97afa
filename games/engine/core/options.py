"""The range of a numeric rule option (RULES.md: "Numeric options are integers in the
range a club could mean").

Each game's ``options.py`` declares its ranges next to its options (``RANGES``); the
ruleset checks them, and the site's forms and API schema read the same declaration
(``games.engine.ranges_of``), so no bound is written twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: RULES.md: `target` from 1 to 10,000 in every game
TARGET_MAX = 10_000


@dataclass(frozen=True, slots=True)
class Range:
    """Whole numbers from ``minimum`` to ``maximum``, multiples of ``step``."""

    minimum: int
    maximum: int
    step: int = 1

    def message(self, key: str) -> str:
        what = f"a multiple of {self.step}" if self.step > 1 else "a whole number"
        return f"rules.{key} must be {what} from {self.minimum:,} to {self.maximum:,}"

    def check(self, key: str, value: Any) -> None:
        """ValueError naming the option when ``value`` is not in the range (``True`` is
        not a number)."""
        if type(value) is not int or not self.minimum <= value <= self.maximum or value % self.step:
            raise ValueError(self.message(key))


def check_ranges(rules: Any, ranges: dict[str, Range]) -> None:
    for key, allowed in ranges.items():
        allowed.check(key, getattr(rules, key))


def ranges_of(game: Any) -> dict[str, Range]:
    """A game's numeric option ranges, as its ruleset class declares them (``ranges``)."""
    return getattr(type(game.parse_rules(None)), "ranges", {})
