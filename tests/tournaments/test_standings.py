"""Standings, pure: a hand-built 6-pair league and a small Swiss, computed by hand."""

import pytest

from tournaments.standings import REGISTRY, Result, rank

# Single round robin of entries 1..6 in Berger order; (a, b, score a-b, hands a-b).
LEAGUE = [
    (1, 1, 6, (11, 4), (6, 3)),
    (1, 2, 5, (11, 9), (7, 6)),
    (1, 3, 4, (6, 11), (4, 7)),
    (2, 6, 4, (11, 10), (7, 6)),
    (2, 5, 3, (11, 2), (8, 2)),
    (2, 1, 2, (11, 8), (7, 5)),
    (3, 2, 6, (11, 5), (6, 4)),
    (3, 3, 1, (11, 7), (7, 5)),
    (3, 4, 5, (11, 3), (7, 2)),
    (4, 6, 5, (4, 11), (3, 7)),
    (4, 1, 4, (11, 9), (6, 6)),
    (4, 2, 3, (11, 10), (6, 7)),
    (5, 3, 6, (11, 0), (6, 0)),
    (5, 4, 2, (11, 6), (7, 4)),
    (5, 5, 1, (11, 8), (7, 6)),
]
RESULTS = [Result(r, a, b, s, h) for r, a, b, s, h in LEAGUE]
ENTRIES = [1, 2, 3, 4, 5, 6]


def test_hand_computed_league_table():
    """Wins: 1, 2, 4, 5 three each; 3 two; 6 one. Among {1, 2, 4, 5} head-to-head gives
    1 and 4 two wins, 2 and 5 one. Then the points difference: 4 (+15) before 1 (+5),
    and 5 (+9) before 2 (+1)."""
    rows = rank(ENTRIES, RESULTS, ["head_to_head", "points_diff", "points_for"])
    assert [(r.rank, r.entry) for r in rows] == [(1, 4), (2, 1), (3, 5), (4, 2), (5, 3), (6, 6)]
    by_entry = {r.entry: r.metrics for r in rows}
    assert {k: by_entry[1][k] for k in ("played", "won", "lost", "match_points")} == {
        "played": 5,
        "won": 3,
        "lost": 2,
        "match_points": 3,
    }
    assert (by_entry[1]["points_for"], by_entry[1]["points_against"]) == (48, 43)
    assert (by_entry[4]["points_for"], by_entry[4]["points_against"]) == (52, 37)
    assert (by_entry[2]["points_diff"], by_entry[5]["points_diff"]) == (1, 9)
    assert (by_entry[1]["hands_won"], by_entry[1]["hands_lost"]) == (30, 28)
    assert (by_entry[4]["hands_won"], by_entry[4]["hands_lost"]) == (33, 23)
    assert [by_entry[e]["head_to_head"] for e in (4, 1, 5, 2)] == [2, 2, 1, 1]


def test_tiebreak_order_matters():
    # points difference first: 4 (+15), 5 (+9), 1 (+5), 2 (+1)
    rows = rank(ENTRIES, RESULTS, ["points_diff"])
    assert [r.entry for r in rows][:4] == [4, 5, 1, 2]


def test_configurable_match_points():
    rows = rank(ENTRIES, RESULTS, [], points_per_win=3)
    assert rows[0].metrics["match_points"] == 9


def test_swiss_buchholz_sonneborn_berger_and_shared_ranks():
    """R1: 1 beat 2, 3 beat 4; R2: 1 beat 3, 2 beat 4. Match points 2, 1, 1, 0.
    Buchholz is 2 for everyone; Sonneborn-Berger: 1 beat 2 and 3 (1 + 1), 2 and 3 beat 4
    (0). So 2 and 3 stay tied and share rank 2; 4 is fourth."""
    results = [
        Result(1, 1, 2, (11, 5)),
        Result(1, 3, 4, (11, 7)),
        Result(2, 1, 3, (11, 9)),
        Result(2, 2, 4, (11, 0)),
    ]
    rows = rank([1, 2, 3, 4], results, ["buchholz", "sonneborn_berger"])
    assert [(r.rank, r.entry) for r in rows] == [(1, 1), (2, 2), (2, 3), (4, 4)]
    assert [r.metrics["buchholz"] for r in rows] == [2, 2, 2, 2]
    assert [r.metrics["sonneborn_berger"] for r in rows] == [2, 0, 0, 0]


def test_a_bye_is_a_won_match_worth_nothing_else():
    results = [Result(1, 1, None), Result(1, 2, 3, (11, 4), (5, 2))]
    rows = {r.entry: r.metrics for r in rank([1, 2, 3], results, [])}
    assert (rows[1]["won"], rows[1]["played"], rows[1]["points_for"]) == (1, 0, 0)


def test_declarations_made_and_the_registry_is_documented():
    results = [Result(1, 1, 2, (11, 6), (5, 4), ({"solo": 2, "cuatrola": 1}, {"quintola": 1}))]
    rows = {r.entry: r.metrics for r in rank([1, 2], results, [])}
    assert (rows[1]["solos"], rows[1]["cuatrolas"], rows[2]["quintolas"]) == (2, 1, 1)
    assert all(m.description and m.name for m in REGISTRY.values())
    with pytest.raises(ValueError, match="unknown tiebreak"):
        rank([1, 2], results, ["coin_toss"])


def test_standings_by_round_equal_ranking_each_prefix():
    """The accumulated per-round standings equal ranking the results so far from scratch."""
    from tournaments.standings import standings_by_round

    for tiebreaks in (["head_to_head", "points_diff"], ["buchholz", "sonneborn_berger"]):
        by_round = standings_by_round(ENTRIES, RESULTS, tiebreaks)
        assert sorted(by_round) == [1, 2, 3, 4, 5]
        for after, rows in by_round.items():
            fresh = rank(ENTRIES, [r for r in RESULTS if r.round <= after], tiebreaks)
            assert [(r.entry, r.rank, r.metrics) for r in rows] == [
                (r.entry, r.rank, r.metrics) for r in fresh
            ]
