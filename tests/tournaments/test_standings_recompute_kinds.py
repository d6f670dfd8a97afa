"""Each kind of recompute the bench times leaves the standings a computation from scratch
gives (the pure Python ranking of the same results, ``test_standings_sums.oracle``): a
result in the round in play, a correction in an old round (the rounds from it re-ranked),
a first recompute (no digest recorded, no state kept: every round ranked and rewritten),
and one with no snapshot stored at all; in any order, on random tournaments (pairs and
tables of three, byes, forfeits, void fixtures, matches in play, withdrawals, every
tiebreak). A first recompute costs the same queries at two sizes.

Marked ``services``: the rounds' digests that decide what is re-ranked are the
database's own (``standings_inputs.round_digest_sql``: PostgreSQL hashes, SQLite does
arithmetic), so the same steps run on both.

Each step may also be asked as the Celery task asks (``latest``): a recompute the kept
state does not cover ranks the last round alone and leaves the earlier ones from the
change stale; a stale snapshot read (``fresh_snapshot``) is ranked then, stored or (in a
rolled-back savepoint) not, so the next steps meet stale and re-read snapshots alike."""

from __future__ import annotations

import random

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import find_game
from games.models import Match, MatchUnit
from tests.synthetic import finished_double_round_robin
from tests.tournaments.test_standings_sums import oracle, played_match, random_tournament
from tournaments.models import Fixture, StandingsSnapshot, StandingsState, Tournament
from tournaments.receivers import on_match_written
from tournaments.standings_store import fresh_snapshot, store_standings

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


def assert_from_scratch(t: Tournament, rng: random.Random | None = None) -> None:
    """The snapshots as the pages read them (``fresh_snapshot``: a stale one ranked when
    read) are those from scratch; the latest is never stale. With ``rng``, about half the
    stale ones read are stored, the others read in a savepoint rolled back (left stale)."""
    expected, got, stale = oracle(t), {}, set()
    for snapshot in StandingsSnapshot.objects.filter(tournament=t):
        if snapshot.stale:
            stale.add(snapshot.after_round)
        if not snapshot.stale or (rng is not None and rng.random() < 0.5):
            got[snapshot.after_round] = fresh_snapshot(snapshot).rows
            continue
        with transaction.atomic():
            got[snapshot.after_round] = fresh_snapshot(snapshot).rows
            transaction.set_rollback(True)
    assert max(got) not in stale
    if list(expected) == [0]:  # nothing decided: everybody level (the oracle ranks none)
        assert list(got) == [0]
        assert {r["rank"] for r in got[0]} == {1}
    else:
        assert got == expected


steps = st.lists(
    st.tuples(
        st.sampled_from(["in play", "old round", "whole", "first", "first, no snapshots"]),
        st.booleans(),  # as the Celery task asks: the last round alone, the rest stale
    ),
    min_size=1,
    max_size=5,
)


@given(seed=st.integers(0, 10**6), table_size=st.sampled_from([2, 3]), kinds=steps)
@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_every_kind_of_recompute_leaves_the_standings_from_scratch(seed, table_size, kinds):
    rng = random.Random(seed)
    with transaction.atomic():  # each example's tournament rolled back after it
        t = random_tournament(rng, table_size)
        store_standings(t.pk, whole=True, latest=rng.random() < 0.5)
        assert_from_scratch(t, rng)
        last = t.rounds.order_by("-number").values_list("number", flat=True).first()
        for kind, latest in kinds:
            if kind == "in play":
                replay(rng, t, last)
                store_standings(t.pk, latest=latest)
            elif kind == "old round":
                if last > 1:
                    replay(rng, t, rng.randrange(1, last))
                store_standings(t.pk, latest=latest)
            elif kind == "whole":  # told nothing: the rounds' digests find the change
                if last > 1 and rng.random() < 0.7:
                    replay(rng, t, rng.randrange(1, last))
                store_standings(t.pk, whole=True, latest=latest)
            else:
                first_recompute(t, snapshots=kind == "first")
                store_standings(t.pk, whole=True, latest=latest)
            assert_from_scratch(t, rng)
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


def stale(t: Tournament) -> list[int]:
    return sorted(
        StandingsSnapshot.objects.filter(tournament=t, stale=True).values_list(
            "after_round", flat=True
        )
    )


def test_a_correction_asked_as_the_task_asks_ranks_the_last_round_alone(ranked):
    t, _, _ = finished_double_round_robin(4, random.Random(4))  # 6 rounds
    store_standings(t.pk, whole=True)
    replay(random.Random(1), t, 2)
    ranked.clear()
    assert store_standings(t.pk, latest=True) == 5  # round 6 ranked, rounds 2 to 5 stale
    assert len(ranked) == 1
    assert stale(t) == [2, 3, 4, 5]
    ranked.clear()
    snapshot = StandingsSnapshot.objects.get(tournament=t, after_round=3)
    rows = fresh_snapshot(snapshot).rows
    assert len(ranked) == 1  # round 3 alone, when read
    assert rows == oracle(t)[3]
    assert stale(t) == [2, 4, 5]  # stored: read again as it is
    assert StandingsSnapshot.objects.get(tournament=t, after_round=3).rows == rows
    assert_from_scratch(t)


def test_a_stale_snapshot_read_while_a_result_changes_is_not_stored(monkeypatch):
    t, _, _ = finished_double_round_robin(4, random.Random(5))
    store_standings(t.pk, whole=True)
    replay(random.Random(2), t, 1)
    store_standings(t.pk, latest=True)
    assert stale(t) == [1, 2, 3, 4, 5]
    from tournaments import standings_store

    alone = standings_store.ranked_alone

    def meanwhile(*args, **kwargs):  # a result changes after the read's results are read
        out = alone(*args, **kwargs)
        Tournament.objects.filter(pk=t.pk).update(results_version=F("results_version") + 1)
        return out

    monkeypatch.setattr(standings_store, "ranked_alone", meanwhile)
    expected = oracle(t)[2]
    assert fresh_snapshot(StandingsSnapshot.objects.get(tournament=t, after_round=2)).rows == (
        expected
    )
    assert stale(t) == [1, 2, 3, 4, 5]  # answered, not stored: the next recompute decides


def test_the_last_round_alone_and_a_stale_read_cost_the_same_queries_at_two_sizes(ranked):
    counts = []
    for pairs in (4, 16):
        t, _, _ = finished_double_round_robin(pairs, random.Random(pairs))
        rounds = 2 * (pairs - 1)
        store_standings(t.pk, whole=True)
        replay(random.Random(pairs), t, rounds // 2)
        ranked.clear()
        with CaptureQueriesContext(connection) as correction:
            assert store_standings(t.pk, latest=True) == rounds - rounds // 2 + 1
        first_recompute(t, snapshots=True)
        with CaptureQueriesContext(connection) as first:
            assert store_standings(t.pk, whole=True, latest=True) == rounds
        snapshot = StandingsSnapshot.objects.get(tournament=t, after_round=rounds // 2)
        with CaptureQueriesContext(connection) as read:
            fresh_snapshot(snapshot)
        assert len(ranked) == 3  # one round each time
        assert_from_scratch(t)
        counts.append((len(correction), len(first), len(read)))
    assert counts[0] == counts[1]
