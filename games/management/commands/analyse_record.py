"""``manage.py analyse_record [--budget S] FILE...``: hand analysis with every card seen.

One JSON line per file (ANALYSIS.md): each record is checked first exactly as
``score_record`` checks it (an invalid record prints the checker's line and the exit
status is 1; an unreadable file's line, 2); then every complete hand with its deal is
analysed: ``par``, ``actual`` and every card's ``value``, ``best``, ``cost`` and
``best_cards``; the others say why not (``no deal``, ``void``, ``incomplete``,
``penalty``; ``not solved`` past the time budget per hand).
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand

from games.engine import load_record
from games.engine.analysis import analyse_record

from .score_record import check_file


class Command(BaseCommand):
    help = (
        "Analyse the hands of card-record files with every card seen (ANALYSIS.md): one "
        "JSON line per file. Exit status: 0 all valid, 1 any invalid, 2 any unreadable."
    )
    requires_system_checks = []  # a pure engine command: no database needed

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument(
            "--budget",
            type=float,
            default=60.0,
            help='seconds of search per hand before it is reported "not solved" (default 60)',
        )

    def handle(self, *files: str, **options) -> None:
        status = 0
        for name in options["files"]:
            text, line, code = check_file(Path(name))
            if code == 0:
                analysis = analyse_record(load_record(text), budget=options["budget"])
                line = {"file": line["file"], **analysis}
            self.stdout.write(json.dumps(line, ensure_ascii=False))
            status = max(status, code)
        if status:
            raise SystemExit(status)
