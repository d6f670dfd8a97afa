# A device token's tournament scope moves up from clubs.DeviceToken.tournament to
# TournamentDevice (issue 20): clubs, the bottom layer, no longer names a tournament, and
# migrates alone. Every scoped token keeps its tournament: the rows are copied from the
# old column, then the column is dropped. A new database (clubs 0001_squashed) never had
# the column, and this step finds nothing to copy. Backwards, the column comes back with
# the scopes in it.

import django.db.models.deletion
from django.db import migrations, models

TABLE = "clubs_devicetoken"


def _old_column(apps, schema_editor):
    """The old ``tournament`` field of the token, built on the token's historic model (no
    migration state has it any more: clubs 0001 was rewritten without it)."""
    DeviceToken = apps.get_model("clubs", "DeviceToken")
    field = models.ForeignKey(
        apps.get_model("tournaments", "Tournament"),
        on_delete=django.db.models.deletion.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    field.set_attributes_from_name("tournament")
    field.model = DeviceToken
    return DeviceToken, field


def _has_column(schema_editor) -> bool:
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        columns = connection.introspection.get_table_description(cursor, TABLE)
    return any(column.name == "tournament_id" for column in columns)


def scopes_up(apps, schema_editor):
    if not _has_column(schema_editor):
        return
    db = schema_editor.connection.alias
    TournamentDevice = apps.get_model("tournaments", "TournamentDevice")
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(f"SELECT id, tournament_id FROM {TABLE} WHERE tournament_id IS NOT NULL")
        rows = cursor.fetchall()
    TournamentDevice.objects.using(db).bulk_create(
        [TournamentDevice(token_id=token, tournament_id=tournament) for token, tournament in rows]
    )
    DeviceToken, field = _old_column(apps, schema_editor)
    if schema_editor.connection.vendor == "sqlite":
        # SQLite drops a column by copying the table: the historic model has no such field
        schema_editor._remake_table(DeviceToken)
    else:
        schema_editor.remove_field(DeviceToken, field)


def scopes_down(apps, schema_editor):
    if _has_column(schema_editor):
        return
    DeviceToken, field = _old_column(apps, schema_editor)
    schema_editor.add_field(DeviceToken, field)
    db = schema_editor.connection.alias
    TournamentDevice = apps.get_model("tournaments", "TournamentDevice")
    rows = list(TournamentDevice.objects.using(db).values_list("token_id", "tournament_id"))
    with schema_editor.connection.cursor() as cursor:
        for token, tournament in rows:
            cursor.execute(
                f"UPDATE {TABLE} SET tournament_id = %s WHERE id = %s", [tournament, token]
            )


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0003_usertoken"),
        ("tournaments", "0008_setup_schedule_tables_loss_points"),
    ]

    operations = [
        migrations.CreateModel(
            name="TournamentDevice",
            fields=[
                (
                    "token",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="tournament_scope",
                        serialize=False,
                        to="clubs.devicetoken",
                    ),
                ),
                (
                    "tournament",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="device_scopes",
                        to="tournaments.tournament",
                    ),
                ),
            ],
            options={
                "verbose_name": "tournament device",
                "verbose_name_plural": "tournament devices",
            },
        ),
        migrations.RunPython(scopes_up, scopes_down),
    ]
