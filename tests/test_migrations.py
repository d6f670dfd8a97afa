"""The move of clubs, people and device tokens into the clubs app keeps every row.

The database is taken back to the schema before the move (tournaments 0004, games 0002,
with DRF's plain-text ``authtoken_token`` table), rows are written with the models of
that time, and the migrations run forward to today's: the same rows, under the clubs
app's tables, still joined to matches, seats and entries; the old user key is kept hashed
and still authenticates; the plain-text table is gone.
"""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [
    ("tournaments", "0004_tournament_live_updated_at_tournament_live_version"),
    ("games", "0002_match_live"),
    ("clubs", None),
]
OLD_KEY = "0123456789abcdef0123456789abcdef01234567"  # a DRF key: 40 hex characters
DEVICE_KEY = "a-device-key-shown-once"


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def create_authtoken_table(user_id: int) -> None:
    """DRF's authtoken table as its migrations made it, with one key in plain text."""
    stamp = "timestamp with time zone" if connection.vendor == "postgresql" else "datetime"
    with connection.cursor() as cursor:
        cursor.execute(
            'CREATE TABLE authtoken_token ("key" varchar(40) NOT NULL PRIMARY KEY, '
            f'"created" {stamp} NOT NULL, "user_id" integer NOT NULL UNIQUE)'
        )
        cursor.execute(
            "INSERT INTO authtoken_token VALUES (%s, %s, %s)",
            [OLD_KEY, datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC), user_id],
        )


def test_the_move_to_the_clubs_app_keeps_every_row():
    executor = migrate(BEFORE)
    old = executor.loader.project_state([t for t in BEFORE if t[1] is not None]).apps
    User = old.get_model("auth", "User")
    Club = old.get_model("tournaments", "Club")
    Membership = old.get_model("tournaments", "Membership")
    Player = old.get_model("tournaments", "Player")
    DeviceToken = old.get_model("tournaments", "DeviceToken")
    Tournament = old.get_model("tournaments", "Tournament")
    Entry = old.get_model("tournaments", "Entry")
    Round = old.get_model("tournaments", "Round")
    Fixture = old.get_model("tournaments", "Fixture")
    Match = old.get_model("games", "Match")
    Seat = old.get_model("games", "Seat")

    organiser = User.objects.create(username="org")
    device_user = User.objects.create(username="device-1")
    club = Club.objects.create(name="Peña", slug="pena", is_private=True)
    Membership.objects.create(club=club, user=organiser, role="organiser")
    Membership.objects.create(club=club, user=device_user, role="scorer")
    players = [Player.objects.create(club=club, display_name=n) for n in "ABCD"]
    t = Tournament.objects.create(club=club, name="Liga", format="knockout", is_public=False)
    a = Entry.objects.create(
        tournament=t, name="AC", player_1=players[0], player_2=players[2], seed=1
    )
    b = Entry.objects.create(
        tournament=t, name="BD", player_1=players[1], player_2=players[3], seed=2
    )
    match = Match.objects.create(club=club, rules={})
    for n, p in enumerate(players):
        Seat.objects.create(match=match, number=n, player=p)
    round_ = Round.objects.create(tournament=t, number=1)
    Fixture.objects.create(round=round_, table=1, entry_a=a, entry_b=b, match=match)
    DeviceToken.objects.create(
        club=club,
        tournament=t,
        name="Mesa 1",
        prefix=DEVICE_KEY[:8],
        key_hash=hashlib.sha256(DEVICE_KEY.encode()).hexdigest(),
        user=device_user,
        created_by=organiser,
    )
    create_authtoken_table(organiser.pk)

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from clubs import models as clubs
    from games.models import Match as NewMatch
    from tournaments.models import Entry as NewEntry
    from tournaments.models import Tournament as NewTournament

    tables = connection.introspection.table_names()
    assert {"clubs_club", "clubs_membership", "clubs_player", "clubs_devicetoken"} <= set(tables)
    assert not {"tournaments_club", "tournaments_player", "authtoken_token"} & set(tables)
    moved = clubs.Club.objects.get(pk=club.pk)
    assert (moved.name, moved.slug, moved.is_private) == ("Peña", "pena", True)
    assert sorted(moved.memberships.values_list("user__username", "role")) == [
        ("device-1", "scorer"),
        ("org", "organiser"),
    ]
    assert list(moved.players.order_by("pk").values_list("pk", "display_name")) == [
        (p.pk, p.display_name) for p in players
    ]
    new_match = NewMatch.objects.get(pk=match.pk)
    assert new_match.club == moved
    assert [s.player.display_name for s in new_match.seats.order_by("number")] == list("ABCD")
    assert [e.player_1.display_name for e in NewEntry.objects.order_by("seed")] == ["A", "B"]
    assert NewTournament.objects.get(pk=t.pk).club == moved
    token = clubs.DeviceToken.objects.get()
    assert (token.club, token.tournament_id, token.user.username) == (moved, t.pk, "device-1")
    # the old DRF key, kept only as its hash, still authenticates; so does the device's
    user_token = clubs.UserToken.objects.get()
    assert user_token.key_hash == hashlib.sha256(OLD_KEY.encode()).hexdigest()
    assert OLD_KEY not in (user_token.key_hash, user_token.prefix, user_token.name)
    assert user_token.created_at == datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    me = Client().get("/api/v1/me/", HTTP_AUTHORIZATION=f"Token {OLD_KEY}")
    assert me.json() == {"username": "org", "roles": [{"club": "pena", "role": "organiser"}]}
    device = Client(HTTP_AUTHORIZATION=f"Bearer {DEVICE_KEY}")
    assert device.get(f"/api/v1/matches/{match.pk}/").status_code == 200  # its tournament's
    from django.contrib.contenttypes.models import ContentType

    assert ContentType.objects.filter(app_label="tournaments", model="club").count() == 0
    assert ContentType.objects.filter(app_label="authtoken").count() == 0
