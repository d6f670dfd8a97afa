"""A round's score (RULES.md B7, B8), as a pure function of what was played."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .declarations import scoring_sequences
from .options import CAPOT_BONUS, TRICKS, Contract, game_points


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A complete round's result. Pairs are per side [side 0, side 1].

    ``card_points`` include the last trick; ``declarations`` are what each side's
    declarations count (after ``compare_sequences``; all of them in a penalty round);
    ``round_points`` are after B7 (transfer, multiplier), ``game_points`` after B8.
    ``penalty_seat`` is the seat a renuncio penalty ended the round against.
    """

    void: bool
    contract: str | None
    declarer: int | None
    multiplier: int | None  # None for a void round (RECORD_FORMAT.md)
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    declarations: tuple[int, int]
    capot: int | None
    round_points: tuple[int, int]
    game_points: tuple[int, int]
    penalty_seat: int | None = None

    @property
    def winner_side(self) -> int | None:
        """The side that scored more this round (None: a void round or equal)."""
        a, b = self.round_points
        return None if a == b else 0 if a > b else 1


VOID = RoundResult(True, None, None, None, (0, 0), (0, 0), (0, 0), None, (0, 0), (0, 0))


def score_round(
    contract: Contract,
    declarer: int,
    multiplier: int,
    tricks_won: Sequence[int],
    card_points: Sequence[int],
    declarations: Sequence[tuple[int, int, tuple[int, int] | None]],
    *,
    compare_sequences: bool,
    penalty_seat: int | None = None,
) -> RoundResult:
    """B7 and B8. ``declarations`` are (side, value, sequence strength or None).

    - Each side: card points (last trick included) + its declarations, + 90 for capot.
    - The contract side with fewer points than the other: the other takes both sides'
      points. Doubled or redoubled, the side with fewer points (either) loses all to the
      other. Equal points: each keeps its own. Then × the multiplier (1, 2, 4).
    - Renuncio penalty: the other side scores the contract's whole card points plus every
      declaration, × the multiplier; the offender's side 0; no capot.
    """
    tricks_won, card_points = tuple(tricks_won), tuple(card_points)
    if penalty_seat is not None:
        decl = [0, 0]
        for side, value, _ in declarations:
            decl[side] += value
        points = [0, 0]
        points[1 - penalty_seat % 2] = (contract.total + sum(decl)) * multiplier
        return _result(
            contract,
            declarer,
            multiplier,
            tricks_won,
            card_points,
            decl,
            None,
            points,
            penalty_seat,
        )
    scores = (True, True)
    if compare_sequences:
        best: list[tuple[int, int] | None] = [None, None]
        for side, _, strength in declarations:
            if strength is not None and (best[side] is None or strength > best[side]):
                best[side] = strength
        scores = scoring_sequences(best)
    decl = [0, 0]
    for side, value, strength in declarations:
        if strength is None or scores[side]:
            decl[side] += value
    capot = next((s for s in (0, 1) if tricks_won[s] == TRICKS), None)
    own = [card_points[s] + decl[s] + (CAPOT_BONUS if capot == s else 0) for s in (0, 1)]
    side = declarer % 2
    points = list(own)
    if own[0] != own[1]:
        low = 0 if own[0] < own[1] else 1
        if multiplier > 1 or low == side:
            points = [0, 0]
            points[1 - low] = own[0] + own[1]
    points = [p * multiplier for p in points]
    return _result(
        contract, declarer, multiplier, tricks_won, card_points, decl, capot, points, None
    )


def _result(
    contract, declarer, multiplier, tricks_won, card_points, decl, capot, points, penalty_seat
) -> RoundResult:
    return RoundResult(
        False,
        contract.name,
        declarer,
        multiplier,
        tricks_won,
        card_points,
        tuple(decl),
        capot,
        tuple(points),
        tuple(game_points(p, contract) for p in points),
        penalty_seat,
    )
