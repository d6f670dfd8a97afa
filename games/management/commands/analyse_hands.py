"""``manage.py analyse_hands [--budget S] [--chunk N] [--game G]``: (re)build the stored
analysis of every finished hand with its deal (docs/analysis.md "On the site").

Chunked by match id and resumable: a hand whose analysis is of its current event log is
skipped (a "not solved" one is tried again with a larger budget), so a run stopped
halfway picks up where it was. Prints a progress line per chunk.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games import analysis
from games.models import Match


class Command(BaseCommand):
    help = "Analyse every finished hand with its deal (skips hands already current)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--budget", type=float, default=None, help="CPU seconds per hand")
        parser.add_argument("--chunk", type=int, default=50, help="matches per chunk")
        parser.add_argument("--game", default=None, help="only this game's matches")

    def handle(self, *args: Any, budget: float | None, chunk: int, game: str | None, **kw: Any):
        matches = Match.objects.filter(hands__complete=True).distinct().order_by("pk")
        if game:
            matches = matches.filter(game=game)
        ids = list(matches.values_list("pk", flat=True))
        done = {"analysed": 0, "current": 0}
        for start in range(0, len(ids), chunk):
            for match_id in ids[start : start + chunk]:
                for key, n in analysis.analyse_match(match_id, budget).items():
                    done[key] += n
            seen = min(start + chunk, len(ids))
            bar = "#" * (20 * seen // len(ids))
            self.stdout.write(
                f"[{bar:<20}] {seen}/{len(ids)} matches: {done['analysed']} hands analysed, "
                f"{done['current']} already current"
            )
        if not ids:
            self.stdout.write("no finished hands to analyse")
