"""The full rebuild from the admin (an action, no row needed) and from manage.py."""

import pytest
from django.core.management import call_command

from stats.models import StatJob, StatTotal
from tests.factories import UserFactory

# CI's second phase: the totals' raw SQL, leases and upserts (stats/store.py)
pytestmark = [pytest.mark.django_db, pytest.mark.services]


def test_rebuild_stats_command(club_with_matches, capsys):
    call_command("rebuild_stats", "--chunk-matches", "3", "--wait")
    job = StatJob.objects.get()
    assert (job.status, job.chunks, job.chunks_done) == ("done", 2, 2)
    assert f"job {job.pk}: 2/2 chunks" in capsys.readouterr().out
    assert StatTotal.objects.filter(scope="club", metric="hands").exists()


def test_admin_action_rebuilds_with_no_job_selected(club_with_matches, client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.post(
        "/admin/stats/statjob/", {"action": "rebuild", "index": "0"}, follow=True
    )
    assert response.status_code == 200
    assert StatJob.objects.get().status == "done"
    assert StatTotal.objects.filter(scope="player").exists()
