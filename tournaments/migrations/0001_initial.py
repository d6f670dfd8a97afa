# Tournament, Round, Entry, Fixture... as they stood after tournaments 0005.
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
        ('games', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='Round',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='round')),
                ('date', models.DateField(blank=True, null=True, verbose_name='date')),
            ],
            options={
                'ordering': ['tournament', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Entry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('seed', models.PositiveSmallIntegerField(verbose_name='seed')),
                ('withdrawn', models.BooleanField(default=False, verbose_name='withdrawn')),
                ('player_1', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
                ('player_2', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='clubs.player')),
            ],
            options={
                'verbose_name': 'entry',
                'verbose_name_plural': 'entries',
                'ordering': ['tournament', 'seed'],
            },
        ),
        migrations.CreateModel(
            name='Fixture',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('table', models.PositiveSmallIntegerField(verbose_name='table')),
                ('entry_a', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.entry')),
                ('entry_b', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.entry')),
                ('match', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='fixture', to='games.match')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='fixtures', to='tournaments.round')),
            ],
            options={
                'ordering': ['round', 'table'],
            },
        ),
        migrations.CreateModel(
            name='Tournament',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('game', models.CharField(default='cuatrola', max_length=20, verbose_name='game')),
                ('rules', models.JSONField(blank=True, default=dict, verbose_name='rules')),
                ('format', models.CharField(choices=[('round_robin', 'league (every pair meets once)'), ('double_round_robin', 'league (home and away)'), ('swiss', 'Swiss'), ('knockout', 'knockout')], max_length=20, verbose_name='format')),
                ('swiss_rounds', models.PositiveSmallIntegerField(default=5, verbose_name='Swiss rounds')),
                ('tiebreaks', models.JSONField(blank=True, default=list, help_text='Metric keys in order, after match points', verbose_name='tiebreaks')),
                ('points_per_win', models.PositiveSmallIntegerField(default=1, verbose_name='match points per win')),
                ('status', models.CharField(choices=[('open', 'entries open'), ('running', 'running'), ('finished', 'finished')], default='open', max_length=20, verbose_name='status')),
                ('is_public', models.BooleanField(default=True, verbose_name='public')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('standings_pending', models.BooleanField(default=False)),
                ('standings_computed_at', models.DateTimeField(blank=True, null=True)),
                ('live_updated_at', models.DateTimeField(blank=True, null=True)),
                ('live_version', models.PositiveIntegerField(default=0)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tournaments', to='clubs.club')),
            ],
            options={
                'verbose_name': 'tournament',
                'verbose_name_plural': 'tournaments',
                'ordering': ['-created_at'],
            },
        ),
        migrations.AddField(
            model_name='round',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='tournaments.tournament'),
        ),
        migrations.AddField(
            model_name='entry',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entries', to='tournaments.tournament'),
        ),
        migrations.CreateModel(
            name='StandingsSnapshot',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('after_round', models.PositiveSmallIntegerField()),
                ('computed_at', models.DateTimeField()),
                ('rows', models.JSONField()),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='snapshots', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['tournament', 'after_round'],
                'constraints': [models.UniqueConstraint(fields=('tournament', 'after_round'), name='one_snapshot_per_round')],
            },
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='unique_round'),
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.UniqueConstraint(fields=('tournament', 'seed'), name='unique_seed'),
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='unique_entry_name'),
        ),
    ]
