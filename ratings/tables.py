"""The club's ratings table (django-tables2: sortable by any column)."""

from __future__ import annotations

import django_tables2 as tables
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _


class RatingsTable(tables.Table):
    rank = tables.Column(verbose_name="#")
    player = tables.Column(verbose_name=_("Player"), order_by=("name",))
    ordinal = tables.Column(verbose_name=_("Rating"), attrs={"th": {"title": "μ − 3σ"}})
    mu = tables.Column(verbose_name="μ")
    sigma = tables.Column(verbose_name="σ")
    matches = tables.Column(verbose_name=_("Matches"))
    wins = tables.Column(verbose_name=_("Won"))

    class Meta:
        attrs = {"class": "standings ratings"}
        order_by = "rank"

    def render_player(self, value, record):
        url = reverse("tournaments:player", args=[record["club_slug"], record["player_id"]])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_ordinal(self, value):
        return floatformat(value, 2)

    def render_mu(self, value):
        return floatformat(value, 2)

    def render_sigma(self, value):
        return floatformat(value, 2)
