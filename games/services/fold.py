"""A match state with its older finished hands folded away: what the state cache keeps.

A state holds every hand played, each a few kilobytes (its knowledge of the cards, its
tricks, its auction), so the pickle of a whole state — read and written by every event —
grew with the match. What later events read of a finished hand is little: that it is
complete (the next hand may start), the count of results (a match of so many hands),
the score (kept whole), the last hand's dealer (the rotation) — and, for the site, what
its outcome adds to each unit's row. So :func:`fold` keeps the hands from the last
complete one on (that one too: the pad's "last hand" and "last entry" read it) and, for
the hands before, their number and their sums per unit (:class:`Tally`); the entry is
the same size at hand 2 and at hand 30. :func:`unfold` gives back a state whose earlier
hands are one placeholder (:data:`FOLDED`), numbered as before.

What every reader of a cached state uses — the score, the end, the winner, the hand in
play and the last complete one, their outcomes (:func:`outcomes`), the legal actions,
the live summary, the unit rows (:func:`tally`) — is what a full replay gives
(``tests/api/test_state_cache.py``, ``tests/engine/test_fold.py``). A folded state has no
record: an export, the statistics and the replays replay the log (``services.replay``).
It relies on the layout of the shared trick-taking match state (``hands``, ``results``
and ``score_after`` in step, ``games/engine/core/match.py``), which every recordable game
has.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, HandOutcome, find_game

#: the attribute of a folded state that says how many hands it left out, and their sums
FOLD = "site_folded"


class FoldedHand:
    """A finished hand folded out of a state: complete, and nothing else is kept of it (a
    reader asking for more gets an AttributeError: it should replay the log)."""

    __slots__ = ()
    is_complete = True
    _complete = True  # what ``TrickMatch.apply`` reads of the last hand

    def __repr__(self) -> str:
        return "FOLDED"


#: the one placeholder every folded hand is
FOLDED = FoldedHand()


@dataclass
class Tally:
    """What complete hands add to each unit's row besides the score: the hands that went
    to it and the game's per-hand counters, summed (``Game.unit_counters``, from each
    outcome's facts: a folded hand's are summed here, while its state is still held)."""

    hands_won: list[int]
    counters: list[dict[str, int]]

    @classmethod
    def empty(cls, game: Game, units: int) -> Tally:
        return cls([0] * units, [dict.fromkeys(game.counters, 0) for _ in range(units)])

    def plus(self, game: Game, rules: Any, more: list[HandOutcome]) -> Tally:
        """This tally and what ``more`` outcomes add (a new tally)."""
        out = Tally(list(self.hands_won), [dict(c) for c in self.counters])
        for outcome in more:
            if outcome.winner_unit is not None:
                out.hands_won[outcome.winner_unit] += 1
            for unit, added in enumerate(game.unit_counters(rules, outcome)):
                for key, value in added.items():
                    out.counters[unit][key] = out.counters[unit].get(key, 0) + value
        return out


@dataclass
class Folded:
    """How many hands a state left out, and their :class:`Tally`."""

    hands: int = 0
    tally: Tally | None = field(default=None)


def folded(state: Any) -> Folded:
    """What ``state`` left out (nothing, for a state replayed from the log)."""
    return getattr(state, FOLD, None) or Folded()


def outcomes(game: Game, state: Any, last: int | None = None) -> list[HandOutcome]:
    """The outcomes of the complete hands ``state`` holds in full, in order (every
    complete hand of a replayed state), or only of the ``last`` ones."""
    start = folded(state).hands
    if last is not None:
        start = max(start, len(state.results) - last)
    if start == 0:
        return game.outcomes(state)
    return game.outcomes(_window(state, start))


def tally(game: Game, state: Any, held: list[HandOutcome]) -> Tally:
    """What every complete hand of ``state`` adds to each unit's row: the folded hands'
    sums and ``held``, the outcomes of the hands it holds in full (:func:`outcomes`)."""
    base = folded(state).tally or Tally.empty(game, len(state.score))
    return base.plus(game, state.rules, held)


def fold(state: Any) -> Any:
    """A copy of ``state`` (not unfolded, only for pickling) that holds the hands from its
    last complete one on and what the hands before add (:class:`Folded`)."""
    hands = state.hands
    keep = 2 if hands and not hands[-1].is_complete else 1
    before = folded(state)
    start = max(len(hands) - keep, before.hands)
    if start == before.hands and before.hands == 0:
        return state  # nothing to leave out (the first hands)
    game = find_game(state.game)
    base = before.tally or Tally.empty(game, len(state.score))
    newly = game.outcomes(_window(state, before.hands, start))
    light = _window(state, start)
    setattr(light, FOLD, Folded(start, base.plus(game, state.rules, newly)))
    return light


def unfold(light: Any) -> Any:
    """The state :func:`fold` kept, its folded hands back as placeholders (numbered as
    before: hand ``n`` is ``hands[n - 1]``); changed in place."""
    n = folded(light).hands
    if n:
        light.hands = [FOLDED] * n + light.hands
        light.results = [None] * n + light.results
        light.score_after = [None] * n + light.score_after
    return light


def _window(state: Any, start: int, end: int | None = None) -> Any:
    """A shallow copy of ``state`` holding its hands ``start`` to ``end`` (and their
    results and scores after): what ``Game.outcomes`` reads of those hands alone."""
    window = copy.copy(state)
    window.hands = state.hands[start:end]
    window.results = state.results[start:end]
    window.score_after = state.score_after[start:end]
    return window
