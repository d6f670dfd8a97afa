# Club, Membership, Player and DeviceToken move here from the tournaments app. Their
# tables and rows stay as they are: this migration only takes them into the clubs app's
# state (the tables keep their tournaments_* names until 0002 renames them).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = ("club", "membership", "player", "devicetoken")


def move_content_types(apps, schema_editor):
    """Keep the models' content types (and so their permissions and admin history)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MOVED:
        if not ContentType.objects.using(db).filter(app_label="clubs", model=model).exists():
            ContentType.objects.using(db).filter(app_label="tournaments", model=model).update(
                app_label="clubs"
            )


def restore_content_types(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MOVED:
        if not ContentType.objects.using(db).filter(app_label="tournaments", model=model).exists():
            ContentType.objects.using(db).filter(app_label="clubs", model=model).update(
                app_label="tournaments"
            )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0004_tournament_live_updated_at_tournament_live_version'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Club',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=120, verbose_name='name')),
                        ('slug', models.SlugField(unique=True, verbose_name='short name')),
                        ('is_private', models.BooleanField(default=False, help_text='Only members can see its matches.', verbose_name='private')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ],
                    options={
                        'verbose_name': 'club',
                        'verbose_name_plural': 'clubs',
                        'ordering': ['name'],
                        'db_table': 'tournaments_club',
                    },
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('role', models.CharField(choices=[('organiser', 'organiser'), ('scorer', 'scorer')], max_length=20, verbose_name='role')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='clubs.club')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'membership',
                        'verbose_name_plural': 'memberships',
                        'constraints': [models.UniqueConstraint(fields=('club', 'user'), name='one_role_per_club_and_user')],
                        'db_table': 'tournaments_membership',
                    },
                ),
                migrations.CreateModel(
                    name='Player',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('display_name', models.CharField(max_length=80, verbose_name='name')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='clubs.club')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='players', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'player',
                        'verbose_name_plural': 'players',
                        'ordering': ['display_name'],
                        'constraints': [models.UniqueConstraint(fields=('club', 'display_name'), name='unique_player_name_in_club')],
                        'db_table': 'tournaments_player',
                    },
                ),
                migrations.CreateModel(
                    name='DeviceToken',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=80, verbose_name='name')),
                        ('prefix', models.CharField(help_text="The key's first characters", max_length=8)),
                        ('key_hash', models.CharField(max_length=64, unique=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('revoked_at', models.DateTimeField(blank=True, null=True)),
                        ('last_used_at', models.DateTimeField(blank=True, null=True)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='device_tokens', to='clubs.club')),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='device_tokens', to='tournaments.tournament')),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='device_token', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'device token',
                        'verbose_name_plural': 'device tokens',
                        'ordering': ['-created_at'],
                        'db_table': 'tournaments_devicetoken',
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, restore_content_types),
    ]
