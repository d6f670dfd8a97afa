"""The record checker's cost per game in CPU instructions, old and new engine in one run
(issue 20: each game's cost per event equal or lower than before the shared core).

Run::

    .venv/bin/python bench/engine_instructions.py [--old d19f205] [--reps 2]

Times on the shared machine move by ±8 % from run to run; an instruction count does not.
The script writes random records of each game from this tree's registry (seeded, the
deals removed: the V2 path, as the site checks an uploaded record), then for each tree
runs the checker on them under valgrind twice, with ``--reps`` passes over the records
and with none, and prints the difference (the checking alone: no start-up, no import, no
parsing), per game, old and new and their ratio. Valgrind's cachegrind counts, without
its cache simulation: the instructions callgrind counts, at 2.5 times less CPU (no call
graph kept). Needs ``valgrind`` on the PATH (else it says so and measures nothing).
Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "bench"))
from common import add_old_tree_argument, tree_at  # noqa: E402 (bench/ as a folder of scripts)

#: the records per game (the 2,000,000 events or so a default run checks per tree)
MATCHES = {"cuatrola": 60, "subastao": 40, "belote": 40}

#: what runs under valgrind: parse the records, then check them ``reps`` times
CHECK = """
import json, sys
root, path, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, root)
from games.engine.record import check_record, parse_record
records = [parse_record(doc) for doc in json.load(open(path))]
for _ in range(reps):
    for record in records:
        check_record(record)
"""


def write_records(game: str, matches: int, folder: Path) -> tuple[Path, int]:
    """``matches`` seeded random records of ``game`` without their deals, as a JSON file
    in ``folder``; the file and the number of events (cards and calls) it holds."""
    from games.engine.registry import find_game

    docs, events = [], 0
    for i in range(matches):
        doc = find_game(game).random_match(random.Random(20_000 + i)).as_dict()
        for hand in doc["hands"]:
            hand.pop("deal", None)
            events += sum(map(len, hand.get("tricks") or [])) + len(hand.get("calls") or [])
        docs.append(doc)
    path = folder / f"{game}.json"
    path.write_text(json.dumps(docs))
    return path, events


def instructions(root: Path, records: Path, reps: int, out: Path) -> int:
    """The instructions valgrind counts for checking ``records`` ``reps`` times with the
    engine of ``root`` (a whole process: start-up and import included)."""
    run = [sys.executable, "-c", CHECK, str(root), str(records), str(reps)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dict layouts in every run
    subprocess.run([*run[:3], str(root), str(records), "0"], env=env, check=True)  # .pyc
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}"]
    subprocess.run([*valgrind, *run], env=env, check=True, capture_output=True)
    return int(re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.M).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_old_tree_argument(parser)
    parser.add_argument("--reps", type=int, default=2, help="passes over the records")
    parser.add_argument("--games", nargs="*", default=list(MATCHES), choices=list(MATCHES))
    parser.add_argument("--matches", type=int, help="records per game (default: as MATCHES)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: no instruction counts (apt install valgrind)")
        return
    trees = {"old": tree_at(args.old).resolve(), "new": HERE}
    print(f"valgrind instructions for {args.reps} checks of each record (V2: no deals)")
    print(f"{'':10} {'records':>8} {'events':>9} {'old M':>10} {'new M':>10} {'new/old':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in args.games:
            matches = args.matches or MATCHES[game]
            records, events = write_records(game, matches, folder)
            counts: dict[Path, int] = {}
            for root in trees.values():
                if root not in counts:  # a tree against itself (the test) is counted once
                    out = folder / f"{game}.out"
                    full = instructions(root, records, args.reps, out)
                    counts[root] = full - instructions(root, records, 0, out)
            old, new = counts[trees["old"]], counts[trees["new"]]
            print(
                f"{game:10} {matches:8} {events:9,} {old / 1e6:10.1f} {new / 1e6:10.1f} "
                f"{new / old:8.3f}"
            )


if __name__ == "__main__":
    main()
