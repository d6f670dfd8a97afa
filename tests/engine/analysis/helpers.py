"""Random hands for the analysis tests: real engine matches, dealt and bid by the
engine's computer players, with random legal cards and random cantes (sung or not)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from games.engine import find_game

#: (game, rules) pairs the tests run over: every game, every table size and hand kind
TABLES = [
    ("cuatrola", {}),
    ("cuatrola", {"quintola": True}),
    ("subastao", {}),
    ("subastao", {"players": 4}),
    ("belote", {}),
]


def kind_of(game: Any, event: Any) -> str:
    return game.event_to_dict(event)["kind"]


def random_hand(name: str, rules_given: dict, seed: int) -> Iterator[tuple[Any, Any, str]]:
    """Play one hand at random; yield (match, hand, last event kind) before every card.

    Calls in Cuatrola are random too (plain, solo, cuatrola, quintola all come up)."""
    rng = random.Random(seed)
    game = find_game(name)
    match = game.new_match(game.parse_rules(rules_given))
    last = ""
    while True:
        event = game.computer_move(match, rng)
        kind = kind_of(game, event)
        hand = match.hands[-1] if match.hands else None
        if kind == "call" and name == "cuatrola":
            event = game.event_from_dict({"kind": "call", "call": rng.choice(hand.legal_calls())})
        elif kind == "cante" and rng.random() < 0.4:
            kind = "play"  # leave the cante unsung
            event = None
        if kind == "play":
            yield match, hand, last
            if event is None or rng.random() < 0.8:
                card = rng.choice(hand.legal_plays())
                event = game.event_from_dict({"kind": "play", "card": card.text})
        match.apply(event)
        last = kind
        if match.hands and match.hands[-1].is_complete:
            if getattr(match.hands[-1], "void", False):
                continue  # a void hand: deal again
            return


def engine_value(name: str, facts: dict, spec: Any) -> int:
    """ANALYSIS.md's value of a complete hand from the engine's own figures (the
    checker's per-hand summary, or a hand outcome's ``facts``)."""
    side = spec.side
    if name == "cuatrola":
        if spec.value == "tricks":
            return facts["tricks_won"][side]
        return facts["points"][side] - facts["points"][1 - side]
    if name == "subastao":
        points = facts["points"]
        return points[side] - (sum(points) - points[side])
    pts = facts["card_points"]
    value = pts[side] - pts[1 - side]
    if facts["capot"] is not None:
        value += 90 if facts["capot"] == side else -90
    return value


def form_loaded(cwd: Path, **env: str | None) -> subprocess.CompletedProcess:
    """Import the analysis package in a fresh interpreter run in ``cwd`` (the environment
    changed by ``env``: None removes a variable); its stdout says ``ACCELERATED`` and
    whether ``solver`` came from its ``.py``."""
    code = (
        "import games.engine.analysis as a, games.engine.analysis.solver as s;"
        "print(a.ACCELERATED, s.__file__.endswith('solver.py'))"
    )
    environ = {k: v for k, v in {**os.environ, **env}.items() if v is not None}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=True,
        env=environ,
    )
