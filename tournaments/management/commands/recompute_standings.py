"""Recompute every tournament's standings now (after an upgrade that adds columns, say)."""

from django.core.management.base import BaseCommand

from tournaments.models import Tournament
from tournaments.standings_store import store_standings


class Command(BaseCommand):
    help = "Recompute and store the standings of every tournament (or of those given by id)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="tournament ids (default: all)")

    def handle(self, *args, ids: list[int], **options) -> None:
        tournaments = Tournament.objects.all()
        if ids:
            tournaments = tournaments.filter(pk__in=ids)
        for pk in tournaments.values_list("pk", flat=True):
            stored = store_standings(pk, whole=True)  # every round: the columns may be new
            self.stdout.write(f"tournament {pk}: {stored} snapshot(s)")
