"""Cards as small pictures: rank and a coloured suit — the Spanish suits drawn from the
site's SVG sprite, the French ones (Belote) as their printed symbols — each card named for
screen readers ("rey de bastos")."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.translation import get_language

from games.engine import find_game
from games.engine.cards import FRENCH_32, SPANISH_40, card_name
from games.pad import suit_names

register = template.Library()

SUITS = {"o": ("oros", "●"), "c": ("copas", "♥"), "e": ("espadas", "♠"), "b": ("bastos", "♣")}
RANKS = {"1": "1", "3": "3", "12": "R", "11": "C", "10": "S"}
SPRITE = "img/suits.svg"
SUIT_SYMBOLS = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
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


def suit_glyph(letter: str) -> str:
    """A Spanish suit's picture from the site's sprite (static/img/suits.svg), in the
    colour of the text around it; hidden from screen readers, which read the card's or the
    suit's name instead."""
    symbol = SUIT_SYMBOLS.get(letter)
    if symbol is None:
        return format_html("{}", letter)
    return format_html(
        '<svg class="suit-glyph" aria-hidden="true" focusable="false">'
        '<use href="{}#{}"></use></svg>',
        static(SPRITE),
        symbol,
    )


@register.simple_tag(takes_context=True)
def card(context: template.Context, text: str | None, extra_class: str = ""):
    """``<span class="card suit-o" role="img" aria-label="as de oros">1<small><svg …>
    </small></span>`` for ``"1o"`` (the suit drawn from the sprite); an empty slot for
    None. On the page of a match played with the French deck, ``<span class="card french
    suit-c">`` with ♣ for ``"Jc"``: French suits keep their printed symbols."""
    if not text:
        return format_html('<span class="card empty {}"></span>', extra_class)
    rank, suit = text[:-1], text[-1]
    french = _french(context)
    if french:  # French ranks are written as they are said (10, J, Q, K, A)
        (_name, mark), shown = FRENCH_SUITS.get(suit, (suit, suit)), rank
        extra_class = f"french {extra_class}".strip()
    else:
        shown, mark = RANKS.get(rank, rank), suit_glyph(suit)
    label = card_name(text, FRENCH_32 if french else SPANISH_40, get_language() or "es")
    return format_html(
        '<span class="card suit-{} {}" role="img" aria-label="{}" title="{}">{}<small>{}</small>'
        "</span>",
        suit,
        extra_class,
        label,
        label,
        shown,
        mark,
    )


@register.filter
def suit_name(suit: str) -> str:
    return SUITS.get(suit, (suit, ""))[0]


@register.simple_tag
def suit(letter: str | None):
    """A Spanish suit as its picture and its name in the reader's language:
    ``<span class="suit-mark suit-c"><small><svg …></small> copas</span>`` for ``"c"``."""
    if not letter:
        return ""
    return format_html(
        '<span class="suit-mark suit-{}"><small>{}</small> {}</span>',
        letter,
        suit_glyph(letter),
        suit_names().get(letter, letter),
    )
