"""B2: the auction, with double, redouble, a new contract cancelling doubles, void rounds."""

from games.engine.belote import BeloteRules, Call, HandState, MatchState, Play
from games.engine.belote.events import Deal

from .helpers import C, hand, refused

CONTRACTS = ["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"]


def test_the_first_speaker_is_dealer_plus_one_and_may_open_any_contract():
    state = HandState(BeloteRules(), dealer=1)
    assert state.to_act == 2
    assert state.phase == "calling"
    assert state.legal_calls() == ["pass", *CONTRACTS]


def test_legal_calls_follow_the_standing_contract_and_its_doubling():
    state = hand(calls="hearts")
    assert state.to_act == 1
    assert state.legal_calls() == ["pass", "spades", "no_trumps", "all_trumps", "double"]
    state.apply(Call("double"))
    assert state.legal_calls() == ["pass", "spades", "no_trumps", "all_trumps", "redouble"]
    state.apply(Call("redouble"))  # seat 2, partner of the declarer
    assert state.legal_calls() == ["pass", "spades", "no_trumps", "all_trumps"]


def test_three_passes_after_a_contract_end_the_auction():
    state = hand(calls="pass pass hearts pass pass")
    assert state.phase == "calling"
    state.apply(Call("pass"))
    assert (state.contract.name, state.declarer, state.multiplier) == ("hearts", 2, 1)
    assert state.phase == "playing"
    assert state.to_act == 0


def test_three_passes_after_a_double_or_redouble_end_it_with_the_multiplier():
    assert hand(calls="spades double pass pass pass").multiplier == 2
    state = hand(calls="spades double pass pass redouble pass pass pass")
    assert (state.multiplier, state.declarer) == (4, 0)


def test_a_new_contract_cancels_doubles():
    state = hand(calls="clubs double redouble no_trumps pass pass pass")
    assert (state.contract.name, state.declarer, state.multiplier) == ("no_trumps", 3, 1)
    assert "double" in hand(calls="clubs double diamonds").legal_calls()


def test_four_passes_make_a_void_round():
    state = hand(calls="pass pass pass pass")
    assert state.void
    assert state.is_complete
    assert state.to_act is None
    result = state.result
    assert result.void
    assert result.contract is None
    assert result.game_points == (0, 0)
    assert "void" in refused(state, Play(C("Jh")), "B2").message


def test_b2_refusals_name_the_call():
    state = hand(calls="hearts")
    assert "does not raise" in refused(state, Call("clubs"), "B2").message
    assert "does not raise" in refused(state, Call("hearts"), "B2").message
    assert "redouble" in refused(state, Call("redouble"), "B2").message
    assert "unknown call" in refused(state, Call("sans"), "B2").message
    error = refused(hand(calls="hearts pass"), Call("double"), "B2")
    assert (error.call, error.seat) == (3, 2)
    assert "own side" in error.message
    assert "no contract" in refused(hand(calls=""), Call("double"), "B2").message
    state = hand(calls="hearts double pass")  # seat 3, the doublers' side
    assert "already doubled" in refused(state, Call("double"), "B2").message
    assert "only the side of hearts" in refused(state, Call("redouble"), "B2").message
    state = hand(calls="hearts double redouble pass pass")  # seat 1
    assert "already redoubled" in refused(state, Call("double"), "B2").message
    state = hand(calls="hearts double redouble pass")  # seat 0, the declarer
    assert "already redoubled" in refused(state, Call("redouble"), "B2").message
    state = hand(calls="hearts pass pass pass")
    assert refused(state, Call("pass"), "B2").call == 5
    assert refused(hand(calls=""), Call("pass", seat=2), "V1").seat == 2


def test_the_match_rotates_the_dealer_and_skips_nothing_after_a_void_round():
    match = MatchState(BeloteRules(), first_dealer=2)
    match.apply(Deal())
    for _ in range(4):
        match.apply(Call("pass"))
    assert match.results[0].void
    assert match.score == [0, 0]
    assert match.awaiting_deal
    assert match.next_dealer == 3
    match.apply(Deal())
    assert match.current.dealer == 3
    assert match.current.to_act == 0
