# Users' API keys are stored hashed, as device keys are. The keys of DRF's authtoken app
# (stored in plain text) are taken over hashed, so they keep working; then its table and
# the admin history that named the keys are dropped. The plain keys cannot come back.

import datetime
import hashlib

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

OLD_TABLE = "authtoken_token"


def take_over_authtoken_keys(apps, schema_editor):
    connection = schema_editor.connection
    if OLD_TABLE not in connection.introspection.table_names():
        return
    UserToken = apps.get_model("clubs", "UserToken")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {connection.ops.quote_name('key')}, user_id, created FROM {OLD_TABLE}")
        rows = cursor.fetchall()
    for key, user_id, created in rows:
        if isinstance(created, datetime.datetime) and created.tzinfo is None:
            created = created.replace(tzinfo=datetime.UTC)  # SQLite's raw value, in UTC
        token = UserToken.objects.using(connection.alias).create(
            user_id=user_id,
            name="authtoken",
            prefix=key[:8],
            key_hash=hashlib.sha256(key.encode()).hexdigest(),
        )
        UserToken.objects.using(connection.alias).filter(pk=token.pk).update(created_at=created)
    ContentType = apps.get_model("contenttypes", "ContentType")
    LogEntry = apps.get_model("admin", "LogEntry")
    old_types = ContentType.objects.using(connection.alias).filter(app_label="authtoken")
    # an admin log entry's text of a DRF token is its key
    LogEntry.objects.using(connection.alias).filter(content_type__in=old_types).delete()
    old_types.delete()
    schema_editor.execute(f"DROP TABLE {OLD_TABLE}")


class Migration(migrations.Migration):

    dependencies = [
        ('admin', '0003_logentry_add_action_flag_choices'),
        ('clubs', '0002_clubs_tables'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='UserToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(blank=True, max_length=80, verbose_name='name')),
                ('prefix', models.CharField(help_text="The key's first characters", max_length=8)),
                ('key_hash', models.CharField(max_length=64, unique=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('revoked_at', models.DateTimeField(blank=True, null=True)),
                ('last_used_at', models.DateTimeField(blank=True, null=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_tokens', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'API token',
                'verbose_name_plural': 'API tokens',
                'ordering': ['-created_at'],
            },
        ),
        migrations.RunPython(take_over_authtoken_keys, migrations.RunPython.noop),
    ]
