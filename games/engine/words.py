"""The notation's words as players say them, once: each written word (RECORD_FORMAT.md:
calls, contracts, declarations) with the English msgid and the context the site's
catalogue translates it by (``games/templatetags/rounds.py``, the scoring pad). A word
not listed (a Subastao bid, a number) is shown as it is written. The games' rule options
are named here too (English msgids, no context): the forms' labels and the match page's
rules line (``games/forms.py``, ``games/pad.py``) translate them.

Belote's suit contracts are written with the French suits' names ("hearts"): they are
said as the suits are (the ``french suit`` context of ``games/cardnames.py``).
"""

from __future__ import annotations

from .cards import FRENCH_SUIT_NAMES

#: written word → (context, English msgid)
WORDS: dict[str, tuple[str, str]] = {
    "pass": ("call", "pass"),
    "plain": ("declaration", "plain"),
    "solo": ("call", "solo"),
    "cuatrola": ("call", "cuatrola"),
    "quintola": ("call", "quintola"),
    "double": ("call", "double"),
    "redouble": ("call", "redouble"),
    **{name: ("french suit", name) for name in FRENCH_SUIT_NAMES.values()},
    "no_trumps": ("contract", "no trumps"),
    "all_trumps": ("contract", "all trumps"),
    "tierce": ("declaration", "tierce"),
    "quarte": ("declaration", "quarte"),
    "quint": ("declaration", "quint"),
    "four": ("declaration", "four of a kind"),
    "belote": ("declaration", "belote"),
}

#: each rule option of the games (``Game.rule_options``) as a form asks for it
OPTION_LABELS: dict[str, str] = {
    "match": "Match format",
    "target": "Target (points; hands in the hands format)",
    "quintola": "The quintola call exists",
    "renuncio_penalty": "Penalty for a renuncio",
    "players": "Players at a table",
    "min_bid": "Lowest bid",
    "failed_bid": "A failed bid scores",
    "compare_sequences": "Compare sequences",
}

#: a yes/no option as a match's rules line says it: (when on, when off); "" says nothing
#: (the game's usual way, not worth a word)
OPTION_SAID: dict[str, tuple[str, str]] = {
    "quintola": ("with quintola", "no quintola"),
    "renuncio_penalty": ("", "no renuncio penalty"),
}
