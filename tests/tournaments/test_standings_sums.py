"""Stored standings from the unit rows' sums (``tournaments.standings_sums``) equal the pure
Python ranking of the same results (``standings.standings_by_round`` over
``standings_store.load_results``: the oracle, the path the stored standings took before),
on random tournaments: pairs and tables of three, draws and shared places, byes, forfeits,
void fixtures, matches in play, withdrawals kept and annulled, every tiebreak; and they
cost the same number of queries at any size."""

from __future__ import annotations

import random

import pytest

from clubs.models import Club
from games.engine import find_game
from games.models import Match, MatchUnit
from games.results import against_the_others
from tests.synthetic import finished_double_round_robin
from tournaments.models import Entry, Fixture, FixtureEntry, Round, Tournament
from tournaments.standings import available, standings_by_round
from tournaments.standings_store import load_results, scheme_of, snapshot_rows, store_standings
from tournaments.standings_sums import standings_from_sums

pytestmark = pytest.mark.django_db


def random_tournament(rng: random.Random, table_size: int) -> Tournament:
    """A tournament of random results written straight into the tables (units as the
    write path derives them: ``against_the_others``)."""
    game = "subastao" if table_size == 3 else rng.choice(["cuatrola", "belote"])
    counters = find_game(game).counters
    club = Club.objects.create(name="Peña", slug=f"pena-{rng.random()}")
    options = available(table_size, game)
    tiebreaks = rng.sample(options, rng.randrange(1, 5))
    t = Tournament.objects.create(
        club=club,
        name="Liga",
        format="swiss" if table_size == 2 else "tables_of_3",
        game=game,
        table_size=table_size,
        tiebreaks=tiebreaks,
        points_per_win=rng.choice([1, 2, 3]),
        points_per_loss=rng.choice([0, 1]) if table_size == 2 else 0,
    )
    t.points_per_win = max(t.points_per_win, t.points_per_loss + 1)
    t.save()
    entries = [Entry.objects.create(tournament=t, name=f"E{i}", seed=i) for i in range(7)]
    for number in range(1, rng.randrange(2, 6)):
        round_ = Round.objects.create(tournament=t, number=number)
        shuffled = rng.sample(entries, len(entries))
        tables = [shuffled[i : i + table_size] for i in range(0, len(shuffled), table_size)]
        for n, seated in enumerate(tables, 1):
            kind = rng.choice(["played"] * 5 + ["forfeit", "void", "playing"])
            if len(seated) == 1:
                kind = "bye"
            fixture = Fixture.objects.create(
                round=round_, table=n, decision=kind if kind in ("forfeit", "void") else ""
            )
            forfeiter = rng.randrange(len(seated))
            for position, entry in enumerate(seated):
                FixtureEntry.objects.create(
                    fixture=fixture,
                    entry=entry,
                    position=position,
                    forfeited=kind == "forfeit" and position == forfeiter,
                    awarded_score=rng.randrange(12) if kind == "forfeit" else None,
                )
            if kind in ("played", "playing") and len(seated) > 1:
                fixture.match = played_match(rng, club, game, len(seated), counters, kind)
                fixture.save()
    for entry in rng.sample(entries, rng.randrange(3)):
        entry.withdrawn = True
        entry.withdrawn_after_round = rng.randrange(1, 3)
        entry.withdrawal_results = rng.choice(list(Entry.Results))
        entry.save()
    return t


def played_match(rng, club, game, units, counters, kind) -> Match:
    status = "finished" if kind == "played" else "in_progress"
    match = Match.objects.create(club=club, game=game, rules={}, status=status)
    scores = [rng.randrange(4) for _ in range(units)]  # small: draws and shared places
    hands = [rng.randrange(4) for _ in range(units)]
    winner = rng.choice([None, *range(units)])
    for unit, placed in enumerate(against_the_others(scores, hands, winner)):
        counted = {c: rng.randrange(3) for c in counters}
        MatchUnit.objects.create(
            match=match,
            unit=unit,
            score=scores[unit],
            is_winner=winner == unit,
            hands_won=hands[unit],
            counters=counted,
            **placed,
            **MatchUnit.counter_slots(counters, counted),
        )
    return match


def oracle(t: Tournament) -> dict[int, list[dict]]:
    loaded = load_results(t)
    names = {e.pk: e.name for e in loaded.entries}
    by_round = standings_by_round(
        list(names),
        loaded.results,
        scheme_of(t),
        withdrawn=loaded.withdrawn,
        annulled=loaded.annulled,
    )
    if not by_round:
        by_round = {0: standings_by_round(list(names), [], scheme_of(t)).get(0, [])}
    return {n: snapshot_rows(rows, names) for n, rows in by_round.items()}


@pytest.mark.parametrize("table_size", [2, 3])
@pytest.mark.parametrize("seed", range(12))
def test_the_sums_rank_as_the_python_computation_of_the_same_results(seed, table_size):
    t = random_tournament(random.Random(seed * 10 + table_size), table_size)
    got = standings_from_sums(t, scheme_of(t))
    mine = {n: snapshot_rows(rows, got.names) for n, rows in got.by_round.items()}
    expected = oracle(t)
    if list(expected) == [0]:  # nothing decided: the oracle has no rounds to rank
        assert [r["rank"] for r in mine[0]] == [1] * len(mine[0])
    else:
        assert mine == expected


def test_the_recompute_costs_the_same_queries_for_12_and_240_matches(
    django_assert_max_num_queries, django_assert_num_queries
):
    rng = random.Random(21)
    small, _, _ = finished_double_round_robin(4, rng)
    large, _, _ = finished_double_round_robin(16, rng)
    # the tournament, the state kept, its entries, the unit rows, the byes and forfeits;
    # then the lock, the stored snapshots' digests, the delete, the insert, the state's
    # upsert and the update (and, in a test's transaction, a savepoint and its release;
    # PostgreSQL's COPY goes past Django's cursor wrapper, uncounted)
    with django_assert_max_num_queries(13) as small_queries:
        assert store_standings(small.pk) == 6
    with django_assert_num_queries(len(small_queries)):
        assert store_standings(large.pk) == 30


@pytest.mark.parametrize("from_round", [None, 2])
def test_the_unit_rows_query_compiled_once_reads_each_tournaments_own_rows(from_round):
    """The SQL of the unit rows is compiled once per shape (``unit_rows_sql``): another
    tournament, other annulled entries and another round read their own rows, as the
    queryset compiled for them reads."""
    from django.db import connection

    from tournaments.standings_query import played, unit_rows_sql, unit_value

    rng = random.Random(7)
    tournaments = [random_tournament(rng, 2) for _ in range(3)]
    read = 0
    for t in tournaments:
        entries = sorted(t.entries.values_list("pk", flat=True))
        annulled = set(rng.sample(entries, 2))
        scheme = scheme_of(t)
        names = ["units", "score", "half_places"]
        sql, params = unit_rows_sql(t.pk, annulled, names, scheme, from_round)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            got = sorted(cursor.fetchall())
        rows = played(t, annulled)
        if from_round is not None:
            rows = rows.filter(fixture__round__number__gte=from_round)
        aliases = {f"s{i}": unit_value(name, scheme) for i, name in enumerate(names)}
        expected = sorted(
            rows.annotate(**aliases).values_list(
                *aliases, "fixture__round__number", "fixture_id", "entry_id", "u__place"
            )
        )
        read += len(got)
        assert got == expected
        assert {row[-2] for row in got}.isdisjoint(annulled)
        assert all(row[-4] >= (from_round or 0) for row in got)
    assert read  # (some rows are left to read)
