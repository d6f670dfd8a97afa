"""bench/engine_instructions.py runs (a test runs every bench at a tiny size): it needs no
database, so it runs once, in the first phase, not with the PostgreSQL benches of
tests/test_bench.py."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_instruction_bench_counts_a_tree_against_itself():
    """bench/engine_instructions.py at its smallest, this tree as old and new: counted
    once, so the ratio is exactly 1 (without valgrind it says so and counts nothing)."""
    tiny = ["--games", "belote", "--matches", "1", "--reps", "1"]
    done = subprocess.run(
        [sys.executable, "bench/engine_instructions.py", "--old", str(ROOT), *tiny],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    if shutil.which("valgrind") is None:
        assert done.stdout.startswith("valgrind is not on the PATH")
        return
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("belote")]
    records, events, old, new, ratio = line.split()[1:]
    assert (records, ratio) == ("1", "1.000")
    assert int(events.replace(",", "")) > 32  # a round's 32 cards and its calls
    assert old == new
