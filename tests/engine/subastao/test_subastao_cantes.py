"""S5: cantes (only the bid winner's side, after a trick it won) and the tute."""

import pytest

from games.engine.subastao import Cante, Play

from .helpers import SUITS4, C, hand, play, refused

# 3 players, dealer 2: seat 0 holds the pairs of every suit (so both tutes too)
PAIRS = [
    "12o 11o 1c 12c 11c 12e 11e 1b 3b 12b 11b 10b",
    "1o 3o 10o 7o 3c 10c 7c 1e 3e 10e 7e 7b",
    "6o 5o 4o 6c 5c 4c 6e 5e 4e 6b 5b 4b",
]


def test_s5_the_bid_winner_sings_after_a_trick_it_won_20_or_40_in_trump():
    state = hand(plays="1c 3c 4c")
    state.apply(Cante(0, "o"))
    play(state, "1o 4o 5o")
    state.apply(Cante(0, "c", after_trick=2))
    assert state.cante_points == [60, 0, 0]
    assert [(c.suit, c.value, c.after_trick) for c in state.cantes] == [("o", 40, 1), ("c", 20, 2)]
    assert state.points() == (60 + 21 + 11, 0, 0)


def test_s5_singing_trump_later_proves_that_an_earlier_pair_broke_trump_first():
    state = hand(plays="1c 3c 4c")
    state.apply(Cante(0, "c"))
    play(state, "1o 4o 5o")
    error = refused(state, Cante(0, "o"), "S5")
    assert (error.trick, error.cante) == (1, 1)
    assert "(12o sung after trick 2, 11o sung after trick 2): S5 trump suit first" in error.message


def test_s5_trump_first_with_the_deal_and_the_legal_cantes():
    state = hand(deal=PAIRS, plays="1c 3c 4c")
    assert state.legal_cantes() == [Cante(0, "o"), Cante(0, tute="12"), Cante(0, tute="11")]
    error = refused(state, Cante(0, "c"), "S5")
    assert (error.trick, error.position, error.seat, error.card, error.cante) == (
        1,
        None,
        0,
        None,
        1,
    )
    assert error.message == (
        "seat 0 sang copas after trick 1 while seat 0 held the trump pair "
        "(12o dealt, 11o dealt): S5 trump suit first"
    )
    state.apply(Cante(0, "o"))
    play(state, "1b 7b 4b")
    assert Cante(0, "c") in state.legal_cantes()  # trump sung: any pair now


def test_s5_trump_first_without_the_deal_is_refused_when_the_record_proves_it():
    state = hand(plays="1c 3c 4c")
    state.apply(Cante(0, "c"))
    play(state, "12o 5o 4o")
    error = refused(state, Play(C("11o")), "S5")  # seat 0 leads trick 3
    assert (error.hand, error.trick, error.position, error.seat, error.cante) == (1, 1, None, 0, 1)
    assert error.message == (
        "seat 0 sang copas after trick 1 while seat 0 held the trump pair "
        "(12o played at trick 2, 11o played at trick 3): S5 trump suit first"
    )


def test_s5_only_the_bid_winners_side_sings():
    state = hand(plays="1c 3c 4c")
    error = refused(state, Cante(1, "b"), "S5")
    assert "seat 1 is not on seat 0's side" in error.message
    state = hand(plays="4c 1c 5c")  # seat 1 won
    error = refused(state, Cante(0, "b"), "S5")
    assert "seat 1 won trick 1" in error.message
    assert state.legal_cantes() == []


def test_s5_pairs_the_partner_sings_and_trump_first_covers_both_partners():
    # seat 0 wins the auction, trump espadas: seat 2 trumps trick 1 and holds the trump pair
    state = hand(players=4, dealer=3, deal=SUITS4, bids="60 pass pass pass", trump="e")
    play(state, "1o 2c 2e 2b")
    assert state.tricks[0].winner == 2
    assert state.legal_cantes() == [Cante(2, "e")]
    error = refused(state, Cante(0, "o"), "S5")
    assert "while seat 2 held the trump pair (12e dealt, 11e dealt)" in error.message
    refused(state, Cante(1, "c"), "S5")  # the other side never sings
    state.apply(Cante(2, "e"))
    assert state.cante_points == [40, 0]
    play(state, "7e 3b 3o 4c")  # seat 2 leads and wins; the bid winner may sing oros
    state.apply(Cante(0, "o"))
    assert state.cante_points == [60, 0]


@pytest.mark.parametrize(
    ("plays", "cante", "words"),
    [
        ("", Cante(0, "o"), "not the trick just completed"),
        ("1c 3c 4c 1o", Cante(0, "o", after_trick=2), "trick 2 is unfinished"),
        ("1c 3c 4c 1o", Cante(0, "o"), "before the next lead"),
        ("1c 3c 4c 1o 4o 5o", Cante(0, "o", after_trick=1), "not the trick just completed"),
    ],
)
def test_s5_a_cante_comes_right_after_a_completed_trick(plays, cante, words):
    state = hand(plays=plays)
    assert words in refused(state, cante, "S5").message


def test_s5_one_cante_per_won_trick_and_each_suit_once():
    state = hand(plays="1c 3c 4c")
    state.apply(Cante(0, "o"))
    assert "already made after trick 1" in refused(state, Cante(0, "c"), "S5").message
    refused(state, Cante(0, tute="12"), "S5")  # the tute takes the same slot
    play(state, "1b 7b 4b")
    assert "oros was already sung" in refused(state, Cante(0, "o"), "S5").message


def test_s5_the_singer_must_still_hold_the_pair():
    state = hand(plays="11c 4c 5c")
    error = refused(state, Cante(0, "c"), "S5")
    assert error.message == (
        "seat 0 sang copas after trick 1 but no longer held 11c (played at trick 1): S5"
    )
    state = hand(plays="1c 12c 4c")
    error = refused(state, Cante(0, "c"), "S5")
    assert "but seat 1 holds 12c (played at trick 1)" in error.message
    error = refused(state, Cante(0, tute="12"), "S5")
    assert "sang a tute of 12s after trick 1, but seat 1 holds 12c" in error.message


@pytest.mark.parametrize(
    "cante",
    [
        Cante(3, "o"),
        Cante(0),
        Cante(0, "x"),
        Cante(0, tute="10"),
        Cante(0, "o", "12"),
        Cante(0, "o", after_trick=0),
    ],
)
def test_s5_a_malformed_cante(cante):
    state = hand(plays="1c 3c 4c")
    # the seat is named when it is one of the table's
    assert refused(state, cante, "S5").seat == (None if cante.seat == 3 else 0)


# ---------------------------------------------------------------------------- tute
def test_s5_a_tute_makes_the_contract_and_ends_the_hand():
    state = hand(deal=PAIRS, bids="120 pass pass", plays="1c 3c 4c")
    state.apply(Cante(0, tute="11"))
    assert state.is_complete
    assert state.to_act is None
    assert state.phase == "complete"
    result = state.result
    assert (result.tute, result.made, result.points, result.cantes) == (
        0,
        True,
        (21, 0, 0),
        (0,) * 3,
    )
    assert result.delta == (120, 0, 0)
    error = refused(state, Play(C("12o")), "S5")
    assert (error.trick, error.position, error.seat) == (2, 1, None)
    assert "tute after trick 1 ended the hand" in error.message
    refused(state, Cante(0, "o"), "S5")


def test_s5_a_tute_reveals_four_cards_that_may_prove_an_earlier_revoke():
    # seat 0 discards 4e on a copas lead at trick 2, wins trick 3, sings a tute of 11s
    state = hand(plays="3b 1b 4b  4c 5c 4e  6e 1e 7e")
    error = refused(state, Cante(0, tute="11"), "S4")
    assert (error.trick, error.position, error.seat, error.card) == (2, 3, 0, "4e")
    assert error.message == (
        "seat 0 played 4e on the copas lead at trick 2 but held 11c (shown in a tute after "
        "trick 3): S4 (C7.2 must follow suit)"
    )
    refused(state, Cante(0, tute="12"), "S4")  # 12c proves it as well
    state.apply(Cante(0, "b"))  # the bastos pair proves nothing


def test_s5_a_tute_showing_the_trump_pair_proves_an_earlier_cante_sang_out_of_order():
    state = hand(plays="1c 3c 4c")
    state.apply(Cante(0, "c"))
    play(state, "11o 5o 4o")  # seat 0 leads the trump 11 and wins
    error = refused(state, Cante(0, tute="12"), "S5")
    assert (error.trick, error.cante) == (1, 1)
    assert "(12o shown in a tute after trick 2, 11o played at trick 2)" in error.message


def test_s5_a_partner_may_sing_the_tute_in_pairs():
    state = hand(players=4, dealer=3, bids="pass pass 60 pass", plays="1o 2o 3o 4o")
    assert (state.bidder, state.tricks[0].winner) == (2, 0)
    state.apply(Cante(0, tute="12"))
    assert (state.result.tute, state.result.made, state.result.delta) == (0, True, (60, 0))
