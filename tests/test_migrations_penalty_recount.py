"""``stats`` 0006: a round ended by a penalty counts no capot (Belote B7) in the facts
now, so totals counted before are dropped for the sweep to rebuild — only when some
finished match has a penalty (no other total can differ)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.test_migrations_units import latest, migrated_back

pytestmark = pytest.mark.django_db(transaction=True)


def before() -> list[tuple[str, str]]:
    """stats at 0005, every other app at its latest migration (the models as they are)."""
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    return [
        *(n for n in leaves if n[0] != "stats"),
        ("stats", "0005_stattotal_player_season_scope"),
    ]


def counted_site(old, *, penalty_in: str | None):
    """A club with one finished match counted in the totals; a penalty event in a match
    of status ``penalty_in`` (None: no penalty anywhere)."""
    Club = old.get_model("clubs", "Club")
    Match = old.get_model("games", "Match")
    Hand = old.get_model("games", "Hand")
    HandEvent = old.get_model("games", "HandEvent")
    club = Club.objects.create(name="Peña", slug="pena")
    finished = Match.objects.create(club=club, game="belote", rules={}, status="finished")
    hand = Hand.objects.create(match=finished, number=1, dealer=0)
    HandEvent.objects.create(hand=hand, seq=1, kind="play", card="7h", data={"kind": "play"})
    if penalty_in is not None:
        other = Match.objects.create(club=club, game="belote", rules={}, status=penalty_in)
        other_hand = Hand.objects.create(match=other, number=1, dealer=0)
        HandEvent.objects.create(
            hand=other_hand, seq=1, kind="penalty", data={"kind": "penalty", "seat": 1}
        )
    old.get_model("stats", "CountedMatch").objects.create(match=finished, version=1)
    old.get_model("stats", "StatTotal").objects.create(
        club=club, scope="club", key=str(club.pk), game="belote", metric="capots", value=3
    )


@pytest.mark.parametrize(
    ("penalty_in", "left"),
    [(None, 1), ("in_progress", 1), ("finished", 0)],
    ids=["no penalty", "penalty in a match in play", "penalty in a finished match"],
)
def test_the_totals_are_dropped_only_when_a_finished_match_has_a_penalty(penalty_in, left):
    counted_site(migrated_back(before()), penalty_in=penalty_in)

    latest()

    from stats.models import CountedMatch, StatTotal

    assert StatTotal.objects.count() == left
    assert CountedMatch.objects.count() == left
