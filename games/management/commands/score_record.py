"""``manage.py score_record [--lang es] FILE...``: check match records (RECORD_FORMAT.md).

The lines are the checker's, in English, byte for byte (the examples pin them); with
``--lang es`` an invalid record's message is the one the site shows a person: Spanish,
the record's players by name, the cards in words.
"""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.utils import translation

from games.engine import check_text, find_game, load_record
from games.refusals import localize


class Command(BaseCommand):
    help = (
        "Check card-record files against the rules and print one JSON line per file "
        '("file" is the file\'s name without its folder). '
        "Exit status: 0 all valid, 1 any invalid, 2 any file that is not a readable record."
    )
    requires_system_checks = []  # a pure engine command: no database needed

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument(
            "--lang",
            default="en",
            choices=[code for code, _ in settings.LANGUAGES],
            help="language of the error messages (default en: the checker's own wording)",
        )

    def handle(self, *files: str, **options) -> None:
        status = 0
        for name in options["files"]:
            text, line, code = check_file(Path(name))
            if code == 1 and options["lang"] != "en":  # read, and a rule failed
                line["error"]["message"] = _localized(text, line, options["lang"])
            self.stdout.write(json.dumps(line, ensure_ascii=False))
            status = max(status, code)
        if status:
            raise SystemExit(status)


def check_file(path: Path) -> tuple[bytes | None, dict, int]:
    """Read and check one record file: (its bytes or None when unreadable, the checker's
    line, exit status 0/1/2). ``analyse_record`` checks its files with this too."""
    try:
        text = path.read_bytes()
    except OSError as exc:
        error = {"rule": None, "message": f"cannot read: {exc.strerror}"}
        return None, {"file": path.name, "valid": False, "error": error}, 2
    line, code = check_text(text, path.name)
    return text, line, code


def _localized(text: bytes, line: dict, lang: str) -> str:
    """The invalid record's error message in ``lang``, naming the record's players."""
    record = load_record(text)  # it loaded once already: a rule, not the format, failed
    with translation.override(lang):
        return localize(
            line["error"]["message"],
            game=find_game(record.game),
            names=record.seats or (),
            lang=lang,
        )
