"""``manage.py makemessages`` keeps the catalogue (cuatrola_site/management/commands/
makemessages.py): the entries it hands xgettext come back from xgettext and msgmerge as
they are — none obsolete, none set aside as fuzzy, the compiled catalogue the same. With
Django's own command ~500 of them went obsolete (they are looked up at run time) and a
few more fuzzy (the site's ``{card:lo/la}`` is no Python format)."""

import gettext
import shutil
import subprocess
from pathlib import Path

import pytest

from cuatrola_site.management.commands.makemessages import as_calls, kept_entries

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
#: the keywords of the calls as_calls writes, as Django's command gives them to xgettext
KEYWORDS = ["--keyword=gettext_noop", "--keyword=pgettext:1c,2", "--keyword=npgettext:1c,2,3"]


def run(*args) -> None:
    subprocess.run(args, check=True, capture_output=True)


# GNU gettext is what makemessages itself runs; .ci/run installs it where it is missing
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("xgettext", "msgmerge", "msgfmt")),
    reason="GNU gettext (xgettext, msgmerge, msgfmt) is not installed",
)
def test_the_entries_kept_come_back_whole_through_xgettext_and_msgmerge(tmp_path):
    kept = tmp_path / "kept.py"
    kept.write_text(as_calls(kept_entries([PO])), encoding="utf-8")
    pot, merged, compiled = tmp_path / "django.pot", tmp_path / "django.po", tmp_path / "es.mo"
    run("xgettext", "--language=Python", "--from-code=UTF-8", *KEYWORDS, "-o", pot, kept)
    run("msgmerge", "-q", "--previous", "-o", merged, PO, pot)
    text = merged.read_text(encoding="utf-8")
    assert "#~ msgid" not in text
    assert text.count("#, fuzzy") == 1  # the header's, as in the catalogue
    run("msgfmt", "-o", compiled, merged)
    with MO.open("rb") as before, compiled.open("rb") as after:
        kept_whole = gettext.GNUTranslations(before)._catalog
        assert gettext.GNUTranslations(after)._catalog == kept_whole
