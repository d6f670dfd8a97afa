# Step 3 of 3: the old two-sided columns go; results live in MatchUnit, the trump card in
# Hand.header.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_units_from_scores"),
    ]

    operations = [
        migrations.RemoveField(model_name="hand", name="trump_card"),
        migrations.RemoveField(model_name="match", name="score_0"),
        migrations.RemoveField(model_name="match", name="score_1"),
        migrations.RemoveField(model_name="match", name="winner_side"),
    ]
