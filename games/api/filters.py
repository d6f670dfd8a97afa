import django_filters
from django.core.validators import validate_slug

from ..models import Match


class MatchFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(field_name="club__slug", validators=[validate_slug])
    player = django_filters.NumberFilter(
        field_name="seats__player", distinct=True, min_value=1, max_value=2**62
    )
    played_after = django_filters.DateFilter(field_name="played_on", lookup_expr="gte")
    played_before = django_filters.DateFilter(field_name="played_on", lookup_expr="lte")

    class Meta:
        model = Match
        fields = ["club", "status", "player", "played_after", "played_before"]
