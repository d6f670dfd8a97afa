"""Standings, pure: hand-built leagues, a small Swiss and tables of three, computed by hand."""

import pytest

from tournaments.pairing import berger_rounds
from tournaments.standings import (
    REGISTRY,
    Participant,
    Result,
    Scheme,
    columns,
    rank,
    standings_by_round,
    without_annulled,
)

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
RESULTS = [Result.pair(r, a, b, s, h) for r, a, b, s, h in LEAGUE]
ENTRIES = [1, 2, 3, 4, 5, 6]


def scheme(*tiebreaks, **kw) -> Scheme:
    return Scheme(tuple(tiebreaks), **kw)


def order(rows) -> list[tuple[int, int]]:
    return [(r.rank, r.entry) for r in rows]


def test_hand_computed_league_table():
    """Wins: 1, 2, 4, 5 three each; 3 two; 6 one. The mini-league of {1, 2, 4, 5}: 1 beat 2
    and 4, 2 beat 5, 4 beat 2 and 5, 5 beat 1: 1 and 4 two wins, 2 and 5 one. Re-applied to
    {1, 4}: 1 beat 4; to {2, 5}: 2 beat 5. Points difference never decides."""
    rows = rank(ENTRIES, RESULTS, scheme("head_to_head", "points_diff", "points_for"))
    assert order(rows) == [(1, 1), (2, 4), (3, 2), (4, 5), (5, 3), (6, 6)]
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
    # the column shows the widest mini-league: the four tied on match points
    assert [by_entry[e]["head_to_head"] for e in (1, 4, 2, 5)] == [2, 2, 1, 1]


def test_tiebreak_order_matters():
    # points difference first: 4 (+15), 5 (+9), 1 (+5), 2 (+1)
    rows = rank(ENTRIES, RESULTS, scheme("points_diff"))
    assert [r.entry for r in rows][:4] == [4, 5, 1, 2]


def test_configurable_match_points():
    rows = rank(ENTRIES, RESULTS, scheme(points_per_win=3))
    assert rows[0].metrics["match_points"] == 9


def league(games: list[tuple[int, int, int, int]], n: int) -> list[Result]:
    """Results of a single round robin of ``n`` pairs given as (a, b, score a, score b),
    in the round the Berger tables put each game."""
    round_of = {
        frozenset(table): number
        for number, tables in enumerate(berger_rounds(n), 1)
        for table in tables
        if len(table) == 2
    }
    return [Result.pair(round_of[frozenset((a, b))], a, b, (sa, sb)) for a, b, sa, sb in games]


def test_three_pair_cycle_then_head_to_head_of_the_two_left():
    """1 beat 2, 2 beat 3, 3 beat 1, and all beat 4: 1, 2, 3 have 2 wins each.

    Their mini-league is 1-1-1: no split. Points difference: 3 +11 (9-11, 11-3, 11-6),
    1 +2 (11-5, 11-10, 6-11), 2 +2 (11-9, 10-11, 11-10): 3 first. 1 and 2 are still tied:
    head-to-head again, between them alone: 1 beat 2. (One pass would have let points for
    decide: 2 has 32, 1 has 28.)"""
    results = league(
        [
            (1, 4, 11, 5),
            (2, 3, 11, 9),
            (4, 3, 3, 11),
            (1, 2, 11, 10),
            (2, 4, 11, 10),
            (3, 1, 11, 6),
        ],
        4,
    )
    rows = rank([1, 2, 3, 4], results, scheme("head_to_head", "points_diff", "points_for"))
    assert order(rows) == [(1, 3), (2, 1), (3, 2), (4, 4)]
    metrics = {r.entry: r.metrics for r in rows}
    assert [metrics[e]["points_diff"] for e in (3, 1, 2, 4)] == [11, 2, 2, -15]
    assert [metrics[e]["points_for"] for e in (3, 1, 2, 4)] == [31, 28, 32, 18]
    assert [metrics[e]["head_to_head"] for e in (3, 1, 2)] == [1, 1, 1]


def test_four_pair_cycle_re_applied_to_each_part():
    """Among 1-4: 1 beat 2 and 3, 2 beat 3 and 4, 3 beat 4, 4 beat 1 (a cycle 1>2>3>4>1).
    Outside, 1 and 2 win one game each, 3 and 4 both: all four have 3 wins; 5 two, 6 one.

    Mini-league of the four: 1 and 2 two points, 3 and 4 one. Re-applied: 1 beat 2, 3
    beat 4. Points difference (2 +11 before 1 +1, 4 +11 before 3 +1) never decides; one
    pass would have ranked 2, 1, 4, 3."""
    w = 11
    results = league(
        [
            (1, 2, w, 10),
            (2, 3, w, 5),
            (3, 4, w, 10),
            (4, 1, w, 5),
            (1, 3, w, 5),
            (2, 4, w, 5),
            (1, 5, 5, w),
            (1, 6, w, 5),
            (2, 5, w, 5),
            (2, 6, 5, w),
            (3, 5, w, 5),
            (3, 6, w, 5),
            (4, 5, w, 5),
            (4, 6, w, 5),
            (5, 6, w, 5),
        ],
        6,
    )
    rows = rank(ENTRIES, results, scheme("head_to_head", "points_diff"))
    assert order(rows) == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]
    metrics = {r.entry: r.metrics for r in rows}
    assert [metrics[e]["match_points"] for e in ENTRIES] == [3, 3, 3, 3, 2, 1]
    assert [metrics[e]["head_to_head"] for e in (1, 2, 3, 4)] == [2, 2, 1, 1]
    assert [metrics[e]["points_diff"] for e in (1, 2, 3, 4)] == [1, 11, 1, 11]
    one_pass = rank(ENTRIES, results, scheme("points_diff"))
    assert [r.entry for r in one_pass][:4] == [2, 4, 1, 3]


def test_tied_on_everything_share_a_rank_and_the_next_skips():
    """R1: 1 beat 2, 3 beat 4; R2: 1 beat 3, 2 beat 4. Match points 2, 1, 1, 0.
    Buchholz is 2 for everyone; Sonneborn-Berger: 1 beat 2 and 3 (1 + 1), 2 and 3 beat 4
    (0). So 2 and 3 stay tied and share rank 2; 4 is fourth."""
    results = [
        Result.pair(1, 1, 2, (11, 5)),
        Result.pair(1, 3, 4, (11, 7)),
        Result.pair(2, 1, 3, (11, 9)),
        Result.pair(2, 2, 4, (11, 0)),
    ]
    rows = rank([1, 2, 3, 4], results, scheme("buchholz", "sonneborn_berger"))
    assert order(rows) == [(1, 1), (2, 2), (2, 3), (4, 4)]
    assert [r.metrics["buchholz"] for r in rows] == [2, 2, 2, 2]
    assert [r.metrics["sonneborn_berger"] for r in rows] == [2, 0, 0, 0]


def test_a_bye_is_a_won_match_worth_nothing_else():
    results = [Result.pair(1, 1, None), Result.pair(1, 2, 3, (11, 4), (5, 2))]
    rows = {r.entry: r.metrics for r in rank([1, 2, 3], results, scheme())}
    assert (rows[1]["won"], rows[1]["played"], rows[1]["points_for"]) == (1, 0, 0)
    assert rows[1]["match_points"] == 1


def test_withdrawals_and_a_forfeit_hand_computed():
    """Four pairs, Berger: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1; pair 5 withdrew before
    round 1 (never drawn). Pair 4 played round 1 (lost 7-11 to 1), then withdrew.

    Round 2: 4-3 unplayed; 1-2 forfeited by 2 (counted 11-0). Round 3: 2-4 unplayed,
    3-1 played 11-8. Round 1: 2-3 11-6.

    Keeping 4's results, its unplayed fixtures are forfeits (3 and 2 win 11-0):
      1: W 11-7, W 11-0 (forfeit), L 8-11  → 2 pts, +12
      2: W 11-6, L 0-11 (forfeited), W 11-0 → 2 pts, +5
      3: L 6-11, W 11-0, W 11-8            → 2 pts, +9
      4: L 7-11, L 0-11, L 0-11 (2 forfeits) → 0 pts, -26
    Head-to-head among 1, 2, 3: 1 beat 2 (forfeit), 2 beat 3, 3 beat 1: 1-1-1; points
    difference: 1, 3, 2. The withdrawn last, marked, ranked among themselves: 5 (withdrawn
    before round 1: 0 pts, difference 0), then 4.

    Annulling 4's results, its fixtures are dropped for everybody (the unplayed ones void):
      1: W 11-0 (forfeit), L 8-11 → 1 pt, +8;  2: W 11-6, L 0-11 → 1 pt, -6;
      3: L 6-11, W 11-8 → 1 pt, -2. Mini-league 1-1-1; difference: 1, 3, 2."""
    played = [
        Result.pair(1, 1, 4, (11, 7), (6, 3)),
        Result.pair(1, 2, 3, (11, 6), (6, 4)),
        Result(
            2,
            (Participant(1, 11), Participant(2, 0, forfeited=True)),
            forfeit=True,
        ),
        Result.pair(3, 3, 1, (11, 8), (5, 4)),
    ]
    forfeits_of_4 = [
        Result(2, (Participant(4, 0, forfeited=True), Participant(3, 11)), forfeit=True),
        Result(3, (Participant(2, 11), Participant(4, 0, forfeited=True)), forfeit=True),
    ]
    s = scheme("head_to_head", "points_diff", "points_for")
    kept = standings_by_round([1, 2, 3, 4, 5], played + forfeits_of_4, s, withdrawn={4, 5})
    rows = kept[3]
    assert [(r.rank, r.entry, r.withdrawn) for r in rows] == [
        (1, 1, False),
        (2, 3, False),
        (3, 2, False),
        (4, 5, True),
        (5, 4, True),
    ]
    metrics = {r.entry: r.metrics for r in rows}
    assert [metrics[e]["match_points"] for e in (1, 2, 3, 4, 5)] == [2, 2, 2, 0, 0]
    assert [metrics[e]["points_diff"] for e in (1, 3, 2, 5, 4)] == [12, 9, 5, 0, -26]
    assert [metrics[e]["forfeits"] for e in (1, 2, 3, 4, 5)] == [0, 1, 0, 2, 0]
    assert [metrics[e]["played"] for e in (1, 2, 3, 4, 5)] == [3, 3, 3, 3, 0]
    assert (metrics[1]["hands_won"], metrics[2]["hands_won"]) == (10, 6)  # forfeits: no hands
    assert [metrics[e]["head_to_head"] for e in (1, 2, 3)] == [1, 1, 1]
    # after round 1 (2 +5, 1 +4) 4 is already withdrawn: standings are as they stand now
    assert [(r.rank, r.entry) for r in kept[1]] == [(1, 2), (2, 1), (3, 3), (4, 5), (5, 4)]

    annulled = standings_by_round([1, 2, 3, 4, 5], played, s, withdrawn={4, 5}, annulled={4})[3]
    # 4 and 5 both have nothing left: they share the rank after the others
    assert [(r.rank, r.entry) for r in annulled] == [(1, 1), (2, 3), (3, 2), (4, 4), (4, 5)]
    metrics = {r.entry: r.metrics for r in annulled}
    assert [metrics[e]["points_diff"] for e in (1, 3, 2)] == [8, -2, -6]
    assert metrics[4] == dict.fromkeys(metrics[4], 0)
    assert without_annulled(played, {4}) == played[1:]


def test_declarations_won_made_and_their_rate():
    counters = (
        {"declared_solo": 3, "solo": 2, "declared_cuatrola": 1, "cuatrola": 1},
        {"declared_quintola": 2, "quintola": 1},
    )
    results = [Result.pair(1, 1, 2, (11, 6), (5, 4), counters)]
    rows = {r.entry: r.metrics for r in rank([1, 2], results, scheme())}
    assert (rows[1]["solos"], rows[1]["cuatrolas"], rows[2]["quintolas"]) == (2, 1, 1)
    assert (rows[1]["declared"], rows[2]["declared"]) == (4, 2)
    assert (rows[1]["declaration_rate"], rows[2]["declaration_rate"]) == (75, 50)
    assert all(m.description and m.name for m in REGISTRY.values())
    with pytest.raises(ValueError, match="unknown tiebreak"):
        Scheme(("coin_toss",))
    with pytest.raises(ValueError, match="unknown tiebreak"):
        Scheme(("bids",))  # a Subastao metric, not Cuatrola's
    assert "bids_made" in columns(Scheme(table_size=3, game="subastao"))
    assert "solos" not in columns(Scheme(table_size=3, game="subastao"))


def test_standings_by_round_equal_ranking_each_prefix():
    """The accumulated per-round standings equal ranking the results so far from scratch."""
    for tiebreaks in (["head_to_head", "points_diff"], ["buchholz", "sonneborn_berger"]):
        s = scheme(*tiebreaks)
        by_round = standings_by_round(ENTRIES, RESULTS, s)
        assert sorted(by_round) == [1, 2, 3, 4, 5]
        for after, rows in by_round.items():
            fresh = rank(ENTRIES, [r for r in RESULTS if r.round <= after], s)
            assert [(r.entry, r.rank, r.metrics) for r in rows] == [
                (r.entry, r.rank, r.metrics) for r in fresh
            ]


# ------------------------------------------------------------------- tables of three
def table(round_: int, *seats: tuple[int, int, bool]) -> Result:
    """A table of three: (entry, score, won) per seat."""
    return Result(
        round_, tuple(Participant(e, s, w, hands_won=1) for e, s, w in seats), table_size=3
    )


SEVEN = [
    # round 1: 7 has the bye
    table(1, (1, 310, True), (2, 180, False), (3, 240, False)),
    table(1, (4, 150, False), (5, 305, True), (6, 150, False)),
    Result(1, (Participant(7),), table_size=3),
    # round 2: 2 has the bye
    table(2, (1, 200, False), (5, 260, False), (7, 300, True)),
    table(2, (3, 120, False), (4, 310, True), (6, 95, False)),
    Result(2, (Participant(2),), table_size=3),
]


def test_placings_and_placing_points_at_a_table_of_three():
    first, second = SEVEN[0], SEVEN[1]
    assert first.placings == (1, 3, 2)
    assert [first.placing_points(i, 1) for i in range(3)] == [2, 0, 1]
    assert second.placings == (2, 1, 2)  # 4 and 6 share second place: (1 + 0) / 2 each
    assert [second.placing_points(i, 1) for i in range(3)] == [0.5, 2, 0.5]
    assert SEVEN[2].placing_points(0, 1) == 1  # a bye: the table's average


def test_a_seven_player_individual_tournament_by_hand():
    """Placing points (2, 1, 0; shared places share), then game points.

      1: 1st (2) + 3rd (0) = 2,   310 + 200 = 510
      2: 3rd (0) + bye (1) = 1,   180
      3: 2nd (1) + 2nd (1) = 2,   240 + 120 = 360
      4: 2nd= (0.5) + 1st (2) = 2.5, 150 + 310 = 460
      5: 1st (2) + 2nd (1) = 3,   305 + 260 = 565
      6: 2nd= (0.5) + 3rd (0) = 0.5, 150 + 95 = 245
      7: bye (1) + 1st (2) = 3,   300
    Buchholz of 5: opponents 4 (2.5) and 6 (0.5), then 1 (2) and 7 (3): 8."""
    s = Scheme(("points_for", "buchholz"), table_size=3, game="subastao")
    rows = rank(list(range(1, 8)), SEVEN, s)
    assert order(rows) == [(1, 5), (2, 7), (3, 4), (4, 1), (5, 3), (6, 2), (7, 6)]
    metrics = {r.entry: r.metrics for r in rows}
    assert [metrics[e]["match_points"] for e in range(1, 8)] == [2, 1, 2, 2.5, 3, 0.5, 3]
    assert [metrics[e]["points_for"] for e in range(1, 8)] == [510, 180, 360, 460, 565, 245, 300]
    assert [metrics[e]["played"] for e in range(1, 8)] == [2, 1, 2, 2, 2, 2, 1]
    placed = [
        (metrics[e]["placed_1"], metrics[e]["placed_2"], metrics[e]["placed_3"])
        for e in range(1, 8)
    ]
    assert placed == [(1, 0, 1), (0, 0, 1), (0, 2, 0), (1, 1, 0), (1, 1, 0), (0, 1, 1), (1, 0, 0)]
    assert metrics[5]["buchholz"] == 8
    assert metrics[7]["buchholz"] == 5  # 1 (2) and 5 (3); the bye is no opponent
    assert "won" not in metrics[1]
    assert "points_diff" not in metrics[1]
