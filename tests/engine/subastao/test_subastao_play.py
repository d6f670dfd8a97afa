"""S4 (= C7 and C8) and V1/V2 in Subastao: with the deal at once, without it when proved."""

from games.engine.subastao import Cante, Play

from .helpers import SWEEP, C, hand, play, refused

# 3 players, dealer 2: seat 0 holds the top of every suit but espadas, where seat 2 holds
# the ace; seat 1 the 12s and 11s of espadas and bastos.
MIXED = [
    "1o 3o 12o 11o 10o 7o 1c 3c 10e 3e 1b 3b",
    "6o 5o 4o 12c 11c 10c 7c 12e 11e 12b 11b 10b",
    "6c 5c 4c 1e 7e 6e 5e 4e 7b 6b 5b 4b",
]


def test_c8_the_highest_trump_wins_else_the_highest_of_the_led_suit():
    state = hand(deal=SWEEP, trump="b", plays="1c 4c 4b")
    assert (state.tricks[0].winner, state.card_points) == (2, [0, 0, 11])
    state = hand(deal=MIXED, trump="o", plays="10e 11e 1e")
    assert (state.tricks[0].winner, state.card_points) == (2, [0, 0, 16])


# --------------------------------------------------------------- with the deal (V4)
def test_s4_follow_suit_with_the_deal_is_refused_at_once():
    state = hand(deal=SWEEP, trump="b", plays="1c")
    assert [c.text for c in state.legal_plays()] == ["11c", "10c", "7c", "6c", "5c", "4c"]
    error = refused(state, Play(C("7e")), "S4")
    assert (error.trick, error.position, error.seat, error.card) == (1, 2, 1, "7e")
    assert error.message == (
        "seat 1 played 7e on the copas lead at trick 1 but held 11c (dealt): "
        "S4 (C7.2 must follow suit)"
    )


def test_s4_void_in_the_led_suit_a_seat_holding_trump_must_trump():
    state = hand(deal=SWEEP, trump="b", plays="1c 4c")
    assert len(state.legal_plays()) == 9  # every bastos: nobody has trumped yet
    error = refused(state, Play(C("4e")), "S4")
    assert "C7.3 must trump" in error.message
    assert error.position == 3


def test_s4_beat_the_highest_card_of_the_led_suit_when_able():
    state = hand(deal=MIXED, trump="o", plays="10e 11e")
    assert [c.text for c in state.legal_plays()] == ["1e"]
    error = refused(state, Play(C("4e")), "S4")
    assert error.message == (
        "seat 2 played 4e at trick 1 but had to beat 11e with a higher espadas: "
        "held 1e (dealt): S4 (C7.2)"
    )


def test_s4_the_trick_winner_leads_and_any_card_may_lead():
    state = hand(deal=MIXED, trump="o", plays="10e 11e 1e")
    assert state.to_act == 2
    assert len(state.legal_plays()) == 11


# ------------------------------------------------- without the deal: proved later (V2)
def test_v2_a_discard_on_a_led_suit_is_refused_when_the_seat_plays_that_suit():
    state = hand(plays="1c 4e 4c 3c")  # seat 0 won trick 1 and leads 3c
    error = refused(state, Play(C("5c")), "S4")
    assert (error.trick, error.position, error.seat, error.card) == (1, 2, 1, "4e")
    assert error.message == (
        "seat 1 played 4e on the copas lead at trick 1 but held 5c (played at trick 2): "
        "S4 (C7.2 must follow suit)"
    )


def test_v2_a_discard_while_holding_trump_is_proved_by_a_later_trump():
    state = hand(plays="1c 4e 4c 3c")
    assert state.to_act == 1
    error = refused(state, Play(C("4o")), "S4")
    assert (error.trick, error.position, error.card) == (1, 2, "4e")
    # nothing shows whether seat 1 held a copas (C7.2) or was void in copas (C7.3)
    assert error.message == (
        "seat 1 played 4e on the copas lead at trick 1 but held the trump 4o "
        "(played at trick 2): it had to follow suit or, without copas, trump: S4 (C7.2 or C7.3)"
    )
    state.apply(Play(C("5e")))  # another discard proves nothing


def test_v2_an_underplay_is_proved_by_a_higher_card_of_that_suit():
    state = hand(plays="10e 11e 4e")  # seat 1 wins and leads
    state.apply(Play(C("1c")))
    error = refused(state, Play(C("3e")), "S4")
    assert (error.trick, error.position, error.seat, error.card) == (1, 3, 2, "4e")
    assert error.message == (
        "seat 2 played 4e at trick 1 but had to beat 11e with a higher espadas: "
        "held 3e (played at trick 2): S4 (C7.2)"
    )
    state.apply(Play(C("5e")))  # lower than 11e: no proof


def test_v2_an_undertrump_is_proved_by_a_higher_trump():
    state = hand(plays="1c 6o 4o")  # seat 1 trumps, seat 2 under-trumps: seat 1 leads
    state.apply(Play(C("1e")))
    error = refused(state, Play(C("7o")), "S4")
    assert (error.trick, error.position, error.seat, error.card) == (1, 3, 2, "4o")
    assert error.message == (
        "seat 2 played 4o at trick 1 but had to overtrump 6o: held 7o (played at trick 2): "
        "S4 (C7.3)"
    )
    state.apply(Play(C("5o")))  # a lower trump proves nothing


def test_v2_a_led_suit_already_trumped_need_not_be_beaten():
    state = hand(plays="10e 4o 4e")  # seat 1 trumped, so seat 2 may follow low
    state.apply(Play(C("1c")))  # seat 1 leads
    state.apply(Play(C("1e")))  # 1e would have beaten 10e, but the trick was trumped
    assert len(state.plays) == 5


def test_v2_no_exception_for_a_partner_who_is_winning_the_trick():
    # pairs: seat 3 plays under its partner's 3c while holding 1c (C7.5)
    state = hand(players=4, dealer=3, bids="60 pass pass pass", plays="5c 3c 4c 6c")
    assert state.tricks[0].winner == 1
    state.apply(Play(C("7e")))  # seat 1 leads
    state.apply(Play(C("2e")))
    error = refused(state, Play(C("1c")), "S4")
    assert (error.trick, error.position, error.seat, error.card) == (1, 4, 3, "6c")
    assert "had to beat 3c with a higher copas: held 1c (played at trick 2)" in error.message


def test_v2_the_earliest_of_several_proved_plays_is_reported():
    # seat 1 discards on copas at trick 1 and on espadas at trick 2, then plays a copas
    state = hand(plays="1c 4e 4c 3c 5e 5c")
    state.apply(Play(C("12c")))  # seat 0 won trick 2 (3c): leads 12c
    error = refused(state, Play(C("6c")), "S4")
    assert (error.trick, error.position) == (1, 2)


def test_v2_legal_plays_without_the_deal_leave_out_what_would_prove_a_revoke():
    state = hand(plays="1c 4e 4c 3c")
    legal = {c.text for c in state.legal_plays()}
    assert "5c" not in legal
    assert "4o" not in legal
    assert {"5e", "12b", "2c"} & legal == {"5e", "12b"}  # no 2s in the 36-card deck
    assert "1c" not in legal
    assert "3c" not in legal


# ------------------------------------------------------------------------------- V1
def test_v1_a_card_played_twice_or_known_to_be_another_seats():
    state = hand(deal=SWEEP, trump="b", plays="1c")
    assert refused(state, Play(C("1c")), "V1").message == "1c was already played at trick 1"
    error = refused(state, Play(C("3c")), "V1")
    assert "seat 0 holds it (dealt)" in error.message
    assert refused(state, Play(C("4c"), seat=2), "V1").seat == 1


def test_v1_a_seat_cannot_play_more_cards_than_its_hand_holds():
    # seat 0 (the bid winner) wins six tricks with trumps and sings three pairs: its 12
    # cards are then all known, so a thirteenth card is V1
    state = hand(plays="1o 4c 4e")
    state.apply(Cante(0, "c"))
    play(state, "3o 5c 5e")
    state.apply(Cante(0, "e"))
    play(state, "10o 6c 6e")
    state.apply(Cante(0, "b"))
    play(state, "7o 7c 7e 6o 10c 10e 5o 1c 1e")
    assert len(state.knowledge.known[0]) == 12
    error = refused(state, Play(C("4o")), "V1")
    assert "its 12 cards are already known" in error.message
    state.apply(Play(C("12c")))  # a known card is fine


def test_v1_a_card_sung_by_another_seat():
    state = hand(players=4, dealer=3, bids="60 pass pass pass", plays="1o 4c 4e 4b")
    state.apply(Cante(2, "c"))  # the bid winner's partner sings copas
    play(state, "3o")
    error = refused(state, Play(C("12c")), "V1")  # seat 2 showed 12c
    assert error.message == "seat 1 played 12c, but seat 2 holds it (sung after trick 1)"


# seat 0 leads its nine oros (trump), then 1c 3c 12c, and wins every trick
SWEEP_PLAY = (
    "1o 7e 4e  3o 10e 5e  12o 11e 6e  11o 12e 4b  10o 3e 5b  7o 1e 6b  6o 4c 7b  5o 5c 10b "
    "4o 6c 11b  1c 7c 12b  3c 10c 3b  12c 11c 1b"
)


def test_the_hand_is_over_after_the_last_trick():
    state = hand(deal=SWEEP, trump="o", plays=SWEEP_PLAY)
    assert state.is_complete
    assert state.tricks_won == [12, 0, 0]
    assert (state.points(), state.last_trick_unit) == ((130, 0, 0), 0)
    assert refused(state, Play(C("1o")), "V1").message == "all 12 tricks have been played"
