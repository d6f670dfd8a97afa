# Head to head (scope "versus", issue 19): a choice of the scope, no change to the rows.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('stats', '0003_chunk_leases'),
    ]

    operations = [
        migrations.AlterField(
            model_name='stattotal',
            name='scope',
            field=models.CharField(choices=[('player', 'player'), ('pair', 'pair'), ('club', 'club'), ('tournament', 'tournament'), ('season', 'season'), ('versus', 'head to head')], max_length=12, verbose_name='scope'),
        ),
    ]
