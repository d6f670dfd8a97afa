"""Swiss and score-group draws (tournaments/score_groups.py), pure Python, one process.

A season of random results, drawn round after round: each line is a field (entries, table
size, rounds) and the slowest round's draw, with the repeats it had to allow. Seasons
longer than the field (more rounds than opponents) force repeats. Asserts nothing.

    .venv/bin/python bench/draw.py [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.score_groups import DrawEntry, score_group_round

# (entries, table size, rounds): without forced repeats, then seasons that force them
FIELDS = [
    (16, 2, 5),
    (64, 2, 7),
    (128, 2, 8),
    (256, 2, 9),
    (16, 2, 20),
    (24, 2, 30),
    (40, 2, 44),
    (21, 3, 8),
    (21, 3, 20),
    (48, 3, 12),
    (99, 3, 8),
    (256, 3, 6),
]
QUICK = [(16, 2, 5), (24, 2, 30), (21, 3, 20)]


def season(n: int, k: int, rounds: int, rng: random.Random) -> tuple[float, int, int, int]:
    """(slowest draw in CPU seconds, its round, repeated pairs in it, in the season)."""
    met: dict[int, set[int]] = {i: set() for i in range(1, n + 1)}
    score = dict.fromkeys(met, 0.0)
    byes = dict.fromkeys(met, 0)
    first = dict.fromkeys(met, 0)
    worst = (0.0, 0, 0)
    total = 0
    for number in range(1, rounds + 1):
        entries = [DrawEntry(i, score[i], frozenset(met[i]), byes[i], first[i]) for i in met]
        start = time.process_time()  # CPU time: the machine may be busy with other work
        tables = score_group_round(entries, k)
        took = time.process_time() - start
        repeats = sum(b in met[a] for t in tables for a, b in combinations(t, 2))
        worst = max(worst, (took, number, repeats))
        total += repeats
        for t in tables:
            if len(t) == 1:
                byes[t[0]] += 1
                score[t[0]] += 1
                continue
            first[t[0]] += 1
            for a, b in combinations(t, 2):
                met[a].add(b)
                met[b].add(a)
            score[rng.choice(t)] += k - 1
    return (*worst, total)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="three small fields (a test)")
    args = parser.parse_args()
    print("score-group draws, one process; the slowest round of each season (CPU time)")
    for n, k, rounds in QUICK if args.quick else FIELDS:
        took, number, repeats, total = season(n, k, rounds, random.Random(n * 100 + rounds))
        print(
            f"{n:4} entries, tables of {k}, {rounds:3} rounds | worst round {number:3}:"
            f" {took * 1000:7.1f} ms ({repeats} repeated pairs) | repeats in the season:"
            f" {total}"
        )


if __name__ == "__main__":
    main()
