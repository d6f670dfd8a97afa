"""A recompute after a result redoes the rounds from the earliest one that changed and
leaves exactly the snapshots a whole recompute leaves (random tournaments of
``test_standings_sums``, random changed results, several coalesced, and changes of
unknown round); the round to redo from is kept on the tournament row as results change
(``tasks.results_changed``) and cleared by the recompute that covered it; the incremental
recompute costs the same queries at any size."""

from __future__ import annotations

import json
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import find_game
from games.models import Match, MatchUnit
from tests.synthetic import finished_double_round_robin
from tests.tournaments.test_standings_sums import played_match, random_tournament
from tournaments import standings_store
from tournaments.fields import compact_rows, expand_rows
from tournaments.models import Entry, Fixture, StandingsSnapshot, Tournament
from tournaments.receivers import on_match_written
from tournaments.standings import Row
from tournaments.standings_store import scheme_of, snapshot_rows, snapshot_text, store_standings
from tournaments.standings_sums import standings_from_sums
from tournaments.tasks import results_changed

pytestmark = pytest.mark.django_db


def stored(t: Tournament) -> dict[int, list[dict]]:
    return dict(StandingsSnapshot.objects.filter(tournament=t).values_list("after_round", "rows"))


def redo_from(t: Tournament) -> int | None:
    return Tournament.objects.values_list("standings_redo_from", flat=True).get(pk=t.pk)


def change_a_result(rng: random.Random, t: Tournament) -> int | None:
    """A random match of ``t`` gets new results (or starts again, or finishes), as the
    write path would leave it, and its receiver marks the tournament; returns its round
    (None: no match to change)."""
    fixtures = list(Fixture.objects.filter(round__tournament=t).exclude(match=None))
    if not fixtures:
        return None
    fixture = rng.choice(fixtures)
    old = fixture.match
    units = fixture.participants.count()
    kind = rng.choice(["played", "played", "playing"])
    fixture.match = played_match(rng, t.club, t.game, units, find_game(t.game).counters, kind)
    fixture.save()
    MatchUnit.objects.filter(match=old).delete()
    Match.objects.filter(pk=old.pk).delete()
    on_match_written(sender=Match, match_id=fixture.match_id, result_changed=True)
    return fixture.round.number


def withdraw_one(rng: random.Random, t: Tournament) -> None:
    """A change of no one round: an entry withdraws (results kept or annulled)."""
    entry = rng.choice(list(t.entries.filter(withdrawn=False)))
    entry.withdrawn = True
    entry.withdrawn_after_round = rng.randrange(1, 3)
    entry.withdrawal_results = rng.choice(list(Entry.Results))
    entry.save()
    Tournament.objects.filter(pk=t.pk).update(**results_changed(None))


@pytest.mark.parametrize("table_size", [2, 3])
@pytest.mark.parametrize("seed", range(10))
def test_ranking_from_a_round_on_gives_the_whole_rankings_rows_from_it(seed, table_size):
    t = random_tournament(random.Random(seed * 10 + table_size), table_size)
    scheme = scheme_of(t)
    whole = standings_from_sums(t, scheme)
    rows = {n: snapshot_rows(r, whole.names) for n, r in whole.by_round.items()}
    last = max(rows)
    for start in range(1, last + 2):
        got = standings_from_sums(t, scheme, start)
        assert {n: snapshot_rows(r, got.names) for n, r in got.by_round.items()} == {
            n: r for n, r in rows.items() if n >= start or n == 0
        }


@pytest.mark.parametrize("table_size", [2, 3])
@pytest.mark.parametrize("seed", range(10))
def test_the_recompute_after_changed_results_leaves_the_whole_recomputes_snapshots(
    seed, table_size
):
    """Three times: results change (in one round or several, or an entry withdraws), the
    recompute redoes from the earliest (from the state the last one kept, or summed by
    the database); the snapshots are a whole recompute's."""
    rng = random.Random(1000 + seed * 10 + table_size)
    t = random_tournament(rng, table_size)
    store_standings(t.pk)
    for _ in range(3):
        rounds = []
        for _ in range(rng.choice([1, 1, 2, 3])):  # several changes coalesce to the earliest
            if rng.random() < 0.1 and t.entries.filter(withdrawn=False).exists():
                withdraw_one(rng, t)
                rounds.append(None)
            else:
                rounds.append(change_a_result(rng, t))
        expected = None if None in rounds else min(rounds)
        assert redo_from(t) == expected
        store_standings(t.pk, whole=rng.random() < 0.3)  # whole: from the inputs recorded
        assert redo_from(t) is None
        incremental = stored(t)
        t.refresh_from_db()
        assert t.standings_version == t.results_version
        whole = standings_from_sums(t, scheme_of(t))
        assert incremental == {n: snapshot_rows(r, whole.names) for n, r in whole.by_round.items()}
    store_standings(t.pk, whole=True)  # nothing changed: the same snapshots
    assert stored(t) == incremental


def test_the_round_to_redo_from_is_the_earliest_changed_until_an_unknown_change(db):
    rng = random.Random(3)
    t, _, _ = finished_double_round_robin(4, rng)
    assert redo_from(t) is None  # up to date: the next change sets its round
    for change, expected in ((5, 5), (3, 3), (4, 3), (None, None), (2, None)):
        Tournament.objects.filter(pk=t.pk).update(**results_changed(change))
        assert redo_from(t) == expected
    store_standings(t.pk)
    assert redo_from(t) is None
    Tournament.objects.filter(pk=t.pk).update(**results_changed(4))
    assert redo_from(t) == 4


def test_a_change_during_the_recompute_keeps_the_round_for_the_next_one(monkeypatch):
    rng = random.Random(4)
    t, _, _ = finished_double_round_robin(4, rng)
    store_standings(t.pk)
    Tournament.objects.filter(pk=t.pk).update(**results_changed(5))
    compute = standings_store.standings_from_sums

    def with_a_change_meanwhile(*args, **kwargs):
        out = compute(*args, **kwargs)
        Tournament.objects.filter(pk=t.pk).update(**results_changed(2))
        return out

    monkeypatch.setattr(standings_store, "standings_from_sums", with_a_change_meanwhile)
    store_standings(t.pk)
    t.refresh_from_db()
    assert t.standings_version == t.results_version - 1  # behind: one more recompute owed
    assert t.standings_redo_from == 2


def test_only_the_snapshots_that_changed_are_rewritten(db):
    rng = random.Random(5)
    t, _, _ = finished_double_round_robin(4, rng)
    assert store_standings(t.pk) == 6
    before = dict(StandingsSnapshot.objects.filter(tournament=t).values_list("after_round", "pk"))
    assert store_standings(t.pk, whole=True) == 6  # nothing changed: nothing rewritten
    assert (
        dict(StandingsSnapshot.objects.filter(tournament=t).values_list("after_round", "pk"))
        == before
    )
    fixture = Fixture.objects.filter(round__tournament=t, round__number=4).first()
    MatchUnit.objects.filter(match=fixture.match_id).update(score=0, hands_won=0)
    on_match_written(sender=Match, match_id=fixture.match_id, result_changed=True)
    assert store_standings(t.pk) == 3  # rounds 4 to 6 recomputed
    after = dict(StandingsSnapshot.objects.filter(tournament=t).values_list("after_round", "pk"))
    assert {n for n in after if after[n] == before[n]} == {1, 2, 3}


def a_match(t: Tournament, number: int) -> int:
    return Fixture.objects.filter(round__tournament=t, round__number=number).first().match_id


def test_the_incremental_recompute_costs_the_whole_ones_queries_for_12_and_240_matches(
    django_assert_num_queries,
):
    rng = random.Random(21)
    small, _, _ = finished_double_round_robin(4, rng)
    large, _, _ = finished_double_round_robin(16, rng)
    with CaptureQueriesContext(connection) as whole:
        store_standings(small.pk)  # as test_standings_sums counts them
    store_standings(large.pk)
    for t, last in ((small, 6), (large, 30)):
        for number in (last, last // 2):
            match = a_match(t, number)
            MatchUnit.objects.filter(match=match).update(score=0, hands_won=0)
            on_match_written(sender=Match, match_id=match, result_changed=True)
            with django_assert_num_queries(len(whole)):
                assert store_standings(t.pk) == last - number + 1


@pytest.mark.parametrize("tiebreaks", [[], ["buchholz", "sonneborn_berger", "points_diff"]])
def test_a_league_recomputed_after_each_result_as_it_is_played_ranks_as_a_whole_recompute(
    tiebreaks,
):
    """Results arrive round after round, a recompute after each (each from the state the
    previous one kept: its round, or one behind when a new round starts)."""
    rng = random.Random(6)
    t, _, _ = finished_double_round_robin(4, rng)
    Tournament.objects.filter(pk=t.pk).update(tiebreaks=tiebreaks)
    t.refresh_from_db()
    fixtures = list(Fixture.objects.filter(round__tournament=t).order_by("round__number", "table"))
    Match.objects.filter(fixture__in=fixtures).update(status="in_progress")
    store_standings(t.pk)
    for fixture in fixtures:
        Match.objects.filter(pk=fixture.match_id).update(status="finished")
        on_match_written(sender=Match, match_id=fixture.match_id, result_changed=True)
        assert store_standings(t.pk) == 1  # one round ranked: the state kept is used
        whole = standings_from_sums(t, scheme_of(t))
        assert stored(t) == {n: snapshot_rows(r, whole.names) for n, r in whole.by_round.items()}


def test_a_snapshots_text_is_its_rows_by_column_and_reads_back_as_its_rows():
    names = {7: 'Peña "La Sota"', 9: "Los {de} Ávila"}
    rows = [
        Row(7, 1, {"played": 3, "match_points": 4.5, "points_diff": -2}),
        Row(9, 2, {"played": 3, "match_points": 1.5, "points_diff": 2}, withdrawn=True),
    ]
    text = snapshot_text(rows, names)
    assert json.loads(text) == [
        ["entry", "name", "rank", "withdrawn", "played", "match_points", "points_diff"],
        [7, 'Peña "La Sota"', 1, False, 3, 4.5, -2],
        [9, "Los {de} Ávila", 2, True, 3, 1.5, 2],
    ]
    assert expand_rows(json.loads(text)) == snapshot_rows(rows, names)
    assert compact_rows(snapshot_rows(rows, names)) == text
    assert snapshot_text([], names) == "[]"


def test_rows_stored_before_the_compact_form_or_of_other_keys_read_back_as_they_are():
    old = [{"entry": 7, "rank": 1, "played": 3}, {"entry": 9, "rank": 2, "played": 3}]
    assert expand_rows(json.loads(json.dumps(old))) == old
    mixed = [{"entry": 7, "rank": 1}, {"rank": 2, "entry": 9}]  # other keys' order
    assert json.loads(compact_rows(mixed)) == mixed
    assert expand_rows(json.loads(compact_rows(mixed))) == mixed
    assert expand_rows([]) == []
    assert compact_rows([]) == "[]"
