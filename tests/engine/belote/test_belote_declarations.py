"""B5: declarations — their shapes and values, when they are made, what they reveal (V2)."""

import pytest

from games.engine.belote import Belote, Declaration, Play, fours, runs, shape_of
from games.engine.belote.declarations import scoring_sequences

from .helpers import DEAL, C, cards, hand, play, refused


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        ("tierce", "9s 10s Js", 20),
        ("quarte", "Ad Kd Qd Jd", 50),
        ("quint", "Kh Qh Jh 10h 9h", 100),
        ("quint", "Ac Kc Qc Jc 10c 9c 8c 7c", 100),
        ("four", "Jc Jd Jh Js", 200),
        ("four", "9c 9d 9h 9s", 150),
        ("four", "Ac Ad Ah As", 100),
        ("four", "10c 10d 10h 10s", 100),
    ],
)
def test_b5_values(kind, text, value):
    shape = shape_of(kind, text.split())
    assert shape.value == value


@pytest.mark.parametrize(
    ("kind", "text", "why"),
    [
        ("tierce", "9s 10s Qs", "not a sequence"),
        ("tierce", "9s 10s Jh", "not a sequence"),
        ("tierce", "Ad Kd Qd Jd", "a tierce is 3 cards"),
        ("quint", "Ad Kd Qd Jd", "5 or more"),
        ("four", "8c 8d 8h 8s", "not a declaration"),
        ("four", "Jc Jd Jh 9s", "four cards of one rank"),
        ("tierce", "9s 9s 10s", "named twice"),
        ("tierce", "9s 10s 1s", "not a card"),
        ("sequence", "9s 10s Js", "unknown declaration"),
        ("tierce", "", "missing"),
    ],
)
def test_b5_malformed_shapes(kind, text, why):
    assert why in shape_of(kind, text.split())


def test_b5_sequence_strength_longer_then_higher_top():
    tierce_ace = shape_of("tierce", ["As", "Ks", "Qs"]).strength
    tierce_king = shape_of("tierce", ["Kd", "Qd", "Jd"]).strength
    quarte_jack = shape_of("quarte", ["Jh", "10h", "9h", "8h"]).strength
    assert quarte_jack > tierce_ace > tierce_king
    assert scoring_sequences([tierce_ace, tierce_king]) == (True, False)
    assert scoring_sequences([tierce_ace, shape_of("tierce", ["Ac", "Kc", "Qc"]).strength]) == (
        False,
        False,
    )
    assert scoring_sequences([None, tierce_king]) == (True, True)


def test_runs_and_fours_of_a_hand():
    assert runs(cards("Jh 9h Kh Qh As Ks Qs 7c")) == [
        tuple(cards("Kh Qh Jh")),
        tuple(cards("As Ks Qs")),
    ]
    assert fours(cards("Jc Jd Jh Js 8c 8d 8h 8s")) == [tuple(cards("Jc Jd Jh Js"))]


def test_legal_declarations_with_the_deal_are_the_true_ones():
    state = hand(deal=DEAL)
    assert state.legal_declarations() == [
        Declaration("tierce", ("Kh", "Qh", "Jh"), 0),
        Declaration("tierce", ("As", "Ks", "Qs"), 0),
        Belote("h", 0),
    ]
    state.apply(Declaration("tierce", ("Kh", "Qh", "Jh")))
    # the belote's K and Q may also be in a sequence; the tierce is not offered twice
    assert state.legal_declarations() == [
        Declaration("tierce", ("As", "Ks", "Qs"), 0),
        Belote("h", 0),
    ]
    play(state, "Jh")
    assert state.legal_declarations() == [Declaration("quarte", ("Ac", "Kc", "Qc", "Jc"), 1)]
    assert hand(deal=DEAL, calls="no_trumps pass pass pass").legal_declarations() == []


def test_without_the_deal_every_unrefuted_declaration_is_offered():
    state = hand(plays="Jh 7h 10h 7s 9h")  # seat 1 to play trick 2; it has played 7h
    offered = state.legal_declarations()
    assert offered == [Belote("h", 1)]  # after its first card, only the trump suit's belote
    state = hand()
    offered = state.legal_declarations()
    assert (
        Declaration("quint", tuple(["Ac", "Kc", "Qc", "Jc", "10c", "9c", "8c", "7c"]), 0) in offered
    )
    assert len([d for d in offered if isinstance(d, Declaration)]) == 4 * 21 + 6


def test_b5_no_declarations_in_no_trumps_and_belote_only_in_trump_suits():
    state = hand(calls="no_trumps pass pass pass")
    assert "no_trumps" in refused(state, Declaration("tierce", ("As", "Ks", "Qs")), "B5").message
    state = hand()
    assert "trump suit (hearts)" in refused(state, Belote("s"), "B5").message
    state = hand(calls="all_trumps pass pass pass")
    state.apply(Belote("s"))  # any suit in all_trumps
    assert state.pending_belote == (0, "s")


def test_b5_a_sequence_comes_with_the_seats_first_card():
    state = hand(plays="Jh")
    error = refused(state, Declaration("tierce", ("As", "Ks", "Qs"), seat=0), "B5")
    assert "after its first card (Jh at trick 1)" in error.message
    error = refused(state, Declaration("tierce", ("9d", "8d", "7d"), seat=3), "B5")
    assert "seat 1's turn" in error.message
    assert (error.trick, error.position, error.declaration) == (1, None, 1)


def test_b5_a_card_belongs_to_one_sequence_or_four():
    deal = [
        "Jc Jd Jh Js Qs 10s 9s 7c",
        "Ac Kc Qc 10c Ad 10d 8h 7h",
        "Ah 10h Ks As 8s 9c 8c Qh",
        "7s Kh Kd Qd 9h 9d 8d 7d",
    ]
    state = hand(deal=deal)
    assert state.legal_declarations() == [
        Declaration("quarte", ("Qs", "Js", "10s", "9s"), 0),
        Declaration("four", ("Jc", "Jd", "Jh", "Js"), 0),
    ]
    state.apply(Declaration("four", ("Jc", "Jd", "Jh", "Js")))
    error = refused(state, Declaration("quarte", ("Qs", "Js", "10s", "9s")), "B5")
    assert "Js is already in its four" in error.message
    assert state.legal_declarations() == []  # Qs and 10s 9s: no sequence without Js


def test_b5_a_declaration_must_be_true_with_the_deal():
    state = hand(deal=DEAL)
    error = refused(state, Declaration("tierce", ("Kd", "Qd", "Jd")), "B5")
    assert error.message == "seat 0 declared a tierce (Kd Qd Jd), but seat 3 holds Kd (dealt)"
    state = hand(deal=DEAL, calls="all_trumps pass pass pass")
    error = refused(state, Belote("d"), "B5")
    assert error.message == "seat 0 declared a belote in diamonds, but seat 3 holds Kd (dealt)"


def test_b5_without_the_deal_declared_cards_become_known_as_held():
    state = hand()
    state.apply(Declaration("tierce", ("Kd", "Qd", "Jd")))
    play(state, "Jh")
    error = refused(state, Play(C("Kd")), "V1")
    assert error.message == (
        "seat 1 played Kd, but seat 0 is known to hold it (declared (tierce) at trick 1)"
    )
    play(state, "7h")
    error = refused(state, Declaration("tierce", ("Kd", "Qd", "Jd")), "B5")
    assert "seat 0 holds Kd (declared (tierce) at trick 1)" in error.message


def test_b5_hand_size_limits_what_a_seat_can_declare_and_play():
    state = hand()
    state.apply(Declaration("quint", tuple(["As", "Ks", "Qs", "Js", "10s", "9s", "8s", "7s"])))
    error = refused(state, Declaration("tierce", ("Kd", "Qd", "Jd")), "B5")
    assert "cannot hold Kd and Qd and Jd" in error.message
    error = refused(state, Play(C("Jh")), "V1")
    assert "its 8 cards are already known" in error.message
    play(state, "As")


def test_b5_a_belote_is_shown_with_its_first_card_and_reveals_the_other():
    state = hand()
    state.apply(Belote("h"))
    assert state.pending_belote == (0, "h")
    assert "plays Kh or Qh with it, not Jh" in refused(state, Play(C("Jh")), "B5").message
    assert state.legal_plays() == cards("Kh Qh")
    play(state, "Qh")
    assert state.pending_belote is None
    error = refused(state, Play(C("Kh")), "V1")
    assert "seat 0 is known to hold it (declared (belote) at trick 1)" in error.message
    play(state, "7h 8h 9h")  # seat 3 wins trick 1 with 9h
    assert state.to_act == 3
    error = refused(state, Belote("h", seat=3), "B5")
    assert "already declared" in error.message


def test_b5_a_belote_that_reveals_a_held_card_proves_an_earlier_revoke():
    # trick 1: seat 0 leads 8h (trump); seat 1 plays 7h. Later seat 1 shows the belote in
    # hearts: it held Kh, which beats 8h, so 7h was a revoke (B6), named at trick 1.
    state = hand(plays="8h 7h Ah Jh 9s 10s")  # seat 3 won with Jh and led 9s
    assert state.to_act == 1
    error = refused(state, Belote("h"), "B6")
    assert (error.trick, error.position, error.seat, error.card) == (1, 2, 1, "7h")
    assert error.message == (
        "seat 1 played 7h at trick 1 but had to beat 8h (trump led): held Kh "
        "(declared (belote) at trick 2): B6"
    )


def test_b5_no_belote_after_its_first_card_was_played_without_it():
    # all_trumps: seat 0 plays Kc at trick 1 without a belote; seat 3 wins with 9c, leads 7d
    state = hand(calls="all_trumps pass pass pass", plays="Kc 7c 8c 9c 7d")
    assert state.to_act == 0
    error = refused(state, Belote("c"), "B5")
    assert "seat 0 already played Kc at trick 1" in error.message
    state.apply(Belote("d"))  # another suit's belote is still possible
