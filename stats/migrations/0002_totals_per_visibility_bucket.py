"""Totals per visibility bucket (the match's tournament, 0 for none).

The totals and the matches counted are derived data: the old ones summed private
tournaments into everybody's figures and cannot be split, so they are dropped here. The
statistics sweep (``stats.sweep``, celery beat) finds every finished match uncounted and
starts a rebuild; ``manage.py rebuild_stats`` does it at once.
"""

from django.db import migrations, models


def drop_derived(apps, schema_editor):
    apps.get_model("stats", "StatTotal").objects.all().delete()
    apps.get_model("stats", "CountedMatch").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0003_usertoken"),
        ("stats", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(drop_derived, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name="stattotal",
            name="one_total_per_metric",
        ),
        migrations.AddField(
            model_name="stattotal",
            name="tournament",
            field=models.PositiveIntegerField(default=0, verbose_name="tournament"),
        ),
        migrations.AddConstraint(
            model_name="stattotal",
            constraint=models.UniqueConstraint(
                fields=("scope", "key", "game", "metric", "tournament"),
                name="one_total_per_metric_and_bucket",
            ),
        ),
    ]
