# Club, Membership, Player and DeviceToken now live in the clubs app (clubs 0001 took
# them, with their tables and rows): the foreign keys point there and the old models
# leave this app's state. Nothing changes in the database.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('games', '0003_clubs_app'),
        ('tournaments', '0004_tournament_live_updated_at_tournament_live_version'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(
                    model_name='tournament',
                    name='club',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='clubs.club'),
                ),
                migrations.AlterField(
                    model_name='entry',
                    name='player_1',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player'),
                ),
                migrations.AlterField(
                    model_name='entry',
                    name='player_2',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player'),
                ),
                migrations.DeleteModel(name='DeviceToken'),
                migrations.DeleteModel(name='Membership'),
                migrations.DeleteModel(name='Player'),
                migrations.DeleteModel(name='Club'),
            ],
        ),
    ]
