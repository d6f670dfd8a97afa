"""Migrations from older states keep every row.

- Clubs 0003: DRF's plain-text ``authtoken_token`` keys are taken over hashed and still
  authenticate; the plain-text table is gone.
- Tournaments 0009: a device token's tournament scope moves up from the old
  ``clubs_devicetoken.tournament_id`` column to ``TournamentDevice`` (and back).
- Tournaments 0007: pairs and two-sided fixtures become entries of n players.
- Clubs 0005: usernames unique whatever their case; logins that already differ only in
  case stop it, named, with nothing changed.

The move of clubs out of tournaments (the old clubs 0001-0002, games 0003, tournaments
0005) can no longer be replayed: that history was rewritten in place so that clubs
migrates alone (issue 20), and a database before the move is not a state the graph can
reach any more. Databases that ran it keep it (same migration names).
"""

from __future__ import annotations

import datetime
import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

# CI's second phase: the migrations on PostgreSQL's schema
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

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


def test_plain_drf_keys_are_taken_over_hashed_and_still_authenticate():
    migrate([("clubs", "0002_clubs_tables")])
    from django.contrib.auth.models import User

    organiser = User.objects.create(username="org")
    create_authtoken_table(organiser.pk)

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from clubs.models import UserToken

    assert "authtoken_token" not in connection.introspection.table_names()
    user_token = UserToken.objects.get()
    assert user_token.key_hash == hashlib.sha256(OLD_KEY.encode()).hexdigest()
    assert OLD_KEY not in (user_token.key_hash, user_token.prefix, user_token.name)
    assert user_token.created_at == datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    me = Client().get("/api/v1/me/", HTTP_AUTHORIZATION=f"Token {OLD_KEY}")
    assert me.json() == {"username": "org", "roles": []}


def old_scope_column() -> dict[int, int | None]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, tournament_id FROM clubs_devicetoken")
        return dict(cursor.fetchall())


def test_a_device_tokens_tournament_scope_moves_up_and_back():
    """Tournaments 0008 → 0009: the scoped token's tournament becomes its TournamentDevice
    row (the club-wide token gets none), the old column goes; backwards it comes again."""
    before = with_tournaments_at("0008_setup_schedule_tables_loss_points")
    executor = migrate(before)
    old = executor.loader.project_state(before).apps
    User = old.get_model("auth", "User")
    Club = old.get_model("clubs", "Club")
    Membership = old.get_model("clubs", "Membership")
    DeviceToken = old.get_model("clubs", "DeviceToken")
    Tournament = old.get_model("tournaments", "Tournament")
    club = Club.objects.create(name="Peña", slug="pena")
    liga = Tournament.objects.create(club=club, name="Liga", format="knockout")
    Tournament.objects.create(club=club, name="Copa", format="knockout")
    tokens = []
    for n in (1, 2):
        user = User.objects.create(username=f"device-{n}")
        Membership.objects.create(club=club, user=user, role="scorer")
        key = f"{DEVICE_KEY}-{n}"
        tokens.append(
            DeviceToken.objects.create(
                club=club,
                name=f"Mesa {n}",
                prefix=key[:8],
                key_hash=hashlib.sha256(key.encode()).hexdigest(),
                user=user,
            )
        )
    with connection.cursor() as cursor:  # the column of the time, beside today's state
        cursor.execute(
            "UPDATE clubs_devicetoken SET tournament_id = %s WHERE id = %s",
            [liga.pk, tokens[0].pk],
        )

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    from clubs import access
    from clubs.models import DeviceToken as NewToken
    from tournaments.models import TournamentDevice

    columns = connection.introspection.get_table_description(
        connection.cursor(), "clubs_devicetoken"
    )
    assert "tournament_id" not in {c.name for c in columns}
    assert list(TournamentDevice.objects.values_list("token_id", "tournament_id")) == [
        (tokens[0].pk, liga.pk)
    ]
    scoped, wide = (NewToken.objects.get(pk=t.pk) for t in tokens)
    assert (scoped.scope.name, wide.scope) == ("Liga", None)
    assert access.grants(scoped.user).scoped == frozenset({liga.pk})
    assert access.grants(wide.user).scoped == frozenset()

    migrate(before)
    assert old_scope_column() == {tokens[0].pk: liga.pk, tokens[1].pk: None}
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert list(TournamentDevice.objects.values_list("token_id", "tournament_id")) == [
        (tokens[0].pk, liga.pk)
    ]


def with_tournaments_at(name: str) -> list[tuple[str, str]]:
    """Every app at its latest migration but tournaments, at ``name``."""
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    return [n for n in leaves if n[0] != "tournaments"] + [("tournaments", name)]


def test_pairs_and_two_sided_fixtures_become_entries_of_n_players_and_back():
    """Tournaments 0006 → 0007: player_1/player_2 become places 0 and 1, entry_a/entry_b
    units 0 and 1 (a bye keeps one), a withdrawn entry keeps its results with forfeits for
    what is left; and back again for pairs."""
    before, after = (
        with_tournaments_at("0006_standings_versions"),
        with_tournaments_at("0007_entries_of_n_players_fixtures_of_n_entries"),
    )
    executor = migrate(before)
    old = executor.loader.project_state(before).apps
    Club = old.get_model("clubs", "Club")
    Player = old.get_model("clubs", "Player")
    Tournament = old.get_model("tournaments", "Tournament")
    Entry = old.get_model("tournaments", "Entry")
    Round = old.get_model("tournaments", "Round")
    Fixture = old.get_model("tournaments", "Fixture")
    club = Club.objects.create(name="Peña", slug="pena")
    p = [Player.objects.create(club=club, display_name=n) for n in "ABCDEF"]
    t = Tournament.objects.create(club=club, name="Liga", format="round_robin")
    e1 = Entry.objects.create(tournament=t, name="AB", player_1=p[0], player_2=p[1], seed=1)
    e2 = Entry.objects.create(tournament=t, name="CD", player_1=p[2], player_2=p[3], seed=2)
    e3 = Entry.objects.create(
        tournament=t, name="EF", player_1=p[4], player_2=p[5], seed=3, withdrawn=True
    )
    r1 = Round.objects.create(tournament=t, number=1)
    Fixture.objects.create(round=r1, table=1, entry_a=e2, entry_b=e3)
    Fixture.objects.create(round=r1, table=2, entry_a=e1, entry_b=None)

    migrate(after)
    new = MigrationExecutor(connection).loader.project_state(after).apps
    NewEntry = new.get_model("tournaments", "Entry")
    EntryPlayer = new.get_model("tournaments", "EntryPlayer")
    FixtureEntry = new.get_model("tournaments", "FixtureEntry")
    assert sorted(EntryPlayer.objects.values_list("entry_id", "position", "player_id")) == [
        (e1.pk, 0, p[0].pk),
        (e1.pk, 1, p[1].pk),
        (e2.pk, 0, p[2].pk),
        (e2.pk, 1, p[3].pk),
        (e3.pk, 0, p[4].pk),
        (e3.pk, 1, p[5].pk),
    ]
    units = FixtureEntry.objects.order_by("fixture__table", "position")
    assert [(u.fixture.table, u.position, u.entry_id) for u in units] == [
        (1, 0, e2.pk),
        (1, 1, e3.pk),
        (2, 0, e1.pk),
    ]
    withdrawn = NewEntry.objects.get(pk=e3.pk)
    assert (
        withdrawn.withdrawn_after_round,
        withdrawn.withdrawal_results,
        withdrawn.withdrawal_unplayed,
    ) == (1, "keep", "forfeit")
    assert NewEntry.objects.get(pk=e1.pk).withdrawal_results == ""

    migrate(before)
    back = MigrationExecutor(connection).loader.project_state(before).apps
    OldFixture = back.get_model("tournaments", "Fixture")
    OldEntry = back.get_model("tournaments", "Entry")
    assert sorted(OldFixture.objects.values_list("table", "entry_a_id", "entry_b_id")) == [
        (1, e2.pk, e3.pk),
        (2, e1.pk, None),
    ]
    assert sorted(OldEntry.objects.values_list("seed", "player_1_id", "player_2_id")) == [
        (1, p[0].pk, p[1].pk),
        (2, p[2].pk, p[3].pk),
        (3, p[4].pk, p[5].pk),
    ]
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_usernames_differing_only_in_case_stop_the_unique_index_naming_them():
    from django.contrib.auth.models import User
    from django.core.management.base import CommandError
    from django.db import IntegrityError, transaction

    before = [("clubs", "0004_rename_constraints_from_tournaments")]
    migrate(before)
    ana = User.objects.create(username="Ana")
    twin = User.objects.create(username="ana")
    User.objects.create(username="Blas")
    with pytest.raises(CommandError) as stopped:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert str(stopped.value) == (
        "clubs 0005 makes usernames unique whatever their case, but these logins differ "
        f"only in case: 'Ana' (id {ana.pk}) and 'ana' (id {twin.pk}). Rename all but one "
        "of each group (admin > Users) and run migrate again; nothing was changed."
    )
    assert sorted(User.objects.values_list("username", flat=True)) == ["Ana", "Blas", "ana"]

    User.objects.filter(pk=twin.pk).update(username="ana-2")
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="BLAS")
    # and back: the index goes, the case twins may be made again
    migrate(before)
    User.objects.create(username="BLAS")
    # in SQL: the ORM's delete would cascade to tables of later migrations (not there yet)
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM auth_user WHERE username = %s", ["BLAS"])
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
