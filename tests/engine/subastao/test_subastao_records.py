"""Subastao card records: hand-made fixtures (tests/engine/records/subastao/, expected
lines computed by hand) and the specification's examples (records/shared/subastao_*)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import check_text, dump_record, load_record

RECORDS = Path(__file__).resolve().parents[1] / "records"
OURS = sorted(
    p for p in (RECORDS / "subastao").glob("*.json") if not p.name.endswith(".expected.json")
)
SHARED = sorted(
    p for p in (RECORDS / "shared").glob("subastao_*.json") if not p.name.endswith(".expected.json")
)
ROOT = Path(__file__).resolve().parents[3]


def expected_for(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def comparable(line: dict, expected: dict) -> dict:
    """The line without its message when the expected message is free text."""
    line = json.loads(json.dumps(line))
    if expected.get("error", {}).get("message") == "(free text)":
        line["error"]["message"] = "(free text)"
    return line


def test_there_are_many_fixtures():
    assert len(OURS) >= 50
    assert len(SHARED) == 4


@pytest.mark.parametrize("path", OURS + SHARED, ids=lambda p: p.stem)
def test_the_checker_prints_the_expected_line(path):
    line, status = check_text(path.read_bytes(), path.name)
    expected = expected_for(path)
    assert comparable(line, expected) == expected
    assert status == (0 if expected["valid"] else 2 if expected["error"]["rule"] is None else 1)


@pytest.mark.parametrize(
    "path", [p for p in OURS + SHARED if "malformed" not in p.name], ids=lambda p: p.stem
)
def test_writing_a_record_back_changes_nothing(path):
    text = dump_record(load_record(path.read_bytes()))
    assert json.loads(text)["hands"] == json.loads(path.read_text())["hands"]
    assert dump_record(load_record(text)) == text


def test_score_record_on_the_specification_examples():
    """The command of the brief: the four public examples give exactly their lines."""
    done = subprocess.run(
        [sys.executable, "manage.py", "score_record", *map(str, SHARED)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1  # two of them are invalid records
    lines = done.stdout.splitlines()
    assert lines == [p.with_name(p.stem + ".expected.json").read_text().strip() for p in SHARED]
