"""The stored totals of one scope as the pages and the API show them: per game, the
general figures, each kind of declaration made and made good (and by trumps held), and
the points-per-hand distribution. Game-neutral: kinds and buckets are read off the
metric names the engine registered, and the figures shown and their titles are each
game's (``Game.fact_titles``, ``fact_averages``: ``games/engine/facts.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db.models import QuerySet, Sum

from clubs.models import Club
from games.engine import find_game

from .models import StatTotal

DECLARED = re.compile(r"^declared_(?P<kind>.+?)(?:_t(?P<trumps>\d+))?$")


#: below this many, a rate is marked as a small sample (it says little)
SMALL_SAMPLE = 10


@dataclass
class Declaration:
    kind: str
    title: str  # in English, from the engine: translated where it is shown
    declared: int = 0
    made: int = 0
    by_trumps: dict[int, tuple[int, int]] = field(default_factory=dict)  # n: (declared, made)
    score_for: int = 0  # match points the declarer's unit gained on these hands
    score_against: int = 0  # …and every other unit

    @property
    def failed(self) -> int:
        return self.declared - self.made

    @property
    def rate(self) -> float | None:
        return self.made / self.declared if self.declared else None

    @property
    def small(self) -> bool:
        return self.declared < SMALL_SAMPLE

    def per_call(self, points: int) -> float | None:
        return points / self.declared if self.declared else None


@dataclass
class GameStats:
    game: str
    title: str
    hands: int  # complete hands, void ones included
    metrics: dict[str, int]
    declarations: list[Declaration]
    distribution: list[tuple[int, int]]  # (lowest points of the bucket, seat-hands)
    mano: tuple[int, int]  # hands as mano, won
    dealer: tuple[int, int]
    void: int = 0  # hands nobody played (everybody passed)
    sat_out: int = 0  # a player's hands played by the others (a partner's declaration)
    matches: int = 0
    #: a player's or pair's own: matches and hands won, contracts defended and broken
    #: (None for a club, a season, a tournament: everybody wins every hand)
    won: dict[str, int] | None = None
    capots: tuple[int, int] = (0, 0)  # by the declaring side, by the defence
    bids: dict[str, float | None] = field(default_factory=dict)  # the game's averages
    #: each figure's and average's title in English, the game's (translated where shown)
    titles: dict[str, str] = field(default_factory=dict)

    @property
    def played(self) -> int:
        return self.hands - self.void - self.sat_out

    def per_hand(self, metric: str) -> float:
        """A figure per played hand (a void hand has no tricks, points or cantes)."""
        return self.metrics.get(metric, 0) / self.played if self.played else 0.0

    @property
    def distribution_total(self) -> int:
        return sum(n for _, n in self.distribution)


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
    own = scope in ("player", "player_season", "pair")
    return [game_stats(g, m, own) for g, m in sorted(by_game.items()) if m.get("hands")]


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def game_stats(name: str, metrics: dict[str, int], own: bool = False) -> GameStats:
    """One game's figures from its summed metrics; ``own``: a player's or a pair's (its
    matches and hands won, its contracts defended)."""
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
            d.score_for = metrics.get(f"score_for_{kind}", 0)
            d.score_against = metrics.get(f"score_against_{kind}", 0)
        elif declared:
            d.by_trumps[int(found["trumps"])] = (declared, made)
    distribution = [
        (int(key[4:]), metrics.get(key, 0)) for key in game.fact_keys if key.startswith("pts_")
    ]
    won = None
    if own:
        won = {k: metrics.get(k, 0) for k in ("matches_won", "hands_won", "defended", "broke")}
    auctions = sum(d.declared for d in declarations.values())
    bids = {
        name: _ratio(metrics.get(summed, 0), metrics.get(per, 0) if per else auctions)
        for name, (_title, summed, per) in game.fact_averages.items()
    }
    return GameStats(
        name,
        game.title,
        metrics["hands"],
        {m: metrics.get(m, 0) for m in game.fact_titles},
        list(declarations.values()),
        distribution,
        (metrics.get("mano_hands", 0), metrics.get("mano_won", 0)),
        (metrics.get("dealer_hands", 0), metrics.get("dealer_won", 0)),
        void=metrics.get("void_hands", 0),
        sat_out=metrics.get("sat_out_hands", 0),
        matches=metrics.get("matches", 0),
        won=won,
        capots=(metrics.get("capots_declarer", 0), metrics.get("capots_defender", 0)),
        bids=bids,
        titles=game.fact_titles | {k: title for k, (title, *_) in game.fact_averages.items()},
    )


def as_json(stats: list[GameStats]) -> list[dict]:
    """The API's shape (see ``stats/api.py``)."""
    return [
        {
            "game": s.game,
            "hands": s.hands,
            "void_hands": s.void,
            "sat_out_hands": s.sat_out,
            "played_hands": s.played,
            "matches": s.matches,
            "won": s.won,
            "capots": {"declarer": s.capots[0], "defender": s.capots[1]},
            "bids": s.bids or None,
            "metrics": s.metrics,
            "mano": {"hands": s.mano[0], "won": s.mano[1]},
            "dealer": {"hands": s.dealer[0], "won": s.dealer[1]},
            "declarations": [
                {
                    "kind": d.kind,
                    "declared": d.declared,
                    "made": d.made,
                    "failed": d.failed,
                    "score_for": d.score_for,
                    "score_against": d.score_against,
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


def _by_key(rows: QuerySet[StatTotal]) -> dict[tuple[str, str], dict[str, int]]:
    """``(key, game) → metric → value``, summed over the rows (a metric may come in
    several rows: one per part of the totals a reader sums)."""
    out: dict[tuple[str, str], dict[str, int]] = {}
    for key, game, metric, value in rows.values_list("key", "game", "metric", "value"):
        metrics = out.setdefault((key, game), {})
        metrics[metric] = metrics.get(metric, 0) + value
    return out


def people(totals: QuerySet[StatTotal], scope: str) -> dict[str, list[dict]]:
    """Per game (in name order), one row per player (or pair) of the club: hands played,
    matches and hands won, each kind of declaration or bid made good of declared, cante
    and card points per played hand (the club page's ranking), from ``totals`` (the
    club's rows the page reads)."""
    found = _by_key(totals.filter(scope=scope))
    out: dict[str, list[dict]] = {}
    for (key, game), m in sorted(found.items(), key=lambda item: (item[0][1], item[0][0])):
        if not m.get("hands"):
            continue
        s = game_stats(game, m, own=True)
        out.setdefault(game, []).append(
            {
                "key": key,
                "game": s.title,
                "hands": s.played,
                "matches": s.matches,
                "matches_won": s.won["matches_won"],
                "hands_won": s.won["hands_won"],
                **{f"kind_{d.kind}": d for d in s.declarations},
                "bonus_points": sum(m.get(k, 0) for k in find_game(game).fact_bonus),
                "points_per_hand": s.per_hand("card_points"),
            }
        )
    return out


def player_names(club: Club) -> dict[int, str]:
    return dict(club.players.values_list("pk", "display_name"))


def unit_name(names: dict[int, str], key: str) -> str:
    """A player's name, or a pair's two (``12-40``)."""
    return " & ".join(names.get(int(p), p) for p in key.split("-"))


def head_to_head(totals: QuerySet[StatTotal], key: str) -> list[dict]:
    """A player's (``key`` a player id) record against each opponent, and each of the
    player's pairs against each pair it met: matches and hands played and won, from
    ``totals`` (the club's rows the page reads)."""
    pattern = rf"^({re.escape(key)}|{re.escape(key)}-\d+|\d+-{re.escape(key)}):"
    rows = totals.filter(scope="versus", key__regex=pattern)
    out = []
    for (versus, game), m in sorted(_by_key(rows).items()):
        ours, theirs = versus.split(":")
        out.append(
            {
                "ours": ours,
                "theirs": theirs,
                "game": game,
                "matches": m.get("matches", 0),
                "matches_won": m.get("matches_won", 0),
                "hands": m.get("played_hands", 0),
                "hands_won": m.get("hands_won", 0),
            }
        )
    return out
