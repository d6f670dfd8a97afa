"""The worker path: a task sent through the broker runs in the separate worker process
and its effect is visible in PostgreSQL."""

import os
import time

import pytest

from cuatrola_site.celery import app as celery_app
from games.models import WorkerHeartbeat
from games.tasks import heartbeat

from .conftest import requires_services

pytestmark = [pytest.mark.integration, requires_services]


@pytest.mark.django_db(transaction=True)
def test_task_runs_in_the_separate_worker_and_writes_to_postgres(celery_worker_process):
    assert not celery_app.conf.task_always_eager
    assert WorkerHeartbeat.objects.count() == 0
    heartbeat.delay()
    deadline = time.monotonic() + 30
    while not WorkerHeartbeat.objects.exists():
        assert time.monotonic() < deadline, "the worker never wrote its heartbeat"
        time.sleep(0.1)
    beat = WorkerHeartbeat.objects.get()
    _host, pid = beat.hostname.rsplit(":", 1)
    assert int(pid) != os.getpid(), "the task ran in the test process, not the worker"
    assert beat.beats == 1


@pytest.mark.django_db(transaction=True)
def test_healthz_sees_postgres_and_redis(client):
    body = client.get("/healthz").json()
    assert body["database"] == {"ok": True, "vendor": "postgresql"}
    assert body["broker"]["ok"] is True
    assert body["broker"]["mode"] == "broker"
