"""C9 cantes, with and without the deal.

CANTE_DEAL, dealer 3, trump 10o (oros): seat 0 holds 12c 11c, seat 2 holds 12o 11o.
    T1  s0 10e  s1 12b  s2 1e  s3 11e  -> s2 (1e): side 0 may sing (seats 2 and 0)
"""

import pytest

from games.engine.cuatrola import Cante, Play

from .helpers import CANTE_DEAL, DEAL, C, hand, play, refused

T1 = "10e 12b 1e 11e"


def test_c9_with_the_deal_the_trump_pair_must_be_sung_first():
    h = hand(deal=CANTE_DEAL, plays=T1)
    assert h.legal_cantes() == [(2, "o")]
    error = refused(h, Cante(0, "c"), "C9")
    assert (error.hand, error.trick, error.position, error.seat, error.cante) == (1, 1, None, 0, 1)
    assert error.message == (
        "seat 0 sang copas after trick 1 while seat 2 held the trump "
        "pair (12o dealt, 11o dealt): C9 trump suit first"
    )
    h.apply(Cante(2, "o"))
    assert h.cante_points == [40, 0]


def test_c9_without_the_deal_trump_first_is_proved_when_the_pair_is_played():
    h = hand(deal=None, plays=T1)
    h.apply(Cante(0, "c"))  # nothing shows yet that seat 2 held the trump pair
    play(h, "12o 3o 3b 10c  1o 1b 3c")  # seat 2 played 12o at trick 2
    error = refused(h, Play(C("11o")), "C9")  # ... and now 11o: it held both at trick 1
    assert (error.trick, error.position, error.seat, error.cante) == (1, None, 0, 1)
    assert error.message == (
        "seat 0 sang copas after trick 1 while seat 2 held the trump "
        "pair (12o played at trick 2, 11o played at trick 3): "
        "C9 trump suit first"
    )


def test_c9_cante_values_and_one_cante_per_trick():
    h = hand(deal=None, plays=T1)
    h.apply(Cante(2, "o"))
    assert h.cante_points == [40, 0]
    error = refused(h, Cante(0, "c"), "C9")
    assert "already made after trick 1" in error.message
    h = hand(deal=DEAL, plays="10e 11e 3e 12e")
    h.apply(Cante(0, "c"))
    assert h.cante_points == [20, 0]


def test_c9_each_suit_once_per_hand():
    h = hand(deal=None, plays="10e 11e 3e 12e")
    h.apply(Cante(0, "c"))
    play(h, "12b 1b 3o 10b")  # seat 0 wins trick 2
    assert "already sung" in refused(h, Cante(0, "c"), "C9").message


def test_c9_only_the_side_that_won_the_trick_right_after_it():
    h = hand(deal=None, plays=T1)
    assert "did not win trick 1" in refused(h, Cante(1, "b"), "C9").message
    play(h, "12o")
    assert "right after a completed trick" in refused(h, Cante(2, "c"), "C9").message
    h = hand(deal=None)
    refused(h, Cante(0, "c"), "C9")  # no trick yet


def test_c9_no_cantes_in_cuatrola_and_not_by_the_seat_sitting_out():
    h = hand(deal=None, calls="cuatrola pass pass pass", plays="10e 11e 12e 1b 3o 10b")
    assert "no cantes in a cuatrola" in refused(h, Cante(0, "c"), "C9").message
    h = hand(deal=None, calls="solo pass pass pass", plays="10e 12b 11e 3b 1o 1b")
    # seat 0 (solo) won trick 2 with 1o... its partner seat 2 sits out
    assert h.tricks[-1].winner == 0
    assert "sits out" in refused(h, Cante(2, "o"), "C9").message


def test_c9_the_pair_must_still_be_held():
    h = hand(deal=None, plays="10e 11e 3e 12e  12b 1b 3o 10b  12c 1c 10c 10o  3b 1o 3c 1e")
    # seat 0 played 12c at trick 3: it cannot sing copas after trick 4
    error = refused(h, Cante(0, "c"), "C9")
    assert "no longer held 12c (played at trick 3)" in error.message


def test_c9_a_cante_of_cards_another_seat_holds_or_too_many_cards():
    """The singer does not hold the pair (C9), whatever shows it: the reverse order, a
    play of a card a cante showed as another seat's, is V1 (RECORD_FORMAT.md)."""
    h = hand(deal=None, plays="10e 11e 3e 12e")
    error = refused(h, Cante(2, "e"), "C9")
    assert "seat 3 holds 12e (played at trick 1)" in error.message
    assert (error.trick, error.seat, error.cante) == (1, 2, 1)
    h = hand(deal=DEAL, plays="10e 11e 3e 12e")  # seat 2 won; 12o is dealt to seat 1
    assert "seat 1 holds 12o (dealt)" in refused(h, Cante(2, "o"), "C9").message
    h = hand(deal=None, trump="11o", plays="10e 11e 3e 12e")  # the dealer (3) shows 11o
    assert "seat 3 holds 11o (shown as the trump card)" in refused(h, Cante(0, "o"), "C9").message
    h = hand(deal=None, plays="10e 11e 3e 12e  12b 1b 3o 10b  12c 1c 10c 10o  3b 1o 3c 1e")
    # seat 0 has played four cards: it cannot also hold 12o and 11o
    assert "cannot hold" in refused(h, Cante(0, "o"), "C9").message
    h = hand(deal=None, plays=T1)
    h.apply(Cante(2, "o"))
    play(h, "3o")  # seat 2 leads trick 2
    assert "seat 2 holds it (sung after trick 1)" in refused(h, Play(C("12o")), "V1").message


def test_c9_a_refused_cante_reveals_nothing():
    # Seat 1 discards 10b on the espadas lead, then its side wins and it sings espadas,
    # which it cannot: seat 2 played 12e. The cante is the error; its 11e is no evidence
    # that seat 0 held espadas at trick 1, and the cante leaves no trace.
    h = hand(deal=None, plays="3e 10b 12e 1e")  # s0 3e, s1 10b, s2 12e, s3 1e -> s3
    play(h, "10c 12c 1c 3c")  # s3 10c, s0 12c, s1 1c, s2 3c -> s1 (1c)
    error = refused(h, Cante(1, "e"), "C9")  # 12e is seat 2's
    assert (error.trick, error.seat, error.cante) == (2, 1, 1)
    assert "seat 2 holds 12e" in error.message
    assert C("11e") not in h.knowledge.known[1]
    h.apply(Cante(3, "o"))  # the side may still sing (no cante was made after trick 2)
    # again after trick 3: still the cante (C9), never the revoke its 11e would prove
    play(h, "1b 11b 12o 3b")  # s1 1b, s2 11b, s3 12o (must trump), s0 3b -> s3
    error = refused(h, Cante(1, "e"), "C9")
    assert (error.trick, error.seat, error.cante) == (3, 1, 2)


def test_c3_a_cante_while_the_calls_stop_short():
    h = hand(deal=None, calls="pass pass")
    error = refused(h, Cante(0, "c", 1), "C3")
    assert (error.trick, error.position, error.seat, error.call, error.cante) == (
        None,
        None,
        2,
        3,
        None,
    )
    # so is a malformed one: the missing call is the error (RECORD_FORMAT.md, issue 20)
    error = refused(h, Cante(7, "c", 1), "C3")
    assert (error.trick, error.seat, error.call, error.cante) == (None, 2, 3, None)


@pytest.mark.parametrize("deal", [CANTE_DEAL, None], ids=["deal", "no-deal"])
def test_c9_cantes_count_in_the_hand_points(deal):
    h = hand(deal=deal, plays=T1)
    h.apply(Cante(2, "o"))
    assert h.points() == (2 + 4 + 11 + 3 + 40, 0)
