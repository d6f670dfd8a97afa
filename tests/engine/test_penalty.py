"""C12: a penalty settles the breaches of its seat and rule that the record shows.

RECORD_FORMAT.md ``penalty``: a paper record shows the renuncio card and ends with the
penalty. The hand is told that penalty before its play (``expect_penalty``); the
penalised seat's breaches of the named rule that only knowledge of cards proves are then
accepted and kept, and every other check applies to every seat.
"""

import pytest

from games.engine import RuleError, check_record, hand_events, load_record
from games.engine.cuatrola import Cante, CuatrolaRules, MatchState, Penalty, Play

from .helpers import DEAL, C, hand, play, refused
from .test_record import FIXTURES

# Dealer 3, trump 10o (shown by seat 3), everybody passes, no deal:
#   T1 s0 10e  s1 10b  s2 3e  s3 12e  -> s2 (3e)   18 points, side 0
#   T2 s2 1e   s3 10o  s0 3o  s1 11e  -> s0 (3o)   26 points, side 0
# Seat 1's 11e shows it held espadas when it discarded 10b on the espadas lead (C7.2).
RENUNCIO = "10e 10b 3e 12e  1e 10o 3o"


def test_without_the_penalty_ahead_the_proof_is_refused():
    h = hand(plays=RENUNCIO)
    error = refused(h, Play(C("11e")), "C7")
    assert (error.trick, error.position, error.seat, error.card) == (1, 2, 1, "10b")


def test_the_penalty_ahead_settles_its_seats_revoke_and_the_hand_ends_with_it():
    h = hand()
    h.expect_penalty(Penalty(1, "C7"))
    play(h, RENUNCIO + " 11e")  # accepted: the penalty settles it
    assert [t.winner for t in h.tricks] == [2, 0]
    h.apply(Penalty(1, "C7"))
    r = h.result
    assert (r.winner_side, r.value, r.tricks_won, r.points) == (0, 1, (2, 0), (44, 0))


@pytest.mark.parametrize(
    "penalty",
    [Penalty(1, "C9"), Penalty(3, "C7"), Penalty(1, None), Penalty(5, "C7")],
    ids=["other-rule", "other-seat", "no-rule", "not-a-seat"],
)
def test_a_penalty_for_another_seat_or_rule_or_malformed_settles_nothing(penalty):
    h = hand()
    h.expect_penalty(penalty)
    play(h, RENUNCIO)
    refused(h, Play(C("11e")), "C7")


def test_with_the_option_off_nothing_is_settled():
    h = hand(rules=CuatrolaRules(renuncio_penalty=False))
    h.expect_penalty(Penalty(1, "C7"))
    play(h, RENUNCIO)
    refused(h, Play(C("11e")), "C7")


def test_with_the_deal_the_revoke_is_accepted_at_once_and_every_other_fault_still_refused():
    h = hand(deal=DEAL)
    h.expect_penalty(Penalty(1, "C7"))
    play(h, "10e 10b")  # seat 1 holds 11e (dealt): a revoke, settled
    play(h, "3e 12e  12b 1b")
    error = refused(h, Play(C("12c")), "C7")  # seat 0 must trump: another seat's revoke
    assert (error.seat, error.trick, error.position) == (0, 2, 3)
    play(h, "3o")
    assert "seat 0 holds it (dealt)" in refused(h, Play(C("1o")), "V1").message  # seat 1's V1
    play(h, "11e")
    with pytest.raises(RuleError) as info:
        h.apply(Penalty(2, "C7"))  # not the penalty the hand was told
    assert info.value.rule == "C12"
    h.apply(Penalty(1, "C7"))
    assert h.result.winner_side == 0


# Dealer 3 shows 12o (trump oros). T1 s0 10e, s1 11e, s2 3e, s3 12e -> s2.
SHOWN_12O = "10e 11e 3e 12e"


def test_a_penalty_for_c9_settles_a_false_cante_which_counts_and_reveals_nothing():
    h = hand(trump="12o", plays=SHOWN_12O)
    refused(h, Cante(2, "o"), "C9")  # 12o is the dealer's shown card
    h.expect_penalty(Penalty(2, "C9"))
    h.apply(Cante(2, "o"))
    assert h.cante_points == [40, 0]
    assert C("11o") not in h.knowledge.known[2]  # a false cante proves no holding
    assert h.knowledge.owner_of[C("12o")] == 3
    # the C9 penalty does not settle seat 2's revoke (C7): T2 s2 10c, s3 11c, s0 3c,
    # s1 1c -> s1; T3 s1 1b, s2 1e (a discard), s3 3b, s0 11b -> s1; T4 s1 12c, then
    # seat 2's 12b shows it held bastos at trick 3
    play(h, "10c 11c 3c 1c  1b 1e 3b 11b  12c")
    error = refused(h, Play(C("12b")), "C7")
    assert (error.trick, error.position, error.seat, error.card) == (3, 2, 2, "1e")


def test_a_penalty_for_c9_does_not_settle_a_cante_faulty_on_its_own_terms():
    h = hand(trump="12o", plays=SHOWN_12O)
    h.expect_penalty(Penalty(1, "C9"))
    assert "did not win trick 1" in refused(h, Cante(1, "b"), "C9").message
    h.apply(Cante(0, "c"))
    assert "already made after trick 1" in refused(h, Cante(2, "b"), "C9").message


def test_a_match_replays_a_whole_log_with_each_hands_penalty_ahead():
    record = load_record(
        (FIXTURES / "valid_penalty_settles_the_renuncio_the_record_shows.json").read_bytes()
    )
    events = hand_events(record.hands[0])
    match = MatchState(record.rules)
    match.replay(events)
    assert (match.score, match.hands[0].penalty) == ([1, 0], Penalty(1, "C7"))
    one_by_one = MatchState(record.rules)
    for event in events[:-2]:  # up to seat 1's 11e
        one_by_one.apply(event)
    with pytest.raises(RuleError) as info:
        one_by_one.apply(events[-2])  # live entry is never told: the proof is refused
    assert (info.value.rule, info.value.trick, info.value.position) == ("C7", 1, 2)


@pytest.mark.parametrize(
    ("penalty", "error"),
    [
        ({"seat": 1, "rule": "C9"}, {"rule": "C7", "trick": 1, "position": 2, "seat": 1}),
        ({"seat": 3, "rule": "C7"}, {"rule": "C7", "trick": 1, "position": 2, "seat": 1}),
        ({"seat": 1}, {"rule": "C7", "trick": 1, "position": 2, "seat": 1}),
        ({"seat": 1, "rule": "C7"}, None),
    ],
)
def test_the_checker_settles_only_the_named_seat_and_rule(penalty, error):
    doc = load_record(
        (FIXTURES / "valid_penalty_settles_the_renuncio_the_record_shows.json").read_bytes()
    )
    doc.hands[0].penalty = penalty
    result = check_record(doc)
    if error is None:
        assert (result["valid"], result["score"]) == (True, [1, 0])
    else:
        assert {k: result["error"][k] for k in error} == error
