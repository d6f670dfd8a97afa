"""The checker's output on old and new engine code, record by record (issue 20's proof).

Generates a corpus of random legal records per game (each game's ``simulate.py``, rules
drawn at random) and mutated copies of them (a node of the JSON tree deleted, duplicated,
swapped, or replaced by null / true / 1.0 / "x" / [] / another value of the record), once,
with the OLD tree's code, into a JSON-lines file; then scores every record with
``check_text`` in a subprocess per tree and prints the records whose lines differ.

Run::

    .venv/bin/python bench/checker_diff.py --per-game 3000

Exit status 0 whatever the differences: reading them is the point (the issue lists the
nine readings allowed to change).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "bench"))
from common import add_old_tree_argument, tree_at  # noqa: E402 (bench/ as a folder of scripts)

JUNK: list[Any] = [None, True, 1.0, "x", [], 0, -1, 7, 10001, 55, "pass", "12o", {}]


def _nodes(doc: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _nodes(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _nodes(v, (*path, i))
    return out


def _leaves(doc: Any) -> list[Any]:
    if isinstance(doc, dict):
        return [x for v in doc.values() for x in _leaves(v)]
    if isinstance(doc, list):
        return [x for v in doc for x in _leaves(v)]
    return [doc]


def mutate(doc: Any, rng: random.Random) -> Any:
    """One random edit of a copy of ``doc``."""
    doc = copy.deepcopy(doc)
    paths = [p for p in _nodes(doc) if p]
    path = rng.choice(paths)
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    op = rng.choice((0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4))  # junk least: mostly unreadable
    if op == 0:  # delete
        del parent[key]
    elif op == 1 and isinstance(parent, list):  # duplicate
        parent.insert(key, copy.deepcopy(parent[key]))
    elif op == 2 and isinstance(parent, list) and len(parent) > 1:  # swap with a neighbour
        j = (key + 1) % len(parent)
        parent[key], parent[j] = parent[j], parent[key]
    elif op == 3:
        parent[key] = rng.choice(_leaves(doc))
    else:
        parent[key] = copy.deepcopy(rng.choice(JUNK))
    return doc


def generate(per_game: int, seed: int) -> list[tuple[str, str]]:
    sys.path.insert(0, str(Path.cwd()))  # the tree it is run in (the old one)
    from games.engine.belote.options import BeloteRules
    from games.engine.belote.simulate import random_match as belote
    from games.engine.cuatrola.options import CuatrolaRules
    from games.engine.cuatrola.simulate import random_match as cuatrola
    from games.engine.subastao.options import SubastaoRules
    from games.engine.subastao.simulate import random_match as subastao

    rng = random.Random(seed)
    makers = {
        "cuatrola": lambda: cuatrola(
            rng, CuatrolaRules(target=rng.choice([1, 2, 3, 5])), max_hands=rng.randrange(1, 6)
        ),
        "subastao": lambda: subastao(
            rng,
            SubastaoRules(players=rng.choice([3, 4]), target=rng.choice([300, 500, 1000])),
            max_hands=rng.randrange(1, 4),
        ),
        "belote": lambda: belote(
            rng, BeloteRules(target=rng.choice([301, 501, 1001])), max_hands=rng.randrange(1, 5)
        ),
    }
    out = []
    for game, make in makers.items():
        for i in range(per_game):
            doc = make().as_dict()
            if rng.random() < 0.15:
                for h in doc["hands"]:
                    h.pop("deal", None)
            if i % 4:  # three in four mutated, one to four edits
                for _ in range(rng.randrange(1, 5)):
                    doc = mutate(doc, rng)
                    if not isinstance(doc, dict) or not doc.get("hands"):
                        break
            out.append((f"{game}-{i}", json.dumps(doc)))
    return out


def score(corpus: Path) -> None:
    sys.path.insert(0, str(Path.cwd()))
    from games.engine import check_text

    for line in corpus.read_text().splitlines():
        name, text = json.loads(line)
        result, status = check_text(text, name)
        print(json.dumps([status, result], sort_keys=True))


def _gist(line: str) -> str:
    """A checker line in brief: its exit status and rule, or where a valid one differs."""
    status, result = json.loads(line)
    error = result.get("error")
    if error:
        return f"exit {status} {error['rule']}: {error['message'][:60]}"
    return f"exit {status} valid"


def _fields(a: str, b: str) -> str:
    """Which keys of the hands' summaries differ, when both lines are valid."""
    (_, x), (_, y) = json.loads(a), json.loads(b)
    if "hands" not in x or "hands" not in y:
        return ""
    keys = {
        f"{k}={h.get(k)!r}->{g.get(k)!r}"
        for h, g in zip(x["hands"], y["hands"], strict=False)
        for k in h.keys() | g.keys()
        if h.get(k) != g.get(k)
    }
    return " (" + ", ".join(sorted(keys)) + ")"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_old_tree_argument(parser)
    parser.add_argument("--per-game", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--corpus", default=None)
    parser.add_argument("--score", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--generate", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--show", type=int, default=5)
    args = parser.parse_args()
    args.old = str(tree_at(args.old))
    if args.score:
        score(Path(args.score))
        return
    if args.generate:
        rows = generate(args.per_game, args.seed)
        Path(args.generate).write_text("".join(json.dumps(r) + "\n" for r in rows))
        return
    name = f"checker_corpus_{args.seed}_{args.per_game}.jsonl"
    corpus = Path(args.corpus) if args.corpus else HERE / "bench" / "out" / name
    corpus.parent.mkdir(parents=True, exist_ok=True)
    if not corpus.exists():
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--generate",
                str(corpus),
                "--per-game",
                str(args.per_game),
                "--seed",
                str(args.seed),
            ],
            cwd=args.old,
            check=True,
        )
    lines = {}
    for root in (args.old, str(HERE)):
        lines[root] = subprocess.run(
            [sys.executable, __file__, "--score", str(corpus)],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    records = [json.loads(line) for line in corpus.read_text().splitlines()]
    old, new = lines[args.old], lines[str(HERE)]
    kinds: Counter = Counter()
    shown = 0
    changes: Counter = Counter()
    for (name, text), a, b in zip(records, old, new, strict=True):
        if a != b:
            kinds[name.split("-")[0]] += 1
            changes[(name.split("-")[0], _gist(a), _gist(b) + _fields(a, b))] += 1
            if shown < args.show:
                shown += 1
                print(f"--- {name}\n{text}\nold {a}\nnew {b}\n")
    total = Counter(name.split("-")[0] for name, _ in records)
    for game, n in total.items():
        print(f"{game}: {n - kinds[game]} of {n} the same")
    for (game, a, b), n in changes.most_common():
        print(f"  {game} x{n}: {a} -> {b}")


if __name__ == "__main__":
    main()
