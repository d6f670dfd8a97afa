"""A player's season (scope ``player_season``, key ``<player>:<year>``).

The totals stored so far have no such rows, and a match counted is never counted again:
the derived data are dropped, as 0002 did, and the statistics sweep (``stats.sweep``)
finds every finished match uncounted and starts a rebuild; ``manage.py rebuild_stats``
does it at once.
"""

from django.db import migrations, models


def drop_derived(apps, schema_editor):
    apps.get_model("stats", "StatTotal").objects.all().delete()
    apps.get_model("stats", "CountedMatch").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("stats", "0004_stattotal_head_to_head_scope"),
    ]

    operations = [
        migrations.AlterField(
            model_name="stattotal",
            name="scope",
            field=models.CharField(
                choices=[
                    ("player", "player"),
                    ("pair", "pair"),
                    ("club", "club"),
                    ("tournament", "tournament"),
                    ("season", "season"),
                    ("player_season", "player's season"),
                    ("versus", "head to head"),
                ],
                max_length=16,
                verbose_name="scope",
            ),
        ),
        migrations.RunPython(drop_derived, migrations.RunPython.noop),
    ]
