"""A snapshot may be left stale by a correction in an earlier round (ranked when read)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0012_standings_as_text")]

    operations = [
        migrations.AddField(
            model_name="standingssnapshot",
            name="stale",
            field=models.BooleanField(default=False),
        ),
    ]
