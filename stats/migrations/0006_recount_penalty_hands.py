"""A round ended by a penalty counts no capot in the statistics (Belote B7), as its
stored counters never did: totals counted before may hold such a capot.

Only a match with a penalty can be affected. If a finished match has one, the derived
data are dropped, as 0005 did, and the statistics sweep (``stats.sweep``) rebuilds them
(``manage.py rebuild_stats`` does it at once); otherwise nothing changes. A match is
counted whole, so dropping only some matches' marks would count the rest twice.
"""

from django.db import migrations


def drop_derived_if_a_penalty(apps, schema_editor):
    HandEvent = apps.get_model("games", "HandEvent")
    if not HandEvent.objects.filter(kind="penalty", hand__match__status="finished").exists():
        return
    apps.get_model("stats", "StatTotal").objects.all().delete()
    apps.get_model("stats", "CountedMatch").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        # the games tables it reads (HandEvent.kind, Match.status) are as old as stats
        ("stats", "0005_stattotal_player_season_scope"),
    ]

    operations = [migrations.RunPython(drop_derived_if_a_penalty, migrations.RunPython.noop)]
