"""The range of a numeric rule option (RULES.md: "Numeric options are integers in the
range a club could mean").

Each game's ``options.py`` declares its ranges next to its options (``RANGES``); the
ruleset checks them, and the site's forms and API schema read the same declaration
(``games.engine.ranges_of``), so no bound is written twice. A game's ruleset (a frozen
dataclass of its options) subclasses :class:`Ruleset`, which reads it from a record's
``rules`` object and checks the ranges and the true/false options alike.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from ..messages import Items, msg

#: RULES.md: `target` from 1 to 10,000 in every game
TARGET_MAX = 10_000


@dataclass(frozen=True, slots=True)
class Range:
    """Whole numbers from ``minimum`` to ``maximum``, multiples of ``step``."""

    minimum: int
    maximum: int
    step: int = 1

    def message(self, key: str) -> str:
        what = msg("a multiple of {step}", step=self.step) if self.step > 1 else "a whole number"
        return msg(
            "rules.{key} must be {what} from {minimum:,} to {maximum:,}",
            key=key,
            what=what,
            minimum=self.minimum,
            maximum=self.maximum,
        )

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


class Ruleset:
    """What every game's ruleset dataclass shares: ``from_dict`` (its fields are the
    options), ``as_dict``, and :meth:`check_options` for its ``__post_init__``."""

    __slots__ = ()
    #: the game's name, in the unknown-option message
    game: ClassVar[str]
    #: the ranges of its numeric options, for the site's forms and API schema
    ranges: ClassVar[dict[str, Range]] = {}
    #: the options that are true or false
    flags: ClassVar[tuple[str, ...]] = ()

    def check_options(self) -> None:
        """ValueError naming the first option out of its range, then the first flag that
        is not true or false (``1`` is not ``true``)."""
        check_ranges(self, self.ranges)
        for flag in self.flags:
            if type(getattr(self, flag)) is not bool:
                raise ValueError(msg("rules.{flag} must be true or false", flag=flag))

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Any:
        """Options from a record's ``rules`` object; missing keys take the defaults, an
        unknown key is a ValueError (a misspelt option must not be ignored)."""
        data = data or {}
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(
                msg(
                    "unknown {game} rule option(s): {options}",
                    game=cls.game,
                    options=Items(sorted(unknown)),
                )
            )
        return cls(**data)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
