"""Filters for telling a hand: the engine's notation words in the reader's language, and
a list's item by an index the template only knows at run time (a seat's name)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import pgettext_lazy

from games.engine.words import WORDS as NOTATION

register = template.Library()

#: the notation's calls, contracts and declarations as players say them (the engine's
#: words, ``games/engine/words.py``, translated when shown)
WORDS = {word: pgettext_lazy(context, said) for word, (context, said) in NOTATION.items()}


def words_said() -> dict[str, str]:
    """Every notation word in the reader's language (the pad's script takes them)."""
    return {word: str(said) for word, said in WORDS.items()}


@register.filter
def say(text: Any) -> Any:
    """``hearts ×2`` → ``corazones ×2``: each notation word of ``text`` in the reader's
    language (None and other values as they are)."""
    if not isinstance(text, str):
        return text
    return " ".join(str(WORDS.get(word, word)) for word in text.split(" "))


@register.filter
def at(items: Any, index: Any) -> Any:
    """``items[index]``, or None when there is no such item (``names|at:d.seat``)."""
    try:
        return items[index]
    except (IndexError, KeyError, TypeError):
        return None
