"""The notation's words as players say them, once: each written word (RECORD_FORMAT.md:
calls, contracts, declarations) with the English msgid and the context the site's
catalogue translates it by (``games/templatetags/rounds.py``, the scoring pad). A word
not listed (a Subastao bid, a number) is shown as it is written.

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
