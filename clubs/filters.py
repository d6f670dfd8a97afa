"""The club page's player search (django-filter): by name, and with or without a login."""

from __future__ import annotations

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .models import Player


class PlayerFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(
        field_name="display_name",
        lookup_expr="icontains",
        label=_("Search a player"),
        widget=forms.TextInput(attrs={"type": "search", "placeholder": _("Name")}),
    )
    login = django_filters.ChoiceFilter(
        label=pgettext_lazy("club", "Login"),
        choices=[("yes", _("with a login")), ("no", _("without a login"))],
        empty_label=pgettext_lazy("club", "all"),
        method="filter_login",
    )

    class Meta:
        model = Player
        fields = ["q", "login"]

    def filter_login(self, queryset, name: str, value: str):
        return queryset.filter(user__isnull=value != "yes")
