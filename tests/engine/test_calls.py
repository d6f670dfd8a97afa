"""C3 calls, C4 the exact-target limit, C5 sitting out, C6 leads and turns."""

import pytest

from games.engine.cuatrola import Call, CuatrolaRules, HandState, Play

from .helpers import C, hand, refused


def test_c3_mano_speaks_first_and_the_dealer_last():
    h = hand(dealer=3, calls="")
    assert (h.mano, h.to_act) == (0, 0)
    for seat in (0, 1, 2, 3):
        assert h.to_act == seat
        h.apply(Call("pass"))
    assert h.declaration == "plain"
    assert h.declarer is None


def test_c3_all_pass_is_a_plain_hand_with_four_card_tricks_led_by_mano():
    h = hand(dealer=1)
    assert (h.declaration, h.sitting_out, h.trick_size, h.to_act) == ("plain", None, 4, 2)


def test_c3_a_declaration_must_raise():
    h = hand(calls="solo")
    error = refused(h, Call("solo"), "C3")
    assert (error.call, error.seat, error.trick, error.position) == (2, 1, None, None)
    assert "does not raise" in error.message
    assert h.legal_calls() == ["pass", "cuatrola", "quintola"]


def test_c3_partner_may_overcall_and_the_highest_declaration_stands():
    h = hand(dealer=3, calls="solo pass cuatrola pass")
    assert (h.declaration, h.declarer) == ("cuatrola", 2)


def test_c3_quintola_only_with_the_option():
    h = hand(calls="", rules=CuatrolaRules(quintola=False))
    assert h.legal_calls() == ["pass", "solo", "cuatrola"]
    assert "does not have" in refused(h, Call("quintola"), "C3").message


def test_c3_unknown_call_and_a_fifth_call():
    h = hand(calls="pass")
    refused(h, Call("double"), "C3")
    h = hand()
    error = refused(h, Call("pass"), "C3")
    assert (error.call, error.seat) == (5, None)


def test_v1_calls_in_turn_order():
    h = hand(calls="")
    error = refused(h, Call("pass", seat=2), "V1")
    assert "seat 0's turn" in error.message


@pytest.mark.parametrize(
    ("score", "allowed"),
    [
        ((0, 0), ["pass", "solo", "cuatrola", "quintola"]),
        ((8, 0), ["pass", "solo"]),  # 8 + 2 = 10; 8 + 4 = 12 would pass 11
        ((9, 0), ["pass", "solo"]),  # 9 + 2 = 11 exactly is allowed
        ((10, 0), ["pass"]),  # a plain hand is always allowed
        ((7, 0), ["pass", "solo", "cuatrola"]),  # 7 + 4 = 11
        ((0, 10), ["pass", "solo", "cuatrola", "quintola"]),  # the other side's score
    ],
)
def test_c4_exact_target_limits_declarations(score, allowed):
    h = hand(dealer=3, calls="", score=score)  # seat 0 (side 0) speaks
    assert h.legal_calls() == allowed


def test_c4_refusal_names_the_side_score_and_target():
    h = hand(dealer=3, calls="", score=(8, 3))
    error = refused(h, Call("cuatrola"), "C4")
    assert (error.hand, error.call, error.seat) == (1, 1, 0)
    assert error.message == (
        "seat 0 declared cuatrola (4) with its side at 8: that would pass the target 11"
    )
    h = hand(dealer=3, calls="", score=(10, 3))
    refused(h, Call("solo"), "C4")


@pytest.mark.parametrize("fmt", ["first_to", "hands"])
def test_c4_applies_only_to_exact_matches(fmt):
    h = hand(dealer=3, calls="", score=(10, 0), rules=CuatrolaRules(match=fmt))
    h.apply(Call("quintola"))


def test_c5_declarers_partner_sits_out_and_tricks_have_three_cards():
    h = hand(dealer=3, calls="pass solo pass pass")  # seat 1 declares
    assert (h.declarer, h.sitting_out, h.trick_size) == (1, 3, 3)
    assert h.to_act == 0  # mano leads
    seats = []
    for card in ("10e", "11e", "3e"):  # seats 0, 1, 2 — then a new trick
        seats.append(h.to_act)
        h.apply(Play(C(card)))
    assert seats == [0, 1, 2]
    assert len(h.tricks) == 1
    assert h.tricks[0].winner == 2


def test_c6_mano_sitting_out_the_next_active_seat_leads():
    h = hand(dealer=3, calls="pass pass solo pass")  # seat 2 declares: mano 0 sits out
    assert (h.sitting_out, h.to_act) == (0, 1)


def test_c6_winner_of_a_trick_leads_the_next():
    h = hand(deal=None, plays="10e 11e 3e 12e")
    assert h.tricks[0].winner == 2
    assert h.to_act == 2


def test_calls_are_checked_without_a_deal_too():
    h = HandState(CuatrolaRules(), 0, C("1o"))
    h.apply(Call("solo"))
    refused(h, Call("pass", seat=3), "V1")
