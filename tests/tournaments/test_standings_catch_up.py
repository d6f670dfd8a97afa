"""Standings bookkeeping: the results version moves with the write that changes a result,
``pending`` says whether the standings are behind, requests coalesce on a claim that
expires, and the sweep sends what was lost. (Tasks run in-process here; the broker outage
and the killed worker are tests/integration/.)"""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games import services as games
from games.engine import hand_events
from games.engine.cuatrola import event_to_dict
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.standings_store import store_standings
from tournaments.tasks import recompute_standings, request_standings, sweep_standings

from .test_league_db import make_league

# CI's second phase: the standings' aggregate queries and versions
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits"), pytest.mark.services]

LEASE = 30  # seconds: the default STANDINGS_LEASE_SECONDS


@pytest.fixture
def club_setup():
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    return club, organiser, [PlayerFactory(club=club) for _ in range(12)]


def versions(t: Tournament) -> tuple[int, int]:
    t.refresh_from_db()
    return t.results_version, t.standings_version


def record_all_but_last_event(match):
    """Record a random legal match but for its last event; returns (hand row, last event)."""
    import random

    from games.engine.cuatrola.simulate import random_match

    record = random_match(
        random.Random(3), games.parse_rules(match.rules), first_dealer=match.first_dealer
    )
    user = match.created_by
    plan = [(n, e) for n, hand in enumerate(record.hands, 1) for e in hand_events(hand)]
    for number, event in plan[:-1]:
        post_event(match, number, event, user)
    return plan[-1]


def post_event(match, number: int, event, user) -> None:
    row = match.hands.get(number=number)
    data = event_to_dict(event)
    data.pop("dealer", None)  # filled in by the server, as from the scoring pad
    games.record_event(row, row.next_seq, data, user)


def test_the_results_version_moves_with_the_write_that_changes_a_result(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=4)
    fixture = services.generate_next_round(t, organiser).fixtures.first()
    number, last = record_all_but_last_event(fixture.match)
    assert versions(t) == (0, 0)  # events that finish nothing leave the results alone
    post_event(fixture.match, number, last, organiser)  # the match is over
    assert versions(t) == (1, 1)  # the result, and its standings (in-process)
    assert not t.standings_pending
    games.undo(fixture.match, organiser, reopen=True)  # the finished result is taken back
    assert versions(t) == (2, 2)
    assert StandingsSnapshot.objects.get(tournament=t).rows[0]["played"] == 0
    games.undo(fixture.match, organiser)  # an unfinished match's event: no result changes
    assert versions(t) == (2, 2)


def test_a_round_with_a_bye_is_a_result(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=5)  # 5 pairs: one sits out each round
    services.generate_next_round(t, organiser)
    assert versions(t) == (1, 1)
    assert sum(r["match_points"] for r in StandingsSnapshot.objects.get(tournament=t).rows) == 1


def test_pending_is_true_while_the_standings_are_behind_the_results(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=5)
    services.generate_next_round(t, organiser)
    client = APIClient()
    assert client.get(f"/api/v1/tournaments/{t.pk}/standings/").json()["pending"] is False
    assert client.get(f"/api/v1/tournaments/{t.pk}/").json()["standings_pending"] is False
    # a result committed whose recompute was lost (a broker down, a killed worker)
    Tournament.objects.filter(pk=t.pk).update(results_version=2)
    assert client.get(f"/api/v1/tournaments/{t.pk}/standings/").json()["pending"] is True
    assert client.get(f"/api/v1/tournaments/{t.pk}/").json()["standings_pending"] is True
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="standings-pending"' in page


def test_requests_coalesce_on_a_claim_that_expires_after_the_lease(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=5)
    services.generate_next_round(t, organiser)
    now = timezone.now()
    # a recompute was sent a moment ago and has not started: no second one
    Tournament.objects.filter(pk=t.pk).update(results_version=2, standings_queued_at=now)
    assert request_standings(t.pk) is False
    assert versions(t) == (2, 1)
    # sent longer ago than the lease: lost with the broker, so sent again (and run here)
    old = now - timedelta(seconds=LEASE + 1)
    Tournament.objects.filter(pk=t.pk).update(standings_queued_at=old)
    assert request_standings(t.pk) is True
    assert versions(t) == (2, 2)
    assert t.standings_queued_at is None  # cleared by the task as it started


def test_the_sweep_sends_a_recompute_for_every_tournament_behind_and_unclaimed(club_setup):
    club, organiser, players = club_setup
    behind, claimed, expired, current = (
        make_league(club, organiser, players[i * 2 : i * 2 + 4], n=2) for i in range(4)
    )
    now = timezone.now()
    for t, queued_at in (
        (behind, None),
        (claimed, now - timedelta(seconds=LEASE - 5)),
        (expired, now - timedelta(seconds=LEASE + 5)),
    ):
        Tournament.objects.filter(pk=t.pk).update(results_version=1, standings_queued_at=queued_at)
    assert sorted(sweep_standings()) == sorted([behind.pk, expired.pk])
    assert [versions(t) for t in (behind, claimed, expired, current)] == [
        (1, 1),
        (1, 0),
        (1, 1),
        (0, 0),
    ]
    assert StandingsSnapshot.objects.filter(tournament=behind).count() == 1
    assert not StandingsSnapshot.objects.filter(tournament=current).exists()
    assert sweep_standings() == []  # nothing behind but the live claim


def test_a_job_whose_work_is_done_is_skipped(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=5)
    services.generate_next_round(t, organiser)
    computed = Tournament.objects.get(pk=t.pk).standings_computed_at
    # the same job sent twice, or redelivered after its worker died and was redone
    assert recompute_standings(t.pk, only_if_behind=True) == 0
    assert Tournament.objects.get(pk=t.pk).standings_computed_at == computed
    assert recompute_standings(t.pk) == 1  # called without the flag: always recomputes


def test_a_slower_older_recompute_does_not_overwrite_newer_standings(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=5)
    services.generate_next_round(t, organiser)
    computed = Tournament.objects.get(pk=t.pk).standings_computed_at
    # while this recompute read results version 1, another stored version 2's standings
    Tournament.objects.filter(pk=t.pk).update(standings_version=2)
    assert store_standings(t.pk) == 0
    t.refresh_from_db()
    assert (t.standings_version, t.standings_computed_at) == (2, computed)


@pytest.mark.django_db(transaction=True)  # migrations: not inside the test's transaction
def test_tournaments_left_pending_by_the_old_flag_are_marked_behind_by_the_migration():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("tournaments", "0005_clubs_app"), ("clubs", "0003_usertoken")]
    after = [("tournaments", "0006_standings_versions")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("clubs", "Club").objects.create(name="Peña", slug="pena")
    Old = old.get_model("tournaments", "Tournament")
    stuck = Old.objects.create(club=club, name="A", format="swiss", standings_pending=True)
    fine = Old.objects.create(club=club, name="B", format="swiss", standings_pending=False)
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert Tournament.objects.get(pk=stuck.pk).standings_pending
    assert not Tournament.objects.get(pk=fine.pk).standings_pending
    assert sweep_standings() == [stuck.pk]
