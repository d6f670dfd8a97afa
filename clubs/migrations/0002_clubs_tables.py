# Once: the moved tables took the clubs app's names. Now 0001 creates them so.
# History rewritten in place (issue 20): the clubs models once started in the
# tournaments app and moved to clubs (clubs 0001-0002, games 0003, tournaments 0005).
# A database that ran those steps keeps them (the names are the same, so nothing runs
# again); a new database creates the tables where they now live, and clubs migrates
# without any app above it. A database older than the move (clubs not applied) must
# first be brought up to date with the release before this rewrite.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
    ]

    operations = []
