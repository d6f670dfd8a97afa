"""Load the demo data. Idempotent: running it twice leaves the same data."""

import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from clubs.models import Club, LoginMadeHere, Membership, Player
from games import services
from games.engine import find_game
from games.simulation import RECORD, simulate_match
from tournaments import services as tournaments

DEMO_USERS = [
    # username, password, role in the demo club (None: no role), staff (the admin)
    # The organiser sees what a club's organiser really sees: no admin, no superuser.
    ("organiser", "organiser-demo", Membership.Role.ORGANISER, False),
    ("scorer", "scorer-demo", Membership.Role.SCORER, False),
    ("admin", "admin-demo", None, True),
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
LEAGUE = "Liga de invierno 2026"
# (seed, seats, hands to play: None = to the end)
DEMO_MATCHES = [(7, [0, 1, 2, 3], None), (11, [4, 5, 6, 7], None), (23, [0, 5, 2, 7], 4)]
# the Subastao club night, three players each for himself, recorded without the deal as a
# scorer does at the table: (seed, seats, hands to play: None = to the end). Seed 140
# plays six hands with a void hand, a tute and failed bids; seed 3 stops in its third hand
# after five tricks and a cante.
SUBASTAO_NIGHT = "Noche de subastao (demo)"
SUBASTAO_MATCHES = [(140, [0, 6, 9], None), (3, [10, 11, 3], 3)]
# its small individual tournament: seven players at tables of three (one sits out each
# round), Swiss by score groups; round 1 played (seeds of the two tables): the organiser
# draws round 2
INDIVIDUAL = "Torneo individual de subastao"
INDIVIDUAL_PLAYERS = [0, 2, 4, 6, 8, 10, 11]
INDIVIDUAL_SEEDS = [1, 13]
# the Belote league night: four pairs (players by index), a round robin whose first round
# is played, recorded without the deal as at the table (seeds of the two tables: 3 ends
# 164–16 with a capot and two doubled contracts, 38 ends 67–158 with a redouble)
BELOTE_NIGHT = "Noche de belot (demo)"
BELOTE_PAIRS = [("Los Valets", 0, 1), ("Belot y Rebelot", 2, 3), ("Capot", 4, 5), ("Tierce", 6, 7)]
BELOTE_SEEDS = [3, 38]
# friendly matches played by computer players (games.simulation), so that the players'
# ratings have a history to show: (game, seed, seats by player index)
SIMULATED = "Amistosos de la máquina (demo)"
SIMULATED_MATCHES = [
    ("cuatrola", 1, [0, 1, 2, 3]),
    ("cuatrola", 2, [0, 5, 2, 7]),
    ("cuatrola", 3, [4, 0, 6, 2]),
    ("cuatrola", 4, [1, 0, 3, 2]),
    ("cuatrola", 5, [0, 3, 8, 1]),
    ("belote", 6, [0, 1, 2, 3]),
    ("subastao", 7, [0, 1, 2]),
]


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
            # set on every run: a database from before keeps its demo organiser as staff
            user.is_staff = user.is_superuser = is_staff
            user.save()
            if role is not None:
                Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
                # the club's organiser made these logins (their password links)
                LoginMadeHere.objects.get_or_create(user=user, defaults={"club": club})
                users[role] = user
        players = [Player.objects.get_or_create(club=club, display_name=n)[0] for n in PLAYERS]
        if not club.matches.exists():
            for seed, seats, hands in DEMO_MATCHES:
                record = find_game("cuatrola").random_match(
                    random.Random(seed), max_hands=hands, declare=0.35
                )
                record.seats = [players[i].display_name for i in seats]
                record.event = "Liga de invierno (demo)"
                if hands is not None:  # leave the last hand half played, as at a live table
                    last = record.hands[-1]
                    last.tricks = last.tricks[:2]
                    last.cantes = [c for c in last.cantes if c["after_trick"] <= 2]
                services.import_record(club, record, users[Membership.Role.SCORER])
        if not club.matches.filter(game="subastao").exists():
            self._subastao_night(club, players, users[Membership.Role.SCORER])
        if not club.tournaments.exists():
            self._league(club, players, users[Membership.Role.ORGANISER])
        if not club.tournaments.filter(game="subastao").exists():
            self._individual(club, players, users[Membership.Role.ORGANISER])
        if not club.tournaments.filter(game="belote").exists():
            self._belote_night(club, players, users[Membership.Role.ORGANISER])
        if not club.matches.filter(name=SIMULATED).exists():
            for game, seed, seats in SIMULATED_MATCHES:
                simulate_match(
                    club=club,
                    players=[players[i] for i in seats],
                    user=users[Membership.Role.SCORER],
                    game=game,
                    rng=random.Random(seed),
                    mode=RECORD,
                    name=SIMULATED,
                )
        # the demo's own tournaments, by name and oldest first: not whatever the club's
        # organisers created since (tournaments list newest first)
        demo = club.tournaments.order_by("pk")
        league = demo.filter(name=LEAGUE).first() or demo.filter(game="cuatrola").first()
        individual = demo.filter(name=INDIVIDUAL).first() or demo.filter(game="subastao").first()
        belote = demo.filter(name=BELOTE_NIGHT).first() or demo.filter(game="belote").first()
        self.stdout.write(
            f"demo club: {club.name} — {len(players)} players, {club.matches.count()} matches, "
            f"league «{league}» at /tournaments/{league.pk}/, "
            f"individual tournament «{individual}» at /tournaments/{individual.pk}/, "
            f"Belote league «{belote}» at /tournaments/{belote.pk}/"
        )
        for username, password, role, _ in DEMO_USERS:
            what = role or "staff: /admin/"
            self.stdout.write(f"demo login: {username} / {password}  ({what})")

    def _subastao_night(self, club, players, scorer) -> None:
        """A finished three-player Subastao match and one in progress (its last hand
        half played, as at a live table)."""
        for seed, seats, hands in SUBASTAO_MATCHES:
            record = find_game("subastao").random_match(
                random.Random(seed), max_hands=hands, with_deal=False
            )
            record.seats = [players[i].display_name for i in seats]
            record.event = SUBASTAO_NIGHT
            if hands is not None:
                last = record.hands[-1]
                last.tricks = last.tricks[:5]
                last.cantes = [c for c in last.cantes or [] if c["after_trick"] <= 5] or None
            services.import_record(club, record, scorer)

    def _individual(self, club, players, organiser) -> None:
        """Seven players, tables of three: round 1 played (recorded without the deal, as
        at the table), its standings; round 2 is the organiser's to draw."""
        t = tournaments.create_tournament(
            club=club,
            user=organiser,
            format="swiss",
            game="subastao",
            name=INDIVIDUAL,
            swiss_rounds=3,
        )
        for i in INDIVIDUAL_PLAYERS:
            tournaments.add_entry(t, organiser, players[i].display_name, players[i])
        round_ = tournaments.generate_next_round(t, organiser)
        tables = round_.fixtures.exclude(match=None).select_related("match").order_by("table")
        for fixture, seed in zip(tables, INDIVIDUAL_SEEDS, strict=True):
            match = fixture.match
            record = find_game("subastao").random_match(
                random.Random(seed),
                services.parse_rules(match.rules, match.game),
                first_dealer=match.first_dealer,
                with_deal=False,
            )
            services.record_hands(match, record, organiser)

    def _league(self, club, players, organiser) -> None:
        """A six-pair league: round 1 played, round 2 half played."""
        league = tournaments.create_tournament(
            club=club, user=organiser, format="round_robin", name=LEAGUE
        )
        for i, name in enumerate(PAIRS):
            tournaments.add_entry(league, organiser, name, players[2 * i], players[2 * i + 1])
        for number, finished in ((1, 3), (2, 2)):
            round_ = tournaments.generate_next_round(league, organiser)
            for fixture in round_.fixtures.select_related("match")[:finished]:
                match = fixture.match
                record = find_game("cuatrola").random_match(
                    random.Random(100 * number + fixture.table),
                    services.parse_rules(match.rules),
                    first_dealer=match.first_dealer,
                    declare=0.35,
                )
                services.record_hands(match, record, organiser)

    def _belote_night(self, club, players, organiser) -> None:
        """A four-pair Belote league: round 1 played (its two tables recorded without the
        deal, as at the table) and its standings; round 2 is the organiser's to draw."""
        t = tournaments.create_tournament(
            club=club,
            user=organiser,
            format="round_robin",
            game="belote",
            name=BELOTE_NIGHT,
            tiebreaks=["game_points", "capots", "head_to_head"],
        )
        for name, a, b in BELOTE_PAIRS:
            tournaments.add_entry(t, organiser, name, players[a], players[b])
        round_ = tournaments.generate_next_round(t, organiser)
        tables = round_.fixtures.select_related("match").order_by("table")
        for fixture, seed in zip(tables, BELOTE_SEEDS, strict=True):
            match = fixture.match
            record = find_game("belote").random_match(
                random.Random(seed),
                services.parse_rules(match.rules, match.game),
                first_dealer=match.first_dealer,
                with_deal=False,
            )
            services.record_hands(match, record, organiser)
