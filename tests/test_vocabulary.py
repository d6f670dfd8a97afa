"""One vocabulary: the engine names the cards, the suits, the notation's words and the
statistics' figures once (English msgids); the site says them in the reader's language
through the catalogue, and the scripts take them from the page."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.cardnames import card_said
from games.engine import games
from games.engine.cards import FRENCH_32, SPANISH_20, SPANISH_40
from games.engine.words import OPTION_LABELS, OPTION_SAID, WORDS

ROOT = Path(__file__).resolve().parents[1]
MO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.mo"


def _catalogue() -> dict[str, str]:
    with MO.open("rb") as f:
        return gettext.GNUTranslations(f)._catalog  # "context\x04msgid" → msgstr


def _engine_names() -> set[tuple[str | None, str]]:
    """Every (context, msgid) the site looks the engine's names up by."""
    names: set[tuple[str | None, str]] = {("card, in a sentence", "the %(rank)s")}
    for deck in (SPANISH_40, FRENCH_32):
        for name in deck.rank_names.values():
            names |= {
                (f"{deck.family} card", name),
                (f"{deck.family} card, in a sentence", f"the {name}"),
            }
        names |= {(f"{deck.family} suit", name) for name in deck.suit_names.values()}
    names |= set(WORDS.values())
    names |= {(None, label) for label in OPTION_LABELS.values()}
    names |= {(None, said) for pair in OPTION_SAID.values() for said in pair if said}
    for game in games():
        titles = [*game.fact_titles.values(), *game.fact_kinds.values()]
        titles += [title for title, *_facts in game.fact_averages.values()]
        names |= {(None, title) for title in titles}
    return names


def test_every_name_the_engine_gives_is_in_the_spanish_catalogue():
    catalogue = _catalogue()
    missing = sorted(
        (context or "", msgid)
        for context, msgid in _engine_names()
        if not catalogue.get(msgid if context is None else f"{context}\x04{msgid}")
    )
    assert missing == []


@pytest.mark.parametrize(
    ("lang", "deck", "card", "article", "said"),
    [
        ("es", SPANISH_20, "10o", True, "la sota de oros"),
        ("es", SPANISH_40, "3c", True, "el 3 de copas"),
        ("es", SPANISH_40, "12b", False, "rey de bastos"),
        ("es", FRENCH_32, "Qh", False, "dama de corazones"),
        ("es", FRENCH_32, "Jc", True, "la jota de tréboles"),
        ("en", SPANISH_40, "12b", True, "the king of bastos"),
        ("en", SPANISH_40, "11e", False, "knight of espadas"),
        ("en", FRENCH_32, "10s", True, "the 10 of spades"),
        ("en", FRENCH_32, "Ad", False, "ace of diamonds"),
        ("es", SPANISH_40, "Jx", False, "Jx"),  # no card of the deck: as written
    ],
)
def test_a_card_is_said_in_the_readers_language(lang, deck, card, article, said):
    with translation.override(lang):
        assert card_said(card, deck, article=article) == said


def _card_words() -> set[str]:
    """Every card's rank and suit name, in both languages (digits aside)."""
    words = set()
    for lang in ("es", "en"):
        with translation.override(lang):
            for deck in (SPANISH_40, FRENCH_32):
                words |= {card_said(c, deck).split(" ")[-1] for c in deck.cards}  # suits
                words |= {card_said(c, deck).split(" ")[0] for c in deck.cards}  # ranks
    # the notation's own codes ("pass", "hearts", "belote") are the events' fields: not words
    return {w for w in words if not w.isdigit()} - set(WORDS)


def _quoted(words: set[str], text: str) -> list[str]:
    return sorted(w for w in words if re.search(rf"[\"']{re.escape(w)}[\"']", text))


def test_the_scripts_hold_no_word_of_the_vocabulary():
    """The pad's script reads its words from the page (#pad-config): a card's or a suit's
    name quoted in a script ("rey", "corazones", "knight") is a second table of them."""
    words = _card_words()
    found = {
        path.name: _quoted(words, text)
        for path in (ROOT / "static" / "js").glob("*.js")
        if (text := path.read_text())
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_the_scoreboard_holds_no_name_of_a_card_or_suit():
    """The room scoreboard says the cards with the live read's names (suit_names,
    rank_names, faces); the Spanish suits' names stay only as its pictures' ids."""
    pictures = set(SPANISH_40.suit_names.values())  # <symbol id="oros">, the drawing's
    page = (ROOT / "docs" / "scoreboard.html").read_text()
    assert _quoted(_card_words() - pictures, page) == []
    assert all(f'<symbol id="{name}"' in page for name in pictures)


@pytest.mark.django_db
def test_a_service_refusal_names_its_field_and_is_translated_on_display():
    """An unknown tournament setting: refused (400) naming the field, in English for
    programs and in the reader's language for people (the same msg() template)."""
    from clubs.models import Membership
    from games.refusals import localize
    from games.services import Refused
    from tests.factories import ClubFactory, MembershipFactory
    from tournaments import services

    club = ClubFactory()
    organiser = MembershipFactory(club=club, role=Membership.Role.ORGANISER).user
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    with pytest.raises(Refused) as refused:
        services.update_tournament(t, organiser, colour="red", size=3)
    assert (refused.value.status, refused.value.item) == (400, {"field": "settings"})
    assert refused.value.message == "not a setting: colour, size"
    assert localize(refused.value.message, lang="es") == "no es un ajuste: colour, size"


def test_a_games_standings_columns_are_headed_in_the_readers_language():
    """Each game's own standings columns bring their English short header
    (``Standing.short``); the Spanish page heads them with the engine's Spanish name."""
    from tournaments.tables import short_name

    columns = [column for game in games() for column in game.standings]
    assert {c.key for c in columns} >= {"solos", "bids_made", "capots"}
    for column in columns:
        assert column.short, f"{column.key} has no English short header"
        with translation.override("es"):
            assert short_name(column.key) == column.name
        with translation.override("en"):
            assert short_name(column.key) == column.short
    with translation.override("en"):
        assert short_name("quintolas") == "Quin W"
    with translation.override("es"):
        assert short_name("bids") == "Sub"
