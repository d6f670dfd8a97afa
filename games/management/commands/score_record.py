"""``manage.py score_record FILE...``: check match records (RECORD_FORMAT.md)."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand

from games.engine import check_text


class Command(BaseCommand):
    help = (
        "Check card-record files against the rules and print one JSON line per file "
        '("file" is the file\'s name without its folder). '
        "Exit status: 0 all valid, 1 any invalid, 2 any file that is not a readable record."
    )
    requires_system_checks = []  # a pure engine command: no database needed

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *files: str, **options) -> None:
        status = 0
        for name in options["files"]:
            path = Path(name)
            try:
                text = path.read_bytes()
            except OSError as exc:
                line, code = (
                    {
                        "file": path.name,
                        "valid": False,
                        "error": {"rule": None, "message": f"cannot read: {exc.strerror}"},
                    },
                    2,
                )
            else:
                line, code = check_text(text, path.name)
            self.stdout.write(json.dumps(line, ensure_ascii=False))
            status = max(status, code)
        if status:
            raise SystemExit(status)
