"""Pairing generators, pure: the published Berger tables, Swiss and knockout."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    SwissEntry,
    berger_rounds,
    double_berger_rounds,
    knockout_first_round,
    knockout_next_round,
    swiss_round,
)

# The FIDE Berger tables (FIDE Handbook C.05 Annex 1), as published.
PUBLISHED = {
    4: "1-4 2-3 | 4-3 1-2 | 2-4 3-1",
    6: "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1",
    8: "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | "
    "3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
    10: "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | "
    "10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | "
    "4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1",
    12: "1-12 2-11 3-10 4-9 5-8 6-7 | 12-7 8-6 9-5 10-4 11-3 1-2 | "
    "2-12 3-1 4-11 5-10 6-9 7-8 | 12-8 9-7 10-6 11-5 1-4 2-3 | "
    "3-12 4-2 5-1 6-11 7-10 8-9 | 12-9 10-8 11-7 1-6 2-5 3-4 | "
    "4-12 5-3 6-2 7-1 8-11 9-10 | 12-10 11-9 1-8 2-7 3-6 4-5 | "
    "5-12 6-4 7-3 8-2 9-1 10-11 | 12-11 1-10 2-9 3-8 4-7 5-6 | "
    "6-12 7-5 8-4 9-3 10-2 11-1",
}


def parse(table: str):
    return [
        [tuple(int(x) for x in pair.split("-")) for pair in rnd.split()] for rnd in table.split("|")
    ]


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_berger_tables_come_out_exactly(n):
    assert berger_rounds(n) == parse(PUBLISHED[n])


def test_odd_count_the_highest_number_is_the_bye():
    rounds = berger_rounds(5)
    expected = [
        [(a, b) if 6 not in (a, b) else (a if b == 6 else b, None) for a, b in rnd]
        for rnd in parse(PUBLISHED[6])
    ]
    assert [sorted(r, key=lambda p: p[1] is None) for r in expected] == rounds
    assert all(sum(b is None for _, b in rnd) == 1 for rnd in rounds)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 8, 12, 16])
def test_everyone_meets_everyone_once_then_twice_with_sides_reversed(n):
    pairs = [frozenset(p) for rnd in berger_rounds(n) for p in rnd if p[1] is not None]
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, map(frozenset, itertools.combinations(range(1, n + 1), 2)))
    )
    double = double_berger_rounds(n)
    assert len(double) == 2 * len(berger_rounds(n))
    games = [p for rnd in double for p in rnd if p[1] is not None]
    assert len(set(games)) == len(games) == n * (n - 1)  # each ordered pair once


def test_swiss_pairs_within_score_groups_without_rematches():
    entries = [
        SwissEntry(1, 2),
        SwissEntry(2, 2),
        SwissEntry(3, 1),
        SwissEntry(4, 1),
        SwissEntry(5, 0),
        SwissEntry(6, 0),
    ]
    assert swiss_round(entries) == [(1, 2), (3, 4), (5, 6)]
    # 1 and 2 already met: 1 floats to the next group's best, and so on
    entries[0] = SwissEntry(1, 2, frozenset({2}))
    entries[1] = SwissEntry(2, 2, frozenset({1}))
    assert swiss_round(entries) == [(1, 3), (2, 4), (5, 6)]


def test_swiss_bye_to_the_lowest_ranked_without_one():
    entries = [
        SwissEntry(1, 1),
        SwissEntry(2, 1),
        SwissEntry(3, 0, had_bye=True),
        SwissEntry(4, 0),
        SwissEntry(5, 0, had_bye=True),
    ]
    pairings = swiss_round(entries)
    assert (4, None) in pairings
    assert sorted(p for p in pairings if p[1] is not None) == [(1, 2), (3, 5)]


@settings(max_examples=100, deadline=None)
@given(n=st.integers(2, 14), seed=st.integers(0, 10**6))
def test_swiss_never_rematches_while_avoidable_and_one_bye_each(n, seed):
    rng = random.Random(seed)
    met: dict[int, set[int]] = {i: set() for i in range(1, n + 1)}
    score = dict.fromkeys(met, 0)
    byes: set[int] = set()
    # after r < n/2 rounds a rematch-free pairing always exists (Dirac), so none may occur
    for _ in range(max(1, n // 2 - 1)):
        entries = [SwissEntry(i, score[i], frozenset(met[i]), i in byes) for i in met]
        pairings = swiss_round(entries)
        seen = [x for p in pairings for x in p if x is not None]
        assert sorted(seen) == list(range(1, n + 1))
        for a, b in pairings:
            if b is None:
                assert a not in byes or len(byes) == n
                byes.add(a)
                score[a] += 1
                continue
            assert b not in met[a]
            met[a].add(b)
            met[b].add(a)
            score[rng.choice((a, b))] += 1


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (8, [(1, 8), (4, 5), (2, 7), (3, 6)]),
        (6, [(1, None), (4, 5), (2, None), (3, 6)]),
        (5, [(1, None), (4, 5), (2, None), (3, None)]),
    ],
)
def test_knockout_seeded_bracket_byes_to_top_seeds(n, expected):
    assert knockout_first_round(n) == expected
    assert knockout_next_round([1, 4, 2, 3]) == [(1, 4), (2, 3)]
