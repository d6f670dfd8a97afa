"""Filters for telling a hand: the engine's notation words in the reader's language, and
a list's item by an index the template only knows at run time (a seat's name)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import pgettext_lazy

register = template.Library()

#: the notation's calls, contracts and declarations as players say them; a word not
#: listed (Cuatrola's solo, a Subastao bid…) is shown as it is written
WORDS = {
    "pass": pgettext_lazy("call", "pass"),
    "plain": pgettext_lazy("declaration", "plain"),
    "double": pgettext_lazy("call", "double"),
    "redouble": pgettext_lazy("call", "redouble"),
    "clubs": pgettext_lazy("contract", "clubs"),
    "diamonds": pgettext_lazy("contract", "diamonds"),
    "hearts": pgettext_lazy("contract", "hearts"),
    "spades": pgettext_lazy("contract", "spades"),
    "no_trumps": pgettext_lazy("contract", "no trumps"),
    "all_trumps": pgettext_lazy("contract", "all trumps"),
    "tierce": pgettext_lazy("declaration", "tierce"),
    "quarte": pgettext_lazy("declaration", "quarte"),
    "quint": pgettext_lazy("declaration", "quint"),
    "four": pgettext_lazy("declaration", "four of a kind"),
    "belote": pgettext_lazy("declaration", "belote"),
}


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
