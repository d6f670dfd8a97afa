"""B3 orders, B4 points and B6 play as pure functions (hand-computed tricks)."""

import pytest

from games.engine.belote import CONTRACT, context, legal_cards, trick_winner, violation
from games.engine.belote.options import game_points

from .helpers import C, cards

HEARTS, ALL, NONE = CONTRACT["hearts"], CONTRACT["all_trumps"], CONTRACT["no_trumps"]


def ctx(contract, trick: str):
    return context(cards(trick), contract)


def test_b3_orders_trump_and_plain():
    s = HEARTS.strength
    assert sorted(cards("7h 8h Qh Kh 10h Ah 9h Jh"), key=s.__getitem__) == cards(
        "7h 8h Qh Kh 10h Ah 9h Jh"
    )
    assert sorted(cards("7s 8s 9s Js Qs Ks 10s As"), key=s.__getitem__) == cards(
        "7s 8s 9s Js Qs Ks 10s As"
    )
    assert ALL.strength[C("9s")] > ALL.strength[C("As")]  # every suit ranks as trump
    assert NONE.strength[C("Ah")] > NONE.strength[C("Jh")]  # no suit does


@pytest.mark.parametrize(
    ("name", "total"), [("spades", 162), ("all_trumps", 258), ("no_trumps", 130)]
)
def test_b4_points_of_a_round_last_trick_included(name, total):
    assert CONTRACT[name].total == total
    assert CONTRACT["hearts"].points[C("Jh")] == 20
    assert CONTRACT["hearts"].points[C("Js")] == 2
    assert CONTRACT["all_trumps"].points[C("9c")] == 14
    assert NONE.points[C("9c")] == 0


def test_b6_follow_suit():
    v = violation(C("7c"), C("8s"), ctx(HEARTS, "Ks"))
    assert v.reason == "follow"
    assert violation(C("7s"), C("As"), ctx(HEARTS, "Ks")) is None  # plain lead: no need to beat


def test_b6_beat_on_a_trump_lead_even_when_the_partner_wins():
    # seat A leads 9h, B plays 7h; C (A's partner, winning) holds Jh: 8h is refused
    trick = ctx(HEARTS, "9h 7h")
    assert trick.winning == 0
    assert trick.size == 2
    assert violation(C("8h"), C("Jh"), trick).reason == "beat"
    assert violation(C("8h"), C("Ah"), trick) is None  # A is below 9 in trump order
    assert violation(C("Jh"), C("8h"), trick) is None


def test_b6_must_trump_when_void_unless_the_partner_wins():
    # leader's opponent (position 1) is void in spades: must trump
    assert violation(C("7c"), C("7h"), ctx(HEARTS, "As")).reason == "trump"
    # position 2: the partner (position 0) wins with As: any card
    assert violation(C("7c"), C("7h"), ctx(HEARTS, "As 7s")) is None
    # position 3: the partner (position 1) wins with a trump: any card
    assert violation(C("7c"), C("Jh"), ctx(HEARTS, "As 8h 7c")) is None


def test_b6_overtrump_when_able_else_undertrump():
    trick = ctx(HEARTS, "As Kh")  # position 2; the opponent's Kh wins
    assert violation(C("7h"), C("9h"), trick).reason == "overtrump"
    assert violation(C("Ah"), C("9h"), trick) is None  # A beats K: fine
    assert violation(C("7h"), C("Qh"), trick) is None  # nothing higher: undertrump is legal
    assert violation(C("7c"), C("7h"), trick).reason == "trump"  # but a trump is owed
    assert legal_cards(cards("7h 8h 7c"), trick) == cards("7h 8h")
    assert legal_cards(cards("9h 7h 7c"), trick) == cards("9h")


def test_b6_all_trumps_and_no_trumps():
    trick = ctx(ALL, "10h")
    assert violation(C("8h"), C("Jh"), trick).reason == "beat"
    assert violation(C("7c"), C("Js"), trick) is None  # void: any card, no cutting
    assert violation(C("8h"), C("Jh"), ctx(NONE, "10h")) is None  # no_trumps: follow only
    assert violation(C("7c"), C("8h"), ctx(NONE, "10h")).reason == "follow"
    assert legal_cards(cards("Jh 8h 7c"), ctx(ALL, "10h")) == cards("Jh")


def test_b6_trick_winners_per_contract():
    assert trick_winner(cards("As 7h Ks Js"), HEARTS) == 1  # the only trump
    assert trick_winner(cards("As 7h Ks Jh"), HEARTS) == 3  # the highest trump
    assert trick_winner(cards("10h Js 9h 7h"), ALL) == 2  # 9 beats 10; Js does not cut
    assert trick_winner(cards("9h Jh Ah 10h"), NONE) == 2  # A over 10 over J
    assert trick_winner(cards("Ks As 10s Qs"), CONTRACT["clubs"]) == 1


@pytest.mark.parametrize(
    ("name", "points", "expected"),
    [
        ("hearts", 166, 17),
        ("hearts", 165, 16),
        ("all_trumps", 174, 18),
        ("all_trumps", 173, 17),
        ("no_trumps", 85, 9),
        ("no_trumps", 84, 8),
        ("spades", 0, 0),
        ("spades", 1168, 117),
    ],
)
def test_b8_division_by_ten_with_the_contracts_threshold(name, points, expected):
    assert game_points(points, CONTRACT[name]) == expected
