"""``bench/analysis.py --tiny`` runs by itself (a fresh clone: no Django, no database)
and reports every game with the solver's and the plain search's figures."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from games.engine.analysis import ACCELERATED

ROOT = Path(__file__).resolve().parents[1]


def test_bench_analysis_tiny_runs_and_reports_every_game():
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "analysis.py"), "--tiny"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd="/",  # it finds the project by itself
        check=False,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout.splitlines()[-1])
    assert [r["table"] for r in results] == ["cuatrola", "belote", "subastao"]
    # which form of the search ran, as the package says (pure Python unless built)
    form = "compiled (make analysis-fast)" if ACCELERATED else "pure Python"
    assert done.stdout.splitlines()[0].endswith(f"search: {form}")
    assert {r["accelerated"] for r in results} == {ACCELERATED}
    cuatrola = results[0]
    # two Cuatrola hands always solve within a second each; plain search agrees (the
    # bench asserts the values equal) and plain minimax is timed alongside
    assert cuatrola["hands"] == 2
    assert cuatrola["not_solved"] == 0
    assert cuatrola["par_median_s"] > 0
    assert cuatrola["nodes_per_par"] > 0
    assert 0 <= cuatrola["tt_hit_rate"] <= 1
    for r in results:
        assert r["hands"] == 2
        assert r["not_solved"] <= 2
    assert "nodes per par" in done.stdout
    for r in results:  # how many hands solved within the budget, of how many
        assert 0 <= r["whole_solved"] <= r["par_solved"] <= r["hands"]
        assert r["par_solved"] == r["hands"] - r["not_solved"]
    assert "par 2 of 2, whole analysis 2 of 2" in done.stdout.splitlines()[1]


def _bench_module():
    spec = importlib.util.spec_from_file_location("bench_analysis", ROOT / "bench" / "analysis.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_speed_up_from_budgets_shorter_than_the_par_is_not_measured():
    bench = _bench_module()
    # every plain search timed: the median of the ratios, whatever it is
    assert bench.speedup([0.5, 0.7, 3.0], lower_bound=False) == 0.7
    # plain search past a 1 s budget on a 5 s par: "at least x0.2" says nothing
    assert bench.speedup([0.2, 0.25], lower_bound=True) is None
    # past a 10 s budget on 2 s pars: at least x5 (the median of lower bounds)
    assert bench.speedup([5.0, 6.0, 4.0], lower_bound=True) == 5.0
    assert bench.speedup([], lower_bound=False) is None
    result = {"speedup_median": None, "speedup_is_lower_bound": True}
    assert bench.speedup_text(result, 1.0) == (
        "plain alpha-beta past its 1 s budget, shorter than the par: speed-up not measured"
    )
    result = {"speedup_median": 5.0, "speedup_is_lower_bound": True}
    assert bench.speedup_text(result, 10.0) == "speed-up >= x5.0"
