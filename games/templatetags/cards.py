"""Cards as small pictures: rank and a coloured suit mark."""

from django import template
from django.utils.html import format_html

from games.pad import suit_names

register = template.Library()

SUITS = {"o": ("oros", "●"), "c": ("copas", "♥"), "e": ("espadas", "♠"), "b": ("bastos", "♣")}
RANKS = {"1": "1", "3": "3", "12": "R", "11": "C", "10": "S"}


@register.simple_tag
def card(text: str | None, extra_class: str = ""):
    """``<span class="card suit-o">1●</span>`` for ``"1o"``; an empty slot for None."""
    if not text:
        return format_html('<span class="card empty {}"></span>', extra_class)
    rank, suit = text[:-1], text[-1]
    name, mark = SUITS.get(suit, (suit, suit))
    return format_html(
        '<span class="card suit-{} {}" title="{} de {}">{}<small>{}</small></span>',
        suit,
        extra_class,
        rank,
        name,
        RANKS.get(rank, rank),
        mark,
    )


@register.filter
def suit_name(suit: str) -> str:
    return SUITS.get(suit, (suit, ""))[0]


@register.simple_tag
def suit(letter: str | None):
    """A Spanish suit as its coloured mark and its name in the reader's language:
    ``<span class="suit-mark suit-c"><small>♥</small> copas</span>`` for ``"c"``."""
    if not letter:
        return ""
    return format_html(
        '<span class="suit-mark suit-{}"><small>{}</small> {}</span>',
        letter,
        SUITS.get(letter, ("", letter))[1],
        suit_names().get(letter, letter),
    )
