"""``manage.py makemessages`` that adds the code's new msgids and keeps every entry the
catalogues already have.

Many of the site's msgids are looked up at run time and are never a gettext call's
literal that xgettext could find: the engine's names (a deck's ``rank_names``, the
notation's words), the refusals' templates (``msg("…{card}…")``, a class's template
attribute), the standings' and statistics' descriptions (docs/architecture.md, "One
vocabulary" and "Refusals in the reader's language"). Django's command marked ~500 of
them obsolete, and the site lost their Spanish. This one hands xgettext every entry of
the existing catalogues as well (a module written for the run and removed after it), so
an entry leaves a catalogue only when someone deletes it there; tests/test_vocabulary.py
and tests/test_refusal_catalogue.py check that those looked up have their Spanish."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.core.management.commands import makemessages

#: read by xgettext only: never imported, never committed (removed after the run)
KEPT = Path(settings.BASE_DIR) / "cuatrola_site" / "_kept_msgids.py"
#: a catalogue line: a keyword and a quoted string, or a quoted string continuing one
LINE = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)?\s*(".*")$')


def entries(po: str) -> Iterator[dict[str, str]]:
    """The catalogue's entries (not the obsolete ``#~`` ones, nor the header): each with
    its ``msgid`` and, when it has them, ``msgctxt``, ``msgid_plural`` and ``flags`` (its
    ``#,`` line). An entry ends where the next one's comments, ``msgctxt`` or ``msgid``
    come after its ``msgstr`` (a blank line between them is usual, not needed)."""
    entry: dict[str, str] = {}
    key = None
    for line in po.splitlines():
        line = line.strip()
        done = any(k.startswith("msgstr") for k in entry)
        match = LINE.match(line)
        starts = line.startswith("#,") or (match is not None and match[1] in ("msgctxt", "msgid"))
        if starts and done:
            if entry.get("msgid"):
                yield entry
            entry, key = {}, None
        if line.startswith("#~"):
            entry.pop("flags", None)  # an obsolete entry's flags are not the next one's
        if line.startswith("#,"):
            entry["flags"] = line[2:]
        if match is None:
            continue  # a comment, a blank line, an obsolete entry's line
        keyword, text = match.groups()
        if keyword:
            key = keyword
            entry[key] = ""
        if key is not None:
            entry[key] += ast.literal_eval(text)
    if entry.get("msgid"):
        yield entry


def as_calls(found: list[dict[str, str]]) -> str:
    """The entries as the calls xgettext reads (Django's keywords). An entry keeps its
    formats: xgettext marks a text with ``{…}`` or ``%(…)s`` as a format, and msgmerge
    then sets aside (fuzzy: no longer compiled) a translation whose placeholders are the
    site's own (``{card:lo/la}``, a card's gender); an entry not marked so is told not
    to be."""
    lines = ["# Written by manage.py makemessages for xgettext, and removed after it."]
    for e in found:
        context, msgid, plural = e.get("msgctxt"), e["msgid"], e.get("msgid_plural")
        flags = {f.strip() for f in e.get("flags", "").split(",")}
        for marker, fmt in (("{", "python-brace-format"), ("%", "python-format")):
            if marker in msgid + (plural or "") and fmt not in flags:
                lines.append(f"# xgettext:no-{fmt}")
        if plural is not None:
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
        found = [e for path in self.catalogues() for e in entries(path.read_text(encoding="utf-8"))]
        KEPT.write_text(as_calls(found), encoding="utf-8")
        try:
            super().handle(*args, **options)
        finally:
            KEPT.unlink(missing_ok=True)
        # the module was the run's, no entry's place in the code: its references go
        where = re.escape(str(KEPT.relative_to(settings.BASE_DIR)))
        for path in self.catalogues():
            text = path.read_text(encoding="utf-8")
            text = re.sub(rf" ?{where}(?::\d+)?", "", text)
            path.write_text(re.sub(r"^#:\n", "", text, flags=re.M), encoding="utf-8")

    @staticmethod
    def catalogues() -> list[Path]:
        return sorted(
            path
            for folder in settings.LOCALE_PATHS
            for path in Path(folder).glob("*/LC_MESSAGES/django.po")
        )
