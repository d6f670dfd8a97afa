"""A whole hand through HandState: C2, C7 in play, C10, C12, V1, V2, V4.

The reference hand (DEAL, dealer 3, trump 10o, everybody passes), computed by hand:

    T1  s0 10e  s1 11e  s2 3e   s3 12e   -> s2 (3e)  19 pts  side 0
    T2  s2 12b  s3 1b   s0 3o   s1 10b   -> s0 (3o)  27      side 0
    T3  s0 12c  s1 1c   s2 10c  s3 10o   -> s3 (10o) 19      side 1
    T4  s3 3b   s0 1o   s1 3c   s2 1e    -> s0 (1o)  42      side 0
    T5  s0 11c  s1 12o  s2 11o  s3 11b   -> s1 (12o) 13 + 10 últimas, side 1
    side 0: 19 + 27 + 42 = 88; side 1: 19 + 23 = 42; 88 + 42 = 130.
"""

import pytest

from games.engine.cuatrola import Call, CuatrolaRules, HandState, Penalty, Play

from .helpers import DEAL, C, hand, play, refused

PLAIN = "10e 11e 3e 12e  12b 1b 3o 10b  12c 1c 10c 10o  3b 1o 3c 1e  11c 12o 11o 11b"


@pytest.mark.parametrize("deal", [DEAL, None], ids=["deal", "no-deal"])
def test_c2_c10_reference_hand(deal):
    h = hand(deal=deal, plays=PLAIN)
    assert [t.winner for t in h.tricks] == [2, 0, 3, 0, 1]
    assert [t.points for t in h.tricks] == [19, 27, 19, 42, 13]
    r = h.result
    assert (r.declaration, r.tricks_won, r.points, r.winner_side, r.value) == (
        "plain",
        (3, 2),
        (88, 42),
        0,
        1,
    )
    assert h.phase == "complete"
    assert h.to_act is None
    error = refused(h, Play(C("1o")), "V1")  # a play after the fifth trick
    assert error.seat is None


def test_v4_legal_plays_with_the_deal():
    h = hand(deal=DEAL, plays="10e")
    assert h.legal_plays() == [C("11e")]  # must beat 10e
    play(h, "11e")
    assert h.legal_plays() == [C("1e"), C("3e")]
    play(h, "3e 12e 12b")
    assert h.legal_plays() == [C("1b"), C("3b")]  # beat 12b; 11b is too low
    play(h, "1b")
    assert h.legal_plays() == [C("1o"), C("3o")]  # void in bastos: must trump
    play(h, "3o")
    assert h.legal_plays() == [C("10b")]
    play(h, "10b 12c 1c 10c 10o 3b 1o")
    assert h.legal_plays() == [C("12o"), C("3c")]  # cannot overtrump 1o: any card


def test_v4_with_the_deal_a_revoke_is_refused_at_once():
    h = hand(deal=DEAL, plays="10e")
    error = refused(h, Play(C("10b")), "C7")
    assert (error.hand, error.trick, error.position, error.seat, error.card) == (1, 1, 2, 1, "10b")
    assert error.message == (
        "seat 1 played 10b on the espadas lead at trick 1 but held 11e "
        "(dealt): C7.2 must follow suit"
    )


def test_v4_a_card_dealt_to_another_seat():
    h = hand(deal=DEAL)
    error = refused(h, Play(C("12o")), "V1")  # seat 0 leads; 12o is seat 1's
    assert "seat 1 holds it (dealt)" in error.message


def test_v2_a_revoke_is_refused_when_the_record_proves_it():
    # seat 1 discards 10b on the espadas lead; nothing shows yet that it held espadas
    h = hand(deal=None, plays="10e 10b 3e 12e  1e 10o 3o")
    # seat 1 now plays 11e: it held 11e at trick 1, so its 10b there was a revoke
    error = refused(h, Play(C("11e")), "C7")
    assert (error.trick, error.position, error.seat, error.card) == (1, 2, 1, "10b")
    assert error.message == (
        "seat 1 played 10b on the espadas lead at trick 1 but held 11e "
        "(played at trick 2): C7.2 must follow suit"
    )


def test_v2_the_dealers_shown_trump_card_is_known_from_the_start():
    h = hand(deal=None, plays="12c 3c 10c")
    error = refused(h, Play(C("1b")), "C7")  # the dealer, void in copas, holds 10o
    assert (error.trick, error.position, error.seat) == (1, 4, 3)
    # the engine cannot know the dealer was void in copas: either rule may be broken
    assert error.message.endswith(
        "held the trump 10o (shown as the trump card): it had to follow suit or, "
        "without copas, trump: C7.2 or C7.3"
    )


def test_v2_no_inference_by_elimination():
    # Seat 3 discards on copas at trick 1. Seats 0 and 2 have played their copas by trick 3,
    # so by elimination seat 3 or seat 1 held... nothing is inferred: only seat 3's own
    # later plays or cantes can prove it held copas, and it never plays one.
    h = hand(deal=None, plays="12c 3c 10c 10o")
    assert h.tricks[0].winner == 3


def test_v1_card_twice_unknown_card_known_card_and_turn():
    h = hand(deal=None, plays="10e 11e 3e")
    assert "already played at trick 1" in refused(h, Play(C("10e")), "V1").message
    h = hand(deal=None)
    error = refused(h, Play(C("10o")), "V1")  # seat 0 plays the dealer's shown card
    assert "seat 3 holds it (shown as the trump card)" in error.message
    error = refused(h, Play(C("1o"), seat=2), "V1")
    assert "seat 0's turn" in error.message


def test_c3_no_play_before_the_calls_are_complete():
    h = hand(calls="pass solo")
    error = refused(h, Play(C("1o")), "C3")
    assert (error.trick, error.position, error.seat) == (1, 1, 2)  # seat 2 has not spoken


# ------------------------------------------------------------------ C10 cuatrola and quintola
# DEAL, dealer 3: seat 0 declares cuatrola; seat 2 sits out; order 0, 1, 3.
#   T1 s0 10e  s1 11e  s3 12e  -> s3 (opponents)   9 pts
#   T2 s3 1b   s0 3o   s1 10b  -> s0              23
#   T3 s0 12c  s1 1c   s3 10o  -> s3 (opponents)  17
CUATROLA_T1 = "10e 11e 12e"
CUATROLA_T3 = "10e 11e 12e  1b 3o 10b  12c 1c 10o"


def test_c10_without_quintola_a_cuatrola_fails_at_the_first_lost_trick():
    rules = CuatrolaRules(quintola=False)
    h = hand(deal=DEAL, calls="cuatrola pass pass pass", rules=rules, plays=CUATROLA_T1)
    r = h.result
    assert h.is_complete
    assert (r.winner_side, r.value, r.tricks_won, r.points) == (1, 4, (0, 1), (0, 9))
    error = refused(h, Play(C("1b")), "C10")
    assert (error.trick, error.position) == (2, 1)


def test_c10_with_quintola_a_cuatrola_needs_four_tricks_and_fails_at_the_second_loss():
    h = hand(deal=DEAL, calls="cuatrola pass pass pass", plays=CUATROLA_T1)
    assert not h.is_complete
    play(h, "1b 3o 10b 12c 1c 10o")
    r = h.result
    assert (r.declaration, r.declarer, r.winner_side, r.value) == ("cuatrola", 0, 1, 4)
    assert (r.tricks_won, r.points) == ((1, 2), (23, 26))  # no últimas: no fifth trick
    refused(h, Play(C("3b")), "C10")


def test_c10_quintola_fails_at_the_first_lost_trick():
    h = hand(deal=DEAL, calls="quintola pass pass pass", plays=CUATROLA_T1)
    assert h.is_complete
    assert h.result.winner_side == 1
    assert h.result.value == 5


def test_c12_penalty_ends_the_hand_for_the_other_side():
    h = hand(deal=None, calls="pass solo pass pass", plays="10e 11e 3e")
    h.apply(Penalty(1, "C7"))  # against the declarer's side
    r = h.result
    assert (r.winner_side, r.value, r.declaration) == (0, 2, "solo")
    assert "penalty" in refused(h, Play(C("1b")), "C12").message


def test_c12_penalty_refused_when_the_option_is_off_malformed_or_against_a_seat_sitting_out():
    h = hand(rules=CuatrolaRules(renuncio_penalty=False))
    assert "no renuncio penalty" in refused(h, Penalty(0, "C7"), "C12").message
    h = hand()
    error = refused(h, Penalty(0), "C12")  # no rule: not taken as C7
    assert (error.seat, "C7 or C9" in error.message) == (0, True)
    assert refused(h, Penalty(1, "C8"), "C12").seat == 1
    for seat in (4, -1, None, "1", True):  # not a seat: nobody's, so no seat is named
        assert refused(h, Penalty(seat, "C7"), "C12").seat is None
    h = HandState(CuatrolaRules(), 3, C("10o"))
    for call in ("solo", "pass", "pass", "pass"):
        h.apply(Call(call))
    assert "sits out" in refused(h, Penalty(2, "C7"), "C12").message


def test_c3_a_penalty_while_the_calls_stop_short():
    h = hand(calls="pass")
    error = refused(h, Penalty(0, "C7"), "C3")
    assert (error.trick, error.position, error.seat, error.call) == (None, None, 1, 2)
    # a malformed penalty too: the missing call is the error (RECORD_FORMAT.md, issue 20)
    error = refused(h, Penalty(0), "C3")
    assert (error.seat, error.call) == (1, 2)
