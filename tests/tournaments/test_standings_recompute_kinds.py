"""Each kind of recompute the bench times leaves the standings a computation from scratch
gives (the pure Python ranking of the same results, ``test_standings_sums.oracle``): a
result in the round in play, a correction in an old round (the rounds from it re-ranked),
a first recompute (no digest recorded, no state kept: every round ranked and rewritten),
and one with no snapshot stored at all; in any order, on random tournaments (pairs and
tables of three, byes, forfeits, void fixtures, matches in play, withdrawals, every
tiebreak). A first recompute costs the same queries at two sizes.

Marked ``services``: the rounds' digests that decide what is re-ranked are the
database's own (``standings_inputs.round_digest_sql``: PostgreSQL hashes, SQLite does
arithmetic), so the same steps run on both."""

from __future__ import annotations

import random

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import find_game
from games.models import Match, MatchUnit
from tests.synthetic import finished_double_round_robin
from tests.tournaments.test_standings_incremental import stored
from tests.tournaments.test_standings_sums import oracle, played_match, random_tournament
from tournaments.models import Fixture, StandingsSnapshot, StandingsState, Tournament
from tournaments.receivers import on_match_written
from tournaments.standings_store import store_standings

pytestmark = [pytest.mark.django_db, pytest.mark.services]


def replay(rng: random.Random, t: Tournament, number: int) -> bool:
    """A match of round ``number`` gets new results (or is in play again), as the write
    path leaves it, and its receiver marks the round; False if the round has none."""
    fixtures = list(Fixture.objects.filter(round__tournament=t, round__number=number, decision=""))
    fixtures = [f for f in fixtures if f.match_id is not None]
    if not fixtures:
        return False
    fixture = rng.choice(fixtures)
    old = fixture.match
    units = fixture.participants.count()
    kind = rng.choice(["played", "played", "played", "playing"])
    fixture.match = played_match(rng, t.club, t.game, units, find_game(t.game).counters, kind)
    fixture.save()
    MatchUnit.objects.filter(match=old).delete()
    Match.objects.filter(pk=old.pk).delete()
    on_match_written(sender=Match, match_id=fixture.match_id, result_changed=True)
    return True


def first_recompute(t: Tournament, snapshots: bool) -> None:
    """As before a tournament's first recompute: no state kept and no digest recorded
    (the bench's "every snapshot rewritten"), or no snapshot at all."""
    StandingsState.objects.filter(tournament=t).delete()
    if snapshots:
        StandingsSnapshot.objects.filter(tournament=t).update(digest="")
    else:
        StandingsSnapshot.objects.filter(tournament=t).delete()


def assert_from_scratch(t: Tournament) -> None:
    expected, got = oracle(t), stored(t)
    if list(expected) == [0]:  # nothing decided: everybody level (the oracle ranks none)
        assert list(got) == [0]
        assert {r["rank"] for r in got[0]} == {1}
    else:
        assert got == expected


steps = st.lists(
    st.sampled_from(["in play", "old round", "first", "first, no snapshots"]),
    min_size=1,
    max_size=4,
)


@given(seed=st.integers(0, 10**6), table_size=st.sampled_from([2, 3]), kinds=steps)
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_every_kind_of_recompute_leaves_the_standings_from_scratch(seed, table_size, kinds):
    rng = random.Random(seed)
    with transaction.atomic():  # each example's tournament rolled back after it
        t = random_tournament(rng, table_size)
        store_standings(t.pk, whole=True)
        assert_from_scratch(t)
        last = t.rounds.order_by("-number").values_list("number", flat=True).first()
        for kind in kinds:
            if kind == "in play":
                replay(rng, t, last)
                store_standings(t.pk)
            elif kind == "old round":
                if last > 1:
                    replay(rng, t, rng.randrange(1, last))
                store_standings(t.pk)
            else:
                first_recompute(t, snapshots=kind == "first")
                store_standings(t.pk, whole=True)
            assert_from_scratch(t)
        transaction.set_rollback(True)


def test_a_first_recompute_costs_the_same_queries_for_12_and_240_matches(ranked, same_queries):
    for pairs in (4, 16):
        t, _, _ = finished_double_round_robin(pairs, random.Random(pairs))
        store_standings(t.pk, whole=True)
        first_recompute(t, snapshots=True)
        ranked.clear()
        rounds = 2 * (pairs - 1)
        with same_queries():
            assert store_standings(t.pk, whole=True) == rounds
        assert len(ranked) == rounds  # every round ranked: nothing recorded to trust
        assert_from_scratch(t)
