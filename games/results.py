"""Match results per scoring unit, for the layers above (standings, pages).

STUB until the per-unit result rows land (branch h-storage): the same signature and
value type as the final ``games.results``, read from today's ``Match.score_0/score_1/
winner_side`` and the hands' summaries. Drop this file at that merge.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from .models import Hand, Match


@dataclass(frozen=True)
class UnitResult:
    """One scoring unit's result in a match (a seat, or a side of two seats)."""

    unit: int
    score: int
    is_winner: bool
    hands_won: int = 0
    #: the game's own per-unit counts: Cuatrola ``solo``, ``cuatrola``, ``quintola``
    #: (declarations won) and ``declared_solo``… (declarations made, won or not)
    counters: dict[str, int] = field(default_factory=dict)


def unit_results(match_ids: Iterable[int]) -> dict[int, list[UnitResult]]:
    """Every given match's results, one :class:`UnitResult` per unit in unit order."""
    ids = list(match_ids)
    hands_won: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    counters: dict[int, list[dict[str, int]]] = defaultdict(lambda: [{}, {}])
    rows = Hand.objects.filter(match_id__in=ids, complete=True).values_list("match_id", "summary")
    for match_id, summary in rows:
        side = summary["winner_side"]
        if side is not None:
            hands_won[match_id][side] += 1
        declarer, kind = summary.get("declarer"), summary.get("declaration")
        if declarer is not None and kind in ("solo", "cuatrola", "quintola"):
            mine = counters[match_id][declarer % 2]
            mine[f"declared_{kind}"] = mine.get(f"declared_{kind}", 0) + 1
            if side == declarer % 2:  # won, by tricks or by the opponents' renuncio
                mine[kind] = mine.get(kind, 0) + 1
    out = {}
    for m in Match.objects.filter(pk__in=ids).only("score_0", "score_1", "winner_side"):
        out[m.pk] = [
            UnitResult(
                unit, score, m.winner_side == unit, hands_won[m.pk][unit], counters[m.pk][unit]
            )
            for unit, score in enumerate((m.score_0, m.score_1))
        ]
    return out
