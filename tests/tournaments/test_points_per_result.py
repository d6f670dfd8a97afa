"""Points per result (pure): a win, a lost match played, a forfeit lost, a bye."""

import pytest

from tournaments.standings import Participant, Result, Scheme, rank

RESULTS = [
    Result.pair(1, 1, 4, (11, 5)),  # 1 beats 4
    Result(  # 3 forfeits to 2
        1, (Participant(2, 11, True), Participant(3, 0, False, forfeited=True)), forfeit=True
    ),
    Result.pair(2, 2, 4, (3, 11)),  # 4 beats 2
    Result.pair(2, 1, None),  # a bye for 1: a win
]


def points(scheme: Scheme) -> dict[int, float]:
    return {r.entry: r.metrics["match_points"] for r in rank([1, 2, 3, 4], RESULTS, scheme)}


def test_a_lost_match_played_scores_its_points_a_forfeited_one_does_not():
    # 1: win 3 + bye 3; 2: forfeit win 3 + lost 1; 4: lost 1 + win 3; 3: forfeited 0
    assert points(Scheme(points_per_win=3, points_per_loss=1)) == {1: 6, 2: 4, 3: 0, 4: 4}
    assert points(Scheme(points_per_win=3)) == {1: 6, 2: 3, 3: 0, 4: 3}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"points_per_win": 2, "points_per_loss": 2}, "fewer than per win"),
        ({"points_per_loss": 1, "table_size": 3, "game": "subastao"}, "pairs tables only"),
    ],
)
def test_loss_points_below_a_win_and_at_pairs_tables_only(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Scheme(**kwargs)
