"""Refusal messages that remember how they were made, so the site can translate them.

The checker and the CLI print the English text, which must stay exactly what it was
(the example records pin it), so a message is still a plain ``str``: :func:`msg` builds
the English sentence from a template and its parameters and keeps both on the string.
The site (games/refusals.py) then looks the template up in its catalogue and fills it
with the players' names and the cards in words. Parameters that are seats are wrapped in
:class:`Seat` (English "seat 2"; a number given for a seat, :class:`SeatGiven`), cards
stay :class:`~.cards.Card`, nested messages stay :class:`Msg`; anything else is shown as
it is.
"""

from __future__ import annotations

import functools
import string
from typing import Any


class Seat(int):
    """A seat number inside a message: "seat 2" in English, a player's name on the site."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"seat {int(self)}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class SeatGiven(int):
    """A seat number as an event gave it (a deal's ``dealer``), which may be no seat of
    the table: written as it was given ("9", so the checker's line stays what it was);
    the site says a seat of the table by its player, another number as not a seat (of
    ``seats``, numbered from 0)."""

    seats: int

    def __new__(cls, value: int, seats: int) -> SeatGiven:
        self = super().__new__(cls, value)
        self.seats = seats
        return self


class Msg(str):
    """An English message that keeps its ``template`` and ``params``."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, Any]) -> Msg:
        self = super().__new__(cls, template.format(**params))
        self.template = template
        self.params = params
        return self

    def __reduce__(self):  # pickles (Celery, caches) as the message it is
        return (Msg, (self.template, self.params))


def msg(template: str, /, **params: Any) -> Msg:
    """The English message ``template.format(**params)``, remembering both."""
    return Msg(template, params)


def msg_from(template: str, values: dict[str, Any]) -> Msg:
    """:func:`msg` with, of ``values``, the parameters ``template`` names (one table of
    values serves several templates)."""
    return Msg(template, {name: values[name] for name in fields_of(template)})


@functools.cache
def fields_of(template: str) -> tuple[str, ...]:
    """The parameter names of ``template``, in order."""
    return tuple(name for _, name, _, _ in string.Formatter().parse(template) if name)


class Items(tuple):
    """A list inside a message, written joined by ``sep`` ("12c dealt, 11c dealt")."""

    def __new__(cls, values, sep: str = ", ") -> Items:
        self = super().__new__(cls, values)
        self.sep = sep
        return self

    def __str__(self) -> str:
        return self.sep.join(map(str, self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self):
        return (Items, (tuple(self), self.sep))


def json_error(exc: Exception) -> Any:
    """Why a text is not JSON, as Python says it ("Expecting value: line 1 column 2 (char
    1)"), with Python's reason and the position kept apart for a translation."""
    if all(hasattr(exc, a) for a in ("msg", "lineno", "colno", "pos")):  # JSONDecodeError
        return msg(
            "{problem}: line {line} column {column} (char {char})",
            problem=exc.msg,
            line=exc.lineno,
            column=exc.colno,
            char=exc.pos,
        )
    return str(exc)
