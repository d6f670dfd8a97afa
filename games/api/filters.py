import django_filters
from django import forms
from django.core.validators import validate_slug
from drf_spectacular.utils import extend_schema_field

from ..models import Match


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": 2**62})
class IdFilter(django_filters.NumberFilter):
    """A primary key: a whole number from 1 (NumberFilter alone took ``1.5`` for id 1)."""

    field_class = forms.IntegerField

    def __init__(self, **kwargs) -> None:
        super().__init__(min_value=1, max_value=2**62, **kwargs)


class MatchFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="club__slug", validators=[validate_slug])
    player = IdFilter(field_name="seats__player", distinct=True)
    played_after = django_filters.DateFilter(field_name="played_on", lookup_expr="gte")
    played_before = django_filters.DateFilter(field_name="played_on", lookup_expr="lte")

    class Meta:
        model = Match
        fields = ["club", "status", "player", "played_after", "played_before"]
