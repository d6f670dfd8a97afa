"""Cards as small pictures: rank and a coloured suit — the Spanish suits drawn from the
site's SVG sprite, the French ones (Belote) as their printed symbols — each card named for
screen readers in the reader's language (``games/cardnames.py``: "rey de bastos")."""

from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.cardnames import card_said, suit_said
from games.engine import find_game
from games.engine.cards import FRENCH_SYMBOLS, SPANISH_40, SPANISH_MARKS, SPANISH_SUIT_NAMES, Deck

register = template.Library()

SPRITE = "img/suits.svg"
#: the sprite's symbol of each Spanish suit: the symbols bear the suits' names
SUIT_SYMBOLS = SPANISH_SUIT_NAMES


def deck_of(context: template.Context) -> Deck:
    """The deck of the page's match (``match`` in the context): the same letter ``c`` is
    copas in the Spanish deck and clubs in the French one, so a card's text alone does
    not say its suit. The Spanish deck when the page has no match."""
    try:
        return find_game(context.get("match").game).deck
    except (AttributeError, KeyError):  # no match on the page, or a game no longer played
        return SPANISH_40


def marks(deck: Deck) -> dict[str, str]:
    """Each suit's mark as text: the French symbols, or the Spanish stand-ins."""
    return FRENCH_SYMBOLS if deck.family == "french" else SPANISH_MARKS


def suit_glyph(letter: str, deck: Deck = SPANISH_40) -> str:
    """A suit's picture: a Spanish one from the site's sprite (static/img/suits.svg), in
    the colour of the text around it, hidden from screen readers, which read the card's
    or the suit's name instead; a French one as its printed symbol."""
    symbol = SUIT_SYMBOLS.get(letter) if deck.family == "spanish" else None
    if symbol is None:
        return format_html("{}", marks(deck).get(letter, letter))
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
    return _card_html(get_language(), deck_of(context), text, extra_class)


@lru_cache(maxsize=4096)
def _card_html(language: str | None, deck: Deck, text: str, extra_class: str) -> SafeString:
    """One card's HTML in ``language``: the same few dozen cards are drawn again and again
    (a replay page draws ~1,000, a fifth of its time when each was built afresh); what it
    reads beyond its arguments — the static files' address, the catalogues — changes
    only with the settings (below) or a restart."""
    rank, suit = text[:-1], text[-1]
    if deck.family == "french":
        extra_class = f"french {extra_class}".strip()
    label = card_said(text, deck)
    return format_html(
        '<span class="card suit-{} {}" role="img" aria-label="{}" title="{}">{}<small>{}</small>'
        "</span>",
        suit,
        extra_class,
        label,
        label,
        deck.faces.get(rank, rank),
        suit_glyph(suit, deck),
    )


@receiver(setting_changed)
def _forget_drawn_cards(**kwargs) -> None:
    """A test's settings (the static files' address, the languages) draw cards anew."""
    _card_html.cache_clear()


@register.simple_tag(takes_context=True)
def suit(context: template.Context, letter: str | None):
    """A suit as its picture and its name in the reader's language:
    ``<span class="suit-mark suit-c"><small><svg …></small> copas</span>`` for ``"c"``."""
    if not letter:
        return ""
    deck = deck_of(context)
    return format_html(
        '<span class="suit-mark suit-{}"><small>{}</small> {}</span>',
        letter,
        suit_glyph(letter, deck),
        suit_said(deck, letter),
    )
