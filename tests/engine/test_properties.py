"""Property tests over random legal games (hypothesis drives the random seed)."""

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import SPANISH_20, RuleError, check_record, check_text, dump_record, load_record
from games.engine.cuatrola import Call, CuatrolaRules, HandState, Penalty, Play
from games.engine.cuatrola.play import (
    advance,
    context,
    legal_cards,
    trick_winner,
    violation,
    winning_card,
)
from games.engine.cuatrola.record import HandRecord
from games.engine.cuatrola.simulate import random_deal, random_match
from games.engine.game import Record

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rulesets = st.builds(
    CuatrolaRules,
    match=st.sampled_from(["exact", "first_to", "hands"]),
    target=st.integers(min_value=1, max_value=15),
    quintola=st.booleans(),
)
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(seed=seeds, rules=rulesets)
def test_every_full_four_seat_hand_shares_130_points(seed, rules):
    record = random_match(random.Random(seed), rules, declare=0.2)
    result = check_record(record)
    assert result["valid"], result
    for hand in result["hands"]:
        if hand.get("complete") is False:
            continue
        if hand["declaration"] == "plain":  # 4-card tricks, all 20 cards played
            assert sum(hand["points"]) - sum(hand["cantes"]) == 120 + 10
        assert (
            hand["value"]
            == {"plain": 1, "solo": 2, "cuatrola": 4, "quintola": 5}[hand["declaration"]]
        )


@PROPS
@given(seed=seeds, rules=rulesets)
def test_the_result_does_not_depend_on_the_deal_being_given(seed, rules):
    record = random_match(random.Random(seed), rules)
    with_deal = check_record(record)
    for hand in record.hands:
        hand.deal = None
    assert check_record(record) == with_deal
    assert with_deal["valid"]


@PROPS
@given(seed=seeds, rules=rulesets, drop_deal=st.booleans())
def test_writing_and_reading_a_record_changes_nothing(seed, rules, drop_deal):
    record = random_match(random.Random(seed), rules, with_deal=not drop_deal)
    text = dump_record(record)
    again = load_record(text)
    assert dump_record(again) == text
    assert check_record(again) == check_record(record)


@PROPS
@given(seed=seeds, rules=rulesets)
def test_exact_matches_never_pass_the_target_by_their_own_declaration(seed, rules):
    """C4: a side passes the target only through the opponents' failure or a penalty."""
    result = check_record(random_match(random.Random(seed), rules, declare=0.6))
    before = [0, 0]
    for hand in result["hands"]:
        if hand.get("complete") is False:
            break
        side = hand["winner_side"]
        if rules.match == "exact" and hand["score_after"][side] > rules.target:
            assert hand["declarer"] is not None
            assert hand["declarer"] % 2 != side
            assert before[side] <= rules.target
        before = hand["score_after"]


def _play_with_one_substitution(seed: int, declare: bool):
    """Deal a hand, play legal cards, but once let a seat play an illegal card from its
    real hand (chosen at random among its illegal options), then go on legally.
    Returns (events, the deal, dealer, trump, index of the bad play) or None."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    deal, trump = random_deal(rng, dealer)
    calls = ["pass"] * 4
    if declare:
        calls[rng.randrange(4)] = rng.choice(["solo", "cuatrola"])
    truth = HandState(CuatrolaRules(), dealer, trump)  # no deal: accepts what it cannot see
    for c in calls:
        truth.apply(Call(c))
    hands = [list(h) for h in deal]
    events, bad_index = [], None
    while not truth.is_complete:
        seat = truth.to_act
        ctx = context(truth.current_cards, truth.trump)
        legal = legal_cards(hands[seat], ctx)
        illegal = [c for c in hands[seat] if c not in legal]
        if bad_index is None and illegal and rng.random() < 0.5:
            card = rng.choice(illegal)
            bad_index = len(events)
        else:
            card = rng.choice(legal)
        events.append(card)
        try:
            truth.apply(Play(card))
        except RuleError:
            break  # the record proves a fault here: the rest of the hand does not matter
        hands[seat].remove(card)
    if bad_index is None:
        return None
    return calls, events, deal, dealer, trump, bad_index


@settings(max_examples=150, deadline=None)
@given(seed=seeds, declare=st.booleans())
def test_every_illegal_substitution_is_refused_with_c7(seed, declare):
    built = _play_with_one_substitution(seed, declare)
    assume(built is not None)
    calls, events, deal, dealer, trump, bad = built
    # with the deal: refused at once, at the substituted play
    known = HandState(CuatrolaRules(), dealer, trump, deal)
    for c in calls:
        known.apply(Call(c))
    for card in events[:bad]:
        known.apply(Play(card))
    with pytest.raises(RuleError) as info:
        known.apply(Play(events[bad]))
    assert info.value.rule == "C7"
    assert info.value.seq == known.seq  # the event itself, not a later one
    # without the deal: refused no later than the end of the hand, naming that play,
    # unless the offender's witness card never shows (then nothing proves it: V2)
    blind = HandState(CuatrolaRules(), dealer, trump)
    for c in calls:
        blind.apply(Call(c))
    error = None
    for i, card in enumerate(events):
        if i == bad:
            where = (blind.trick_number, len(blind.current_cards) + 1, blind.to_act)
        try:
            blind.apply(Play(card))
        except RuleError as exc:
            error = exc
            break
    if not declare:
        assert error is not None, "V3: a plain hand plays every card, so every revoke shows"
    if error is None:
        # never proved: then no card the record shows the offender held was a witness,
        # and the hand ended before all its cards were played
        p = blind.plays[bad]
        held = [
            w for w in blind.knowledge.known[p.seat] if blind.knowledge.held_at(p.seat, w, p.seq)
        ]
        assert not any(violation(p.card, w, p.ctx) for w in held)
        assert len(blind.plays_by_seat[p.seat]) < 5
    else:
        assert error.rule == "C7"
        assert (error.trick, error.position, error.seat, error.card) == (*where, events[bad].text)


def _renuncio_then_penalty(seed: int, declare: bool):
    """Deal a hand, play legal cards but let one seat revoke once (a card from its real
    hand), go on legally for a while, and end the hand with the penalty against that
    seat for C7, as a paper record would. Returns (record, offender, the revoke's
    (trick, position, card)) or None when nobody revoked."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    deal, trump = random_deal(rng, dealer)
    calls = ["pass"] * 4
    if declare:
        calls[rng.randrange(4)] = rng.choice(["solo", "cuatrola"])
    state = HandState(CuatrolaRules(), dealer, trump)
    for c in calls:
        state.apply(Call(c))
    hands = [list(h) for h in deal]
    offender = revoke = None
    while not state.is_complete and not (offender is not None and rng.random() < 0.2):
        seat = state.to_act
        ctx = context(state.current_cards, state.trump)
        legal = legal_cards(hands[seat], ctx)
        illegal = [c for c in hands[seat] if c not in legal]
        if offender is None and illegal and rng.random() < 0.5:
            card = rng.choice(illegal)
            offender, revoke = seat, (state.trick_number, len(state.current_cards) + 1, card.text)
            state.expect_penalty(Penalty(seat, "C7"))
        else:
            card = rng.choice(legal)
        state.apply(Play(card))
        hands[seat].remove(card)
    if offender is None:
        return None
    tricks = [[c.text for c in t.cards] for t in state.tricks]
    if state.current_cards:
        tricks.append([c.text for c in state.current_cards])
    hand = HandRecord(
        dealer,
        trump.text,
        calls,
        tricks,
        [[c.text for c in cards] for cards in deal],
        [],
        {"seat": offender, "rule": "C7"},
    )
    return Record("cuatrola", CuatrolaRules(), [hand]), offender, revoke


@settings(max_examples=100, deadline=None)
@given(seed=seeds, declare=st.booleans())
def test_a_penalty_settles_the_revoke_the_record_shows(seed, declare):
    """C12: the penalty settles its seat's revoke, with or without the deal; without the
    penalty the same record is refused at the revoke (with the deal, V4)."""
    built = _renuncio_then_penalty(seed, declare)
    assume(built is not None)
    record, offender, revoke = built
    result = check_record(record)
    assert result["valid"], result
    assert result["hands"][0]["winner_side"] == 1 - offender % 2
    deal, record.hands[0].deal = record.hands[0].deal, None
    assert check_record(record) == result
    record.hands[0].deal, record.hands[0].penalty = deal, None
    error = check_record(record)["error"]
    assert (error["rule"], error["seat"]) == ("C7", offender)
    assert (error["trick"], error["position"], error["card"]) == revoke


@settings(max_examples=200, deadline=None)
@given(
    doc=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_arbitrary_json_never_crashes_the_checker(doc):
    line, status = check_text(json.dumps(doc), "x.json")
    assert status in (1, 2)
    assert line["valid"] is False


@settings(max_examples=100, deadline=None)
@given(seed=seeds, data=st.data())
def test_mutated_records_get_a_rule_or_a_format_error_never_a_crash(seed, data):
    doc = json.loads(dump_record(random_match(random.Random(seed), max_hands=3)))
    hand = data.draw(st.sampled_from(doc["hands"]))
    field = data.draw(
        st.sampled_from(["dealer", "trump_card", "calls", "tricks", "cantes", "penalty", "deal"])
    )
    hand[field] = data.draw(
        st.one_of(
            st.integers(-2, 6),
            st.sampled_from(["1o", "7o", "pass", "solo"]),
            st.lists(st.sampled_from(["1o", "3o", "12c", "pass", "quintola"]), max_size=6),
            st.lists(st.lists(st.sampled_from(["1o", "3o", "12c", "10b"]), max_size=5), max_size=6),
            st.fixed_dictionaries(
                {"seat": st.integers(-1, 4), "rule": st.sampled_from(["C7", "X"])}
            ),
            st.lists(
                st.fixed_dictionaries(
                    {
                        "after_trick": st.integers(0, 6),
                        "seat": st.integers(0, 3),
                        "suit": st.sampled_from("oceb"),
                    }
                ),
                max_size=3,
            ),
        )
    )
    line, status = check_text(json.dumps(doc), "x.json")
    assert status in (0, 1, 2)
    if not line["valid"]:
        assert line["error"]["message"]


@PROPS
@given(seed=seeds)
def test_legal_cantes_are_accepted(seed):
    """legal_cantes() never offers a cante that apply() refuses (sing every time)."""
    assert check_record(random_match(random.Random(seed), max_hands=3, sing=1.0))["valid"]


@settings(max_examples=200, deadline=None)
@given(
    cards=st.lists(st.sampled_from(SPANISH_20.cards), min_size=1, max_size=4, unique=True),
    trump=st.sampled_from("oceb"),
)
def test_incremental_trick_context_equals_recomputing_it(cards, trump):
    ctx = context([], trump)
    for i, card in enumerate(cards, 1):
        ctx = advance(ctx, card)
        assert ctx == context(cards[:i], trump)
    assert winning_card(ctx) is cards[trick_winner(cards, trump)]


@PROPS
@given(seed=seeds)
def test_without_the_deal_every_listed_card_is_accepted(seed):
    """legal_plays() without the deal lists exactly cards that apply() accepts."""
    rng = random.Random(seed)
    record = random_match(rng, max_hands=2, with_deal=False)
    for h in record.hands:
        state = HandState(record.rules, h.dealer, SPANISH_20.card(h.trump_card))
        for call in h.calls:
            state.apply(Call(call))
        for card in (SPANISH_20.card(t) for trick in h.tricks for t in trick):
            for candidate in state.legal_plays():
                probe = HandState(record.rules, h.dealer, SPANISH_20.card(h.trump_card))
                for call in h.calls:
                    probe.apply(Call(call))
                for done in state.plays:
                    probe.apply(Play(done.card))
                probe.apply(Play(candidate))  # must not raise
            state.apply(Play(card))
