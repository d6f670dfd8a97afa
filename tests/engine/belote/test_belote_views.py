"""What the site shows of a Belote round (``games/engine/belote/views.py``): the round's
result worked out step by step as players check it, the header, the story and the
per-side counters."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engine import find_game, hand_events, load_record
from games.engine.belote import BeloteRules, Call, MatchState, Penalty, Play
from games.engine.belote.views import hand_header, hand_story, scoring

from .helpers import DEAL, TRICKS, C

RECORDS = Path(__file__).resolve().parents[1] / "records"
VALID = sorted(
    p for p in RECORDS.rglob("belote_valid_*.json") if not p.name.endswith(".expected.json")
)
GAME = find_game("belote")


def played(calls: str, tricks: list[str], *, rules: BeloteRules | None = None) -> MatchState:
    """A game of one round on the reference deal (dealer 3), every event accepted."""
    match = MatchState(rules or BeloteRules(), first_dealer=3)
    match.apply(GAME.event_from_dict({"kind": "deal", "deal": [r.split() for r in DEAL]}))
    for call in calls.split():
        match.apply(Call(call))
    for trick in tricks:
        for card in trick.split():
            match.apply(Play(C(card)))
    return match


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_the_steps_add_up_to_the_checkers_round_and_game_points(path):
    """Whatever the round: the totals are card points + declarations + capot; the
    transfer keeps the sum (or gives the penalty's); × the multiplier gives the round
    points; ÷10 with the threshold gives the game points."""
    rec = load_record(path.read_bytes())
    match = MatchState(rec.rules, rec.hands[0].dealer)
    match.replay(e for h in rec.hands for e in hand_events(h))
    complete = [h for h in match.hands if h.is_complete]
    assert complete
    for hand, result in zip(complete, match.results, strict=True):
        s = scoring(hand)
        if result.void:
            assert s == {"void": True}
            continue
        assert (s["round_points"], s["game_points"]) == (
            list(result.round_points),
            list(result.game_points),
        )
        assert s["totals"] == [
            s["card_points"][i] + s["declarations"][i] + s["capot_points"][i] for i in (0, 1)
        ]
        if s["outcome"] in ("made", "equal"):
            assert s["before_multiplier"] == s["totals"]
        elif s["outcome"] in ("failed", "doubled"):
            taker = s["taken_by"]
            assert s["taken"] == sum(s["totals"])
            assert s["before_multiplier"][taker] == s["taken"]
            assert s["before_multiplier"][1 - taker] == 0
        else:
            assert s["taken"] == s["penalty_total"] + sum(s["declared"])
        assert s["round_points"] == [p * s["multiplier"] for p in s["before_multiplier"]]
        for c, points, game in zip(
            s["conversion"], s["round_points"], s["game_points"], strict=True
        ):
            assert c["points"] == points == 10 * c["tens"] + c["rest"]
            assert c["game_points"] == game == c["tens"] + (c["rest"] >= s["threshold"])


def test_a_doubled_round_worked_out_by_hand():
    """The reference round (helpers.TRICKS), hearts by seat 0 doubled by seat 1, nobody
    declaring. Seat 0 wins tricks 1-7: Jh 7h 10h 7s 30, 9h 8h Ah 8s 25, Kh 10d 8c 7d 14,
    Qh Jc 9c 8d 5, As Qc 10s 9d 24, Ks Kc Js Jd 12, Qs Ad 9s Qd 17 = 127; seat 1 the
    last, 7c Ac 10c Kd 25 + 10 = 35. Doubled: side 0, with more, takes all 162; × 2 =
    324; 324 ÷ 10 = 32 rest 4 < 6: 32 game points."""
    match = played("hearts double pass pass pass", TRICKS)
    s = scoring(match.hands[0])
    assert s == {
        "void": False,
        "contract": "hearts",
        "declarer": 0,
        "side": 0,
        "card_points": [127, 35],
        "last_trick": 1,
        "last_trick_bonus": 10,
        "declared": [0, 0],
        "declarations": [0, 0],
        "capot": None,
        "capot_points": [0, 0],
        "totals": [127, 35],
        "outcome": "doubled",
        "taken_by": 0,
        "taken": 162,
        "penalty": None,
        "penalty_total": None,
        "before_multiplier": [162, 0],
        "multiplier": 2,
        "round_points": [324, 0],
        "threshold": 6,
        "conversion": [
            {"points": 324, "tens": 32, "rest": 4, "up": False, "game_points": 32},
            {"points": 0, "tens": 0, "rest": 0, "up": False, "game_points": 0},
        ],
        "game_points": [32, 0],
    }
    assert hand_story(match.hands[0])["trick_points"] == [30, 25, 14, 5, 24, 12, 17, 35]


def test_a_round_made_then_a_penalty_on_a_defender():
    """Hearts by seat 0 on the reference deal: 127 to 35, made. A penalty against seat 1
    after the last trick: side 0 scores the round's 162 card points (no declaration),
    16 game points (162: remainder 2 < 6)."""
    match = played("hearts pass pass pass", TRICKS)
    hand = match.hands[0]
    assert scoring(hand)["outcome"] == "made"
    match.apply(Penalty(1, "B6"))
    s = scoring(hand)
    assert (s["outcome"], s["penalty"], s["taken_by"], s["taken"]) == ("penalty", 1, 0, 162)
    assert (s["round_points"], s["game_points"]) == ([162, 0], [16, 0])
    outcome = GAME.outcomes(match)[0]
    assert GAME.unit_counters(BeloteRules(), outcome) == [
        {
            "game_points": 16,
            "rounds_won": 1,
            "capots": 0,
            "contracts": 1,
            "contracts_made": 1,
            "doubled_made": 0,
        },
        dict.fromkeys(GAME.counters, 0),
    ]


def test_the_header_follows_the_auction():
    match = MatchState(BeloteRules(), first_dealer=3)
    match.apply(GAME.event_from_dict({"kind": "deal"}))
    hand = match.hands[0]
    assert hand_header(hand) == {}
    for call, header in (
        ("clubs", {"contract": "clubs", "declarer": 0, "multiplier": 1}),
        ("double", {"contract": "clubs", "declarer": 0, "multiplier": 2}),
        ("hearts", {"contract": "hearts", "declarer": 2, "multiplier": 1}),
    ):
        match.apply(Call(call))
        assert hand_header(hand) == header
    story = hand_story(hand)
    assert story["speech"] == [
        {"seat": 0, "text": "clubs"},
        {"seat": 1, "text": "double"},
        {"seat": 2, "text": "hearts"},
    ]
    assert (story["facts"]["declaration"], story["roles"]) == ("hearts", {"declarer": 2})
    assert story["facts"]["scoring"] is None  # not complete


def test_a_void_round():
    match = MatchState(BeloteRules(), first_dealer=0)
    match.apply(GAME.event_from_dict({"kind": "deal"}))
    for _ in range(4):
        match.apply(Call("pass"))
    hand = match.hands[0]
    assert (hand_header(hand), scoring(hand)) == ({"void": True}, {"void": True})
    outcome = GAME.outcomes(match)[0]
    assert GAME.unit_counters(BeloteRules(), outcome) == [dict.fromkeys(GAME.counters, 0)] * 2
