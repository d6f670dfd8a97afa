"""A hand's analysis in ANALYSIS.md's terms: ``par``, ``actual`` and every card's
``value``, ``best``, ``cost`` and ``best_cards``; and a whole record's (the JSON line of
``manage.py analyse_record``)."""

from __future__ import annotations

import time
from typing import Any

from ..game import Record
from ..registry import find_game
from .position import (
    Position,
    bits,
    cante_options,
    equivalent_groups,
    legal,
    play,
    sing,
    to_play,
    walk,
)
from .positions import Start, reason_not_analysed, start_of
from .solver import Solver, Unsolved
from .space import NONE, Spec


def card_values(solver: Solver, pos: Position) -> dict[int, int]:
    """The value with best play after each legal card of the seat to play (equivalent
    cards are searched once: they share their value)."""
    spec = solver.spec
    out = {}
    for group in equivalent_groups(spec, pos, bits(legal(spec, pos))):
        value = solver.solve(play(spec, pos, group[0]))
        for card in group:
            out[card] = value
    return out


def best_and_value(solver: Solver, pos: Position, here: int, card: int) -> tuple[list[int], int]:
    """The cards reaching ``here`` (the value of ``pos``, which is the best any legal card
    reaches) and the value after ``card``: one zero-window test per group of equivalent
    cards, none where the answer is known, and one exact search, from the bound its
    test returned, only when ``card`` falls short."""
    spec = solver.spec
    maximise = spec.counted[to_play(spec, pos)]
    groups = equivalent_groups(spec, pos, bits(legal(spec, pos)))
    best: list[int] = []
    value = None
    bound = here
    for i, group in enumerate(groups):
        if not best and i == len(groups) - 1:
            # ``here`` is the best of the cards' values: with no card before reaching
            # it, the last one does (a forced card: no test at all)
            reaches = True
        else:
            # fail-soft: a card short of ``here`` gets a bound of its value too
            test = solver.test(play(spec, pos, group[0]), here if maximise else here + 1)
            reaches = test >= here if maximise else test <= here
        if reaches:
            best.extend(group)
            if card in group:
                value = here
        elif card in group:
            bound = test
    if value is None:  # the card falls short: its value lies beyond the bound, from here
        after = play(spec, pos, card)
        if maximise:
            value = solver.solve(after, guess=bound, upper=bound)
        else:
            value = solver.solve(after, guess=bound, lower=bound)
    return sorted(best), value


def best_line(solver: Solver, pos: Position) -> list[tuple[str, int]]:
    """A line of best play from ``pos`` to the end: ``("play", card)`` and ``("sing",
    suit or NONE)`` steps (the tests replay it through the checker). Along it the value
    stays the position's: each step takes the first choice that keeps it."""
    spec = solver.spec
    here = solver.solve(pos)
    line: list[tuple[str, int]] = []
    while pos.pending != NONE or any(pos.hands):
        if pos.pending != NONE:
            maximise = spec.counted[pos.pending]
            options = [NONE, *cante_options(spec, pos.hands, pos.pending, pos.sung)]
            nexts = [("sing", s, sing(spec, pos, s)) for s in options]
        else:
            maximise = spec.counted[to_play(spec, pos)]
            groups = equivalent_groups(spec, pos, bits(legal(spec, pos)))
            nexts = [("play", g[0], play(spec, pos, g[0])) for g in groups]
        for kind, item, after in nexts:
            if solver.at_least(after, here) if maximise else not solver.at_least(after, here + 1):
                line.append((kind, item))
                pos = after
                break
        else:  # pragma: no cover - the value is some choice's by definition
            raise AssertionError("no choice keeps the position's value")
    return line


def played_value(spec: Spec, pos: Position, line: list[tuple[str, int]]) -> int:
    """The value the recorded line reaches from ``pos`` (ANALYSIS.md ``actual``)."""
    return walk(spec, pos, line).acc


def after_cante(solver: Solver, pos: Position, suit: int, here: int) -> int:
    """The value after the cante choice ``suit`` (or NONE) at ``pos``, whose value,
    ``here``, is the best choice's: a bound of it (one test when the choice was best)."""
    spec = solver.spec
    after = sing(spec, pos, suit)
    if spec.counted[pos.pending]:
        return solver.solve(after, guess=here, upper=here)
    return solver.solve(after, guess=here, lower=here)


def analyse_start(start: Start, *, budget: float | None = None) -> dict[str, Any]:
    """The analysis of a hand from its :class:`Start` (the ``analysed: true`` object
    without ``number``); :class:`Unsolved` when ``budget`` seconds run out."""
    spec = start.spec
    deadline = time.process_time() + budget if budget is not None else None
    solver = Solver(spec, deadline=deadline)
    pos = start.position
    actual = played_value(spec, pos, start.line)
    par = solver.solve(pos, guess=actual)  # a good first guess saves zero-window searches
    here = par  # the value of ``pos`` with best play, known exactly along the line
    plays = []
    trick, position = 1, 1
    for kind, item in start.line:
        if kind == "sing":
            here = after_cante(solver, pos, item, here)
            pos = sing(spec, pos, item)
            continue
        if pos.pending != NONE:  # the trick before was followed by no cante
            here = after_cante(solver, pos, NONE, here)
            pos = sing(spec, pos, NONE)
        seat = to_play(spec, pos)
        best_cards, value = best_and_value(solver, pos, here, item)
        plays.append(
            {
                "trick": trick,
                "position": position,
                "seat": seat,
                "card": spec.names[item],
                "value": value,
                "best": here,
                "cost": abs(here - value),
                "best_cards": [spec.names[c] for c in best_cards],
            }
        )
        pos = play(spec, pos, item)
        here = value
        position += 1
        if not pos.table:
            trick, position = trick + 1, 1
    return {
        "analysed": True,
        "side": spec.side,
        "value": spec.value,
        "par": par,
        "actual": actual,
        "plays": plays,
        "nodes": solver.nodes,
    }


def analyse_hand(game_name: str, hand: Any, *, budget: float | None = None) -> dict[str, Any]:
    """One replayed hand's analysis object (ANALYSIS.md), ``number`` first."""
    out: dict[str, Any] = {"number": hand.number}
    reason = reason_not_analysed(hand)
    if reason is not None:
        return {**out, "analysed": False, "reason": reason}
    try:
        result = analyse_start(start_of(game_name, hand), budget=budget)
    except Unsolved:
        return {**out, "analysed": False, "reason": "not solved", "budget": budget}
    del result["nodes"]
    return {**out, **result}


def replayed_hands(record: Record) -> list[Any]:
    """The hand states of a valid record, replayed through its game's engine."""
    game = find_game(record.game)
    match = game.new_match(record.rules)
    game.replay(match, [e for h in record.hands for e in h.events()])
    return list(match.hands)


def analyse_record(record: Record, *, budget: float | None = None) -> dict[str, Any]:
    """``{"game", "hands": [...]}`` for a valid record (ANALYSIS.md's line without
    ``file``)."""
    hands = [analyse_hand(record.game, h, budget=budget) for h in replayed_hands(record)]
    return {"game": record.game, "hands": hands}


def spec_summary(spec: Spec) -> str:
    """A short description of a spec (the benchmark's labels)."""
    return f"{len(spec.active)} seats, {spec.rule}, {spec.value}"
