"""A refusal (of the engine or of a service) as a user reads it: in the page's language,
with the players' names and the cards in words.

The engine and the services write English messages made by
:func:`games.engine.messages.msg`, which keep their template and parameters. Here the
template is looked up in the catalogue (English msgid, Spanish msgstr) and filled again:
a :class:`~games.engine.messages.Seat` becomes the player sitting there ("asiento 3",
counted from 1, when the seat has no name), a card its name in words from the game
("rey de bastos"), a nested message is translated the same way, and any other text is
looked up too (suit and contract names, "C7.2 must follow suit"). A message that kept no
template is translated whole, or shown as it is. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import override

from .cardnames import card_said, suit_of_name, suit_said
from .engine import Game, find_game
from .engine.cards import Card
from .engine.messages import Items, Msg, Seat


def localize(
    message: str, *, game: Game | None = None, names: Sequence[str] = (), lang: str | None = None
) -> str:
    """``message`` for a reader of the active language (or ``lang``)."""
    if lang is None:
        return _render(message, game, list(names))
    with override(lang):
        return _render(message, game, list(names))


def seat_label(seat: int, names: Sequence[str] = ()) -> str:
    """Who sits at ``seat`` (0-based): the player's name, else "asiento 3" (from 1)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("seat %(number)s") % {"number": seat + 1}


def _render(value: Any, game: Game | None, names: list[str]) -> str:
    if isinstance(value, Seat):
        return seat_label(int(value), names)
    if isinstance(value, Card):
        return card_said(value, game.deck, article=True) if game else str(value)
    if isinstance(value, Items):
        word = value.sep.strip()  # " and " is a word to translate, ", " is not
        sep = value.sep.replace(word, _(word)) if word else value.sep
        return sep.join(_render(v, game, names) for v in value)
    if not isinstance(value, str | int | float):
        value = str(value)  # an engine value that words itself (the evidence of a card)
    if isinstance(value, Msg):
        params = {k: _render(v, game, names) for k, v in value.params.items()}
        try:
            return _(value.template).format(**params)
        except (KeyError, IndexError, ValueError):  # a catalogue entry that does not fit
            return value.template.format(**params)
    if isinstance(value, str):
        if not value.strip():
            return value
        suit = suit_of_name(game.deck, value) if game else None
        return suit_said(game.deck, suit) if suit else _(value)
    return str(value)


def localize_for_match(message: str, match: Any, lang: str | None = None) -> str:
    """``message`` about ``match`` (a games.models.Match): its seats' players by name."""
    names = [str(s.player) for s in sorted(match.seats.all(), key=lambda s: s.number)]
    return localize(message, game=find_game(match.game), names=names, lang=lang)
