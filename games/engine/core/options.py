"""What every game's ruleset checks alike (RULES.md: "Numeric options are integers in the
range a club could mean")."""

from __future__ import annotations

from typing import Any

#: RULES.md: ``target`` from 1 to 10,000 in every game
MAX_TARGET = 10_000


def check_target(target: Any) -> None:
    """ValueError unless ``target`` is a whole number from 1 to :data:`MAX_TARGET`."""
    if type(target) is not int or target < 1:
        raise ValueError("rules.target must be a positive whole number")
    if target > MAX_TARGET:
        raise ValueError(f"rules.target must be at most {MAX_TARGET}")
