"""``manage.py analyse_record``: ANALYSIS.md's JSON lines, checked as ``score_record``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

EXAMPLES = Path("/work/shared/examples")
RECORDS = Path(__file__).parent / "engine" / "records"
PLAY_KEYS = ["trick", "position", "seat", "card", "value", "best", "cost", "best_cards"]


def run(*files) -> tuple[list[dict], int]:
    out = io.StringIO()
    try:
        call_command("analyse_record", *map(str, files), stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return [json.loads(line) for line in out.getvalue().splitlines()], status


def test_a_belote_round_with_its_deal_is_analysed_card_by_card():
    [line], status = run(RECORDS / "belote_valid_capot_all_sequences.json")
    assert status == 0
    assert (line["file"], line["game"]) == ("belote_valid_capot_all_sequences.json", "belote")
    [hand] = line["hands"]
    # the declarer's side took all 8 tricks: 162 card points and the last, + 90 (B7)
    assert (hand["analysed"], hand["value"], hand["actual"], hand["par"]) == (
        True,
        "margin",
        252,
        252,
    )
    assert len(hand["plays"]) == 32
    for entry in hand["plays"]:
        assert list(entry) == PLAY_KEYS
        assert entry["cost"] == abs(entry["best"] - entry["value"])
        assert (entry["cost"] == 0) == (entry["card"] in entry["best_cards"])
    # the first card: trick 1, position 1, by the first speaker (dealer + 1)
    dealer = json.loads((RECORDS / "belote_valid_capot_all_sequences.json").read_text())["hands"][
        0
    ]["dealer"]
    first = hand["plays"][0]
    assert (first["trick"], first["position"], first["seat"]) == (1, 1, (dealer + 1) % 4)


def test_hands_not_analysed_say_why():
    lines, status = run(
        RECORDS / "valid_penalty_ends_the_hand.json",
        RECORDS / "belote_valid_void_round_then_a_round.json",
        EXAMPLES / "valid_003_exact11_q_none_calm.json",
    )
    assert status == 0
    assert lines[0]["hands"] == [{"number": 1, "analysed": False, "reason": "penalty"}]
    assert lines[1]["hands"][0] == {"number": 1, "analysed": False, "reason": "void"}
    assert lines[1]["hands"][1]["analysed"] is True
    assert lines[2]["hands"][0] == {"number": 1, "analysed": False, "reason": "no deal"}


def test_an_incomplete_hand(tmp_path):
    doc = json.loads((RECORDS / "belote_valid_capot_all_sequences.json").read_text())
    # five of eight tricks: every declaration's card is played by then (B5: a declaration
    # whose seat never plays its card after it makes the record invalid, issue 20)
    doc["hands"][0]["tricks"] = doc["hands"][0]["tricks"][:5]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(doc))
    [line], status = run(path)
    assert status == 0
    assert line["hands"] == [{"number": 1, "analysed": False, "reason": "incomplete"}]


def test_invalid_and_unreadable_records_print_the_checkers_line(tmp_path):
    invalid = EXAMPLES / "invalid_c7_beat_deal_01.json"
    lines, status = run(invalid)
    expected = json.loads((EXAMPLES / "invalid_c7_beat_deal_01.expected.json").read_text())
    assert (lines, status) == ([expected], 1)
    lines, status = run(tmp_path / "missing.json", invalid)
    assert status == 2
    assert lines[0]["error"]["message"] == "cannot read: No such file or directory"


@pytest.mark.parametrize(
    "name", ["valid_014_exact11_q_all.json", "belote_valid_025_t31_cmp_mixed.json"]
)
def test_examples_with_deals(name):
    [line], status = run(EXAMPLES / name)
    assert status == 0
    analysed = [h for h in line["hands"] if h["analysed"]]
    assert analysed
    for hand in analysed:
        first = hand["plays"][0]
        # the first card's best is the par: nothing has been played yet
        assert first["best"] == hand["par"]
        # a card's value is the next card's best when no trick ends (no cante between)
        for a, b in zip(hand["plays"], hand["plays"][1:], strict=False):
            if a["trick"] == b["trick"]:
                assert a["value"] == b["best"]
