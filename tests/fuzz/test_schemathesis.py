"""Schemathesis against the OpenAPI schema, on a running server with the demo data.

Every operation, with and without authentication (an organiser's token): no answer may be
a 5xx, and every answer must match the schema. Bounded: FUZZ_EXAMPLES examples per
operation (default 12)."""

import io
import os

import pytest
import schemathesis
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error, response_schema_conformance

from clubs.models import Membership
from clubs.tokens import create_user_token

pytestmark = pytest.mark.django_db(transaction=True)
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
# the same cases on every run (CI), unless FUZZ_RANDOM=1 explores new ones
DETERMINISTIC = os.environ.get("FUZZ_RANDOM") != "1"


@pytest.fixture
def demo_token(db) -> str:
    call_command("load_demo", stdout=io.StringIO())
    organiser = Membership.objects.get(role="organiser", club__slug="pena-la-baza").user
    return create_user_token(organiser, "fuzz")[1]


def test_no_5xx_and_answers_match_the_schema(live_server, demo_token):
    """Each operation in turn (positive and negative data), each case sent twice."""
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema/")
    checks = [not_a_server_error, response_schema_conformance]
    failures: list[str] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 20

    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(
                max_examples=EXAMPLES,
                deadline=None,
                database=None,
                derandomize=DETERMINISTIC,
                suppress_health_check=list(HealthCheck),
            )
            def run(case):
                case.call_and_validate(base_url=live_server.url, checks=checks)
                case.call_and_validate(
                    base_url=live_server.url,
                    checks=checks,
                    headers={"Authorization": f"Token {demo_token}"},
                )

            try:
                run()
            except Unsatisfiable:
                continue  # nothing to make invalid (an operation without parameters)
            except Exception as exc:  # collect every operation's failure, then report
                failures.append(f"{operation.label} ({mode.value}): {exc}")
    assert not failures, "\n\n".join(failures)
