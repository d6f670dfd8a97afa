"""Cards and suits in the reader's words: the one reading of the names the engine gives
them (``games/engine/cards.py``: each deck's ranks and suits as English msgids). The card
tag, the refusals and the scoring pad all say a card through here ("rey de bastos",
"la sota de oros", "the king of bastos", "dama de corazones").

The catalogue's contexts: ``<family> card`` for a rank ("spanish card" "jack" → "sota"),
``<family> card, in a sentence`` for a rank with its article ("the jack" → "la sota": the
article's gender is the translation's, and :func:`card_is_feminine` reads it back by the
``feminine article`` and ``masculine article`` "the"), ``<family> suit`` for a suit
("french suit" "hearts" → "corazones"). A rank without a name is said as written, "el 3".
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .engine.cards import Card, Deck


def rank_said(deck: Deck, rank: str, *, article: bool = False) -> str:
    """A rank in the reader's language ("rey", "la sota", "the 3")."""
    name = deck.rank_names.get(rank)
    if name is None:
        if article:
            return pgettext("card, in a sentence", "the %(rank)s") % {"rank": rank}
        return rank
    if article:
        return pgettext(f"{deck.family} card, in a sentence", f"the {name}")
    return pgettext(f"{deck.family} card", name)


def suit_said(deck: Deck, suit: str) -> str:
    """A suit in the reader's language ("bastos", "corazones"); the letter if none."""
    if suit not in deck.suit_names:
        return suit
    return pgettext(f"{deck.family} suit", deck.suit_names[suit])


def card_said(card: Card | str, deck: Deck, *, article: bool = False) -> str:
    """A card in the reader's language: "rey de bastos", "3 de copas" (``article``: as
    a sentence says it, "la sota de oros"); the text as given when it is no card of the
    deck's family."""
    text = str(card)
    rank, suit = text[:-1], text[-1:]
    if suit not in deck.suits or not rank:
        return text
    return card_phrase() % {
        "rank": rank_said(deck, rank, article=article),
        "suit": suit_said(deck, suit),
    }


def card_phrase() -> str:
    """How a rank and a suit make a card's name (``%(rank)s``/``%(suit)s``: the pad's
    script fills it in too)."""
    return _("%(rank)s of %(suit)s")


def ranks_said(deck: Deck) -> dict[str, str]:
    """Every rank of the deck by its name in the reader's language (the pad's cards)."""
    return {rank: rank_said(deck, rank) for rank in deck.ranks}


def suits_said(deck: Deck) -> dict[str, str]:
    """Every suit of the deck by its name in the reader's language."""
    return {suit: suit_said(deck, suit) for suit in deck.suits}


def suit_of_name(deck: Deck, name: str) -> str | None:
    """The suit the engine's English message calls ``name`` ("hearts" → "h"), if any."""
    return next((s for s, n in deck.suit_names.items() if n == name), None)


def card_is_feminine(card: Card | str, deck: Deck) -> bool:
    """Whether a sentence about ``card`` agrees in the feminine ("la sota … repartida"):
    the gender is the translation's, read from the article it gives the rank ("la sota",
    "el as"); a language whose articles do not differ (English) has none."""
    text = str(card)
    feminine = pgettext("feminine article", "the")
    if feminine == pgettext("masculine article", "the") or text[-1:] not in deck.suits:
        return False
    return rank_said(deck, text[:-1], article=True).startswith(feminine + " ")
