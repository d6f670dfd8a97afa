"""``MatchUnit.place``, ``tied``, ``score_against`` and ``hands_against``: how each unit
stands against its match's other units (``games.results.against_the_others``), filled for
the rows already there in one UPDATE from their sibling rows — the rule written as SQL
subqueries here, so the migration does not depend on today's code."""

from django.db import migrations, models
from django.db.models import Count, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce


def fill(apps, schema_editor):
    MatchUnit = apps.get_model("games", "MatchUnit")

    def over(condition: Q, aggregate):
        """``aggregate`` over the same match's units meeting ``condition``."""
        others = (
            MatchUnit.objects.filter(condition, match_id=OuterRef("match_id"))
            .order_by()
            .values("match_id")
            .annotate(value=aggregate)
            .values("value")
        )
        return Coalesce(Subquery(others), Value(0))

    other = ~Q(unit=OuterRef("unit"))
    # placed above: the winner over the others, then the higher score
    above = Q(is_winner__gt=OuterRef("is_winner")) | Q(
        is_winner=OuterRef("is_winner"), score__gt=OuterRef("score")
    )
    level = Q(is_winner=OuterRef("is_winner"), score=OuterRef("score"))
    MatchUnit.objects.update(
        score_against=over(other, Sum("score")),
        hands_against=over(other, Sum("hands_won")),
        place=over(above, Count("id")) + 1,
        tied=over(level, Count("id")),
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_hand_analysis"),
    ]

    operations = [
        migrations.AddField(
            model_name="matchunit",
            name="place",
            field=models.PositiveSmallIntegerField(default=1, verbose_name="place"),
        ),
        migrations.AddField(
            model_name="matchunit",
            name="tied",
            field=models.PositiveSmallIntegerField(
                default=1, verbose_name="units sharing the place"
            ),
        ),
        migrations.AddField(
            model_name="matchunit",
            name="score_against",
            field=models.IntegerField(default=0, verbose_name="score conceded"),
        ),
        migrations.AddField(
            model_name="matchunit",
            name="hands_against",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="hands conceded"),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
