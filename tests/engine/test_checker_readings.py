"""Issue 20's nine checker readings, made the same in every game (RECORD_FORMAT.md as
settled further). Each record is written by hand; so is each expected line."""

import json

import pytest

from games.engine import check_text

VOID_BELOTE = {
    "number": 1,
    "void": True,
    "contract": None,
    "declarer": None,
    "multiplier": None,
    "tricks_won": [0, 0],
    "card_points": [0, 0],
    "declarations": [0, 0],
    "capot": None,
    "round_points": [0, 0],
    "game_points": [0, 0],
    "score_after": [0, 0],
}


def check(game: str, hands: list, rules: dict | None = None, **doc) -> tuple[dict, int]:
    record = {"format": "card-record", "version": 1, "game": game, **doc, "hands": hands}
    if rules is not None:
        record["rules"] = rules
    line, status = check_text(json.dumps(record), "x.json")
    return line, status


def error(line: dict) -> dict:
    """The error without its message (free text)."""
    out = dict(line["error"])
    out.pop("message")
    return out


def at(rule, *, hand=1, trick=None, position=None, seat=None, card=None, **more) -> dict:
    return {
        "hand": hand,
        "trick": trick,
        "position": position,
        "seat": seat,
        "card": card,
        **more,
        "rule": rule,
    }


# 1 -------------------------------------------------------------------------------------
def test_1_a_void_belote_round_has_no_contract_declarer_multiplier_or_capot():
    line, status = check("belote", [{"dealer": 0, "calls": ["pass"] * 4}])
    assert status == 0
    assert line["hands"] == [VOID_BELOTE]
    assert (line["score"], line["finished"], line["winner_side"]) == ([0, 0], False, None)


# 2 -------------------------------------------------------------------------------------
def test_2_a_subastao_trump_in_a_void_hand_is_s3():
    line, status = check("subastao", [{"dealer": 0, "bids": ["pass"] * 3, "trump": "o"}])
    assert status == 1
    assert error(line) == at("S3")


# 3 -------------------------------------------------------------------------------------
# dealer 0: seat 1 speaks first; after two calls (seats 1, 2) seat 3's is missing
@pytest.mark.parametrize(
    "cante",
    [
        {"after_trick": 1, "seat": 7, "suit": "x"},  # malformed: seat and suit
        {"after_trick": 0, "seat": 0, "suit": "o"},  # malformed: after_trick
        {"after_trick": 1, "seat": 0, "suit": "o"},  # well formed
    ],
)
def test_3_cuatrola_calls_stop_short_then_a_cante_is_the_missing_call(cante):
    hands = [{"dealer": 0, "trump_card": "12o", "calls": ["pass", "pass"], "cantes": [cante]}]
    line, _ = check("cuatrola", hands)
    assert error(line) == at("C3", seat=3, call=3)


@pytest.mark.parametrize("penalty", [{"seat": 0}, {"seat": 9, "rule": "C7"}, {"rule": "C9"}])
def test_3_cuatrola_calls_stop_short_then_a_penalty_is_the_missing_call(penalty):
    hands = [{"dealer": 0, "trump_card": "12o", "calls": ["pass"], "penalty": penalty}]
    line, _ = check("cuatrola", hands)
    assert error(line) == at("C3", seat=2, call=2)


@pytest.mark.parametrize(
    "penalty", [{"seat": 1}, {"seat": 1, "rule": "S9"}, {"seat": 5, "rule": "S4"}]
)
def test_3_subastao_bids_stop_short_then_a_penalty_is_the_missing_bid(penalty):
    # dealer 0 of 3: seat 1 bids first, seat 2's bid is missing
    line, _ = check("subastao", [{"dealer": 0, "bids": ["pass"], "penalty": penalty}])
    assert error(line) == at("S2", seat=2, call=2)


def test_3_subastao_bids_stop_short_then_a_malformed_cante_is_the_missing_bid():
    hands = [{"dealer": 0, "bids": [60], "cantes": [{"after_trick": 1, "seat": 9, "suit": "x"}]}]
    line, _ = check("subastao", hands)
    assert error(line) == at("S2", seat=2, call=2)


@pytest.mark.parametrize(
    ("rules", "penalty"),
    [
        ({"renuncio_penalty": False}, {"seat": 1, "rule": "B6"}),  # the option off
        (None, {"seat": 1, "rule": "C7"}),  # not a rule of Belote
        (None, {"seat": "x", "rule": "B6"}),  # no seat
    ],
)
def test_3_belote_calls_stop_short_then_a_penalty_is_the_missing_call(rules, penalty):
    line, _ = check("belote", [{"dealer": 0, "calls": ["pass"], "penalty": penalty}], rules)
    assert error(line) == at("B2", seat=2, call=2)


def test_3_belote_calls_stop_short_then_a_declaration_without_a_seat_is_the_missing_call():
    hands = [{"dealer": 0, "calls": ["hearts"], "declarations": [{"kind": "tierce"}]}]
    line, _ = check("belote", hands)
    assert error(line) == at("B2", seat=2, call=2)


# 4 -------------------------------------------------------------------------------------
TIERCE = {"seat": 3, "kind": "tierce", "cards": ["7c", "8c", "9c"]}
HEARTS = ["hearts", "pass", "pass", "pass"]


def test_4_a_declaration_in_an_unfinished_last_round_is_b5_and_not_scored():
    # dealer 0: seat 1 leads; seat 3 never plays its first card
    hands = [{"dealer": 0, "calls": HEARTS, "declarations": [TIERCE], "tricks": [["Jh", "7h"]]}]
    line, _ = check("belote", hands)
    assert error(line) == at("B5", seat=3, declaration=1)


def test_4_a_declaration_in_a_round_ended_by_a_penalty_is_b5():
    hands = [
        {
            "dealer": 0,
            "calls": HEARTS,
            "declarations": [TIERCE],
            "tricks": [["Jh"]],
            "penalty": {"seat": 1, "rule": "B6"},
        }
    ]
    line, _ = check("belote", hands)
    assert error(line) == at("B5", seat=3, declaration=1)


# 5 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", ["x", 1.0, True, None, [1]])
def test_5_a_belote_penalty_without_a_seat_is_b7_not_unreadable(seat):
    hands = [{"dealer": 0, "calls": HEARTS, "penalty": {"seat": seat, "rule": "B6"}}]
    line, status = check("belote", hands)
    assert status == 1
    assert error(line) == at("B7")


@pytest.mark.parametrize("key", ["kind", "seat", "cards"])
def test_5_a_belote_declaration_with_a_null_field_is_unreadable(key):
    declaration = {**TIERCE, key: None}
    hands = [{"dealer": 0, "calls": HEARTS, "declarations": [declaration]}]
    line, status = check("belote", hands)
    assert (status, line["error"]["rule"]) == (2, None)
    assert f"declaration 1: {key} must be" in line["error"]["message"]


# 6 -------------------------------------------------------------------------------------
HAND = {
    "cuatrola": {"dealer": 0, "trump_card": "12o", "calls": ["pass"] * 4},
    "subastao": {"dealer": 0, "bids": ["pass"] * 3},
    "belote": {"dealer": 0, "calls": ["pass"] * 4},
}


@pytest.mark.parametrize("game", sorted(HAND))
@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_6_version_is_the_integer_1_in_every_game(game, version):
    line, status = check(game, [HAND[game]], version=version)
    assert (status, line["error"]) == (2, {"rule": None, "message": "version must be 1"})
    assert check(game, [HAND[game]])[1] == 0


# 7 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(HAND))
def test_7_a_target_above_10000_is_unreadable_in_every_game(game):
    line, status = check(game, [HAND[game]], {"target": 10_001})
    assert (status, line["error"]["rule"]) == (2, None)
    assert "rules.target" in line["error"]["message"]
    assert check(game, [HAND[game]], {"target": 10_000})[1] == 0


@pytest.mark.parametrize("min_bid", [50, 55, 235, 62])
def test_7_subastao_min_bid_is_a_multiple_of_5_from_60_to_230(min_bid):
    line, status = check("subastao", [HAND["subastao"]], {"min_bid": min_bid})
    assert (status, line["error"]["rule"]) == (2, None)
    assert "rules.min_bid" in line["error"]["message"]


@pytest.mark.parametrize("min_bid", [60, 230])
def test_7_subastao_min_bid_at_both_ends_is_read(min_bid):
    assert check("subastao", [HAND["subastao"]], {"min_bid": min_bid})[1] == 0


# 8 -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cante",
    [
        {"after_trick": 1, "seat": 1, "suit": "o", "tute": None},
        {"after_trick": 1, "seat": 1, "suit": None, "tute": "12"},
        {"after_trick": 1, "seat": 1, "suit": None},
    ],
)
def test_8_a_null_subastao_cante_field_is_a_wrong_type(cante):
    hands = [{"dealer": 0, "bids": [60, "pass", "pass"], "trump": "o", "cantes": [cante]}]
    line, status = check("subastao", hands)
    assert (status, line["error"]["rule"]) == (2, None)


def test_8_an_omitted_subastao_cante_key_is_not_a_null_one():
    # read, then refused in play order: trick 1 was never played (S5)
    cante = {"after_trick": 1, "seat": 1, "suit": "o"}
    hands = [{"dealer": 0, "bids": [60, "pass", "pass"], "trump": "o", "cantes": [cante]}]
    line, status = check("subastao", hands)
    assert (status, line["error"]["rule"]) == (1, "S5")


# 9 -------------------------------------------------------------------------------------
def test_9_cuatrola_an_empty_trick_then_another_is_a_short_trick():
    # plain hand, dealer 0: seat 1 leads trick 1, which is given as []
    hands = [{"dealer": 0, "trump_card": "12o", "calls": ["pass"] * 4, "tricks": [[], ["1c"]]}]
    line, _ = check("cuatrola", hands)
    assert error(line) == at("V1", trick=2, position=1, seat=1, card="1c")
    assert line["error"]["message"] == "trick 1 is short: 0 cards of 4"


def test_9_subastao_an_empty_trick_then_another_is_a_short_trick():
    # seat 1 wins the auction with 60 and leads
    hands = [{"dealer": 0, "bids": [60, "pass", "pass"], "trump": "o", "tricks": [[], ["1c"]]}]
    line, _ = check("subastao", hands)
    assert error(line) == at("V1", trick=2, position=1, seat=1, card="1c")


def test_9_belote_an_empty_trick_then_another_is_a_short_trick():
    hands = [{"dealer": 0, "calls": HEARTS, "tricks": [[], ["Jh"]]}]
    line, _ = check("belote", hands)
    assert error(line) == at("V1", trick=2, position=1, seat=1, card="Jh")


def test_9_a_belote_round_ended_by_a_penalty_has_no_capot():
    # seat 1 (side 1) takes trick 1 with the trump jack; the penalty against seat 1 ends
    # the round: side 0 scores the contract's 162 card points, nobody a capot
    deal = [
        ["7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As"],
        ["Jh", "9h", "7c", "8c", "9c", "10c", "Jc", "Qc"],
        ["7h", "8h", "Kc", "Ac", "7d", "8d", "9d", "10d"],
        ["Ah", "10h", "Kh", "Qh", "Jd", "Qd", "Kd", "Ad"],
    ]
    hands = [
        {
            "dealer": 0,
            "deal": deal,
            "calls": HEARTS,
            "tricks": [["Jh", "7h", "Ah", "7s"]],
            "penalty": {"seat": 1, "rule": "B6"},
        }
    ]
    line, status = check("belote", hands)
    assert status == 0, line
    (summary,) = line["hands"]
    assert (summary["capot"], summary["tricks_won"]) == (None, [0, 1])
    assert summary["round_points"] == [162, 0]
