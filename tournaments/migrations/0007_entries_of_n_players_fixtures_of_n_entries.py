# Entries of one or more players (EntryPlayer) and fixtures of N entries (FixtureEntry),
# replacing Entry.player_1/player_2 and Fixture.entry_a/entry_b; withdrawals with a choice
# of what becomes of the results; fixtures decided by a forfeit or voided.
#
# Existing rows move over: player_1 and player_2 become places 0 and 1, entry_a and
# entry_b units 0 and 1 (a bye keeps one entry). An entry withdrawn before this migration
# kept its results, so it keeps them; its scheduled opponents used to get a bye, so the
# closest rule, forfeit wins, applies to its fixtures still to come. Reversible for pairs.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def forward(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    EntryPlayer = apps.get_model("tournaments", "EntryPlayer")
    Fixture = apps.get_model("tournaments", "Fixture")
    FixtureEntry = apps.get_model("tournaments", "FixtureEntry")
    Round = apps.get_model("tournaments", "Round")
    members = []
    for e in Entry.objects.all().iterator():
        members += [
            EntryPlayer(entry_id=e.pk, player_id=p, position=i)
            for i, p in enumerate((e.player_1_id, e.player_2_id))
            if p is not None
        ]
    EntryPlayer.objects.bulk_create(members, batch_size=1000)
    units = []
    for f in Fixture.objects.all().iterator():
        units += [
            FixtureEntry(fixture_id=f.pk, entry_id=e, position=i)
            for i, e in enumerate((f.entry_a_id, f.entry_b_id))
            if e is not None
        ]
    FixtureEntry.objects.bulk_create(units, batch_size=1000)
    for e in Entry.objects.filter(withdrawn=True):
        drawn = Round.objects.filter(tournament_id=e.tournament_id).count()
        e.withdrawn_after_round = drawn
        e.withdrawal_results = "keep"
        e.withdrawal_unplayed = "forfeit"
        e.save(update_fields=["withdrawn_after_round", "withdrawal_results", "withdrawal_unplayed"])


def backward(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    Fixture = apps.get_model("tournaments", "Fixture")
    for e in Entry.objects.prefetch_related("members"):
        players = [m.player_id for m in sorted(e.members.all(), key=lambda m: m.position)]
        if len(players) != 2:
            raise RuntimeError(f"entry {e.pk} is not a pair: cannot go back to player_1/2")
        e.player_1_id, e.player_2_id = players
        e.save(update_fields=["player_1", "player_2"])
    for f in Fixture.objects.prefetch_related("participants"):
        entries = [p.entry_id for p in sorted(f.participants.all(), key=lambda p: p.position)]
        if not 1 <= len(entries) <= 2:
            raise RuntimeError(f"fixture {f.pk} is not a pairs table: cannot go back")
        f.entry_a_id, f.entry_b_id = (entries + [None])[:2]
        f.save(update_fields=["entry_a", "entry_b"])


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("clubs", "0001_initial"),
        ("tournaments", "0006_standings_versions"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="table_size",
            field=models.PositiveSmallIntegerField(
                default=2,
                help_text="The game's scoring units: 2 sides or 3 seats",
                verbose_name="entries per table",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="entry_size",
            field=models.PositiveSmallIntegerField(
                default=2, help_text="2: pairs; 1: individual", verbose_name="players per entry"
            ),
        ),
        migrations.AddField(
            model_name="entry",
            name="withdrawn_after_round",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="entry",
            name="withdrawal_results",
            field=models.CharField(
                blank=True, choices=[("keep", "kept"), ("annul", "annulled")], max_length=8
            ),
        ),
        migrations.AddField(
            model_name="entry",
            name="withdrawal_unplayed",
            field=models.CharField(
                blank=True,
                choices=[("forfeit", "forfeit wins for the opponents"), ("void", "void")],
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="fixture",
            name="decision",
            field=models.CharField(
                blank=True,
                choices=[("", "played"), ("forfeit", "forfeit"), ("void", "void")],
                default="",
                max_length=8,
                verbose_name="decision",
            ),
        ),
        migrations.AddField(
            model_name="fixture",
            name="decided_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="fixture",
            name="decided_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name="EntryPlayer",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("position", models.PositiveSmallIntegerField()),
                (
                    "entry",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="members",
                        to="tournaments.entry",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="clubs.player",
                    ),
                ),
            ],
            options={
                "ordering": ["entry", "position"],
                "constraints": [
                    models.UniqueConstraint(fields=("entry", "position"), name="one_player_per_place"),
                    models.UniqueConstraint(fields=("entry", "player"), name="one_place_per_player"),
                ],
            },
        ),
        migrations.CreateModel(
            name="FixtureEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("position", models.PositiveSmallIntegerField(verbose_name="unit")),
                ("forfeited", models.BooleanField(default=False, verbose_name="forfeited")),
                (
                    "awarded_score",
                    models.PositiveIntegerField(blank=True, null=True, verbose_name="score awarded"),
                ),
                (
                    "entry",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="fixture_entries",
                        to="tournaments.entry",
                    ),
                ),
                (
                    "fixture",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="participants",
                        to="tournaments.fixture",
                    ),
                ),
            ],
            options={
                "ordering": ["fixture", "position"],
                "constraints": [
                    models.UniqueConstraint(fields=("fixture", "position"), name="one_entry_per_unit"),
                    models.UniqueConstraint(fields=("fixture", "entry"), name="one_unit_per_entry"),
                ],
            },
        ),
        # the old columns may be empty while the rows move (and when going back)
        migrations.AlterField(
            model_name="entry",
            name="player_1",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="clubs.player"
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="player_2",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="clubs.player"
            ),
        ),
        migrations.AlterField(
            model_name="fixture",
            name="entry_a",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="tournaments.entry"
            ),
        ),
        migrations.RunPython(forward, backward),
        migrations.RemoveField(model_name="entry", name="player_1"),
        migrations.RemoveField(model_name="entry", name="player_2"),
        migrations.RemoveField(model_name="fixture", name="entry_a"),
        migrations.RemoveField(model_name="fixture", name="entry_b"),
    ]
