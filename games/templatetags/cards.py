"""Cards as small pictures: rank and a coloured suit mark."""

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language

from games.engine import find_game
from games.engine.cards import FRENCH_32, SPANISH_40, card_name
from games.pad import suit_names

register = template.Library()

SUITS = {"o": ("oros", "●"), "c": ("copas", "♥"), "e": ("espadas", "♠"), "b": ("bastos", "♣")}
RANKS = {"1": "1", "3": "3", "12": "R", "11": "C", "10": "S"}
#: the French suits (a 32-card deck): the same letter ``c`` is clubs there, not copas, so
#: a card's text alone does not say its suit: the match's game does (its deck)
FRENCH_SUITS = {
    "c": ("tréboles", "♣"),
    "d": ("diamantes", "♦"),
    "h": ("corazones", "♥"),
    "s": ("picas", "♠"),
}


def _french(context: template.Context) -> bool:
    """Does the page's match (``match`` in the context) play with the French deck?"""
    try:
        deck = find_game(context.get("match").game).deck
    except (AttributeError, KeyError):  # no match on the page, or a game no longer played
        return False
    return set(deck.suits) == set(FRENCH_SUITS)


@register.simple_tag(takes_context=True)
def card(context: template.Context, text: str | None, extra_class: str = ""):
    """``<span class="card suit-o">1●</span>`` for ``"1o"``; an empty slot for None. On
    the page of a match played with the French deck, ``<span class="card french suit-c">``
    with ♣ for ``"Jc"``."""
    if not text:
        return format_html('<span class="card empty {}"></span>', extra_class)
    rank, suit = text[:-1], text[-1]
    french = _french(context)
    if french:  # French ranks are written as they are said (10, J, Q, K, A)
        (_name, mark), shown = FRENCH_SUITS.get(suit, (suit, suit)), rank
        extra_class = f"french {extra_class}".strip()
    else:
        (_name, mark), shown = SUITS.get(suit, (suit, suit)), RANKS.get(rank, rank)
    words = card_name(text, FRENCH_32 if french else SPANISH_40, get_language() or "es")
    return format_html(
        '<span class="card suit-{} {}" title="{}">{}<small>{}</small></span>',
        suit,
        extra_class,
        words,
        shown,
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
