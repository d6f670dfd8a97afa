"""The step-by-step replay: the match as it stood after each of its events, read from the
engine's replay of the stored log (``Game.replay_steps``) — the page holds no rule.

Each position tells what was just done and by whom, the cards each seat still held (only
when the hand's deal is known and may be shown: ``services.replay``'s
``hide_deal_in_play``, the same rule as the match page and the API), the trick on the
table (the trick just completed, with its winner, on the step that completed it), the
calls, the contract and the cantes or declarations made so far, the hand's tricks and
points per scoring unit and the match score as it stood.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .engine import Game, find_game
from .models import Match
from .replays import hand_story, unit_labels
from .services import new_state, stored_events


@dataclass(frozen=True)
class Step:
    """One position: ``number`` counts from 1 over the whole match."""

    number: int
    hand: int
    event: dict[str, Any]
    position: dict[str, Any]


def _at(values: Any, unit: int) -> Any:
    return values[unit] if isinstance(values, list) and unit < len(values) else None


def _position(game: Game, state: Any, event: dict, names: list[str], labels: list[str]) -> dict:
    hand = state.hands[-1]
    view = game.hand_view(hand)
    story = hand_story(game, hand, names, labels, None)
    on_table = story["tricks"][-1] if story["tricks"] else None
    if on_table is not None and on_table["winner"] is not None and event.get("kind") != "play":
        on_table = None  # a trick completed before this step is no longer on the table
    points = view.get("points", view.get("card_points"))
    units = game.units(state.rules)
    per_unit = len(view.get("tricks_won") or []) == units
    return {
        "story": story,
        "trick": on_table,
        "hands": (
            [
                {"seat": s, "name": names[s], "cards": view["known"][str(s)]}
                for s in range(len(names))
            ]
            if view.get("deal_known")
            else None
        ),
        "complete": hand.is_complete,
        "cantes": [c for t in story["tricks"] for c in t["cantes"]],
        "declarations": view.get("declarations") or [],
        "units": [
            {
                "label": labels[u],
                "tricks": _at(view.get("tricks_won"), u) if per_unit else None,
                "points": _at(points, u),
                "score": state.score[u],
            }
            for u in range(units)
        ],
    }


def _who(said: dict, position: dict, names: list[str]) -> str | None:
    """Who made the event: its seat, else (a turn's event stored without one) the seat
    the replay shows making it — the last card on the table, the last call."""
    seat = said.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    story = position["story"]
    if said.get("kind") == "deal":
        return story["dealer"]
    if said.get("kind") == "play" and position["trick"]:
        return position["trick"]["plays"][-1]["name"]
    return story["calls"][-1]["name"] if story["calls"] else None


@dataclass(frozen=True)
class HandReplay:
    """The positions of the one hand a replay page shows, the step shown among them
    (``current``), and what the page says of the rest: ``total`` steps in the match,
    ``hands`` begun."""

    steps: list[Step]
    current: int
    total: int
    hands: int


def _steps(match: Match, names: list[str], events: Iterable[Any], wanted: range | None):
    """The steps of ``match`` (its stored ``events``) whose numbers are in ``wanted`` (all
    when None), in order; the replay stops after the last one wanted. A position (the
    hand's story, its view) is most of a step's cost, so the others are only replayed."""
    game = find_game(match.game)
    state = new_state(match)
    labels = unit_labels(game, state.rules, names)
    for number, event in enumerate(game.replay_steps(state, events), start=1):
        if wanted is not None and number not in wanted:
            if number >= wanted.stop:
                return
            continue
        said = game.event_to_dict(event)
        said.pop("deal", None)  # the hands are shown from the position, when they may be
        position = _position(game, state, said, names, labels)
        said["name"] = _who(said, position, names)
        yield Step(number, state.hands[-1].number, said, position)


def match_steps(match: Match, names: list[str], *, hide_deal_in_play: bool) -> list[Step]:
    """Every position of ``match``, in order (empty before its first deal)."""
    events = stored_events(match, hide_deal_in_play=hide_deal_in_play)
    return list(_steps(match, names, events, None))


def hand_replay(
    match: Match,
    names: list[str],
    *,
    hide_deal_in_play: bool,
    step: int = 1,
    hand: int | None = None,
) -> HandReplay:
    """The positions of hand ``hand`` of ``match`` (shown from its first step), or of the
    hand of step ``step`` (a step beyond the log: the last). No steps for a hand the
    match has not begun. Each hand
    opens with its deal (the engine refuses any other first event), so the stored log
    alone says where each hand's steps begin; only that hand's positions are built (a long
    match's replay page built ~540 positions to show ~25)."""
    game = find_game(match.game)
    events = list(stored_events(match, hide_deal_in_play=hide_deal_in_play))
    firsts = [n for n, event in enumerate(events, start=1) if game.is_deal(event)]
    total = len(events)
    if hand is None:
        current = min(max(step, 1), total)  # a step beyond the log: its last
        hand = bisect_right(firsts, current)
    else:
        current = firsts[hand - 1] if 1 <= hand <= len(firsts) else 0  # the hand's first
    if not 1 <= hand <= len(firsts):
        return HandReplay([], current, total, len(firsts))
    stop = firsts[hand] if hand < len(firsts) else total + 1
    steps = list(_steps(match, names, events, range(firsts[hand - 1], stop)))
    return HandReplay(steps, current, total, len(firsts))
