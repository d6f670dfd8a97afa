"""django-tables2 tables of the tournament pages."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .standings import COLUMNS, REGISTRY


def standings_table(rows: list[dict], tiebreaks: list[str], **kwargs) -> tables.Table:
    """A sortable standings table with every metric and tiebreak column."""
    keys = list(dict.fromkeys([*COLUMNS, *tiebreaks]))
    attrs = {
        "rank": tables.Column(verbose_name="#"),
        "name": tables.Column(verbose_name=_("Entry")),
    }
    for key in keys:
        metric = REGISTRY[key]
        attrs[key] = tables.Column(
            verbose_name=metric.name, attrs={"th": {"title": metric.description}}
        )
    attrs["Meta"] = type("Meta", (), {"attrs": {"class": "standings"}, "order_by": "rank"})
    table_class = type("StandingsTable", (tables.Table,), attrs)
    return table_class(rows, **kwargs)
