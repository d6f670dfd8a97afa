"""``bench/engine.py`` on two trees in one run, alternately: old and new engine side by
side (issue 20: each game's cost per event equal or lower).

Run::

    .venv/bin/python bench/engine_ab.py [--rounds 3] [--matches 400]

Each round runs ``bench/engine.py`` of the old tree, then of this one (each its own
process, CPU time of that process: see bench/engine.py); the best figure of the rounds is
kept per tree. Prints figures only.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "bench"))
from common import add_old_tree_argument, tree_at  # noqa: E402 (bench/ as a folder of scripts)

#: (label, the line's start, the figure's pattern, lower is better)
FIGURES = [
    ("cuatrola µs/event (no deal)", "check without the deal (V2)      :", r"([\d.]+) µs/event", 1),
    ("cuatrola hands/s (deal)", "check with the deal (V4)         :", r"([\d,]+) hands/s", 0),
    ("subastao µs/event (no deal)", "check without the deal (V2)      :", r"([\d.]+) µs/event", 1),
    ("subastao hands/s (deal)", "check with the deal (V4)         :", r"([\d,]+) hands/s", 0),
    ("belote µs/event (no deal)", "belote check without the deal (V2):", r"([\d.]+) µs/event", 1),
    ("belote rounds/s (deal)", "belote check with the deal (V4)   :", r"([\d,]+) rounds/s", 0),
]


def figures(output: str) -> list[float]:
    """The figures of one ``bench/engine.py`` output, in :data:`FIGURES` order (the
    Cuatrola lines come before Subastao's, which share their start)."""
    lines = output.splitlines()
    out, start = [], 0
    for _, head, pattern, _ in FIGURES:
        for i in range(start, len(lines)):
            if lines[i].startswith(head):
                out.append(float(re.search(pattern, lines[i]).group(1).replace(",", "")))
                start = i + 1
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_old_tree_argument(parser)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    args.old = str(tree_at(args.old))
    best: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for name, root in (("old", args.old), ("new", str(HERE))):
            run = [sys.executable, "bench/engine.py", "--matches", str(args.matches)]
            run += ["--repeat", str(args.repeat)]
            text = subprocess.run(run, cwd=root, capture_output=True, text=True, check=True).stdout
            got = figures(text)
            if name not in best:
                best[name] = got
            else:
                best[name] = [
                    min(a, b) if lower else max(a, b)
                    for a, b, (_, _, _, lower) in zip(best[name], got, FIGURES, strict=True)
                ]
    print(f"best of {args.rounds} alternate runs, {args.matches} matches, repeat {args.repeat}")
    print(f"{'':30} {'old':>10} {'new':>10} {'new/old':>8}")
    for (label, *_), old, new in zip(FIGURES, best["old"], best["new"], strict=True):
        print(f"{label:30} {old:10,.2f} {new:10,.2f} {new / old:8.2f}")


if __name__ == "__main__":
    main()
