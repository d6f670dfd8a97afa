"""Statistics chunks as leases (stats/healing.py): a chunk started and not stored within
STATS_LEASE_SECONDS is sent again by the sweep; the job keeps its queue and last activity."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('stats', '0002_totals_per_visibility_bucket'),
    ]

    operations = [
        migrations.AddField(
            model_name='statjob',
            name='active_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='last active'),
        ),
        migrations.AddField(
            model_name='statjob',
            name='queue',
            field=models.CharField(blank=True, default='', max_length=100, verbose_name='queue'),
        ),
        migrations.CreateModel(
            name='StatChunk',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('chunk', models.PositiveIntegerField()),
                ('first_match', models.PositiveBigIntegerField()),
                ('last_match', models.PositiveBigIntegerField()),
                ('sent_at', models.DateTimeField()),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('job', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='leases', to='stats.statjob')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('job', 'chunk'), name='one_lease_per_chunk')],
            },
        ),
    ]
