"""Load the demo data. Idempotent: running it twice leaves the same data."""

import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games import services
from games.engine.cuatrola.simulate import random_match
from tournaments.models import Club, Membership, Player

DEMO_USERS = [
    # username, password, role in the demo club, is_staff
    ("organiser", "organiser-demo", Membership.Role.ORGANISER, True),
    ("scorer", "scorer-demo", Membership.Role.SCORER, False),
]
PLAYERS = ["Ana", "Blas", "Carmen", "Diego", "Elena", "Fermín", "Gloria", "Héctor"]
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
        self.stdout.write(
            f"demo club: {club.name} — {club.matches.count()} matches, {len(players)} players"
        )
        for username, password, role, _ in DEMO_USERS:
            self.stdout.write(f"demo login: {username} / {password}  ({role})")
