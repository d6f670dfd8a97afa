"""The games the site knows, by name (python-chess's ``VARIANTS`` / ``find_variant``).

A new game is one package in ``games/engine/`` with a :class:`~games.engine.game.Game`
subclass, added to ``_GAMES`` below: nothing else in the project names it.
"""

from __future__ import annotations

from .belote.game import BeloteGame
from .cuatrola.game import Cuatrola
from .game import Game
from .subastao.game import Subastao

#: every game the record format names, supported or not yet
GAME_NAMES = ("cuatrola", "subastao", "belote")

_GAMES: dict[str, Game] = {game.name: game for game in (Cuatrola(), Subastao(), BeloteGame())}


def find_game(name: str) -> Game:
    """The game called ``name``; KeyError if the site does not play it (yet)."""
    return _GAMES[name]


def games() -> list[Game]:
    """Every registered game, in registration order."""
    return list(_GAMES.values())


def default_game() -> Game:
    """The game a new match or tournament is of when none is named: the first registered
    that the site records (the models' and forms' default, the API's, the commands')."""
    return next(game for game in _GAMES.values() if game.recordable)
