# Results per scoring unit and a generic hand header (issue 10), step 1 of 3: the new
# table and column beside the old ones; 0005 copies the data, 0006 drops the old columns.

import django.db.models.deletion
from django.db import migrations, models

import games.models


class Migration(migrations.Migration):

    # after the clubs tables took their names: rebuilding games_match (SQLite) writes its
    # foreign key to the club table by the name it has then, forwards and backwards
    dependencies = [
        ("clubs", "0002_clubs_tables"),
        ("games", "0003_clubs_app"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="header",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="What the hand is played under: trump card, named trump, contract",
                verbose_name="header",
            ),
        ),
        migrations.AlterField(
            model_name="handevent",
            name="kind",
            field=models.CharField(max_length=20),
        ),
        migrations.AlterField(
            model_name="match",
            name="game",
            field=models.CharField(
                choices=games.models.game_choices,
                default="cuatrola",
                max_length=20,
                verbose_name="game",
            ),
        ),
        migrations.CreateModel(
            name="MatchUnit",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("unit", models.PositiveSmallIntegerField(verbose_name="unit")),
                ("score", models.IntegerField(default=0, verbose_name="score")),
                ("is_winner", models.BooleanField(default=False, verbose_name="winner")),
                (
                    "hands_won",
                    models.PositiveSmallIntegerField(default=0, verbose_name="hands won"),
                ),
                ("counters", models.JSONField(blank=True, default=dict, verbose_name="counters")),
                (
                    "match",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="units",
                        to="games.match",
                    ),
                ),
            ],
            options={
                "verbose_name": "match result",
                "verbose_name_plural": "match results",
                "ordering": ["match", "unit"],
                "constraints": [
                    models.UniqueConstraint(fields=("match", "unit"), name="one_row_per_unit")
                ],
            },
        ),
    ]
