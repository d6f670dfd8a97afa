"""``manage.py simulate``: computer players play matches, recorded through the write
service (``games.simulation``) — for demos, load tests and the benchmarks."""

from __future__ import annotations

import json
import random
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club, Membership
from games import services
from games.engine import default_game, games
from games.simulation import EVENTS, RECORD, simulate_match


class Command(BaseCommand):
    help = (
        "Play N matches of a game with computer players (a random deal, then a simple legal "
        "strategy) and record them through the write service, event by event as the scoring "
        "pad does (--mode events, the default) or as one record per match (--mode record)."
    )

    def add_arguments(self, parser) -> None:
        names = [g.name for g in games() if g.recordable]
        parser.add_argument("--game", choices=names, default=default_game().name)
        parser.add_argument("--matches", type=int, default=1, metavar="N")
        parser.add_argument("--club", required=True, metavar="SLUG")
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--mode", choices=[EVENTS, RECORD], default=EVENTS)
        parser.add_argument(
            "--rules", default=None, help="the ruleset options as JSON, e.g. '{\"players\": 4}'"
        )
        parser.add_argument(
            "--user",
            default=None,
            help="who records the matches (default: the club's first organiser, or a superuser)",
        )

    def handle(self, *args, **options) -> None:
        if options["matches"] < 0:
            raise CommandError("--matches: a whole number, 0 or more")
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"--club: no club {options['club']!r}")
        try:
            rules = json.loads(options["rules"]) if options["rules"] else None
            ruleset = services.parse_rules(rules, options["game"])
        except json.JSONDecodeError as exc:
            raise CommandError(f"--rules: not JSON ({exc})") from exc
        except services.Refused as exc:
            raise CommandError(f"--rules: {exc.message}") from exc
        user = self._user(club, options["user"])
        seats = services.game_of(options["game"]).seats(ruleset)
        players = list(club.players.order_by("pk"))
        if len(players) < seats:
            raise CommandError(f"--club: {club.slug} needs at least {seats} players")
        rng = random.Random(options["seed"])
        started = time.perf_counter()
        events = 0
        for _ in range(options["matches"]):
            match = simulate_match(
                club=club,
                players=rng.sample(players, seats),
                user=user,
                game=options["game"],
                rules=ruleset.as_dict(),
                rng=rng,
                mode=options["mode"],
            )
            events += match.version
            self.stdout.write(f"match {match.pk}: {match.score_text} ({match.version} events)")
        seconds = time.perf_counter() - started
        self.stdout.write(
            f"{options['matches']} {options['game']} matches, {events} events "
            f"in {seconds:.1f} s ({options['mode']})"
        )

    def _user(self, club: Club, username: str | None):
        User = get_user_model()
        if username is not None:
            user = User.objects.filter(username=username).first()
            if user is None:
                raise CommandError(f"--user: no user {username!r}")
            return user
        organiser = (
            Membership.objects.filter(club=club, role=Membership.Role.ORGANISER)
            .select_related("user")
            .order_by("pk")
            .first()
        )
        if organiser is not None:
            return organiser.user
        user = User.objects.filter(is_superuser=True).order_by("pk").first()
        if user is None:
            raise CommandError("--user: the club has no organiser and there is no superuser")
        return user
