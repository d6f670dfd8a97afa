"""S1 (table and deal), S2 (auction), S3 (trump and lead); options, notation, registry."""

import pytest

from games.engine import SPANISH_36, SPANISH_40, RuleError, find_game
from games.engine.subastao import (
    Bid,
    Cante,
    Deal,
    HandState,
    MatchState,
    Penalty,
    Play,
    SubastaoRules,
    Trump,
    event_from_dict,
    event_to_dict,
)

from .helpers import SWEEP, C, deal_of, hand, refused


# ---------------------------------------------------------------- options and registry
def test_the_defaults_are_the_traditional_game():
    rules = SubastaoRules.from_dict(None)
    assert rules.as_dict() == {
        "players": 3,
        "min_bid": 60,
        "target": 300,
        "failed_bid": "opponents",
    }
    assert (rules.deck, rules.hand_size, rules.units) == (SPANISH_36, 12, 3)
    pairs = SubastaoRules(players=4)
    assert (pairs.deck, pairs.hand_size, pairs.units) == (SPANISH_40, 10, 2)
    assert [pairs.unit_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [rules.unit_of(s) for s in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("data", "word"),
    [
        ({"player": 3}, "unknown subastao rule option.*: player"),
        ({"players": 5}, "players"),
        ({"players": True}, "players"),
        ({"min_bid": 62}, "min_bid"),
        ({"min_bid": 0}, "min_bid"),
        ({"min_bid": 235}, "min_bid"),
        ({"target": 0}, "target"),
        ({"target": "300"}, "target"),
        ({"failed_bid": "half"}, "failed_bid"),
    ],
)
def test_an_unknown_or_ill_typed_option_is_a_value_error_naming_it(data, word):
    with pytest.raises(ValueError, match=word):
        find_game("subastao").parse_rules(data)


def test_the_registry_finds_subastao_with_its_table():
    game = find_game("subastao")
    rules = game.parse_rules({"players": 4})
    assert (game.seats(rules), game.units(rules), game.unit_of_seat(rules, 3)) == (4, 2, 1)
    assert game.deck_for(rules) is SPANISH_40
    assert game.deck_for(game.parse_rules({})) is SPANISH_36
    assert isinstance(game.new_match(rules), MatchState)


def test_split_halves_a_failed_bid_down_to_a_multiple_of_five():
    split = SubastaoRules(failed_bid="split")
    assert [split.failed_value(b) for b in (60, 65, 75, 100, 230)] == [30, 30, 35, 50, 115]
    assert SubastaoRules().failed_value(75) == 75


@pytest.mark.parametrize(
    "event",
    [
        Deal(),
        Deal(((("1o",) * 12),) * 3, 2),
        Bid(70),
        Bid("pass", 1),
        Trump("c"),
        Play(C("7c")),
        Play(C("2o"), 3),
        Cante(1, "o"),
        Cante(2, tute="11", after_trick=4),
        Penalty(2, "S4"),
        Penalty(2),
        Penalty(None, "C7"),
    ],
)
def test_the_notation_round_trips(event):
    assert event_from_dict(event_to_dict(event)) == event
    assert find_game("subastao").event_to_dict(event) == event_to_dict(event)


def test_the_notation_looks_like_the_docs():
    assert event_to_dict(Bid("pass")) == {"kind": "bid", "bid": "pass"}
    assert event_to_dict(Cante(1, tute="12")) == {"kind": "cante", "seat": 1, "tute": "12"}
    assert event_to_dict(Penalty(2, "S4")) == {"kind": "penalty", "seat": 2, "rule": "S4"}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "bid", "bid": "60"}, "bid"),
        ({"kind": "bid", "bid": True}, "bid"),
        ({"kind": "trump", "suit": "x"}, "suit"),
        ({"kind": "play", "card": "13o"}, "card"),
        ({"kind": "cante", "seat": 1}, "either a suit"),
        ({"kind": "cante", "seat": 1, "suit": "o", "tute": "12"}, "either a suit"),
        ({"kind": "cante", "seat": 1, "tute": "10"}, "tute"),
        ({"kind": "cante", "suit": "o"}, "seat"),
        ({"kind": "penalty", "seat": "1", "rule": "S4"}, "seat"),
        ({"kind": "penalty", "seat": 1, "rule": 4}, "rule"),
        ({"kind": "call", "call": "solo"}, "kind"),
        ([], "object"),
    ],
)
def test_bad_notation_is_a_value_error_naming_the_field(data, field):
    with pytest.raises(ValueError, match=field):
        event_from_dict(data)


# ---------------------------------------------------------------------- S1 deck and deal
def test_s1_the_deal_has_twelve_cards_per_seat_with_three_players():
    with pytest.raises(RuleError) as info:
        HandState(SubastaoRules(), 2, deal_of([*SWEEP[:2], "6e 5e 4e 1b 3b 12b 11b 10b 7b 6b 5b"]))
    assert info.value.rule == "S1"


def test_s1_a_two_is_not_a_card_of_the_36_card_deck():
    rows = [*SWEEP[:2], "6e 5e 4e 1b 3b 12b 11b 10b 7b 6b 5b 2b"]
    with pytest.raises(RuleError) as info:
        HandState(SubastaoRules(), 2, deal_of(rows))
    assert (info.value.rule, info.value.card) == ("V1", "2b")
    state = hand(plays="1o")
    error = refused(state, Play(C("2c")), "V1")
    assert (error.trick, error.position, error.seat, error.card) == (1, 2, 1, "2c")


def test_s1_a_card_dealt_twice_is_v1_and_a_bad_dealer_is_s1():
    rows = [*SWEEP[:2], "6e 5e 4e 1b 3b 12b 11b 10b 7b 6b 5b 1o"]
    with pytest.raises(RuleError) as info:
        HandState(SubastaoRules(), 2, deal_of(rows))
    assert (info.value.rule, info.value.card) == ("V1", "1o")
    with pytest.raises(RuleError) as info:
        HandState(SubastaoRules(), 3)
    assert info.value.rule == "S1"
    HandState(SubastaoRules(players=4), 3)  # seat 3 exists in pairs


def test_s1_the_dealer_rotates_by_one():
    match = MatchState(SubastaoRules())
    match.apply(Deal(dealer=1))
    for bid in ("pass", "pass", "pass"):
        match.apply(Bid(bid))
    assert match.hands[0].void
    assert match.next_dealer == 2
    with pytest.raises(RuleError) as info:
        match.start_hand(0)
    assert (info.value.rule, info.value.hand) == ("S1", 2)
    match.apply(Deal())  # the rotation is implied
    assert (match.current.dealer, match.current.first) == (2, 0)


# --------------------------------------------------------------------------- S2 auction
def test_s2_turns_skip_the_seats_that_passed():
    state = hand(players=4, dealer=3, bids="", trump=None)
    assert state.to_act == 0
    speakers = []
    for bid in (60, "pass", 65, 70, "pass", 75):
        speakers.append(state.to_act)
        state.apply(Bid(bid))
    # 0 bids 60, 1 passes, 2 bids 65, 3 bids 70, 0 passes, 2 bids 75 (1 and 0 are out)
    assert speakers == [0, 1, 2, 3, 0, 2]
    assert state.to_act == 3
    state.apply(Bid("pass"))
    assert (state.auction_over, state.bidder, state.bid, state.phase) == (True, 2, 75, "trump")
    assert state.to_act == 2  # the bid winner names trump


def test_s2_the_auction_ends_when_only_the_standing_bidder_is_left():
    state = hand(bids="60 pass", trump=None)
    assert not state.auction_over
    assert state.to_act == 2
    state.apply(Bid("pass"))
    assert (state.bidder, state.bid) == (0, 60)


def test_s2_a_player_whose_turn_comes_after_everyone_passed_still_speaks():
    state = hand(bids="pass pass", trump=None)
    assert (state.auction_over, state.to_act, state.legal_bids()[:3]) == (
        False,
        2,
        ["pass", 60, 65],
    )
    state.apply(Bid(60))
    assert (state.auction_over, state.bidder, state.bid) == (True, 2, 60)


def test_s2_everyone_passing_makes_a_void_hand():
    state = hand(bids="pass pass pass", trump=None)
    assert state.void
    assert state.is_complete
    assert state.to_act is None
    result = state.result
    assert (result.void, result.made, result.delta, result.bidder) == (True, None, (0, 0, 0), None)
    assert refused(state, Trump("o"), "S3").message.startswith("the hand is void")
    assert refused(state, Play(C("1o")), "S2").seat is None
    assert refused(state, Bid(60), "S2").call == 4
    assert refused(state, Penalty(0, "S4"), "S7")


@pytest.mark.parametrize(
    ("bids", "bad", "words"),
    [
        ("", 62, "multiple of 5"),
        ("", 55, "below the minimum bid 60"),
        ("", 235, "above the maximum 230"),
        ("60 65", 65, "does not raise the standing 65"),
        ("60 65", 60, "does not raise"),
        ("", "solo", "unknown bid"),
    ],
)
def test_s2_a_bid_is_a_raise_in_fives_from_the_minimum_to_230(bids, bad, words):
    state = hand(bids=bids, trump=None)
    error = refused(state, Bid(bad), "S2")
    assert words in error.message
    assert (error.call, error.seat) == (len(bids.split()) + 1, state.to_act)


def test_s2_the_minimum_is_an_option_and_230_is_the_most():
    state = hand(bids="", trump=None, rules=SubastaoRules(min_bid=80))
    refused(state, Bid(75), "S2")
    state.apply(Bid(80))
    state.apply(Bid(230))
    assert state.legal_bids() == ["pass"]
    refused(state, Bid(235), "S2")


def test_s2_legal_bids_list_every_raise():
    state = hand(bids="60 pass 200", trump=None)
    assert state.legal_bids() == ["pass", 205, 210, 215, 220, 225, 230]
    state.apply(Bid("pass"))
    assert state.legal_bids() == []
    assert state.legal_trumps() == ["o", "c", "e", "b"]


def test_s2_a_bid_out_of_turn_is_v1():
    state = hand(bids="", trump=None)
    assert refused(state, Bid(60, seat=1), "V1").seat == 1
    state.apply(Bid(60, seat=0))


def test_s2_play_trump_cante_or_penalty_before_the_auction_ends():
    state = hand(bids="60 65", trump=None)
    error = refused(state, Play(C("1o")), "S2")
    assert (error.seat, error.trick, error.position, error.call) == (2, 1, 1, None)
    error = refused(state, Trump("o"), "S2")
    assert (error.seat, error.call, error.trick) == (2, 3, None)
    error = refused(state, Cante(0, "o"), "S2")
    assert (error.seat, error.call, error.trick) == (2, 3, None)
    error = refused(state, Penalty(1, "S4"), "S2")
    assert (error.seat, error.call) == (2, 3)


# ------------------------------------------------------------------ S3 trump and lead
def test_s3_the_bid_winner_names_trump_and_the_first_speaker_leads():
    state = hand(dealer=0, bids="pass 60 pass", trump=None)  # seat 1 first, seat 2 wins
    assert (state.bidder, state.to_act, state.phase) == (2, 2, "trump")
    assert refused(state, Trump("c", seat=1), "V1").seat == 1
    error = refused(state, Trump("x"), "S3")
    assert error.seat == 2
    error = refused(state, Play(C("1o")), "S3")
    assert (error.seat, error.trick, error.position) == (2, 1, 1)
    state.apply(Trump("c"))
    assert (state.trump, state.to_act, state.phase) == ("c", 1, "playing")
    refused(state, Trump("o"), "S3")
    assert state.legal_trumps() == []


def test_s3_the_winner_of_each_trick_leads_the_next():
    state = hand(deal=SWEEP, trump="b", plays="1c 4c 4b")  # seat 2 trumps
    assert (state.tricks[0].winner, state.to_act) == (2, 2)
    assert state.tricks[0].leader == 0
