"""Cards by their spoken names ("rey de bastos", "king of clubs"), for screen readers:
a card drawn as "R" and a suit picture is announced by what it is."""

from __future__ import annotations

from django.utils.translation import pgettext


def spanish_ranks() -> dict[str, str]:
    """The Spanish deck's ranks as they are said (the 10, 11 and 12 are sota, caballo, rey)."""
    return {
        "1": pgettext("spanish card", "ace"),
        "2": pgettext("spanish card", "two"),
        "3": pgettext("spanish card", "three"),
        "4": pgettext("spanish card", "four"),
        "5": pgettext("spanish card", "five"),
        "6": pgettext("spanish card", "six"),
        "7": pgettext("spanish card", "seven"),
        "8": pgettext("spanish card", "eight"),
        "9": pgettext("spanish card", "nine"),
        "10": pgettext("spanish card", "jack"),
        "11": pgettext("spanish card", "knight"),
        "12": pgettext("spanish card", "king"),
    }


def french_ranks() -> dict[str, str]:
    """The French deck's ranks as they are said (Belote's 32 cards)."""
    return {
        "7": pgettext("french card", "seven"),
        "8": pgettext("french card", "eight"),
        "9": pgettext("french card", "nine"),
        "10": pgettext("french card", "ten"),
        "J": pgettext("french card", "jack"),
        "Q": pgettext("french card", "queen"),
        "K": pgettext("french card", "king"),
        "A": pgettext("french card", "ace"),
    }
