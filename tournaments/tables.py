"""django-tables2 tables of the tournament pages."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .standings import REGISTRY, Scheme, columns


def standings_table(rows: list[dict], scheme: Scheme, after_round: int, **kwargs) -> tables.Table:
    """A sortable standings table with the scheme's columns. Withdrawn entries carry a
    marker by their name; the downloads also get a ``withdrawn`` column and the round the
    standings are after (hidden on the page, where the heading says it)."""
    individual = scheme.table_size != 2
    attrs = {
        "rank": tables.Column(verbose_name="#"),
        "name": tables.Column(verbose_name=_("Player") if individual else _("Entry")),
    }
    for key in columns(scheme):
        metric = REGISTRY[key]
        attrs[key] = tables.Column(
            # the descriptions are in the catalogue (the pure module has no gettext)
            verbose_name=metric.name,
            attrs={"th": {"title": gettext(metric.description)}},
        )
    attrs["withdrawn_mark"] = tables.Column(
        verbose_name=_("Withdrawn"), accessor="withdrawn", visible=False, orderable=False
    )
    attrs["after_round"] = tables.Column(
        verbose_name=_("After round"), empty_values=(), visible=False, orderable=False
    )

    def render_name(self, value, record):
        if record.get("withdrawn"):
            return format_html('{} <span class="badge">{}</span>', value, _("withdrawn"))
        return value

    def value_name(self, value, record):
        return value

    def render_withdrawn_mark(self, value):
        return _("withdrawn") if value else ""

    def render_after_round(self, record):
        return after_round

    attrs |= {
        "render_name": render_name,
        "value_name": value_name,
        "render_withdrawn_mark": render_withdrawn_mark,
        "value_withdrawn_mark": render_withdrawn_mark,
        "render_after_round": render_after_round,
        "value_after_round": render_after_round,
    }
    attrs["Meta"] = type("Meta", (), {"attrs": {"class": "standings"}, "order_by": "rank"})
    table_class = type("StandingsTable", (tables.Table,), attrs)
    return table_class(rows, **kwargs)
