import django_filters
from django import forms
from django.core.validators import validate_slug
from drf_spectacular.utils import extend_schema_field

from ..models import Match


@extend_schema_field({"type": "string", "pattern": "^[-a-zA-Z0-9_]+$"})
class SlugFilter(django_filters.CharFilter):
    """A club by its slug: anything else is a 400 before the query."""

    def __init__(self, **kwargs) -> None:
        super().__init__(validators=[validate_slug], **kwargs)


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": 2**62})
class IdFilter(django_filters.NumberFilter):
    """A primary key: a whole number from 1 (NumberFilter alone took ``1.5`` for id 1)."""

    field_class = forms.IntegerField

    def __init__(self, **kwargs) -> None:
        super().__init__(min_value=1, max_value=2**62, **kwargs)


class MatchFilter(django_filters.FilterSet):
    club = SlugFilter(field_name="club__slug")
    player = IdFilter(field_name="seats__player", distinct=True)
    played_after = django_filters.DateFilter(field_name="played_on", lookup_expr="gte")
    played_before = django_filters.DateFilter(field_name="played_on", lookup_expr="lte")

    class Meta:
        model = Match
        fields = ["club", "status", "player", "played_after", "played_before"]
