"""``manage.py makemessages`` that adds the code's new msgids and keeps every entry the
catalogues already have.

Many of the site's msgids are looked up at run time and are never a gettext call's
literal that xgettext could find: the engine's names (a deck's ``rank_names``, the
notation's words), the refusals' templates (``msg("…{card}…")``, a class's template
attribute), the standings' and statistics' descriptions (docs/architecture.md, "One
vocabulary" and "Refusals in the reader's language"). Django's command marked ~500 of
them obsolete, and the site lost their Spanish. This one hands xgettext every entry of
the existing catalogues as well (read with polib, a development requirement; written as
a module for the run and removed after it), so an entry leaves a catalogue only when
someone deletes it there; tests/test_vocabulary.py and tests/test_refusal_catalogue.py
check that those looked up have their Spanish."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import polib
from django.conf import settings
from django.core.management.commands import makemessages

#: read by xgettext only: never imported, never committed (removed after the run)
KEPT = Path(settings.BASE_DIR) / "cuatrola_site" / "_kept_msgids.py"


def catalogues() -> list[Path]:
    """The project's catalogues (``LOCALE_PATHS``), each language's ``django.po``."""
    return sorted(
        path
        for folder in settings.LOCALE_PATHS
        for path in Path(folder).glob("*/LC_MESSAGES/django.po")
    )


def kept_entries(paths: Iterable[Path]) -> list[polib.POEntry]:
    """Every entry of the catalogues at ``paths`` but the header and the obsolete ones."""
    return [e for path in paths for e in polib.pofile(str(path)) if e.msgid and not e.obsolete]


def as_calls(found: Iterable[polib.POEntry]) -> str:
    """The entries as the calls xgettext reads (Django's keywords). An entry keeps its
    formats: xgettext marks a text with ``{…}`` or ``%(…)s`` as a format, and msgmerge
    then sets aside (fuzzy: no longer compiled) a translation whose placeholders are the
    site's own (``{card:lo/la}``, a card's gender); an entry not marked so is told not
    to be."""
    lines = ["# Written by manage.py makemessages for xgettext, and removed after it."]
    for e in found:
        context, msgid, plural = e.msgctxt, e.msgid, e.msgid_plural
        for marker, fmt in (("{", "python-brace-format"), ("%", "python-format")):
            if marker in msgid + plural and fmt not in e.flags:
                lines.append(f"# xgettext:no-{fmt}")
        if plural:
            call = f"npgettext({context!r}, " if context is not None else "ngettext("
            lines.append(f"{call}{msgid!r}, {plural!r}, 2)")
        elif context is not None:
            lines.append(f"pgettext({context!r}, {msgid!r})")
        else:
            lines.append(f"gettext_noop({msgid!r})")
    return "\n".join(lines) + "\n"


class Command(makemessages.Command):
    help = makemessages.Command.help + " Keeps every entry the catalogues already have."

    def handle(self, *args, **options):
        KEPT.write_text(as_calls(kept_entries(catalogues())), encoding="utf-8")
        try:
            super().handle(*args, **options)
        finally:
            KEPT.unlink(missing_ok=True)
        # the module was the run's, no entry's place in the code: its references go
        where = re.escape(str(KEPT.relative_to(settings.BASE_DIR)))
        for path in catalogues():
            text = path.read_text(encoding="utf-8")
            text = re.sub(rf" ?{where}(?::\d+)?", "", text)
            path.write_text(re.sub(r"^#:\n", "", text, flags=re.M), encoding="utf-8")
