"""A 3-player Subastao individual tournament played on the database, computed by hand:
seven players, two tables of three and a bye a round; placings, placing points, game
points; the page, the API and the CSV give the same table."""

import csv
import io
import random

import pytest

from games import services as games
from games.engine.subastao.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services

# CI's second phase: the standings' aggregate queries and versions
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits"), pytest.mark.services]

# Random legal 3-player matches dealt first by seat 0, by seed: their final scores by seat
SCORES = {1: [305, 135, 215], 13: [305, 175, 125], 11: [100, 200, 300], 22: [330, 130, 0]}


@pytest.fixture
def seven():
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory(username="o")).user
    t = services.create_tournament(
        club=club, user=organiser, name="Noche de Subastao", format="swiss", game="subastao"
    )
    for n in range(1, 8):
        player = PlayerFactory(club=club, display_name=f"J{n}")
        services.add_entry(t, organiser, f"J{n}", player)
    return t, organiser


def play(fixture, seed: int, user) -> None:
    match = fixture.match
    record = random_match(
        random.Random(seed),
        games.parse_rules(match.rules, match.game),
        first_dealer=match.first_dealer,
    )
    games.record_hands(match, record, user)


def tables(round_) -> list[tuple]:
    return [tuple(e.seed for e in f.entries()) for f in round_.fixtures.order_by("table")]


def test_seven_players_two_rounds_by_hand(seven, client):
    """Round 1, everybody level: 1-2-3 and 4-5-6, 7 sits out.
      table 1 (seed 1):  1 305, 2 135, 3 215 → 1 first (2 pts), 3 second (1), 2 third (0)
      table 2 (seed 13): 4 305, 5 175, 6 125 → 4 first, 5 second, 6 third; 7's bye: 1 pt
    Round 2, ranked 1, 4 (2), 3, 5, 7 (1), 2, 6 (0): the bye to 6, the lowest without one.
    No draw keeps every pair apart (1-2-3 met, and 4 and 5 too): one repeat, top down:
    1-4-3 (1 and 3 again), 5-7-2.
      table 1 (seed 11): 1 100, 4 200, 3 300 → 3 first, 4 second, 1 third
      table 2 (seed 22): 5 330, 7 130, 2 0   → 5 first, 7 second, 2 third; 6's bye: 1 pt
    Totals (Pts, game points): 1 2, 405; 2 0, 135; 3 3, 515; 4 3, 505; 5 3, 505; 6 1, 125;
    7 2, 130. 3 first on game points; 4 and 5 level on both: Buchholz 4: 5 (3) + 6 (1) +
    1 (2) + 3 (3) = 9; 5: 4 (3) + 6 (1) + 7 (2) + 2 (0) = 6. Then 1, 7 (2 pts), 6, 2."""
    t, organiser = seven
    assert (t.table_size, t.entry_size) == (3, 1)
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(1, 2, 3), (4, 5, 6), (7,)]
    first = r1.fixtures.get(table=1)
    seats = first.match.seats.order_by("number").values_list("player__display_name", flat=True)
    assert list(seats) == ["J1", "J2", "J3"]
    play(first, 1, organiser)
    play(r1.fixtures.get(table=2), 13, organiser)
    r2 = services.generate_next_round(t, organiser)
    assert tables(r2) == [(1, 4, 3), (5, 7, 2), (6,)]
    play(r2.fixtures.get(table=1), 11, organiser)
    play(r2.fixtures.get(table=2), 22, organiser)

    body = client.get(f"/api/v1/tournaments/{t.pk}/standings/").json()
    assert body["after_round"] == 2
    rows = [
        (
            r["name"],
            r["rank"],
            r["match_points"],
            r["points_for"],
            r["buchholz"],
            (r["placed_1"], r["placed_2"], r["placed_3"]),
        )
        for r in body["rows"]
    ]
    assert rows == [
        ("J3", 1, 3, 515, 7, (1, 1, 0)),
        ("J4", 2, 3, 505, 9, (1, 1, 0)),
        ("J5", 3, 3, 505, 6, (1, 1, 0)),
        ("J1", 4, 2, 405, 9, (1, 0, 1)),
        ("J7", 5, 2, 130, 3, (0, 1, 0)),
        ("J6", 6, 1, 125, 6, (0, 0, 1)),
        ("J2", 7, 0, 135, 10, (0, 0, 2)),
    ]
    after_1 = client.get(f"/api/v1/tournaments/{t.pk}/standings/?after_round=1").json()["rows"]
    assert [(r["name"], r["match_points"]) for r in after_1] == [
        ("J1", 2),
        ("J4", 2),
        ("J3", 1),
        ("J5", 1),
        ("J7", 1),
        ("J2", 0),
        ("J6", 0),
    ]
    download = client.get(f"/tournaments/{t.pk}/?_export=csv", HTTP_ACCEPT_LANGUAGE="en")
    table = list(csv.DictReader(io.StringIO(download.content.decode())))
    assert [(r["Player"], r["#"], r["Pts"], r["PF"]) for r in table] == [
        (n, str(k), str(p), str(f)) for n, k, p, f, *_ in rows
    ]
    page = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Players (seats 1, 2, 3)" in page  # seats are counted from 1 for people
    sheet = client.get(f"/tournaments/{t.pk}/rounds/2/", HTTP_ACCEPT_LANGUAGE="en").content
    assert "J1 (1)" in sheet.decode()
    assert "J3 (3)" in sheet.decode()
    rounds = client.get(f"/api/v1/tournaments/{t.pk}/rounds/").json()
    assert [u["score"] for u in rounds[1]["fixtures"][0]["units"]] == [100, 200, 300]


def test_the_demo_has_a_small_individual_tournament(client, demo_data):
    from django.core.management import call_command

    from tournaments.models import Tournament

    t = Tournament.objects.get(game="subastao")
    assert (t.table_size, t.entry_size, t.entries.count()) == (3, 1, 7)
    (r1,) = t.rounds.all()
    assert tables(r1) == [(1, 2, 3), (4, 5, 6), (7,)]
    assert {f.match.status for f in r1.fixtures.exclude(match=None)} == {"finished"}
    rows = client.get(f"/api/v1/tournaments/{t.pk}/standings/").json()["rows"]
    assert sorted(r["match_points"] for r in rows) == [0, 0, 1, 1, 1, 2, 2]  # 2-1-0 twice, a bye
    out = io.StringIO()
    call_command("load_demo", stdout=out)  # idempotent, and names it again
    assert f"individual tournament «{t.name}» at /tournaments/{t.pk}/" in out.getvalue()
    assert Tournament.objects.filter(game="subastao").count() == 1
