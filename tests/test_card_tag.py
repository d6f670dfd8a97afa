"""The card tag (games/templatetags/cards.py) draws each card once per language and deck
and keeps it: what it keeps must follow the reader's language, the page's deck and the
static files' address."""

from django.template import Context, Template
from django.utils import translation

CARD = Template('{% load cards %}{% card text "big" %}')


class _Match:
    def __init__(self, game: str) -> None:
        self.game = game


def drawn(text: str, language: str, game: str | None = None) -> str:
    with translation.override(language):
        return CARD.render(Context({"text": text, "match": _Match(game) if game else None}))


def test_a_card_is_named_in_the_readers_language_each_time():
    spanish = '<span class="card suit-b big" role="img" aria-label="rey de bastos"'
    english = '<span class="card suit-b big" role="img" aria-label="king of bastos"'
    assert drawn("12b", "es").startswith(spanish)
    assert drawn("12b", "en").startswith(english)
    assert drawn("12b", "es").startswith(spanish)  # kept, and kept apart


def test_the_same_letters_are_another_card_in_the_french_deck():
    assert 'aria-label="sota de copas"' in drawn("10c", "es", "cuatrola")
    french = drawn("Jc", "es", "belote")
    assert french.startswith('<span class="card suit-c french big" role="img"')
    assert "♣" in french
    assert "suit-glyph" not in french


def test_the_sprite_follows_the_static_files_address(settings):
    assert 'href="/static/img/suits.svg#bastos"' in drawn("12b", "es")
    settings.STATIC_URL = "/elsewhere/"
    assert 'href="/elsewhere/img/suits.svg#bastos"' in drawn("12b", "es")
