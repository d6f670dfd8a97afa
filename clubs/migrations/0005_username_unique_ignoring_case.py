# Usernames are one login whatever their case: the forms compared them case-insensitively
# (username__iexact) but the database did not, so "Ana" and "ana" sent at the same moment
# were both created. A unique index on LOWER(username) makes the database refuse the
# second (clubs/uniqueness.py answers it as the form's error, or 409). Here, the lowest
# layer that owns logins; auth_user is Django's table, so the index is made by the schema
# editor (an expression index on SQLite and PostgreSQL alike) and not declared on the
# model's state.
#
# Logins that already differ only in case cannot be merged by a migration (which one is
# the person's?): the migration stops, naming each group, and changes nothing; once all
# but one of each group are renamed (admin > Users), it runs.

from django.core.management.base import CommandError
from django.db import migrations
from django.db.models import Count, UniqueConstraint
from django.db.models.functions import Lower

NAME = "username_unique_ignoring_case"


def constraint() -> UniqueConstraint:
    return UniqueConstraint(Lower("username"), name=NAME)


def case_duplicates(User, alias: str) -> list[list[tuple[int, str]]]:
    """The groups of logins whose usernames the database's LOWER() makes equal (SQLite
    lowers ASCII letters only, PostgreSQL every letter: the index refuses what LOWER
    equates), each as (id, username) in id order."""
    users = User.objects.using(alias)
    keys = (
        users.annotate(key=Lower("username"))
        .values("key")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .values_list("key", flat=True)
    )
    groups = []
    for key in sorted(keys):
        rows = users.annotate(key=Lower("username")).filter(key=key).order_by("id")
        groups.append(list(rows.values_list("id", "username")))
    return groups


def forwards(apps, schema_editor):
    User = apps.get_model("auth", "User")
    groups = case_duplicates(User, schema_editor.connection.alias)
    if groups:
        said = "; ".join(
            " and ".join(f"{username!r} (id {pk})" for pk, username in group) for group in groups
        )
        raise CommandError(
            "clubs 0005 makes usernames unique whatever their case, but these logins differ "
            f"only in case: {said}. Rename all but one of each group (admin > Users) and "
            "run migrate again; nothing was changed."
        )
    schema_editor.add_constraint(User, constraint())


def backwards(apps, schema_editor):
    schema_editor.remove_constraint(apps.get_model("auth", "User"), constraint())


class Migration(migrations.Migration):

    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("clubs", "0004_rename_constraints_from_tournaments"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
