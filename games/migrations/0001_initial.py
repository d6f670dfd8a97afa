# Match, Seat, Hand, Event... as they stood after games 0003.
# History rewritten in place (issue 20): the clubs models once started in the
# tournaments app and moved to clubs (clubs 0001-0002, games 0003, tournaments 0005).
# A database that ran those steps keeps them (the names are the same, so nothing runs
# again); a new database creates the tables where they now live, and clubs migrates
# without any app above it. A database older than the move (clubs not applied) must
# first be brought up to date with the release before this rewrite.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('clubs', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='WorkerHeartbeat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('hostname', models.CharField(max_length=200, unique=True, verbose_name='worker')),
                ('seen_at', models.DateTimeField(verbose_name='seen at')),
                ('beats', models.PositiveIntegerField(default=0, verbose_name='beats')),
            ],
            options={
                'verbose_name': 'worker heartbeat',
                'verbose_name_plural': 'worker heartbeats',
            },
        ),
        migrations.CreateModel(
            name='Match',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(choices=[('cuatrola', 'Cuatrola')], default='cuatrola', max_length=20, verbose_name='game')),
                ('rules', models.JSONField(help_text='Ruleset options, validated by the engine', verbose_name='rules')),
                ('first_dealer', models.PositiveSmallIntegerField(default=0, verbose_name='first dealer')),
                ('name', models.CharField(blank=True, max_length=200, verbose_name='event')),
                ('played_on', models.DateField(blank=True, null=True, verbose_name='date')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('status', models.CharField(choices=[('in_progress', 'in progress'), ('finished', 'finished')], default='in_progress', max_length=20, verbose_name='status')),
                ('score_0', models.PositiveSmallIntegerField(default=0)),
                ('score_1', models.PositiveSmallIntegerField(default=0)),
                ('winner_side', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('version', models.PositiveIntegerField(default=0, help_text='Bumped on every change: an ETag for readers')),
                ('live', models.JSONField(blank=True, default=dict, help_text='The hand in play, for scoreboards: hand, phase, turn, trick')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='matches', to='clubs.club')),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('scorer', models.ForeignKey(blank=True, help_text='The user recording this match (any club scorer when empty)', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='scored_matches', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'match',
                'verbose_name_plural': 'matches',
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='Hand',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='hand')),
                ('dealer', models.PositiveSmallIntegerField(verbose_name='dealer')),
                ('trump_card', models.CharField(blank=True, max_length=3, verbose_name='trump card')),
                ('deal', models.JSONField(blank=True, null=True)),
                ('next_seq', models.PositiveIntegerField(default=0)),
                ('complete', models.BooleanField(default=False)),
                ('summary', models.JSONField(blank=True, help_text="The hand's result in the checker's shape", null=True)),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hands', to='games.match')),
            ],
            options={
                'ordering': ['match', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='games.match')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='seats', to='clubs.player')),
            ],
            options={
                'ordering': ['match', 'number'],
            },
        ),
        migrations.CreateModel(
            name='UndoRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('hand_number', models.PositiveSmallIntegerField()),
                ('to_seq', models.PositiveIntegerField()),
                ('removed', models.JSONField(help_text='The removed events, in order, as they were')),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='undos', to='games.match')),
                ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-at'],
            },
        ),
        migrations.CreateModel(
            name='HandEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seq', models.PositiveIntegerField(verbose_name='sequence number')),
                ('kind', models.CharField(choices=[('deal', 'deal'), ('call', 'call'), ('play', 'play'), ('cante', 'cante'), ('penalty', 'penalty')], max_length=10)),
                ('seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('card', models.CharField(blank=True, help_text='The card of a play', max_length=3)),
                ('data', models.JSONField(help_text="The event in the engine's notation")),
                ('entered_at', models.DateTimeField(auto_now_add=True)),
                ('entered_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('hand', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='games.hand')),
            ],
            options={
                'ordering': ['hand', 'seq'],
                'constraints': [models.UniqueConstraint(fields=('hand', 'seq'), name='unique_event_seq'), models.UniqueConstraint(condition=models.Q(('card', ''), _negated=True), fields=('hand', 'card'), name='card_once_per_hand')],
            },
        ),
        migrations.AddIndex(
            model_name='match',
            index=models.Index(fields=['club', 'status'], name='games_match_club_id_5ad6ea_idx'),
        ),
        migrations.AddConstraint(
            model_name='hand',
            constraint=models.UniqueConstraint(fields=('match', 'number'), name='unique_hand_number'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.UniqueConstraint(fields=('match', 'number'), name='one_player_per_seat'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.UniqueConstraint(fields=('match', 'player'), name='one_seat_per_player'),
        ),
    ]
