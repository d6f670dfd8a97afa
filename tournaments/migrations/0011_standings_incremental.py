import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_default_game_from_registry"),
    ]

    operations = [
        migrations.CreateModel(
            name="StandingsState",
            fields=[
                (
                    "tournament",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="tournaments.tournament",
                    ),
                ),
                ("version", models.PositiveIntegerField()),
                ("state", models.JSONField()),
            ],
        ),
        migrations.AddField(
            model_name="tournament",
            name="standings_redo_from",
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="standingssnapshot",
            name="digest",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
    ]
