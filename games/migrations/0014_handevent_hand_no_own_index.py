# The event's hand has no index of its own: unique_event_seq (hand_id, seq) leads with it.
# Only the index is dropped (by the name Django gave it), not the foreign key: Django's
# AlterField would drop and re-add the constraint, checking every row of the event log.

import django.db.models.deletion
from django.db import migrations, models

INDEX = "games_handevent_hand_id_d48ec1bd"


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_handanalysis_version"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="handevent",
                    name="hand",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                        to="games.hand",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{INDEX}"',
                    f'CREATE INDEX "{INDEX}" ON "games_handevent" ("hand_id")',
                ),
            ],
        ),
    ]
