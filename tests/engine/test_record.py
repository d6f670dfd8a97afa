"""The card-record format and the checker: fixtures, the shared examples, the CLI."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import check_text, dump_record, load_record

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "records"
# The spec's own examples, vendored so that the suite runs without ../shared beside it.
SHARED = FIXTURES / "shared"


def record_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))


ALL = record_files(FIXTURES) + record_files(SHARED)


def expected_for(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def without_message(line: dict) -> dict:
    line = json.loads(json.dumps(line))
    line.get("error", {}).pop("message", None)
    return line


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_checker_output_matches_the_expected_line(path):
    line, status = check_text(path.read_bytes(), path.name)
    expected = expected_for(path)
    assert without_message(line) == without_message(expected)
    assert status == (0 if expected["valid"] else 2 if expected["error"]["rule"] is None else 1)
    if not line["valid"]:
        assert line["error"]["message"]


def test_shared_examples_match_to_the_message():
    """Our messages follow the examples' wording too (the spec lets them differ)."""
    for path in record_files(SHARED):
        line, _ = check_text(path.read_bytes(), path.name)
        assert line == expected_for(path), path.name


@pytest.mark.parametrize(
    "path", [p for p in ALL if not p.name.startswith("malformed")], ids=lambda p: p.stem
)
def test_round_trip_is_exact(path):
    record = load_record(path.read_bytes())
    text = dump_record(record)
    assert dump_record(load_record(text)) == text
    assert json.loads(text)["hands"] == json.loads(path.read_text())["hands"]


def run_cli(*files: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "score_record", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_prints_one_line_per_file_and_exit_status():
    valid = FIXTURES / "valid_reference_hand_in_progress_match.json"
    invalid = FIXTURES / "invalid_c5_fourth_card_when_partner_sits_out.json"
    done = run_cli(str(valid))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected_for(valid)
    done = run_cli(str(valid), str(invalid))
    assert done.returncode == 1
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert [x["valid"] for x in lines] == [True, False]
    assert lines[1]["error"]["rule"] == "C5"


def test_cli_unreadable_files_exit_2_without_a_traceback(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_bytes(b"\xff\xfe not json")
    done = run_cli(
        str(broken),
        str(tmp_path / "missing.json"),
        str(FIXTURES / "invalid_c5_fourth_card_when_partner_sits_out.json"),
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert [x["error"]["rule"] for x in lines] == [None, None, "C5"]
    assert lines[1]["file"] == "missing.json"


# ------------------------------------------------------------- cantes and plays in event order
def _doc(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text())


def _error(doc: dict) -> tuple[dict, int]:
    line, status = check_text(json.dumps(doc), "x.json")
    return line["error"], status


@pytest.mark.parametrize(
    "cante",
    [
        {"after_trick": 1, "seat": 0},  # no suit
        {"seat": 0, "suit": "c"},  # no after_trick
        {"after_trick": 1, "seat": True, "suit": "c"},
        {"after_trick": "1", "seat": 0, "suit": "c"},
        ["1", "0", "c"],
    ],
)
def test_a_cante_field_missing_or_of_the_wrong_type_makes_the_file_unreadable(cante):
    doc = _doc("invalid_c7_before_a_malformed_cante.json")
    doc["hands"][0]["cantes"] = [cante]
    error, status = _error(doc)
    assert (error["rule"], status) == (None, 2)
    assert "cante 1" in error["message"]


def test_a_malformed_cante_is_refused_after_its_trick_not_before_the_plays():
    # the C7 is at trick 2, position 3 (seat 0 must trump 1b with the 1o or 3o it was dealt)
    doc = _doc("invalid_c7_before_a_malformed_cante.json")
    cantes = doc["hands"][0]["cantes"]
    cantes[0]["after_trick"] = 1  # now before that play: the cante is the error
    error, _ = _error(doc)
    assert (error["rule"], error["trick"], error["seat"], error["cante"]) == ("C9", 1, 0, 1)
    cantes[0].update(after_trick=0, suit="c")  # after no trick: once the plays are done
    error, _ = _error(doc)
    assert (error["rule"], error["trick"], error["position"]) == ("C7", 2, 3)
    doc["hands"][0]["tricks"] = doc["hands"][0]["tricks"][:1]
    error, _ = _error(doc)
    assert (error["rule"], error["trick"], error["seat"], error["cante"]) == ("C9", 0, 0, 1)
    cantes[0].update(after_trick=1, seat=-1)
    error, _ = _error(doc)
    assert (error["rule"], error["trick"], error["seat"], error["cante"]) == ("C9", 1, None, 1)


def test_the_seat_of_a_play_error_is_the_seat_to_play_or_none():
    # the reference hand: T1 s0 10e, s1 11e, s2 3e, s3 12e
    doc = _doc("invalid_v1_short_trick_followed_by_another.json")
    tricks = doc["hands"][0]["tricks"]  # [10e 11e 3e] [12e 12b]: seat 3's card is missing
    tricks[1][0] = "7e"  # not a card of the deck: still seat 3's turn
    error, _ = _error(doc)
    assert (error["rule"], error["trick"], error["position"], error["seat"]) == ("V1", 2, 1, 3)
    tricks[:] = [["10e", "11e", "3e", "12e", "7e"]]  # beyond a full trick: nobody's
    error, _ = _error(doc)
    assert (error["rule"], error["position"], error["seat"]) == ("V1", 5, None)
    doc["hands"][0]["calls"] = ["pass", "solo", "pass", "pass"]  # seat 3 sits out
    tricks[:] = [["10e", "11e", "3e", "7e"]]
    error, _ = _error(doc)
    assert (error["rule"], error["position"], error["seat"]) == ("V1", 4, None)
    tricks[:] = [["10e", "11e", "3e", "12e"]]
    error, _ = _error(doc)
    assert (error["rule"], error["position"], error["seat"]) == ("C5", 4, None)


def test_cli_a_deeply_nested_file_is_unreadable_and_the_next_files_are_still_checked(tmp_path):
    """Python's json recurses per level: "[" * 100000 must be exit 2 for that file, not a
    traceback that stops the run."""
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    valid = FIXTURES / "valid_reference_hand_in_progress_match.json"
    invalid = FIXTURES / "invalid_c5_fourth_card_when_partner_sits_out.json"
    done = run_cli(str(valid), str(deep), str(invalid))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert [(x["file"], x["valid"]) for x in lines] == [
        (valid.name, True),
        ("deep.json", False),
        (invalid.name, False),
    ]
    assert lines[1]["error"] == {
        "rule": None,
        "message": "not a record: its JSON is nested too deeply",
    }
    assert lines[2]["error"]["rule"] == "C5"
