"""The database's digest of a round's unit rows (``standings_inputs.round_digest_sql``)
and the whole recompute that trusts the kept state when the rounds before it have their
recorded digests (``standings_inputs.first_change``): corrections in an old round — the two
entries of a match swapping results, a score changed, signalled to the recompute or not
— leave the standings and tie-breaks a recompute from scratch gives."""

from __future__ import annotations

import random

import pytest
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Match, MatchUnit
from tests.synthetic import finished_double_round_robin
from tests.tournaments.test_standings_incremental import a_match, stored
from tests.tournaments.test_standings_inputs import whole_rows
from tournaments.models import Tournament
from tournaments.receivers import on_match_written
from tournaments.standings_inputs import round_digest_sql
from tournaments.standings_store import store_standings

# the digest's SQL is the database's own (PostgreSQL hashes, SQLite does arithmetic)
pytestmark = [pytest.mark.django_db, pytest.mark.services]

COLUMNS = ["a", "b", "entry"]
#: one database for every example (each makes its own rows or tournament)
HEALTH = HealthCheck.function_scoped_fixture


def digests(rows: list[tuple[int, int, int, int]]) -> dict[int, tuple[int, ...]]:
    """Each round's digest of ``rows`` (a, b, entry, round) as the database makes it."""
    if not rows:
        return {}
    values = ", ".join(["(%s, %s, %s, %s)"] * len(rows))
    sql = (
        f"WITH p (a, b, entry, round) AS (VALUES {values}) "
        f"SELECT round, {', '.join(round_digest_sql(COLUMNS, connection.vendor))}"
        " FROM p GROUP BY round"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [v for row in rows for v in row])
        return {r: tuple(d) for r, *d in cursor.fetchall()}


@pytest.mark.skipif(
    connection.vendor != "sqlite",
    reason="SQLite's arithmetic digest (PostgreSQL hashes: the other digest tests run there)",
)
def test_a_rounds_digest_is_hand_checked_for_one_row():
    # Horner's rule modulo 2³¹ − 1: ((a × m + b) × m + entry), squared, for each m
    m1, m2, p = 1000003, 998244353, 2147483647
    h1, h2 = ((3 * m1 + 4) * m1 + 5) % p, ((3 * m2 + 4) % p * m2 + 5) % p
    assert digests([(3, 4, 5, 1)]) == {1: (h1 * h1 % p, h2 * h2 % p, 1)}


rows_of_a_round = st.lists(
    st.tuples(st.integers(-5000, 5000), st.integers(0, 10**6)), min_size=2, max_size=12
)


@given(values=rows_of_a_round, data=st.data())
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_a_round_digest_sees_two_entries_swap_results_and_not_the_rows_order(values, data):
    rows = [(a, b, entry, 1) for entry, (a, b) in enumerate(values, start=1)]
    i, j = data.draw(st.lists(st.integers(0, len(rows) - 1), min_size=2, max_size=2, unique=True))
    swapped = list(rows)
    swapped[i] = (*rows[j][:2], rows[i][2], 1)
    swapped[j] = (*rows[i][:2], rows[j][2], 1)
    shuffled = data.draw(st.permutations(rows))
    assert digests(shuffled) == digests(rows)
    if rows[i][:2] != rows[j][:2]:  # a real swap
        assert digests(swapped) != digests(rows)
    changed = list(rows)
    changed[i] = (rows[i][0] + data.draw(st.integers(1, 100)), *rows[i][1:])
    assert digests(changed) != digests(rows)


def league(pairs: int = 4, seed: int = 8) -> Tournament:
    t, _, _ = finished_double_round_robin(pairs, random.Random(seed))
    store_standings(t.pk, whole=True)
    return t


def swap_results(t: Tournament, number: int, signalled: bool = True) -> None:
    """The two entries of a match of round ``number`` swap their results (a corrected
    result, as the bench makes it); ``signalled``: through the write path's receiver,
    which marks the round to redo (else the recompute is not told: a whole one must find
    it)."""
    match = a_match(t, number)
    with connection.cursor() as cursor:  # two steps: (match, unit) is unique
        cursor.execute("UPDATE games_matchunit SET unit = 11 - unit WHERE match_id = %s", [match])
        cursor.execute("UPDATE games_matchunit SET unit = unit - 10 WHERE match_id = %s", [match])
    if signalled:
        on_match_written(sender=Match, match_id=match, result_changed=True)


@pytest.mark.parametrize("whole", [False, True])
def test_two_entries_swapping_results_in_an_old_round_rerank_every_round_from_it(ranked, whole):
    t = league()  # 6 rounds
    ranked.clear()
    swap_results(t, 2)
    assert store_standings(t.pk, whole=whole) == (6 if whole else 5)
    assert len(ranked) == 5  # rounds 2 to 6: each one's sums changed
    assert stored(t) == whole_rows(t)


def test_a_whole_recompute_finds_a_correction_it_was_not_told_of(ranked):
    t = league()
    swap_results(t, 6)
    store_standings(t.pk)  # the state kept: before round 6
    swap_results(t, 3, signalled=False)
    ranked.clear()
    assert store_standings(t.pk, whole=True) == 6
    assert len(ranked) == 4  # the kept state not trusted: rounds 3 to 6 ranked
    assert stored(t) == whole_rows(t)


def test_a_whole_recompute_that_trusts_the_kept_state_costs_the_same_queries_at_two_sizes(
    ranked, same_queries
):
    for pairs, last in ((4, 6), (16, 30)):
        t = league(pairs, 21)
        swap_results(t, last)
        store_standings(t.pk)  # the round in play; the state kept: before it
        swap_results(t, last)
        ranked.clear()
        with same_queries():
            assert store_standings(t.pk, whole=True) == last
        assert len(ranked) == 1  # the last round only: the others as recorded
        assert stored(t) == whole_rows(t)


corrections = st.lists(
    st.tuples(
        st.integers(1, 6),  # the round
        st.sampled_from(["swap", "score"]),
        st.booleans(),  # signalled to the recompute
        st.booleans(),  # recomputed whole
    ),
    min_size=1,
    max_size=3,
)
TIEBREAKS = [[], ["head_to_head", "points_diff"], ["buchholz", "sonneborn_berger", "points_diff"]]


@given(steps=corrections, tiebreaks=st.sampled_from(TIEBREAKS), seed=st.integers(0, 99))
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_after_corrections_in_any_round_the_standings_are_a_recompute_from_scratchs(
    steps, tiebreaks, seed
):
    with transaction.atomic():  # each example's league rolled back after it
        t, _, _ = finished_double_round_robin(4, random.Random(seed))
        Tournament.objects.filter(pk=t.pk).update(tiebreaks=tiebreaks)
        t.refresh_from_db()
        store_standings(t.pk, whole=True)
        for number, kind, signalled, whole in steps:
            if kind == "swap":
                swap_results(t, number, signalled)
            else:
                match = a_match(t, number)
                unit = MatchUnit.objects.filter(match=match).order_by("unit").first()
                MatchUnit.objects.filter(pk=unit.pk).update(score=unit.score + 7)
                if signalled:
                    on_match_written(sender=Match, match_id=match, result_changed=True)
            store_standings(t.pk, whole=whole or not signalled)
            assert stored(t) == whole_rows(t)
        transaction.set_rollback(True)
