"""The stored totals of one scope as the pages and the API show them: per game, the
general figures, each kind of declaration made and made good (and by trumps held), and
the points-per-hand distribution. Game-neutral: kinds and buckets are read off the
metric names the engine registered (``games/engine/facts.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db.models import QuerySet, Sum

from games.engine import find_game

from .models import StatTotal

#: the general figures, in the order shown (a game lacking one leaves it out)
GENERAL = (
    "card_points",
    "tricks",
    "ultimas",
    "capots",
    "cante_20",
    "cante_40",
    "cante_points",
    "tutes",
    "decl_tierce",
    "decl_quarte",
    "decl_quint",
    "decl_four",
    "decl_belote",
    "decl_points",
    "penalties",
)
DECLARED = re.compile(r"^declared_(?P<kind>.+?)(?:_t(?P<trumps>\d+))?$")


@dataclass
class Declaration:
    kind: str
    title: str  # in English, from the engine: translated where it is shown
    declared: int = 0
    made: int = 0
    by_trumps: dict[int, tuple[int, int]] = field(default_factory=dict)  # n: (declared, made)

    @property
    def rate(self) -> float | None:
        return self.made / self.declared if self.declared else None


@dataclass
class GameStats:
    game: str
    title: str
    hands: int
    metrics: dict[str, int]
    declarations: list[Declaration]
    distribution: list[tuple[int, int]]  # (lowest points of the bucket, seat-hands)
    mano: tuple[int, int]  # hands as mano, won
    dealer: tuple[int, int]

    def per_hand(self, metric: str) -> float:
        return self.metrics.get(metric, 0) / self.hands if self.hands else 0.0


def _summed(totals: QuerySet[StatTotal], *fields: str):
    """``(*fields, metric, value)`` of ``totals`` summed over the visibility buckets."""
    return (
        totals.values(*fields, "metric")
        .annotate(total=Sum("value"))
        .order_by()
        .values_list(*fields, "metric", "total")
    )


def scope_stats(scope: str, key: str, totals: QuerySet[StatTotal]) -> list[GameStats]:
    """Every game with hands in the scope, in the registry's order of names, from
    ``totals`` (the rows the reader may read: ``stats.visible.readable_totals``)."""
    by_game: dict[str, dict[str, int]] = {}
    for game, metric, value in _summed(totals.filter(scope=scope, key=key), "game"):
        by_game.setdefault(game, {})[metric] = value
    return [_game_stats(g, m) for g, m in sorted(by_game.items()) if m.get("hands")]


def _game_stats(name: str, metrics: dict[str, int]) -> GameStats:
    game = find_game(name)
    declarations: dict[str, Declaration] = {}
    for key in game.fact_keys:  # the engine's order: kinds as the game lists them
        found = DECLARED.match(key)
        if not found:
            continue
        kind = found["kind"]
        d = declarations.setdefault(kind, Declaration(kind, game.fact_kinds.get(kind, kind)))
        declared = metrics.get(key, 0)
        made = metrics.get("made_" + key.removeprefix("declared_"), 0)
        if found["trumps"] is None:
            d.declared, d.made = declared, made
        elif declared:
            d.by_trumps[int(found["trumps"])] = (declared, made)
    distribution = [
        (int(key[4:]), metrics.get(key, 0)) for key in game.fact_keys if key.startswith("pts_")
    ]
    return GameStats(
        name,
        game.title,
        metrics["hands"],
        {m: metrics.get(m, 0) for m in GENERAL if m in game.fact_keys},
        list(declarations.values()),
        distribution,
        (metrics.get("mano_hands", 0), metrics.get("mano_won", 0)),
        (metrics.get("dealer_hands", 0), metrics.get("dealer_won", 0)),
    )


def as_json(stats: list[GameStats]) -> list[dict]:
    """The API's shape (see ``stats/api.py``)."""
    return [
        {
            "game": s.game,
            "hands": s.hands,
            "metrics": s.metrics,
            "mano": {"hands": s.mano[0], "won": s.mano[1]},
            "dealer": {"hands": s.dealer[0], "won": s.dealer[1]},
            "declarations": [
                {
                    "kind": d.kind,
                    "declared": d.declared,
                    "made": d.made,
                    "by_trumps": [
                        {"trumps": n, "declared": dm[0], "made": dm[1]}
                        for n, dm in sorted(d.by_trumps.items())
                    ],
                }
                for d in s.declarations
            ],
            "points_distribution": [{"low": low, "count": n} for low, n in s.distribution],
        }
        for s in stats
    ]


def people(totals: QuerySet[StatTotal], scope: str) -> list[dict]:
    """One row per player (or pair) of the club and game: hands, declarations made and
    made good, cante and card points per hand (the club page's ranking), from ``totals``
    (the club's rows the reader may read)."""
    rows: dict[tuple[str, str], dict[str, int]] = {}
    for key, game, metric, value in _summed(totals.filter(scope=scope), "key", "game"):
        rows.setdefault((key, game), {})[metric] = value
    out = []
    for (key, game), m in sorted(rows.items()):
        kinds = [k for k in m if DECLARED.match(k) and not DECLARED.match(k)["trumps"]]
        declared = sum(m[k] for k in kinds)
        made = sum(m.get("made_" + k.removeprefix("declared_"), 0) for k in kinds)
        hands = m.get("hands", 0)
        out.append(
            {
                "key": key,
                "game": find_game(game).title,
                "hands": hands,
                "declared": declared,
                "made": made,
                "rate": made / declared if declared else None,
                "cante_points": m.get("cante_points", 0) + m.get("decl_points", 0),
                "points_per_hand": m.get("card_points", 0) / hands if hands else 0.0,
            }
        )
    return out
