"""Match results as typed values, for standings, statistics and pages of any game.

Results are stored per scoring unit (``MatchUnit``: a side of Cuatrola, a seat of a
three-player Subastao) by ``games.services`` alone; this module is how every other layer
reads them — never a hand's summary JSON, never a side derived from a seat number::

    results = unit_results([m.pk for m in matches])  # one query, whatever the count
    for unit in results[match_id]:
        unit.unit, unit.score, unit.is_winner, unit.hands_won, unit.counters
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .models import MatchUnit


@dataclass(frozen=True, slots=True)
class UnitResult:
    """One scoring unit's result in a match (finished or not).

    - ``unit``: the unit's index (Cuatrola: side 0 = seats 0 and 2, side 1 = seats 1 and 3;
      Subastao for three: the seat);
    - ``score``: its score so far; ``is_winner``: it won the finished match;
    - ``hands_won``: the hands that went to it (a void hand, or a failed Subastao bid
      with three players, goes to no unit);
    - ``counters``: its game's tallies, summed over its complete hands, under the same
      keys for every match of the game — Cuatrola: ``solo``, ``cuatrola``, ``quintola``
      (declarations made by the unit) and ``cante_points``.
    """

    unit: int
    score: int
    is_winner: bool
    hands_won: int
    counters: Mapping[str, int] = field(default_factory=dict)


def unit_results(match_ids: Iterable[int]) -> dict[int, list[UnitResult]]:
    """Every unit's result of each match in ``match_ids``, in unit order, in one query.
    A match id with no rows (none such) maps to an empty list."""
    ids = list(dict.fromkeys(match_ids))
    out: dict[int, list[UnitResult]] = {pk: [] for pk in ids}
    if not ids:
        return out
    rows = (
        MatchUnit.objects.filter(match_id__in=ids)
        .order_by("match_id", "unit")
        .values_list("match_id", "unit", "score", "is_winner", "hands_won", "counters")
    )
    for match_id, unit, score, is_winner, hands_won, counters in rows:
        out[match_id].append(
            UnitResult(unit, score, is_winner, hands_won, MappingProxyType(dict(counters or {})))
        )
    return out


def against_the_others(
    scores: Sequence[int], hands_won: Sequence[int], winner_unit: int | None
) -> list[dict[str, int]]:
    """How each unit of a match stands against the others, as ``MatchUnit`` stores it:
    ``place`` (1 + the units placed above it: the winner first, then by score), ``tied``
    (the units sharing that place, itself included), ``score_against`` and
    ``hands_against`` (the other units' scores and hands won, summed).

    >>> against_the_others([11, 7], [5, 3], 0)[1]
    {'place': 2, 'tied': 1, 'score_against': 11, 'hands_against': 5}
    """
    keys = [(u != winner_unit, -score) for u, score in enumerate(scores)]
    total_score, total_hands = sum(scores), sum(hands_won)
    return [
        {
            "place": 1 + sum(other < key for other in keys),
            "tied": keys.count(key),
            "score_against": total_score - scores[u],
            "hands_against": total_hands - hands_won[u],
        }
        for u, key in enumerate(keys)
    ]
