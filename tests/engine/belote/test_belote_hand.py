"""A whole Belote round and game through the engine API: the reference round of
tests/engine/records/README.md ("Belote"), revokes with and without the deal (V2, V4),
the renuncio penalty (B7), the game's end (B9), the event notation and the registry."""

import pytest

from games.engine import find_game
from games.engine.belote import (
    Belote,
    BeloteRules,
    Call,
    Deal,
    Declaration,
    HandState,
    MatchState,
    Penalty,
    Play,
    event_from_dict,
    event_to_dict,
)
from games.engine.errors import RuleError

from .helpers import DEAL, TRICKS, C, cards, deal_of, hand, play, refused

DECLARE = {
    (1, 1): [Declaration("tierce", ("As", "Ks", "Qs"))],
    (1, 2): [Declaration("quarte", ("Ac", "Kc", "Qc", "Jc"))],
    (1, 4): [Declaration("tierce", ("Kd", "Qd", "Jd")), Declaration("tierce", ("9d", "8d", "7d"))],
    (3, 1): [Belote("h")],
}


def reference(deal=DEAL, upto: int = 8) -> HandState:
    state = hand(deal=deal)
    for t, trick in enumerate(TRICKS[:upto], 1):
        for p, text in enumerate(trick.split(), 1):
            for event in DECLARE.get((t, p), []):
                state.apply(event)
            state.apply(Play(C(text)))
    return state


@pytest.mark.parametrize("deal", [DEAL, None], ids=["deal", "no_deal"])
def test_the_reference_round(deal):
    state = reference(deal)
    assert state.is_complete
    assert state.phase == "complete"
    assert state.to_act is None
    assert [t.winner for t in state.tricks] == [0, 0, 0, 0, 0, 0, 0, 1]
    r = state.result
    assert (r.contract, r.declarer, r.multiplier) == ("hearts", 0, 1)
    assert (r.tricks_won, r.card_points, r.declarations) == ((7, 1), (127, 35), (40, 90))
    assert (r.round_points, r.game_points, r.capot) == ((167, 125), (17, 12), None)


def test_legal_plays_with_the_deal_are_exact():
    state = reference(upto=4)
    play(state, "As Qc")
    assert state.to_act == 2
    assert state.legal_plays() == cards("10s Js 9s")  # must follow spades, no need to beat
    error = refused(state, Play(C("10c")), "B6")
    assert error.message == (
        "seat 2 played 10c on the spades lead at trick 5 but held 10s (dealt): B6 must follow suit"
    )
    assert (error.trick, error.position, error.seat) == (5, 3, 2)


def test_without_the_deal_a_revoke_is_refused_when_a_later_card_proves_it():
    state = reference(deal=None, upto=4)
    play(state, "As Qc 10c 9d")  # accepted: nothing shows yet that seat 2 held a spade
    play(state, "Ks Kc")
    error = refused(state, Play(C("Js")), "B6")
    assert (error.trick, error.position, error.seat, error.card) == (5, 3, 2, "10c")
    assert error.message == (
        "seat 2 played 10c on the spades lead at trick 5 but held Js (played at trick 6): "
        "B6 must follow suit"
    )
    # the refused card taught nothing: seat 2 may still play a card that proves nothing
    assert C("Js") not in state.knowledge.owner_of
    legal = state.legal_plays()
    assert not any(c.suit == "s" for c in legal)  # any spade would prove trick 5's revoke
    assert C("7c") in legal
    assert C("Jh") not in legal


def test_without_the_deal_a_trump_owed_is_proved_by_a_later_trump():
    # clubs contract by seat 0. Trick 1: seat 0 leads As, seat 1 trumps 7c, seat 2 (void in
    # spades, its partner not winning) discards 7d; at trick 2 it plays 8c: it held a trump.
    state = hand(calls="clubs pass pass pass", plays="As 7c 7d 8s")
    assert state.tricks[0].winner == 1
    play(state, "Ad")
    error = refused(state, Play(C("8c")), "B6")  # seat 2 plays its trump on diamonds
    assert error.message == (
        "seat 2 played 7d at trick 1 without spades but held the trump 8c "
        "(played at trick 2): B6 must trump"
    )
    assert (error.trick, error.position) == (1, 3)


def test_the_record_penalty_settles_the_named_seats_revokes():
    state = HandState(BeloteRules(), 3, deal_of(DEAL), settled=2)
    for call in ["hearts", "pass", "pass", "pass"]:
        state.apply(Call(call))
    for t, trick in enumerate(TRICKS[:4], 1):
        for p, text in enumerate(trick.split(), 1):
            for event in DECLARE.get((t, p), []):
                state.apply(event)
            state.apply(Play(C(text)))
    play(state, "As Qc 10c")  # seat 2's revoke is not refused: the penalty names it
    state.apply(Penalty(2, "B6"))
    r = state.result
    assert (r.round_points, r.game_points, r.penalty_seat) == ((0, 292), (0, 29), 2)
    assert refused(state, Play(C("9d")), "B7").message == "the round was ended by a penalty"


def test_b7_penalty_refusals():
    assert (
        "no renuncio penalty"
        in refused(hand(rules=BeloteRules(renuncio_penalty=False)), Penalty(1), "B7").message
    )
    assert "renuncio" in refused(hand(), Penalty(1, "B5"), "B7").message
    assert refused(hand(), Penalty(4), "B7").seat is None
    assert refused(hand(calls="hearts"), Penalty(1), "B2").call == 2
    assert "void" in refused(hand(calls="pass pass pass pass"), Penalty(1), "B7").message
    state = hand()
    state.apply(Penalty(1))
    assert "already" in refused(state, Penalty(1), "B7").message


def test_a_penalty_after_the_last_trick_replaces_the_rounds_score():
    match = MatchState(BeloteRules(), first_dealer=3)
    match.apply(Deal(tuple(tuple(row.split()) for row in DEAL)))
    for call in ["hearts", "pass", "pass", "pass"]:
        match.apply(Call(call))
    for trick in TRICKS:
        for text in trick.split():
            match.apply(Play(C(text)))
    # no declarations: 127 vs 35, each keeps its own -> 13 (7 >= 6) and 3 (5 < 6)
    assert match.score == [13, 3]
    assert match.awaiting_deal
    match.apply(Penalty(0, "B6"))
    # a renuncio found when counting: side 1 scores the round's 162 -> 16; side 0 nothing
    assert match.score == [0, 16]
    assert match.score_after == [(0, 16)]
    assert match.results[0].penalty_seat == 0


def test_b9_the_game_ends_after_the_round_reaching_the_target_unless_tied():
    match = MatchState(BeloteRules(target=13), first_dealer=3)
    assert not match.finished
    assert match.winner_side is None
    match.score = [13, 13]
    assert not match.finished  # equal totals: another round
    match.score = [13, 12]
    assert match.finished
    assert match.winner_unit == 0
    with pytest.raises(RuleError) as info:
        match.apply(Deal())
    assert info.value.rule == "B9"


@pytest.mark.parametrize(
    "event",
    [
        Deal(),
        Deal((("Jh",) * 8,) * 4, 2),
        Call("double"),
        Call("hearts", 1),
        Declaration("tierce", ("9s", "10s", "Js")),
        Declaration("four", ("Jc", "Jd", "Jh", "Js"), 3),
        Belote("h", 0),
        Play(C("10h")),
        Play(C("Js"), 2),
        Penalty(1, "B6"),
    ],
)
def test_event_notation_round_trip(event):
    assert event_from_dict(event_to_dict(event)) == event


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"kind": "play", "card": "12o"}, "card"),
        ({"kind": "declaration", "type": "belote", "cards": []}, "type"),
        ({"kind": "declaration", "type": "tierce", "cards": "9s 10s Js"}, "cards"),
        ({"kind": "belote", "suit": "o"}, "suit"),
        ({"kind": "penalty", "seat": 1, "rule": "C7"}, "rule"),
        ({"kind": "penalty", "seat": 5}, "seat"),
        ({"kind": "call", "call": 3}, "call"),
        ({"kind": "deal", "deal": "x"}, "deal"),
        ({"kind": "cante"}, "kind"),
        ([], "kind"),
    ],
)
def test_event_notation_refuses_malformed_input_naming_the_field(data, field):
    with pytest.raises(ValueError, match=field):
        event_from_dict(data)


def test_the_registry_knows_belote():
    game = find_game("belote")
    assert (game.name, game.seats(None), game.units(None), game.unit_of_seat(None, 3)) == (
        "belote",
        4,
        2,
        1,
    )
    assert game.parse_rules({"target": 501}).target == 501
    for bad, name in (
        ({"targets": 151}, "targets"),
        ({"target": "151"}, "target"),
        ({"compare_sequences": 1}, "compare_sequences"),
    ):
        with pytest.raises(ValueError, match=name):
            game.parse_rules(bad)
    match = game.new_match(game.parse_rules(None), first_dealer=2)
    match.apply(game.event_from_dict({"kind": "deal"}))
    for call in ("pass", "pass", "pass", "pass"):
        match.apply(game.event_from_dict({"kind": "call", "call": call}))
    match.apply(game.event_from_dict({"kind": "deal", "dealer": 3}))
    for call in ("hearts", "pass", "pass", "pass"):
        match.apply(Call(call))
    for t, trick in enumerate(TRICKS, 1):
        for p, text in enumerate(trick.split(), 1):
            for event in DECLARE.get((t, p), []):
                match.apply(event)
            match.apply(Play(C(text)))
    void, played = game.outcomes(match)
    assert (void.number, void.delta, void.score_after, void.winner_unit) == (
        1,
        (0, 0),
        (0, 0),
        None,
    )
    assert void.facts["void"] is True
    assert (played.delta, played.score_after, played.winner_unit) == ((17, 12), (17, 12), 0)
    assert played.facts["round_points"] == [167, 125]
    record = game.record_from_match(match)
    hands = record.as_dict()["hands"]
    assert hands[0] == {"dealer": 2, "calls": ["pass"] * 4}
    assert [d["kind"] for d in hands[1]["declarations"]] == [
        "tierce",
        "quarte",
        "tierce",
        "tierce",
        "belote",
    ]
    assert game.check_record(record)["hands"][1] == played.facts
