"""Property tests over random legal Belote games (hypothesis drives the random seed)."""

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import check_record, check_text, dump_record, load_record
from games.engine.belote import (
    CONTRACT,
    BeloteRules,
    Call,
    HandState,
    Play,
    advance,
    context,
    legal_cards,
    trick_winner,
    violation,
)
from games.engine.belote.declarations import NATURAL
from games.engine.belote.play import witness_suits
from games.engine.belote.simulate import random_deal, random_match
from games.engine.cards import FRENCH_32
from games.engine.errors import RuleError

seeds = st.integers(min_value=0, max_value=2**32 - 1)
rulesets = st.builds(
    BeloteRules,
    target=st.integers(min_value=1, max_value=300),
    compare_sequences=st.booleans(),
)
PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOTAL = {"all_trumps": 258, "no_trumps": 130}


@PROPS
@given(seed=seeds, rules=rulesets)
def test_every_round_shares_162_258_or_130_card_points(seed, rules):
    result = check_record(random_match(random.Random(seed), rules, max_hands=6))
    assert result["valid"], result
    for r in result["hands"]:
        if r["void"]:
            assert r["round_points"] == [0, 0]
            continue
        assert sum(r["card_points"]) == TOTAL.get(r["contract"], 162)
        assert sum(r["tricks_won"]) == 8
        if r["capot"] is not None:
            assert r["tricks_won"][r["capot"]] == 8
        # B7: the round's points are both sides' points (plus capot), kept or moved across,
        # times the multiplier; B8 then divides each by ten
        own = sum(r["card_points"]) + sum(r["declarations"]) + (90 if r["capot"] is not None else 0)
        assert sum(r["round_points"]) == own * r["multiplier"]
        for points, game in zip(r["round_points"], r["game_points"], strict=True):
            assert points // 10 <= game <= points // 10 + 1


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
@given(seed=seeds, drop_deal=st.booleans())
def test_writing_and_reading_a_record_changes_nothing(seed, drop_deal):
    record = random_match(random.Random(seed), max_hands=4, with_deal=not drop_deal)
    text = dump_record(record)
    again = load_record(text)
    assert dump_record(again) == text
    assert check_record(again) == check_record(record)


@PROPS
@given(seed=seeds)
def test_every_declaration_offered_is_accepted(seed):
    """legal_declarations() never offers what apply() refuses (declare whenever able)."""
    record = random_match(random.Random(seed), max_hands=4, declare=1.0)
    assert check_record(record)["valid"]


def _round_with_one_substitution(seed: int):
    """Deal, run a legal auction, play legal cards, but once let a seat play an illegal
    card from its real hand, then go on legally. (calls, plays, deal, dealer, bad index)
    or None when no seat ever had an illegal card to play."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    deal = random_deal(rng)
    contract = rng.choice(list(CONTRACT))
    calls = [contract, "pass", "pass", "pass"]
    truth = HandState(BeloteRules(), dealer)  # no deal: accepts what it cannot see yet
    for call in calls:
        truth.apply(Call(call))
    hands = [list(h) for h in deal]
    plays, bad = [], None
    while not truth.is_complete:
        seat = truth.to_act
        legal = legal_cards(hands[seat], truth._ctx)
        illegal = [c for c in hands[seat] if c not in legal]
        if bad is None and illegal and rng.random() < 0.4:
            card, bad = rng.choice(illegal), len(plays)
        else:
            card = rng.choice(legal)
        plays.append(card)
        try:
            truth.apply(Play(card))
        except RuleError:
            break  # the record proves the fault here: the rest does not matter
        hands[seat].remove(card)
    if bad is None:
        return None
    return calls, plays, deal, dealer, bad


@settings(max_examples=120, deadline=None)
@given(seed=seeds)
def test_every_illegal_substitution_is_refused_with_b6(seed):
    built = _round_with_one_substitution(seed)
    assume(built is not None)
    calls, plays, deal, dealer, bad = built
    # with the deal: refused at once, at the substituted play
    known = HandState(BeloteRules(), dealer, deal)
    for call in calls:
        known.apply(Call(call))
    for card in plays[:bad]:
        known.apply(Play(card))
    with pytest.raises(RuleError) as info:
        known.apply(Play(plays[bad]))
    assert info.value.rule == "B6"
    assert info.value.seq == known.seq  # the event itself, not a later one
    # without the deal: every card of a round is played, so the witness shows (V3) and the
    # error names the substituted play
    blind = HandState(BeloteRules(), dealer)
    for call in calls:
        blind.apply(Call(call))
    error = None
    for i, card in enumerate(plays):
        if i == bad:
            where = (blind.trick_number, len(blind.current_cards) + 1, blind.to_act)
        try:
            blind.apply(Play(card))
        except RuleError as exc:
            error = exc
            break
    assert error is not None, "V3: a round plays every card, so every revoke shows"
    assert error.rule == "B6"
    assert (error.trick, error.position, error.seat, error.card) == (*where, plays[bad].text)


@settings(max_examples=80, deadline=None)
@given(seed=seeds, data=st.data())
def test_a_false_declaration_is_refused_with_or_without_the_deal(seed, data):
    """A seat declares a tierce it does not wholly hold: B5 at once with the deal; without
    it, the round cannot be checked to its end (the real holder plays the card: V1)."""
    record = random_match(random.Random(seed), max_hands=1, bid=0.9)
    hand = record.hands[0]
    assume(hand.tricks and len(hand.tricks) == 8)
    deal = [set(cards) for cards in hand.deal]
    seat = data.draw(st.integers(0, 3))
    suit = data.draw(st.sampled_from(FRENCH_32.suits))
    start = data.draw(st.integers(0, len(NATURAL) - 3))
    tierce = [NATURAL[i] + suit for i in range(start, start + 3)]
    assume(not all(card in deal[seat] for card in tierce))
    hand.declarations = [
        *(hand.declarations or []),
        {"seat": seat, "kind": "tierce", "cards": tierce},
    ]
    index = len(hand.declarations)
    result = check_record(record)
    assert not result["valid"]
    assert result["error"]["rule"] == "B5"
    assert result["error"]["declaration"] == index
    hand.deal = None
    assert not check_record(record)["valid"]


@settings(max_examples=200, deadline=None)
@given(seed=seeds, data=st.data())
def test_mutated_records_get_a_rule_or_a_format_error_never_a_crash(seed, data):
    doc = json.loads(dump_record(random_match(random.Random(seed), max_hands=3)))
    hand = data.draw(st.sampled_from(doc["hands"]))
    field = data.draw(
        st.sampled_from(["dealer", "calls", "tricks", "declarations", "penalty", "deal", "rules"])
    )
    value = data.draw(
        st.one_of(
            st.integers(-2, 6),
            st.none(),
            st.sampled_from(["Jh", "7c", "pass", "hearts", "double", "belote"]),
            st.lists(
                st.sampled_from(["pass", "hearts", "double", "redouble", "all_trumps", 3]),
                max_size=9,
            ),
            st.lists(st.lists(st.sampled_from(["Jh", "9h", "Ac", "7s", "1o"]), max_size=5)),
            st.fixed_dictionaries(
                {"seat": st.integers(-1, 4), "rule": st.sampled_from(["B6", "C7", 6])}
            ),
            st.lists(
                st.fixed_dictionaries(
                    {
                        "seat": st.one_of(st.integers(-1, 4), st.text(max_size=1)),
                        "kind": st.sampled_from(["tierce", "quarte", "quint", "four", "belote"]),
                        "cards": st.lists(st.sampled_from(["As", "Ks", "Qs", "Js", "Jh"])),
                        "suit": st.sampled_from(["h", "s", "x"]),
                    }
                ),
                max_size=3,
            ),
            st.dictionaries(st.sampled_from(["target", "compare_sequences", "x"]), st.integers()),
        )
    )
    if field == "rules":
        doc["rules"] = value
    else:
        hand[field] = value
    line, status = check_text(json.dumps(doc), "x.json")
    assert status in (0, 1, 2)
    assert line["valid"] is (status == 0)
    if not line["valid"]:
        assert line["error"]["message"]


@settings(max_examples=15, deadline=None)
@given(seed=seeds)
def test_without_the_deal_every_listed_card_is_accepted(seed):
    """legal_plays() without the deal lists exactly cards that apply() accepts."""
    record = random_match(random.Random(seed), max_hands=1, with_deal=False)
    h = record.hands[0]
    events = h.events()[1:]
    state = HandState(record.rules, h.dealer)
    for event in events:
        if isinstance(event, Play):
            listed = state.legal_plays()
            assert event.card in listed  # the card really played was legal
            for candidate in listed:
                probe = copy.deepcopy(state)
                probe.apply(Play(candidate))  # must not raise
        state.apply(event)


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(FRENCH_32.cards), min_size=1, max_size=4, unique=True),
    name=st.sampled_from(list(CONTRACT)),
)
def test_the_incremental_trick_winner_equals_a_naive_one(cards, name):
    contract = CONTRACT[name]
    ctx = context([], contract)
    for card in cards:
        ctx = advance(ctx, card)
    trumps = [c for c in cards if c.suit == contract.trump]
    pool = trumps or [c for c in cards if c.suit == cards[0].suit]
    best = max(pool, key=contract.strength.__getitem__)
    assert cards[ctx.winning] is best
    assert trick_winner(cards, contract) == cards.index(best)


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(st.sampled_from(FRENCH_32.cards), min_size=2, max_size=5, unique=True),
    name=st.sampled_from(list(CONTRACT)),
)
def test_witness_suits_cover_every_card_that_proves_a_play_faulty(cards, name):
    """The V2 index (play.witness_suits) never hides a play that a card could prove."""
    trick = cards[:-2]
    card, witness = cards[-2], cards[-1]
    ctx = context(trick, CONTRACT[name])
    if violation(card, witness, ctx):
        assert witness.suit in witness_suits(card, ctx)
