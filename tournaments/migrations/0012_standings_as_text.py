"""The snapshots' rows and the kept state as JSON text, not ``jsonb`` (``fields``).

The data stays: PostgreSQL converts each ``jsonb`` value to its text (a snapshot's rows
then a list of objects, which ``fields.expand_rows`` reads as before). On PostgreSQL
both columns are stored uncompressed (``STORAGE EXTERNAL``): compressing them cost the
server more than writing them. The digests and the kept state are cleared (both are
derived): the next recompute ranks every round once and rewrites each snapshot in the
compact form.
"""

from django.db import migrations

import tournaments.fields


def uncompressed(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for table, column in (
        ("tournaments_standingssnapshot", "rows"),
        ("tournaments_standingsstate", "state"),
    ):
        schema_editor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET STORAGE EXTERNAL')


def forget_digests(apps, schema_editor) -> None:
    apps.get_model("tournaments", "StandingsSnapshot").objects.update(digest="")
    apps.get_model("tournaments", "StandingsState").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_standings_incremental"),
    ]

    operations = [
        migrations.AlterField(
            model_name="standingssnapshot",
            name="rows",
            field=tournaments.fields.RowsField(),
        ),
        migrations.AlterField(
            model_name="standingsstate",
            name="state",
            field=tournaments.fields.JsonTextField(),
        ),
        migrations.RunPython(uncompressed, migrations.RunPython.noop),
        migrations.RunPython(forget_digests, migrations.RunPython.noop),
    ]
