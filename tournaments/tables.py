"""django-tables2 tables of the tournament pages."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .standings import REGISTRY, Scheme, columns

#: the columns' short names as each language writes them (the pure standings module
#: names them in Spanish, its descriptions in English: both are looked up here); a game's
#: own columns bring their English short name (``Standing.short``), translated here too
SHORT = {
    "played": pgettext_lazy("standings", "Pl"),
    "won": pgettext_lazy("standings", "W"),
    "lost": pgettext_lazy("standings", "L"),
    "placed_1": pgettext_lazy("standings", "1st"),
    "placed_2": pgettext_lazy("standings", "2nd"),
    "placed_3": pgettext_lazy("standings", "3rd"),
    "placed_4": pgettext_lazy("standings", "4th"),
    "match_points": pgettext_lazy("standings", "Pts"),
    "hands_won": pgettext_lazy("standings", "HW"),
    "hands_lost": pgettext_lazy("standings", "HL"),
    "points_for": pgettext_lazy("standings", "PF"),
    "points_against": pgettext_lazy("standings", "PA"),
    "points_diff": pgettext_lazy("standings", "Diff"),
    "forfeits": pgettext_lazy("standings", "FF"),
    "buchholz": pgettext_lazy("standings", "Bu"),
    "sonneborn_berger": pgettext_lazy("standings", "SB"),
    "head_to_head": pgettext_lazy("standings", "H2H"),
}


def short_name(key: str) -> str:
    """A standings column's header in the reader's language."""
    if key in SHORT:
        return str(SHORT[key])
    metric = REGISTRY[key]
    return pgettext("standings", metric.short) if metric.short else metric.name


def description(key: str) -> str:
    """What a standings column counts, in the reader's language (its header's title)."""
    if key.startswith("placed_"):
        return pgettext("standings", "times placed %(place)s at a table") % {
            "place": short_name(key)
        }
    return gettext(REGISTRY[key].description)


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
        attrs[key] = tables.Column(
            verbose_name=short_name(key), attrs={"th": {"title": description(key)}}
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
