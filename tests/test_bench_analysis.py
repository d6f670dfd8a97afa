"""``bench/analysis.py --tiny`` runs by itself (a fresh clone: no Django, no database)
and reports every game with the solver's and the plain search's figures."""

from __future__ import annotations

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
