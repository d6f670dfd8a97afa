"""Hand analysis speed (docs/analysis.md): the solver against plain alpha-beta.

For each game, random hands dealt, bid and played by the engine's computer players
(``Game.computer_move``, seeded): the time of ``par`` (the value before the first card)
and of the whole analysis (``par`` and every card's value, best and cost), median and
worst, and how many of the hands each solved within the budget; nodes searched and the
transposition table's hit rate; and, in the same run, plain alpha-beta on the same ``par``
positions, without the table, merging equal cards or bounds (move ordering kept), for
the speed-up. A hand past its time budget counts as
"not solved" (the analyser's answer then), never as a time.

Run: ``.venv/bin/python bench/analysis.py [--hands N] [--budget S] [--games G...] [--tiny]``. One
process, one core; CPU time (``time.process_time``), so a busy machine's waiting is left
out. ``--tiny`` is the test's mode (a few hands, short budgets).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine import find_game
from games.engine.analysis import ACCELERATED, Solver, Unsolved, analyse_start, minimax, start_of
from games.engine.analysis.report import played_value

#: (label, game, rules): what the aims name
TABLES = [
    ("cuatrola", "cuatrola", {}),
    ("belote", "belote", {}),
    ("subastao", "subastao", {}),
]
AIMS = {"cuatrola": (None, 0.020), "belote": (0.5, 2.0), "subastao": (2.0, 10.0)}


def _ms(seconds: float | None) -> str:
    """Seconds as milliseconds for the printed line (a dash when not measured)."""
    return "-" if seconds is None else f"{seconds * 1000:.1f} ms"


def played_hands(name: str, rules_given: dict, count: int, seed: int) -> list:
    """``count`` complete hands (no void ones) played by the computer players."""
    rng = random.Random(seed)
    game = find_game(name)
    out = []
    while len(out) < count:
        match = game.new_match(game.parse_rules(rules_given))
        while not match.finished and len(out) < count:
            match.apply(game.computer_move(match, rng))
            hand = match.hands[-1]
            done = hand.is_complete and hand not in out
            if done and not getattr(hand, "void", False) and hand.penalty is None:
                out.append(hand)
    return out


def timed(fn):
    t0 = time.process_time()
    value = fn()
    return value, time.process_time() - t0


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def speedup(ratios: list[float], lower_bound: bool) -> float | None:
    """The median speed-up over plain alpha-beta, or None when not measured: no hand, or
    only lower bounds (plain search past its budget) under 1."""
    if not ratios:
        return None
    value = median(ratios)
    return None if lower_bound and value < 1 else round(value, 1)


def speedup_text(result: dict, plain_budget: float) -> str:
    """The printed speed-up: measured, a lower bound, or why it was not measured."""
    value = result["speedup_median"]
    if value is None:
        return (
            f"plain alpha-beta past its {plain_budget:g} s budget, shorter than the par: "
            "speed-up not measured"
        )
    return f"speed-up {'>= ' if result['speedup_is_lower_bound'] else ''}x{value}"


def run_table(
    label: str, name: str, rules: dict, count: int, budget: float, plain_budget: float
) -> dict:
    """Par and whole analysis of ``count`` hands, the solver against plain search."""
    hands = played_hands(name, rules, count, seed=2026)
    par_times, whole_times, plain_times, ratios = [], [], [], []
    nodes = probes = hits = 0
    unsolved = whole_unsolved = plain_unsolved = minimax_done = 0
    minimax_times = []
    for hand in hands:
        start = start_of(name, hand)
        spec, pos = start.spec, start.position
        actual = played_value(spec, pos, start.line)
        solver = Solver(spec, deadline=time.process_time() + budget)
        try:
            par, t_par = timed(lambda s=solver, p=pos, a=actual: s.solve(p, guess=a))
        except Unsolved:
            unsolved += 1
            continue
        par_times.append(t_par)
        nodes += solver.nodes
        probes += solver.tt_probes
        hits += solver.tt_hits
        try:
            _, t_whole = timed(lambda s=start: analyse_start(s, budget=budget))
            whole_times.append(t_whole)
        except Unsolved:
            whole_unsolved += 1
        plain = Solver(
            spec,
            use_tt=False,
            merge=False,
            bounds=False,
            deadline=time.process_time() + plain_budget,
        )
        try:
            value, t_plain = timed(lambda s=plain, p=pos: s.solve(p))
            assert value == par, (value, par)
            plain_times.append(t_plain)
            ratios.append(t_plain / max(t_par, 1e-6))
        except Unsolved:
            plain_unsolved += 1
            ratios.append(plain_budget / max(t_par, 1e-6))  # at least this much
        if name == "cuatrola" and minimax_done < 3:  # plain minimax: slow, a few hands
            try:
                value, t_mm = timed(
                    lambda s=spec, p=pos: minimax(s, p, time.process_time() + plain_budget)
                )
                assert value == par
                minimax_times.append(t_mm)
            except TimeoutError:
                pass
            minimax_done += 1
    return {
        "table": label,
        "hands": len(hands),
        "not_solved": unsolved,  # par past the budget
        "whole_not_solved": whole_unsolved,  # par solved, the whole analysis past it
        # solved within the budget, of ``hands``: par, and the whole analysis
        "par_solved": len(par_times),
        "whole_solved": len(whole_times),
        "par_median_s": median(par_times),
        "par_max_s": max(par_times) if par_times else None,
        "whole_median_s": median(whole_times),
        "whole_max_s": max(whole_times) if whole_times else None,
        "nodes_per_par": nodes // max(len(par_times), 1),
        "tt_hit_rate": round(hits / probes, 3) if probes else None,
        "plain_par_median_s": median(plain_times),
        "plain_not_solved": plain_unsolved,
        # plain search past its budget on a hand: the ratio is then its budget over the
        # par time, a lower bound (so their median is one of the median's), which says
        # nothing when it is below 1 (the budget shorter than the par): not measured
        "speedup_median": speedup(ratios, plain_unsolved > 0),
        "speedup_is_lower_bound": plain_unsolved > 0,
        "minimax_par_median_s": median(minimax_times),
        "aims_s": AIMS[label],
        "accelerated": ACCELERATED,  # the compiled search (make analysis-fast) ran
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=None, help="hands per game")
    parser.add_argument("--budget", type=float, default=30.0, help="CPU seconds per hand")
    parser.add_argument("--plain-budget", type=float, default=20.0)
    parser.add_argument("--tiny", action="store_true", help="2 hands a game, short budgets")
    parser.add_argument("--games", nargs="+", default=[t[0] for t in TABLES], help="only these")
    args = parser.parse_args(argv)
    counts = {"cuatrola": 40, "belote": 8, "subastao": 3}
    if args.tiny:
        counts = dict.fromkeys(counts, 2)
        args.budget, args.plain_budget = 1.0, 0.5
    form = "compiled (make analysis-fast)" if ACCELERATED else "pure Python"
    print(
        f"python {platform.python_version()} ({platform.python_implementation()}), one core; "
        f"search: {form}"
    )
    results = []
    for label, name, rules in TABLES:
        if label not in args.games:
            continue
        count = args.hands or counts[label]
        result = run_table(label, name, rules, count, args.budget, args.plain_budget)
        results.append(result)
        print(
            f"{label:9} {result['hands']} hands, solved within {args.budget:g} s: par "
            f"{result['par_solved']} of {result['hands']}, whole analysis "
            f"{result['whole_solved']} of {result['hands']}: "
            f"par median {_ms(result['par_median_s'])} (max {_ms(result['par_max_s'])}), "
            f"whole median {_ms(result['whole_median_s'])} "
            f"(max {_ms(result['whole_max_s'])}); {result['nodes_per_par']} nodes per par, "
            f"TT hits {result['tt_hit_rate']}; plain alpha-beta par median "
            f"{_ms(result['plain_par_median_s'])} ({result['plain_not_solved']} past its "
            f"budget): {speedup_text(result, args.plain_budget)}"
            + (
                f"; plain minimax par {_ms(result['minimax_par_median_s'])}"
                if label == "cuatrola"
                else ""
            )
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main()
