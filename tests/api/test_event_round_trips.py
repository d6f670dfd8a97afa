"""The Redis round trips of an event against ``GET /api/v1/me/``'s, on the shared cache:
the throttles' count is the same for both; an event adds the kept state's ``SET`` (on
commit), and a ``GET`` only when another process wrote the match's last event."""

from __future__ import annotations

import pytest
import redis.client
from django.conf import settings
from rest_framework.test import APIClient

from clubs.tokens import create_user_token
from games.services import statecache

from .helpers import create_match, post_event

# what the shared cache is asked (Redis: CI's second phase)
pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(
        not settings.SHARED_CACHE, reason="the shared cache is Redis (run in CI's services phase)"
    ),
]


@pytest.fixture
def commands(monkeypatch) -> list[str]:
    """Every command sent to Redis, by name, in order."""
    sent: list[str] = []
    execute = redis.client.Redis.execute_command

    def counted(self, *args, **options):
        sent.append(str(args[0]))
        return execute(self, *args, **options)

    monkeypatch.setattr(redis.client.Redis, "execute_command", counted)
    return sent


def test_an_event_adds_the_states_set_and_a_get_after_another_process(
    setup, commands, django_capture_on_commit_callbacks
):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {create_user_token(setup.scorer)[1]}")
    state = create_match(client, setup.players, first_dealer=3)
    with django_capture_on_commit_callbacks(execute=True):
        state = post_event(client, state["id"], state, {"kind": "deal", "trump_card": "10o"})
    commands.clear()
    assert client.get("/api/v1/me/").status_code == 200
    me = list(commands)
    assert me  # the throttles' count

    def call() -> list[str]:
        nonlocal state
        commands.clear()
        with django_capture_on_commit_callbacks(execute=True):
            state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
        return list(commands)

    assert call() == [*me, "SET"]  # this process wrote last: its own copy is read
    statecache.forget_local()  # as if another gunicorn worker had written it
    assert call() == [*me, "GET", "SET"]
