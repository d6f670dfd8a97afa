"""``MatchUnit.counter_1`` … ``counter_8``: the counters as whole-number columns, filled
for the rows already there from their JSON, one UPDATE per game and counter. Which slot
holds which counter is each registered game's ``Game.counters`` order (read from the
engine here: that order is the slots' declaration, and a game only appends to it)."""

from django.db import migrations, models
from django.db.models import IntegerField, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce


def fill(apps, schema_editor):
    from games.engine import games

    MatchUnit = apps.get_model("games", "MatchUnit")
    for game in games():
        rows = MatchUnit.objects.filter(match__game=game.name)
        slots = {
            f"counter_{n}": Coalesce(Cast(KeyTextTransform(key, "counters"), IntegerField()), Value(0))
            for n, key in enumerate(game.counters, 1)
        }
        if slots:
            rows.update(**slots)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_matchunit_against_the_others'),
    ]

    operations = [
        migrations.AddField(
            model_name='matchunit',
            name='counter_1',
            field=models.IntegerField(default=0, verbose_name='counter 1'),
        ),
        migrations.AddField(
            model_name='matchunit',
            name='counter_2',
            field=models.IntegerField(default=0, verbose_name='counter 2'),
        ),
        migrations.AddField(
            model_name='matchunit',
            name='counter_3',
            field=models.IntegerField(default=0, verbose_name='counter 3'),
        ),
        migrations.AddField(
            model_name='matchunit',
            name='counter_4',
            field=models.IntegerField(default=0, verbose_name='counter 4'),
        ),
        migrations.AddField(
            model_name='matchunit',
            name='counter_5',
            field=models.IntegerField(default=0, verbose_name='counter 5'),
        ),
        migrations.AddField(
            model_name='matchunit',
            name='counter_6',
            field=models.IntegerField(default=0, verbose_name='counter 6'),
        ),
        migrations.AddField(
            model_name='matchunit',
            name='counter_7',
            field=models.IntegerField(default=0, verbose_name='counter 7'),
        ),
        migrations.AddField(
            model_name='matchunit',
            name='counter_8',
            field=models.IntegerField(default=0, verbose_name='counter 8'),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
