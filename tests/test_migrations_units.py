"""Results per scoring unit: a database of two-sided matches migrates forward (and back).

``games`` 0004–0006 turn ``Match.score_0/score_1/winner_side`` into one ``MatchUnit`` row
per side, with the hands won and the counters its hands' summaries give (0007: with the
declarations made, won or not), and
``Hand.trump_card`` into ``Hand.header``. The first test writes rows as the schema before
the change had them (hand-computed expectations); the second records a real match through
today's write path, takes the database back and forward again, and finds the same rows —
the same that ``services.rebuild`` derives from the events.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.api.helpers import RECORDS

# CI's second phase: the migrations on PostgreSQL's schema
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

BEFORE = [("games", "0003_clubs_app")]
UNIT_FIELDS = ("unit", "score", "is_winner", "hands_won", "counters")
ZERO = {
    "solo": 0,
    "cuatrola": 0,
    "quintola": 0,
    "declared_solo": 0,
    "declared_cuatrola": 0,
    "declared_quintola": 0,
    "cante_points": 0,
}


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def migrated_back(targets):
    """The database migrated back to ``targets``: the models as they were there (an
    ``apps`` registry to get them from)."""
    return migrate(targets).loader.project_state(targets).apps


def latest() -> None:
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def old_apps(executor: MigrationExecutor):
    """The models as they were before the change: games at 0003, every other app at its
    latest migration (the club tables under their clubs_ names) — but for the apps whose
    first migration comes after games 0003 (ratings), which are not there yet."""
    nodes = [n for n in executor.loader.graph.leaf_nodes() if n[0] not in ("games", "ratings")]
    return executor.loader.project_state([*nodes, *BEFORE]).apps


def test_old_two_sided_rows_become_unit_rows_and_headers():
    executor = migrate(BEFORE)
    old = old_apps(executor)
    Club = old.get_model("clubs", "Club")
    Player = old.get_model("clubs", "Player")
    Match = old.get_model("games", "Match")
    Seat = old.get_model("games", "Seat")
    Hand = old.get_model("games", "Hand")

    club = Club.objects.create(name="Peña", slug="pena")
    finished = Match.objects.create(
        club=club, rules={}, status="finished", score_0=11, score_1=7, winner_side=0
    )
    for n, name in enumerate("ABCD"):
        Seat.objects.create(
            match=finished, number=n, player=Player.objects.create(club=club, display_name=name)
        )
    summaries = [
        # side 0's seat 2 made a solo, side 0 sang 20
        {"winner_side": 0, "declarer": 2, "declaration": "solo", "cantes": [20, 0]},
        # nobody declared; side 1 took it and sang 40
        {"winner_side": 1, "declarer": None, "declaration": "plain", "cantes": [0, 40]},
        # seat 0's cuatrola failed: the hand went to side 1, no declaration made
        {"winner_side": 1, "declarer": 0, "declaration": "cuatrola", "cantes": [0, 0]},
        # seat 3 made a quintola for side 1
        {"winner_side": 1, "declarer": 3, "declaration": "quintola", "cantes": [0, 0]},
    ]
    for number, summary in enumerate(summaries, 1):
        Hand.objects.create(
            match=finished,
            number=number,
            dealer=number % 4,
            trump_card="12o",
            complete=True,
            summary=summary,
        )
    Hand.objects.create(match=finished, number=5, dealer=1, trump_card="", complete=False)
    playing = Match.objects.create(club=club, rules={}, score_0=3, score_1=4)

    latest()

    from games.models import Hand as NewHand
    from games.models import MatchUnit
    from games.results import UnitResult, unit_results

    assert list(MatchUnit.objects.filter(match_id=finished.pk).values_list(*UNIT_FIELDS)) == [
        # games 0007: the declarations made, won or not (seat 0's failed cuatrola too)
        (
            0,
            11,
            True,
            1,
            {**ZERO, "solo": 1, "declared_solo": 1, "declared_cuatrola": 1, "cante_points": 20},
        ),
        (1, 7, False, 3, {**ZERO, "quintola": 1, "declared_quintola": 1, "cante_points": 40}),
    ]
    assert unit_results([playing.pk]) == {
        playing.pk: [UnitResult(0, 3, False, 0, ZERO), UnitResult(1, 4, False, 0, ZERO)]
    }
    headers = NewHand.objects.filter(match_id=finished.pk).order_by("number")
    assert list(headers.values_list("header", flat=True)) == [{"trump_card": "12o"}] * 4 + [{}]
    tables = {
        c.name
        for c in connection.introspection.get_table_description(connection.cursor(), "games_match")
    }
    assert not {"score_0", "score_1", "winner_side"} & tables


def test_a_recorded_match_goes_back_and_forward_to_the_same_rows():
    from games import services
    from games.engine import load_record
    from games.models import Hand, Match, MatchUnit
    from tests.factories import ClubFactory, MembershipFactory

    club = ClubFactory(slug="pena")
    scorer = MembershipFactory(club=club, role="scorer").user
    path = RECORDS / "shared" / "valid_014_exact11_q_all.json"
    match = services.import_record(club, load_record(path.read_bytes()), scorer)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())

    def rows():
        return (
            list(MatchUnit.objects.filter(match=match).values_list(*UNIT_FIELDS)),
            list(Hand.objects.filter(match=match).values_list("number", "header", "summary")),
        )

    recorded = rows()
    assert [u[1] for u in recorded[0]] == expected["score"]
    assert recorded[0][expected["winner_side"]][2] is True

    executor = migrate(BEFORE)
    old = old_apps(executor)
    back = old.get_model("games", "Match").objects.get(pk=match.pk)
    assert [back.score_0, back.score_1, back.winner_side] == [
        *expected["score"],
        expected["winner_side"],
    ]
    trumps = old.get_model("games", "Hand").objects.filter(match_id=match.pk).order_by("number")
    assert list(trumps.values_list("trump_card", flat=True)) == [
        h["trump_card"] for h in json.loads(path.read_text())["hands"]
    ]

    latest()
    assert rows() == recorded
    services.rebuild(Match.objects.get(pk=match.pk))
    assert rows() == recorded
