"""The statistics tables (django-tables2: sortable, downloadable as CSV)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

METRIC_LABELS = {
    "hands": _("Hands played"),
    "card_points": _("Card points"),
    "tricks": _("Tricks"),
    "ultimas": _("Last tricks (últimas)"),
    "capots": _("Capots"),
    "cante_20": _("Cantes of 20"),
    "cante_40": _("Cantes of 40"),
    "cante_points": _("Cante points"),
    "tutes": _("Tutes"),
    "decl_tierce": _("Tierces"),
    "decl_quarte": _("Quartes"),
    "decl_quint": _("Quints"),
    "decl_four": _("Fours"),
    "decl_belote": _("Belotes"),
    "decl_points": _("Declaration points"),
    "penalties": _("Penalties (revokes)"),
}


class MetricTable(tables.Table):
    game = tables.Column(verbose_name=_("Game"))
    metric = tables.Column(verbose_name=_("Figure"))
    total = tables.Column(verbose_name=_("Total"))
    per_hand = tables.Column(verbose_name=_("Per hand"))

    class Meta:
        orderable = True
        attrs = {"class": "stats"}

    def render_per_hand(self, value: float) -> str:
        return f"{value:.2f}"

    def value_per_hand(self, value: float) -> str:
        return f"{value:.3f}"


class DeclarationTable(tables.Table):
    game = tables.Column(verbose_name=_("Game"))
    kind = tables.Column(verbose_name=_("Declaration or bid"))
    declared = tables.Column(verbose_name=_("Made"))
    made = tables.Column(verbose_name=_("Made good"))
    rate = tables.Column(verbose_name=_("Success"))

    class Meta:
        orderable = True
        attrs = {"class": "stats"}

    def render_rate(self, value: float | None) -> str:
        return "—" if value is None else f"{value:.0%}"

    def value_rate(self, value: float | None) -> str:
        return "" if value is None else f"{value:.3f}"


def metric_rows(stats: list) -> list[dict]:
    rows = []
    for s in stats:
        rows.append(
            {"game": s.title, "metric": METRIC_LABELS["hands"], "total": s.hands, "per_hand": 1.0}
        )
        rows += [
            {"game": s.title, "metric": METRIC_LABELS[m], "total": v, "per_hand": s.per_hand(m)}
            for m, v in s.metrics.items()
        ]
    return rows


def declaration_rows(stats: list) -> list[dict]:
    return [
        {
            "game": s.title,
            "kind": gettext(d.title),
            "declared": d.declared,
            "made": d.made,
            "rate": d.rate,
        }
        for s in stats
        for d in s.declarations
    ]


class PeopleTable(tables.Table):
    name = tables.Column(verbose_name=_("Player"), linkify=lambda record: record.get("url"))
    game = tables.Column(verbose_name=_("Game"))
    hands = tables.Column(verbose_name=_("Hands played"))
    declared = tables.Column(verbose_name=_("Declarations and bids"))
    made = tables.Column(verbose_name=_("Made good"))
    rate = tables.Column(verbose_name=_("Success"))
    cante_points = tables.Column(verbose_name=_("Cante and declaration points"))
    points_per_hand = tables.Column(verbose_name=_("Card points per hand"))

    class Meta:
        orderable = True
        attrs = {"class": "stats"}
        order_by = ("-hands",)

    def render_rate(self, value: float | None) -> str:
        return "—" if value is None else f"{value:.0%}"

    def value_rate(self, value: float | None) -> str:
        return "" if value is None else f"{value:.3f}"

    def render_points_per_hand(self, value: float) -> str:
        return f"{value:.1f}"


class PairTable(PeopleTable):
    name = tables.Column(verbose_name=_("Pair"))
