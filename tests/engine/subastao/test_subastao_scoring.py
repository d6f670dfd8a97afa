"""S6 (scoring per unit, the end of the match) and S7 (renuncio penalty)."""

import pytest

from games.engine import HandOutcome, RuleError, find_game
from games.engine.subastao import Bid, Cante, Deal, MatchState, Penalty, Play, SubastaoRules, Trump

from .helpers import SUITS4, SWEEP, C, bids_of, hand, play, refused
from .test_subastao_play import SWEEP_PLAY


def play_hand(match: MatchState, deal, bids: str, trump: str | None, plays: str, **cantes) -> None:
    """One hand on ``match``: the deal, bids, trump and plays, cantes by trick number."""
    match.apply(Deal(tuple(tuple(r.split()) for r in deal) if deal else None))
    for bid in bids_of(bids):
        match.apply(Bid(bid))
    if trump:
        match.apply(Trump(trump))
    for i, text in enumerate(plays.split(), 1):
        match.apply(Play(C(text)))
        if i % match.rules.players == 0 and f"t{i // match.rules.players}" in cantes:
            match.apply(cantes[f"t{i // match.rules.players}"])


def test_s6_a_made_bid_scores_for_the_bid_winner_only():
    match = MatchState(SubastaoRules(), first_dealer=2)
    play_hand(match, SWEEP, "60 pass pass", "o", SWEEP_PLAY, t1=Cante(0, "o"))
    r = match.results[0]
    assert (r.points, r.cantes, r.tricks_won, r.made, r.delta) == (
        (170, 0, 0),
        (40, 0, 0),
        (12, 0, 0),
        True,
        (60, 0, 0),
    )
    assert match.score == [60, 0, 0]
    assert not match.finished


@pytest.mark.parametrize(("failed_bid", "each"), [("opponents", 100), ("split", 50)])
def test_s6_a_failed_bid_scores_for_each_opponent(failed_bid, each):
    # seat 1 bids 100 and names oros, which seat 0 holds: seat 0 takes every trick
    match = MatchState(SubastaoRules(failed_bid=failed_bid), first_dealer=2)
    play_hand(match, SWEEP, "pass 100 pass", "o", SWEEP_PLAY)
    r = match.results[0]
    assert (r.bidder, r.points, r.made, r.delta) == (1, (130, 0, 0), False, (each, 0, each))


def test_s6_split_rounds_half_the_bid_down_to_a_multiple_of_five():
    match = MatchState(SubastaoRules(failed_bid="split"), first_dealer=2)
    play_hand(match, SWEEP, "pass 75 pass", "o", SWEEP_PLAY)
    assert match.results[0].delta == (35, 0, 35)


def test_s6_pairs_score_per_side_with_both_partners_cantes():
    match = MatchState(SubastaoRules(players=4), first_dealer=3)
    # seat 0 leads its ten oros (trump); the others discard their suits from the bottom
    plays = " ".join(
        f"{o} {c} {e} {b}" for o, c, e, b in zip(*(row.split() for row in SUITS4), strict=True)
    )
    play_hand(match, SUITS4, "60 pass pass pass", "o", plays, t1=Cante(0, "o"), t2=Cante(2, "e"))
    r = match.results[0]
    assert (r.tricks_won, r.points, r.cantes, r.made, r.delta) == (
        (10, 0),
        (190, 0),
        (60, 0),
        True,
        (60, 0),
    )


def test_s6_the_match_ends_when_one_unit_alone_is_highest_at_or_past_the_target():
    rules = SubastaoRules(target=100)
    match = MatchState(rules, first_dealer=2)
    play_hand(match, SWEEP, "pass 100 pass", "o", SWEEP_PLAY)  # fails: [100, 0, 100]
    assert match.score == [100, 0, 100]
    assert not match.finished
    assert match.winner_unit is None
    play_hand(match, None, "pass pass pass", None, "")  # void: no score, next dealer
    assert match.score == [100, 0, 100]
    assert match.next_dealer == 1
    assert not match.finished
    # dealer 1: seat 2 speaks first, now holds the oros and leads the same cards
    rotated = [SWEEP[1], SWEEP[2], SWEEP[0]]
    play_hand(match, rotated, "60 pass pass", "o", SWEEP_PLAY)
    assert match.score == [100, 0, 160]
    assert (match.finished, match.winner_unit, match.winner_side) == (True, 2, 2)
    with pytest.raises(RuleError) as info:
        match.apply(Deal())
    assert (info.value.rule, info.value.hand) == ("S6", 4)


def test_the_outcomes_are_typed_per_unit():
    match = MatchState(SubastaoRules(target=100), first_dealer=2)
    play_hand(match, SWEEP, "pass 100 pass", "o", SWEEP_PLAY)
    play_hand(match, None, "pass pass pass", None, "")
    outcomes = find_game("subastao").outcomes(match)
    first, void = outcomes
    assert outcomes == [
        HandOutcome(1, (100, 0, 100), (100, 0, 100), None, first.facts, first.seat_facts),
        HandOutcome(2, (0, 0, 0), (100, 0, 100), None, void.facts, void.seat_facts),
    ]
    assert first.seat_facts[1]["declared_bid100"] == 1  # seat 1's bid of 100, failed
    assert first.seat_facts[1]["made_bid100"] == 0
    assert not any(any(seat.values()) for seat in void.seat_facts)  # a void hand: none
    assert outcomes[0].facts["made"] is False
    assert outcomes[1].facts["void"] is True
    assert outcomes[1].facts == {
        "number": 2,
        "void": True,
        "bidder": None,
        "bid": None,
        "trump": None,
        "tricks_won": [0, 0, 0],
        "points": [0, 0, 0],
        "cantes": [0, 0, 0],
        "tute": None,
        "made": None,
        "delta": [0, 0, 0],
        "score_after": [100, 0, 100],
    }


def test_the_previous_hand_must_be_finished_before_the_next():
    for bids, trump, rule in (("60 pass", None, "S2"), ("60 pass pass", None, "S3")):
        match = MatchState(SubastaoRules(), first_dealer=2)
        play_hand(match, None, bids, trump, "")
        with pytest.raises(RuleError) as info:
            match.apply(Deal())
        assert (info.value.rule, info.value.hand) == (rule, 2)
    match = MatchState(SubastaoRules(), first_dealer=2)
    play_hand(match, None, "60 pass pass", "o", "1o 4c 4e")
    with pytest.raises(RuleError) as info:
        match.apply(Deal())
    assert info.value.rule == "S6"


# ---------------------------------------------------------------------------- S7
def test_s7_a_penalty_on_the_bid_winner_fails_the_contract():
    state = hand(plays="1c 4c 4b")
    state.apply(Penalty(0, "S4"))
    r = state.result
    assert (r.made, r.delta, r.points, r.penalty) == (
        False,
        (0, 60, 60),
        (11, 0, 0),
        Penalty(0, "S4"),
    )
    assert refused(state, Play(C("1o")), "S7")
    assert refused(state, Penalty(1, "S4"), "S7")


def test_s7_a_penalty_on_an_opponent_makes_it_whatever_the_points():
    state = hand(bids="pass 200 pass", plays="1c 4c 4b")
    state.apply(Penalty(2, "S4"))
    assert (state.result.made, state.result.delta) == (True, (0, 200, 0))


def test_s7_in_pairs_a_penalty_on_the_bid_winners_partner_fails_it():
    state = hand(players=4, dealer=3, bids="60 pass pass pass")
    state.apply(Penalty(2, "S4"))
    assert (state.result.made, state.result.delta, state.result.tricks_won) == (
        False,
        (0, 60),
        (0, 0),
    )


def test_s7_a_penalty_after_the_last_trick_replaces_the_result():
    match = MatchState(SubastaoRules(), first_dealer=2)
    play_hand(match, SWEEP, "60 pass pass", "o", SWEEP_PLAY)
    assert match.score == [60, 0, 0]
    match.apply(Penalty(0, "S4"))
    assert match.score == [0, 60, 60]
    assert len(match.results) == 1
    assert match.score_after == [(0, 60, 60)]


@pytest.mark.parametrize(
    ("penalty", "rule"),
    [
        (Penalty(3, "S4"), "S7"),
        (Penalty(-1, "S4"), "S7"),
        (Penalty(1, "C7"), "S7"),
        (Penalty(1), "S7"),  # the rule must be named, not guessed
        (Penalty("1", "S4"), "S7"),
        (Penalty(None, "S4"), "S7"),
    ],
)
def test_s7_a_malformed_penalty(penalty, rule):
    state = hand(plays="1c")
    error = refused(state, penalty, rule)
    assert error.seat is None or error.seat == penalty.seat


def test_s7_no_penalty_before_the_trump_or_in_a_void_hand():
    assert refused(hand(trump=None), Penalty(1, "S4"), "S3").seat == 0
    assert refused(hand(bids="pass pass pass", trump=None), Penalty(1, "S4"), "S7")


def test_s7_a_penalty_told_ahead_settles_its_seats_revokes_and_only_those():
    # no deal: seat 2 discards 4e on copas at trick 1, then trumps with 5b (the proof)
    events = "1c 4c 4e 3c 5c 5b"
    state = hand(trump="b")
    state.expect_penalty(Penalty(2, "S4"))
    play(state, events)  # accepted: the penalty ahead settles seat 2's S4 breach
    assert refused(state, Penalty(1, "S4"), "S7").message.startswith(
        "this hand's record ends with a penalty against seat 2"
    )
    state.apply(Penalty(2, "S4"))
    assert state.result.made is True
    # told nothing (live entry), the proof is refused at once
    state = hand(trump="b", plays="1c 4c 4e 3c 5c")
    assert refused(state, Play(C("5b")), "S4").card == "4e"
    # a penalty that will be refused settles nothing
    state = hand(trump="b", plays="1c 4c 4e 3c 5c")
    state.expect_penalty(Penalty(2, "C7"))
    refused(state, Play(C("5b")), "S4")


def test_replaying_a_stored_log_tells_each_hand_its_penalty():
    log = [
        Deal(dealer=2),
        *(Bid(b) for b in bids_of("60 pass pass")),
        Trump("b"),
        *(Play(C(t)) for t in ("1c", "4c", "4e", "3c", "5c", "5b")),
        Penalty(2, "S4"),
        Deal(),
        *(Bid(b) for b in bids_of("pass pass pass")),
    ]
    match = MatchState(SubastaoRules())
    match.replay(log)
    assert [r.made for r in match.results] == [True, None]
    assert match.score == [60, 0, 0]
    live = MatchState(SubastaoRules())  # event by event, without the penalty ahead
    for event in log[:10]:
        live.apply(event)
    with pytest.raises(RuleError) as info:
        live.apply(log[10])  # 5b proves seat 2's discard
    assert (info.value.rule, info.value.trick, info.value.position) == ("S4", 1, 3)
