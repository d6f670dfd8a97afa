"""Finding untranslated text in a rendered page (tests/test_translated_pages.py).

A page's visible text (tags, scripts and styles removed; titles, aria-labels and
placeholders kept, as a screen reader says them) is searched for the other language:
- every catalogue entry whose two languages differ: an English msgid found in a Spanish
  page, a Spanish msgstr found in an English page (whole words, same case);
- a short list of words that exist in one language only ("the", "won", "tras", "jornada"),
  which also catches text nobody has put in the catalogue yet;
- a few shapes wrong in any language ("1 ganadas", "after round 1 2", "seat 0").
Proper names (clubs, players, pairs, tournaments, matches) are removed first: "Peña La
Baza" is not Spanish leaking into the English page.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

PO = Path(__file__).resolve().parents[1] / "locale" / "es" / "LC_MESSAGES" / "django.po"

#: words that belong to one language only (lower case, whole words)
ENGLISH_ONLY = frozenset(
    {
        "the",
        "card",
        "and",
        "of",
        "with",
        "by",
        "won",
        "lost",
        "matches",
        "hand",
        "hands",
        "trick",
        "tricks",
        "seat",
        "seats",
        "round",
        "rounds",
        "entry",
        "entries",
        "exact",
        "pass",
        "plain",
        "standings",
        "played",
        "after",
        "tournament",
        "tournaments",
        "player",
        "players",
        "points",
        "table",
        "tables",
        "results",
        "draws",
        "losses",
        "wins",
        "against",
        "record",
        "check",
        "score",
        "scoring",
        "live",
        "next",
        "previous",
        "match",
    }
)
SPANISH_ONLY = frozenset(
    {
        "de",
        "del",
        "la",
        "las",
        "los",
        "el",
        "y",
        "con",
        "tras",
        "jornada",
        "jornadas",
        "manos",
        "baza",
        "bazas",
        "partida",
        "partidas",
        "ganadas",
        "perdidas",
        "ganó",
        "pareja",
        "parejas",
        "asiento",
        "asientos",
        "clasificación",
        "jugador",
        "jugadores",
        "torneo",
        "torneos",
        "puntos",
        "contra",
        "sin",
        "para",
        "por",
        "una",
        "uno",
        "mesa",
        "mesas",
        "resultados",
        "comprobar",
        "anotar",
        "siguiente",
        "anterior",
    }
)
#: the same word in both languages, or the game's own vocabulary kept in Spanish in the
#: English site (suits, game names) — never a leak
BOTH = frozenset(
    {
        "oros",
        "copas",
        "espadas",
        "bastos",
        "cuatrola",
        "quintola",
        "solo",
        "tute",
        "subastao",
        "belote",
        "club",
        "as",  # the Spanish ace, and an English word ("as drawn")
        "total",
        "no",
        "error",
        "ok",
        "elo",
        "capot",
        "renuncio",
        "cante",
        "cantes",
        "mano",
    }
)


#: sentences that are wrong in either language: a plural after 1, numbers run together
#: after "round" (which round?), seats counted from 0 in front of people
WRONG_SHAPES = [
    r"(?<![\d.,])1\s+(?:ganadas|perdidas|partidas|manos|bazas|jornadas|jugadores)\b",
    r"(?<![\d.,])1\s+(?:matches|hands|tricks|rounds|players|entries|wins)\b",
    r"\b(?:jornada|round):?\s+\d+\s+\d+",
    r"\b(?:seats?|asientos?|Seats?|Asientos?)\s+0\b",
]


@cache
def catalogue() -> list[tuple[str, str]]:
    """(msgid, msgstr) pairs of the Spanish catalogue, without placeholders' entries; a
    short one only with a context (a column header, not a stray "a")."""
    text = PO.read_text()
    pairs = []
    for block in text.split("\n\n"):
        if "#, fuzzy" in block:
            continue
        msgid = _field(block, "msgid")
        msgstr = _field(block, "msgstr")
        if not msgid or not msgstr or msgid == msgstr:
            continue
        if min(len(msgid), len(msgstr)) < (2 if _field(block, "msgctxt") else 4):
            continue
        if re.search(r"%\(|\{|%s|%d", msgid):
            continue  # a template: its words are checked by the word lists
        pairs.append((msgid, msgstr))
    return pairs


def _field(block: str, name: str) -> str:
    match = re.search(rf"^{name} ((?:\".*\"\n?)+)", block, re.M)
    if not match:
        return ""
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(1))
    return "".join(parts).encode().decode("unicode_escape").encode("latin-1").decode()


def visible_text(page: str) -> str:
    """What a reader sees or hears: the text and the title/aria-label/placeholder/alt."""
    # scripts, styles, code (a file format's own words) and what the visitor pasted in a
    # text box are not the site's prose
    page = re.sub(r"(?is)<(script|style|code|textarea)\b.*?</\1>", " ", page)
    page = re.sub(r"%\(\w+\)s", " ", page)  # a placeholder the page's script fills in
    said = [
        html.unescape(s)
        for s in re.findall(r'(?:title|aria-label|placeholder|alt)="([^"]*)"', page)
    ]
    page = re.sub(r"(?s)<[^>]*>", " ", page)
    page = re.sub(r"\{[^{}]*\}", " ", html.unescape(page))  # a JSON example in a help text
    return " ".join([page, *said])


@cache
def _whole_word(words: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){re.escape(words)}(?!\w)")


def leaks(page: str, language: str, names: list[str]) -> list[str]:
    """Pieces of the other language in ``page`` (rendered for ``language``)."""
    text = visible_text(page)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    found = []
    for msgid, msgstr in catalogue():
        other = msgid if language == "es" else msgstr
        own = msgstr if language == "es" else msgid
        if other.lower() in BOTH or other.lower() in own.lower():
            continue
        # the plain substring test first: most entries are absent, and the patterns,
        # compiled anew for each of ~700 entries on each page, cost a minute a run
        if other in text and _whole_word(other).search(text):
            found.append(other)
    found += [m.group(0) for shape in WRONG_SHAPES for m in re.finditer(shape, text)]
    words = ENGLISH_ONLY if language == "es" else SPANISH_ONLY
    for word in re.findall(r"\w+", text.lower()):
        if word in words and word not in BOTH:
            found.append(word)
    return sorted(set(found))
