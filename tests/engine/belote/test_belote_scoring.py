"""B7 and B8: a round's score from card points and declarations (hand-computed)."""

import pytest

from games.engine.belote import CONTRACT, score_round

SPADES, ALL, NONE = CONTRACT["spades"], CONTRACT["all_trumps"], CONTRACT["no_trumps"]


def score(contract=SPADES, declarer=0, multiplier=1, tricks=(5, 3), points=(100, 62),
          declarations=(), compare=False, penalty=None):  # fmt: skip
    return score_round(
        contract,
        declarer,
        multiplier,
        tricks,
        points,
        declarations,
        compare_sequences=compare,
        penalty_seat=penalty,
    )


def test_the_contract_made_each_side_keeps_its_own():
    r = score()
    assert (r.round_points, r.game_points, r.capot) == ((100, 62), (10, 6), None)
    assert r.winner_side == 0


def test_the_contract_side_with_fewer_points_gives_both_to_the_other():
    r = score(declarer=0, points=(70, 92))
    assert (r.round_points, r.game_points) == ((0, 162), (0, 16))
    # its declarations count in the comparison: 70 + 20 = 90 < 92
    r = score(declarer=0, points=(70, 92), declarations=[(0, 20, (3, 0))])
    assert (r.declarations, r.round_points) == ((20, 0), (0, 182))


def test_equal_points_each_keeps_its_own_doubled_or_not():
    assert score(points=(81, 81)).round_points == (81, 81)
    r = score(points=(81, 81), multiplier=2)
    assert (r.round_points, r.game_points, r.winner_side) == ((162, 162), (16, 16), None)


def test_doubled_both_sides_are_committed():
    # the contract side wins: the defenders lose everything to it
    r = score(points=(100, 62), multiplier=2)
    assert (r.round_points, r.game_points) == ((324, 0), (32, 0))
    # the contract side loses: everything to the defenders
    r = score(declarer=1, points=(100, 62), multiplier=2)
    assert r.round_points == (324, 0)
    r = score(declarer=1, points=(100, 62), multiplier=4)
    assert (r.round_points, r.game_points) == ((648, 0), (65, 0))  # 648: 8 >= 6


def test_capot_adds_90_to_the_side_with_all_eight_tricks():
    r = score(tricks=(8, 0), points=(162, 0))
    assert (r.capot, r.round_points, r.game_points) == (0, (252, 0), (25, 0))
    # the defenders' capot: the contract side has fewer, both go across
    r = score(declarer=0, tricks=(0, 8), points=(0, 162), declarations=[(0, 50, (4, 0))])
    assert (r.capot, r.round_points) == (1, (0, 302))


def test_compare_sequences_only_the_best_side_scores_its_sequences():
    decl = [(0, 20, (3, 0)), (0, 20, (3, 4)), (1, 50, (4, 3)), (0, 20, None), (1, 200, None)]
    r = score(declarations=decl)
    assert r.declarations == (60, 250)
    r = score(declarations=decl, compare=True)  # side 1's quarte beats both tierces
    assert r.declarations == (20, 250)
    tie = [(0, 20, (3, 0)), (1, 20, (3, 0)), (1, 20, None)]
    assert score(declarations=tie, compare=True).declarations == (0, 20)
    higher = [(0, 20, (3, -1)), (1, 20, (3, -2))]  # K-high beats Q-high
    assert score(declarations=higher, compare=True).declarations == (20, 0)


def test_renuncio_penalty_the_other_side_scores_the_whole_round():
    decl = [(0, 20, (3, 0)), (1, 50, (4, 0)), (0, 20, None)]
    r = score(points=(40, 14), tricks=(2, 1), declarations=decl, compare=True, penalty=2)
    # 162 + every declaration (90, not filtered) to side 1; side 0 nothing; no capot
    assert (r.round_points, r.game_points, r.declarations) == ((0, 252), (0, 25), (40, 50))
    assert r.penalty_seat == 2
    assert r.capot is None
    r = score(contract=ALL, multiplier=2, penalty=1)
    assert (r.round_points, r.game_points) == ((516, 0), (52, 0))  # 258 x 2: 6 >= 4
    assert score(contract=NONE, penalty=0).round_points == (0, 130)


@pytest.mark.parametrize(
    ("contract", "points", "game"),
    [
        (SPADES, (96, 66), (10, 7)),  # 6 rounds up, 6 rounds up
        (SPADES, (105, 57), (10, 6)),  # 5 down, 7 up
        (ALL, (134, 124), (14, 13)),  # 4 up, 4 up
        (ALL, (135, 123), (14, 12)),  # 5 up, 3 down
        (NONE, (65, 65), (7, 7)),  # 5 up
        (NONE, (76, 54), (8, 5)),  # 6 up, 4 down
    ],
)
def test_b8_thresholds_per_contract_kind(contract, points, game):
    assert score(contract=contract, points=points).game_points == game
