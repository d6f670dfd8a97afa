"""Standings bookkeeping by versions: ``standings_pending`` becomes "the standings are older
than the results" (a property), so that it tells the truth after a lost job or a killed
worker. Tournaments left pending by the old flag are marked behind, so that the sweep
recomputes them."""

from django.db import migrations, models


def pending_flag_to_versions(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(standings_pending=True).update(results_version=1)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_clubs_app"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="results_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="tournament",
            name="standings_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="tournament",
            name="standings_queued_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(pending_flag_to_versions, migrations.RunPython.noop),
        migrations.RemoveField(model_name="tournament", name="standings_pending"),
    ]
