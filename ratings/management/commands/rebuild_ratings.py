"""``manage.py rebuild_ratings``: rebuild the ladders from the finished matches."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from games.engine import games

from ... import ladder


class Command(BaseCommand):
    help = (
        "Rebuild the ratings of every club and game (or --club SLUG, --game NAME) from the "
        "finished matches, in order of finish. Running it twice gives the same numbers."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--club", metavar="SLUG")
        parser.add_argument("--game", choices=[g.name for g in games() if g.recordable])

    def handle(self, *args, **options) -> None:
        clubs = Club.objects.order_by("pk")
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists():
                raise CommandError(f"--club: no club {options['club']!r}")
        names = [options["game"]] if options["game"] else [g.name for g in games() if g.recordable]
        for club in clubs:
            for name in names:
                count = ladder.rebuild(club, name)
                if count:
                    self.stdout.write(f"{club.slug} {name}: {count} matches rated")
