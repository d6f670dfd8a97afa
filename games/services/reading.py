"""Reading a match's state: its game and rules, and its log replayed by the engine (or
the state its last write kept, :mod:`.statecache`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..engine import Game, default_game, find_game
from ..engine.messages import msg
from ..models import HandEvent, Match
from . import statecache
from .errors import Refused


def game_of(name: str) -> Game:
    """The game called ``name``, if the site records it; Refused (field ``game``) else."""
    try:
        game = find_game(name)
    except (KeyError, TypeError):
        game = None
    if game is None or not game.recordable:
        raise Refused(
            msg("this site does not record {name} matches", name=name)
            if isinstance(name, str) and name
            else "game: the name of a game this site records",
            item={"field": "game"},
        )
    return game


def parse_rules(data: dict[str, Any] | None, game: str | None = None) -> Any:
    """The ruleset of ``game`` from its options; Refused (field ``rules``) when an option
    is unknown or ill-typed; ``game`` None: the registry's default game."""
    try:
        return game_of(game or default_game().name).parse_rules(data)
    except (TypeError, ValueError) as exc:
        raise Refused(str(exc), item={"field": "rules"}) from exc


def replay(match: Match, *, hide_deal_in_play: bool = False) -> Any:
    """The match's state, rebuilt from its events by its game's engine.

    ``hide_deal_in_play``: as those who may not see the hands see it — the hand in play
    without its deal (``clubs.access.may_see_hands``), so that only what was played or
    shown is known of it. The engine checks a hand the same with or without its deal."""
    game = game_of(match.game)
    state = new_state(match)
    # the whole log at once: a hand's penalty settles the renuncio an import stored (C12)
    game.replay(state, stored_events(match, hide_deal_in_play=hide_deal_in_play))
    return state


def state_of(match: Match) -> Any:
    """The match's state as :func:`replay` rebuilds it (its deal in play shown), taken
    from the shared cache when the write that left the match at its version kept it
    there; replayed else. A fresh object either way: the caller may apply events to it."""
    state = statecache.load(match)
    return state if state is not None else replay(match)


def new_state(match: Match) -> Any:
    """The empty state of the match's game, rules and first dealer (before any event)."""
    return game_of(match.game).new_match(parse_rules(match.rules, match.game), match.first_dealer)


def stored_events(match: Match, *, hide_deal_in_play: bool = False) -> Iterator[Any]:
    """The match's stored log as its game's events, in order (:func:`replay`'s
    ``hide_deal_in_play``: the unfinished hand's deal left out)."""
    game = game_of(match.game)
    events = HandEvent.objects.filter(hand__match=match).order_by("hand__number", "seq")
    for complete, data in events.values_list("hand__complete", "data"):
        yield game.event_from_dict(
            {k: v for k, v in data.items() if k != "deal"}
            if hide_deal_in_play and not complete and data.get("kind") == "deal"
            else data
        )
