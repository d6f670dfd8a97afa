# The moved tables take the clubs app's names (tournaments_club → clubs_club, …). A
# rename keeps every row, and the foreign keys that reference the tables follow them.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0001_initial'),
        ('tournaments', '0005_clubs_app'),
    ]

    operations = [
        migrations.AlterModelTable(name='club', table=None),
        migrations.AlterModelTable(name='membership', table=None),
        migrations.AlterModelTable(name='player', table=None),
        migrations.AlterModelTable(name='devicetoken', table=None),
    ]
