"""Property tests over random legal Subastao matches (hypothesis drives the seed)."""

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import RuleError, check_record, check_text, dump_record, find_game, load_record
from games.engine.subastao import Bid, HandState, Play, SubastaoRules, Trump
from games.engine.subastao.simulate import random_deal, random_match
from games.engine.tricks import context, legal_cards, violation

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rulesets = st.builds(
    SubastaoRules,
    players=st.sampled_from([3, 4]),
    min_bid=st.sampled_from([60, 70, 100]),
    target=st.integers(min_value=60, max_value=400),
    failed_bid=st.sampled_from(["opponents", "split"]),
)
PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(seed=seeds, rules=rulesets)
def test_every_full_hand_shares_120_card_points_and_10_for_the_last_trick(seed, rules):
    record = random_match(random.Random(seed), rules, max_hands=8)
    result = check_record(record)
    assert result["valid"], result
    score = [0] * rules.units
    for hand, raw in zip(result["hands"], record.hands, strict=True):
        if hand.get("complete") is False:
            continue
        if hand["void"]:
            assert hand["delta"] == [0] * rules.units
            continue
        if len(raw.tricks) == rules.hand_size:  # played to the end (no tute)
            assert sum(hand["points"]) - sum(hand["cantes"]) == 120 + 10
            assert sum(hand["tricks_won"]) == rules.hand_size
        unit = rules.unit_of(hand["bidder"])
        if hand["tute"] is None:
            assert hand["made"] == (hand["points"][unit] >= hand["bid"])
        expected = [0] * rules.units
        if hand["made"]:
            expected[unit] = hand["bid"]
        else:
            for other in range(rules.units):
                if other != unit:
                    expected[other] = rules.failed_value(hand["bid"])
        assert hand["delta"] == expected
        score = [s + d for s, d in zip(score, hand["delta"], strict=True)]
        assert hand["score_after"] == score
    assert result["score"] == score


@PROPS
@given(seed=seeds, rules=rulesets)
def test_the_result_does_not_depend_on_the_deal_being_given(seed, rules):
    record = random_match(random.Random(seed), rules, max_hands=6)
    with_deal = check_record(record)
    for hand in record.hands:
        hand.deal = None
    assert check_record(record) == with_deal
    assert with_deal["valid"]


@PROPS
@given(seed=seeds, rules=rulesets, drop_deal=st.booleans())
def test_writing_and_reading_a_record_changes_nothing(seed, rules, drop_deal):
    record = random_match(random.Random(seed), rules, max_hands=4, with_deal=not drop_deal)
    text = dump_record(record)
    again = load_record(text)
    assert dump_record(again) == text
    assert check_record(again) == check_record(record)


@PROPS
@given(seed=seeds)
def test_a_match_ends_only_with_one_unit_alone_on_top_at_the_target(seed):
    rules = SubastaoRules(target=150)
    result = check_record(random_match(random.Random(seed), rules))
    assert result["finished"]
    top = max(result["score"])
    assert top >= 150
    assert result["score"].count(top) == 1
    assert result["winner_side"] == result["score"].index(top)
    for hand in result["hands"][:-1]:  # before the last hand the match was not over
        after = hand["score_after"]
        assert max(after) < 150 or after.count(max(after)) > 1


def _play_with_one_substitution(seed: int, players: int):
    """Deal a hand, play legal cards, but once let a seat play an illegal card from its
    real hand (chosen at random among its illegal options), then go on legally.
    Returns (bids, trump, events, the deal, dealer, index of the bad play) or None."""
    rng = random.Random(seed)
    rules = SubastaoRules(players=players)
    dealer = rng.randrange(players)
    deal = random_deal(rng, rules)
    bids = [60] + ["pass"] * (players - 1)
    trump = rng.choice("oceb")
    truth = HandState(rules, dealer)  # no deal: accepts what it cannot see
    for bid in bids:
        truth.apply(Bid(bid))
    truth.apply(Trump(trump))
    hands = [list(h) for h in deal]
    events, bad_index = [], None
    while not truth.is_complete:
        seat = truth.to_act
        ctx = context(truth.current_cards, trump)
        legal = legal_cards(hands[seat], ctx)
        illegal = [c for c in hands[seat] if c not in legal]
        if bad_index is None and illegal and rng.random() < 0.3:
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
    return rules, bids, trump, events, deal, dealer, bad_index


@settings(max_examples=120, deadline=None)
@given(seed=seeds, players=st.sampled_from([3, 4]))
def test_every_illegal_substitution_is_refused_with_s4(seed, players):
    built = _play_with_one_substitution(seed, players)
    assume(built is not None)
    rules, bids, trump, events, deal, dealer, bad = built

    def start(with_deal: bool) -> HandState:
        state = HandState(rules, dealer, deal if with_deal else None)
        for bid in bids:
            state.apply(Bid(bid))
        state.apply(Trump(trump))
        return state

    # with the deal: refused at once, at the substituted play
    known = start(True)
    for card in events[:bad]:
        known.apply(Play(card))
    with pytest.raises(RuleError) as info:
        known.apply(Play(events[bad]))
    assert info.value.rule == "S4"
    assert info.value.seq == known.seq  # the event itself, not a later one
    # without the deal: refused no later than the end of the hand (V3: every card is
    # played, no cante ends it early), naming that play
    blind = start(False)
    error = None
    for i, card in enumerate(events):
        if i == bad:
            where = (blind.trick_number, len(blind.current_cards) + 1, blind.to_act)
        try:
            blind.apply(Play(card))
        except RuleError as exc:
            error = exc
            break
    assert error is not None, "V3: a full hand plays every card, so every revoke shows"
    assert error.rule == "S4"
    assert (error.trick, error.position, error.seat, error.card) == (*where, events[bad].text)
    p = [c for c in deal[error.seat] if violation(events[bad], c, blind.plays[bad].ctx)]
    assert p, "the offender really held a witness"


@settings(max_examples=150, deadline=None)
@given(
    doc=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_arbitrary_hands_never_crash_the_checker(doc):
    record = {"format": "card-record", "version": 1, "game": "subastao", "hands": [doc]}
    line, status = check_text(json.dumps(record), "x.json")
    assert status in (1, 2) or line["valid"]
    if not line["valid"]:
        assert line["error"]["message"]


@settings(max_examples=150, deadline=None)
@given(seed=seeds, players=st.sampled_from([3, 4]), data=st.data())
def test_mutated_records_get_a_rule_or_a_format_error_never_a_crash(seed, players, data):
    rules = SubastaoRules(players=players)
    doc = json.loads(dump_record(random_match(random.Random(seed), rules, max_hands=3)))
    hand = data.draw(st.sampled_from(doc["hands"]))
    field = data.draw(
        st.sampled_from(["dealer", "bids", "trump", "tricks", "cantes", "penalty", "deal"])
    )
    hand[field] = data.draw(
        st.one_of(
            st.none(),
            st.integers(-2, 240),
            st.sampled_from(["1o", "2o", "pass", "o", "x", "12"]),
            st.lists(st.one_of(st.integers(50, 235), st.just("pass")), max_size=8),
            st.lists(st.lists(st.sampled_from(["1o", "3o", "12c", "2b", "7e"]), max_size=5)),
            st.fixed_dictionaries(
                {"seat": st.integers(-1, 4), "rule": st.sampled_from(["S4", "C7", "X"])}
            ),
            st.lists(
                st.fixed_dictionaries(
                    {"after_trick": st.integers(-1, 13), "seat": st.integers(-1, 4)},
                    optional={
                        "suit": st.sampled_from("ocebx"),
                        "tute": st.sampled_from(["11", "12", "1"]),
                    },
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
@given(seed=seeds, players=st.sampled_from([3, 4]))
def test_legal_cantes_and_tutes_are_accepted(seed, players):
    """legal_cantes() never offers a cante that apply() refuses (sing every time)."""
    rules = SubastaoRules(players=players)
    assert check_record(random_match(random.Random(seed), rules, max_hands=4, sing=1.0))["valid"]


@settings(max_examples=25, deadline=None)
@given(seed=seeds, players=st.sampled_from([3, 4]))
def test_without_the_deal_every_listed_card_is_accepted(seed, players):
    """legal_plays() without the deal lists exactly cards that apply() accepts."""
    rules = SubastaoRules(players=players)
    record = random_match(random.Random(seed), rules, max_hands=1, with_deal=False)
    h = record.hands[0]
    assume(h.trump is not None)
    state = HandState(rules, h.dealer)
    for event in h.events()[1:]:
        if isinstance(event, Play):
            for candidate in state.legal_plays():
                probe = HandState(rules, h.dealer)
                for done in h.events()[1 : 1 + state.seq]:
                    probe.apply(done)
                probe.apply(Play(candidate))  # must not raise
        state.apply(event)


@PROPS
@given(seed=seeds, rules=rulesets, drop_deal=st.booleans())
def test_live_entry_of_a_records_events_exports_the_same_record(seed, rules, drop_deal):
    """The events of every hand, applied one by one to a match (as the API does), give a
    match whose exported record is the record itself, and the same outcomes."""
    game = find_game("subastao")
    record = random_match(random.Random(seed), rules, max_hands=4, with_deal=not drop_deal)
    match = game.new_match(rules)
    for hand in record.hands:
        for event in hand.events():
            match.apply(game.event_from_dict(game.event_to_dict(event)))
    exported = game.record_from_match(match, seats=record.seats)
    assert json.loads(dump_record(exported))["hands"] == json.loads(dump_record(record))["hands"]
    facts = [o.facts for o in game.outcomes(match)]
    assert facts == [h for h in check_record(record)["hands"] if h.get("complete") is not False]
