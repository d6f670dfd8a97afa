# The matches a ladder has rated take, as their first finish time, the time the ladder
# first saw them finished (``RatedMatch.finished_at``): the order the ratings already
# follow stays the same. Back: nothing to undo (the games migration drops the column).

from django.db import migrations
from django.db.models import OuterRef, Subquery


def forward(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    RatedMatch = apps.get_model("ratings", "RatedMatch")
    seen = RatedMatch.objects.filter(match_id=OuterRef("pk")).values("finished_at")[:1]
    Match.objects.filter(rated__isnull=False).update(finished_at=Subquery(seen))


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial"), ("games", "0008_match_finished_at")]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
