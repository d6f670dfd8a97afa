"""A refusal (of the engine or of a service) as a user reads it: in the page's language,
with the players' names and the cards in words.

The engine and the services write English messages made by
:func:`games.engine.messages.msg`, which keep their template and parameters. Here the
template is looked up in the catalogue (English msgid, Spanish msgstr) and filled again:
a :class:`~games.engine.messages.Seat` becomes the player sitting there ("asiento 3",
counted from 1, when the seat has no name), a card its name in words from the game
("rey de bastos"), a nested message is translated the same way, and any other text is
looked up too (suit and contract names, "C7.2 must follow suit"). A message that kept no
template (a framework's, or one passed on as plain text: a DRF ``ErrorDetail``, a record's
JSON line) is translated whole, else read back against the catalogue's templates
(:func:`_read_back`): the one it fits gives the parameters, filled into its translation;
else it is shown as it is. A translation agrees with a card's gender by a choice spec,
``repartid{card:o/a}`` ("el as … repartido", "la sota … repartida"). Nothing here names a
game.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import get_language, override, trans_real
from django.utils.translation import gettext as _

from .cardnames import card_is_feminine, card_said, suit_of_name, suit_said
from .engine import Game, find_game
from .engine.cards import Card
from .engine.messages import Items, Msg, Seat, SeatGiven


def localize(
    message: str, *, game: Game | None = None, names: Sequence[str] = (), lang: str | None = None
) -> str:
    """``message`` for a reader of the active language (or ``lang``)."""
    if lang is None:
        return str(_render(message, game, list(names)))
    with override(lang):
        return str(_render(message, game, list(names)))


def as_sentence(
    message: str, *, game: Game | None = None, names: Sequence[str] = (), lang: str | None = None
) -> str:
    """``message`` localised (:func:`localize`) and shown as a sentence: its first letter a
    capital, unless it starts with a name written as the code writes it ("rules.target
    …"). For a page, a form or a flash message only: the checker's and the API's English
    stay as they are (lowercase, pinned by the example records), and a message nested in
    another is not a sentence of its own. static/js/score.js does the same on the pad."""
    said = localize(message, game=game, names=names, lang=lang)
    return said if _CODE_NAME.match(said) else capfirst(said)


#: a first word that is a name of the code's (an option's key): not capitalised
_CODE_NAME = re.compile(r"[a-z0-9]+[._][\w.]*\b")


def seat_label(seat: int, names: Sequence[str] = ()) -> str:
    """Who sits at ``seat`` (0-based): the player's name, else "asiento 3" (from 1)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("seat %(number)s") % {"number": seat + 1}


def _render(value: Any, game: Game | None, names: list[str]) -> Any:
    """``value`` said for the reader: a text, or a number as it is (a template formats it)."""
    if isinstance(value, Seat):
        return seat_label(int(value), names)
    if isinstance(value, SeatGiven):  # the number as given, said as a seat if it is one
        if 0 <= value < value.seats:
            return seat_label(int(value), names)
        return _("%(given)s (not a seat: seats are numbered 0 to %(last)s)") % {
            "given": int(value),
            "last": value.seats - 1,
        }
    if isinstance(value, Card):
        if game is None:
            return str(value)
        return Said(card_said(value, game.deck, article=True), card_is_feminine(value, game.deck))
    if isinstance(value, Items):
        word = value.sep.strip()  # " and " is a word to translate, ", " is not
        sep = value.sep.replace(word, _(word)) if word else value.sep
        return sep.join(str(_render(v, game, names)) for v in value)
    if not isinstance(value, str | int | float):
        value = str(value)  # an engine value that words itself (the evidence of a card)
    if isinstance(value, Msg):
        params = {k: _param(_render(v, game, names)) for k, v in value.params.items()}
        try:
            return _(value.template).format(**params)
        except (KeyError, IndexError, ValueError):  # a catalogue entry that does not fit
            return value.template.format(**params)
    if isinstance(value, str):
        if not value.strip():
            return value
        suit = suit_of_name(game.deck, value) if game else None
        if suit:
            return suit_said(game.deck, suit)
        said = _(value)
        return said if said != value else _read_back(value, game, names)
    return value


def _param(said: Any) -> Any:
    """A rendered parameter as a template takes it: a number as it is (``{n:,}``), a text
    as :class:`Said` (a gender spec on a text that has none takes the masculine)."""
    if isinstance(said, Said) or (isinstance(said, int | float) and not isinstance(said, bool)):
        return said
    return Said(str(said))


class Said(str):
    """A parameter as the reader reads it, with the grammatical gender of what it names:
    a translation's ``{card:o/a}`` is the masculine or the feminine ending (any other spec
    formats the text)."""

    feminine: bool

    def __new__(cls, text: str, feminine: bool = False) -> Said:
        self = super().__new__(cls, text)
        self.feminine = feminine
        return self

    def __format__(self, spec: str) -> str:
        if "/" in spec:
            masculine, feminine = spec.split("/", 1)
            return feminine if self.feminine else masculine
        return format(str(self), spec)

    def __repr__(self) -> str:  # read back from the English: its quotes are in the text
        return str(self)


_FIELD = re.compile(r"%\((\w+)\)[sd]")


def _read_back(text: str, game: Game | None, names: list[str]) -> str:
    """``text`` translated by the catalogue template it was made from, else as it is."""
    for pattern, template, percent in _templates(get_language() or ""):
        found = pattern.fullmatch(text)
        if found is None:
            continue
        params = {k: _captured(v, game, names) for k, v in found.groupdict().items()}
        try:
            if percent:
                return _FIELD.sub(r"%(\1)s", _(template)) % params
            return _(template).format(**params)
        except (KeyError, IndexError, ValueError, TypeError):
            continue
    return text


_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")


def _captured(text: str, game: Game | None, names: list[str]) -> Any:
    """A parameter read back: a number the English grouped ("10,000") is a number again
    (the translation writes it its way), any other text is said for the reader."""
    if _GROUPED.fullmatch(text):
        return int(text.replace(",", ""))
    return Said(str(_render(text, game, names)))


@functools.cache
def _templates(language: str) -> list[tuple[re.Pattern, str, bool]]:
    """The language's catalogue msgids with parameters (``{name}`` or ``%(name)s``) as
    patterns that read a message back, the most specific (most fixed text) first; a
    template of under six fixed characters would fit too much."""
    found = []
    for key, translated in trans_real.translation(language)._catalog.items():
        if not isinstance(key, str) or "\x04" in key or not translated or translated == key:
            continue
        made = _pattern(key)
        if made is not None and made[1] >= 6:
            found.append((made[0], key, made[2], made[1]))
    found.sort(key=lambda t: -t[3])
    return [(pattern, key, percent) for pattern, key, percent, _fixed in found]


def _pattern(template: str) -> tuple[re.Pattern, int, bool] | None:
    """A template as a pattern, its number of fixed characters, whether it is %-style."""
    parts: list[str] = []
    seen: set[str] = set()
    fixed = 0
    if _FIELD.search(template):
        pieces = _FIELD.split(template)  # text, name, text, name…
        literal = [
            (pieces[i], pieces[i + 1] if i + 1 < len(pieces) else None)
            for i in range(0, len(pieces), 2)
        ]
        percent = True
    else:
        try:
            literal = [
                (text, name) for text, name, _spec, _conv in string.Formatter().parse(template)
            ]
        except ValueError:
            return None
        percent = False
    for text, name in literal:
        parts.append(re.escape(text))
        fixed += len(text)
        if name is None:
            continue
        if not name.isidentifier():
            return None
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
    if not seen:
        return None
    return re.compile("".join(parts), re.S), fixed, percent


def localize_for_match(message: str, match: Any, lang: str | None = None) -> str:
    """``message`` about ``match`` (a games.models.Match): its seats' players by name."""
    names = [str(s.player) for s in sorted(match.seats.all(), key=lambda s: s.number)]
    return localize(message, game=find_game(match.game), names=names, lang=lang)
