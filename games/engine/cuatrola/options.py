"""Cuatrola ruleset options and declarations (RULES.md C3, C4, C10, C11, C12)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import TARGET_MAX, Range, Ruleset
from ..messages import Items, msg

#: Calls in rising order (C3). ``pass`` is not a declaration.
CALLS = ("pass", "solo", "cuatrola", "quintola")
CALL_RANK = {call: rank for rank, call in enumerate(CALLS)}
#: What a hand is worth to the side that wins it (C10). ``plain``: everybody passed.
VALUE = {"plain": 1, "solo": 2, "cuatrola": 4, "quintola": 5}
MATCH_FORMATS = ("exact", "first_to", "hands")
SEATS = 4
HAND_SIZE = 5
TRICKS = 5
LAST_TRICK_BONUS = 10  # "últimas" (C2)
#: the numeric options' ranges (RULES.md): points, or hands in the ``hands`` format
RANGES = {"target": Range(1, TARGET_MAX)}


@dataclass(frozen=True, slots=True)
class CuatrolaRules(Ruleset):
    """The options a club may set (RULES.md). Defaults are the standard game.

    - ``match``: ``exact`` (first to ``target`` with the C4 limit), ``first_to`` (no C4
      limit) or ``hands`` (``target`` hands, more points wins, a tie is played out) — C11.
    - ``target``: points to reach (11), or number of hands in the ``hands`` format.
    - ``quintola``: the quintola call exists; a cuatrola then needs 4 tricks, not 5 — C3, C10.
    - ``renuncio_penalty``: an organiser may end a hand against a revoking seat — C12.
    """

    game = "cuatrola"
    ranges = RANGES
    flags = ("quintola", "renuncio_penalty")

    match: str = "exact"
    target: int = 11
    quintola: bool = True
    renuncio_penalty: bool = True

    def __post_init__(self) -> None:
        if self.match not in MATCH_FORMATS:
            raise ValueError(
                msg("rules.match must be one of {formats}", formats=Items(MATCH_FORMATS))
            )
        self.check_options()

    def tricks_needed(self, declaration: str) -> int:
        """Tricks the declarer must win to make a cuatrola or quintola (C10)."""
        if declaration == "cuatrola":
            return 4 if self.quintola else 5
        return 5

    def legal_call_names(self) -> tuple[str, ...]:
        return CALLS if self.quintola else CALLS[:-1]
