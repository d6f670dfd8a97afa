# A match's first finish time, its place in the ratings' order kept through corrections
# (issue 19, item 12). The finished matches there are get their last change as the best
# guess (what the ladder used); the ratings' migration then puts the time the ladder first
# saw them where it has one. Back: the column goes.

from django.db import migrations, models
from django.db.models import F


def forward(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(status="finished", finished_at__isnull=True).update(
        finished_at=F("updated_at")
    )


class Migration(migrations.Migration):
    dependencies = [("games", "0007_declared_counters")]

    operations = [
        migrations.AddField(
            model_name="match",
            name="finished_at",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="first finished"
            ),
        ),
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
