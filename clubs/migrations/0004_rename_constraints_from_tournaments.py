# The club tables were created by the tournaments app and renamed (0002), but on
# PostgreSQL their primary keys and unique constraints (with their indexes) kept the old
# app's names (tournaments_club_slug_key …). clubs/uniqueness.py knows a constraint by its
# name, so they take the clubs app's names (foreign keys, found by their columns, keep
# theirs). SQLite names none of them: nothing to do there.

from django.db import migrations

TABLES = ("club", "membership", "player", "devicetoken")


def rename(apps, schema_editor, old: str, new: str) -> None:
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for table in TABLES:
            cursor.execute(
                "SELECT conname FROM pg_constraint WHERE conrelid = %s::regclass "
                "AND contype IN ('p', 'u') AND conname LIKE %s",
                [f"clubs_{table}", f"{old}\\_{table}\\_%"],
            )
            names = [row[0] for row in cursor.fetchall()]
            for name in names:
                cursor.execute(
                    "ALTER TABLE {} RENAME CONSTRAINT {} TO {}".format(
                        schema_editor.quote_name(f"clubs_{table}"),
                        schema_editor.quote_name(name),
                        schema_editor.quote_name(new + name[len(old) :]),
                    )
                )


def forwards(apps, schema_editor):
    rename(apps, schema_editor, "tournaments", "clubs")


def backwards(apps, schema_editor):
    rename(apps, schema_editor, "clubs", "tournaments")


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0003_usertoken"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
