"""Load the demo data. Idempotent: running it twice leaves the same data."""

import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from clubs.models import Club, Membership, Player
from games import services
from games.engine.cuatrola.simulate import random_match
from tournaments import services as tournaments

DEMO_USERS = [
    # username, password, role in the demo club, is_staff
    ("organiser", "organiser-demo", Membership.Role.ORGANISER, True),
    ("scorer", "scorer-demo", Membership.Role.SCORER, False),
]
PLAYERS = [
    "Ana",
    "Blas",
    "Carmen",
    "Diego",
    "Elena",
    "Fermín",
    "Gloria",
    "Héctor",
    "Inés",
    "Julián",
    "Lola",
    "Manuel",
]
PAIRS = [
    "Los del Casino",
    "Las Sotas",
    "Peña El Triunfo",
    "Los Caballos",
    "Arrastre",
    "La Quintola",
]
# (seed, seats, hands to play: None = to the end)
DEMO_MATCHES = [(7, [0, 1, 2, 3], None), (11, [4, 5, 6, 7], None), (23, [0, 5, 2, 7], 4)]


class Command(BaseCommand):
    help = "Create the demo club, logins, players and a few recorded matches (idempotent)."

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        User = get_user_model()
        club, _ = Club.objects.get_or_create(slug="pena-la-baza", defaults={"name": "Peña La Baza"})
        users = {}
        for username, password, role, is_staff in DEMO_USERS:
            user, created = User.objects.get_or_create(username=username)
            if created:
                user.set_password(password)
                user.is_staff = user.is_superuser = is_staff
                user.save()
            Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
            users[role] = user
        players = [Player.objects.get_or_create(club=club, display_name=n)[0] for n in PLAYERS]
        if not club.matches.exists():
            for seed, seats, hands in DEMO_MATCHES:
                record = random_match(random.Random(seed), max_hands=hands, declare=0.35)
                record.seats = [players[i].display_name for i in seats]
                record.event = "Liga de invierno (demo)"
                if hands is not None:  # leave the last hand half played, as at a live table
                    last = record.hands[-1]
                    last.tricks = last.tricks[:2]
                    last.cantes = [c for c in last.cantes if c["after_trick"] <= 2]
                services.import_record(club, record, users[Membership.Role.SCORER])
        if not club.tournaments.exists():
            self._league(club, players, users[Membership.Role.ORGANISER])
        league = club.tournaments.first()
        self.stdout.write(
            f"demo club: {club.name} — {len(players)} players, {club.matches.count()} matches, "
            f"league «{league}» at /tournaments/{league.pk}/"
        )
        for username, password, role, _ in DEMO_USERS:
            self.stdout.write(f"demo login: {username} / {password}  ({role})")

    def _league(self, club, players, organiser) -> None:
        """A six-pair league: round 1 played, round 2 half played."""
        league = tournaments.create_tournament(
            club=club, user=organiser, format="round_robin", name="Liga de invierno 2026"
        )
        for i, name in enumerate(PAIRS):
            tournaments.add_entry(league, organiser, name, players[2 * i], players[2 * i + 1])
        for number, finished in ((1, 3), (2, 2)):
            round_ = tournaments.generate_next_round(league, organiser)
            for fixture in round_.fixtures.select_related("match")[:finished]:
                match = fixture.match
                record = random_match(
                    random.Random(100 * number + fixture.table),
                    services.parse_rules(match.rules),
                    first_dealer=match.first_dealer,
                    declare=0.35,
                )
                services.record_hands(match, record, organiser)
