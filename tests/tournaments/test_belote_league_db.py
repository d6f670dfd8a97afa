"""A Belote pair league: two tables of its first round filled from paper records, and the
standings table with Belote's own columns (game points, rounds won, capots, contracts made).

The records are the simulator's (``games.engine.belote.simulate.random_match``, first
dealer seat 0); their rounds, as the checker sums them up (side 0 = seats 0 and 2, side 1
= seats 1 and 3; contract, declarer seat, multiplier, capot, game points):

- table 1, seed 3, 164–16: spades by 3, ×1, capot by side 0, 32–0 · diamonds by 3, ×2,
  36–0 · spades by 2, ×1, 0–16 · clubs by 0, ×2, 36–0 · all trumps by 1, ×2, 60–0.
  Side 0: rounds 1, 2, 4, 5 won (4), one capot, contracts 2 called (rounds 3, 4), 1 made
  (round 4). Side 1: round 3 won (1), contracts 3 called, none made.
- table 2, seed 38, 67–158: diamonds by 2, ×1, 12–4 · hearts by 1, ×2, 40–0 · spades by
  2, ×1, 10–8 · all trumps by 1, ×4, 0–135 · clubs by 1, ×1, 5–11.
  Side 0: rounds 1–3 won (3), contracts 2 called, both made. Side 1: rounds 4–5 won (2),
  contracts 3 called, 2 made (rounds 4 and 5); no capot.
"""

import io
import random

import pytest
from django.core.management import call_command

from games.engine import check_record
from games.engine.belote.simulate import random_match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import StandingsSnapshot, Tournament
from tournaments.standings import Scheme, columns

# CI's second phase: the standings' aggregate queries and versions
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits"), pytest.mark.services]


def paper(seed: int, seats=None):
    """The simulator's record; without seats the fixture says who sat where."""
    record = random_match(random.Random(seed), first_dealer=0)
    record.seats = seats
    return record


def test_the_belote_columns_apply_to_belote_only():
    belote = columns(Scheme(game="belote"))
    assert {"game_points", "rounds_won", "capots", "contracts_made"} <= set(belote)
    assert "game_points" not in columns(Scheme(game="cuatrola"))
    assert "capots" not in columns(Scheme(table_size=3, game="subastao"))


def test_a_belote_pair_league_ranks_with_its_own_columns():
    # the records are what the docstring says (the expected table below is built on them)
    assert check_record(paper(3))["score"] == [164, 16]
    assert check_record(paper(38))["score"] == [67, 158]
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(
        club=club, role="organiser", user=UserFactory(username="org")
    ).user
    t = services.create_tournament(
        club=club,
        user=organiser,
        name="Liga de belot",
        format="round_robin",
        game="belote",
        tiebreaks=["game_points", "capots"],
    )
    for name in ("A", "B", "C", "D"):
        a, b = (PlayerFactory(club=club, display_name=f"{name}{k}") for k in (1, 2))
        services.add_entry(t, organiser, f"Pareja {name}", a, b)
    fixtures = list(services.generate_next_round(t, organiser).fixtures.order_by("table"))
    assert len(fixtures) == 2
    units = {}
    for fixture, seed in zip(fixtures, (3, 38), strict=True):
        services.import_fixture_record(fixture, paper(seed), organiser)
        for p in fixture.participants.all():
            units[(seed, p.position)] = p.entry.name
    snapshot = StandingsSnapshot.objects.get(tournament=t, after_round=1)
    keys = ("match_points", "game_points", "rounds_won", "capots", "contracts_made")
    rows = {r["name"]: tuple(r[k] for k in keys) for r in snapshot.rows}
    assert rows == {
        units[(3, 0)]: (1, 164, 4, 1, 1),
        units[(3, 1)]: (0, 16, 1, 0, 0),
        units[(38, 0)]: (0, 67, 3, 0, 2),
        units[(38, 1)]: (1, 158, 2, 0, 2),
    }
    # the two winners tie on match points: game points split them (164 before 158), and
    # the two losers the same way (67 before 16)
    order = [r["name"] for r in snapshot.rows]
    assert order == [units[(3, 0)], units[(38, 1)], units[(38, 0)], units[(3, 1)]]


def test_the_demo_has_a_belote_league_night(demo_data):
    t = Tournament.objects.get(game="belote")
    assert (t.table_size, t.entry_size, t.entries.count()) == (2, 2, 4)
    matches = [f.match for f in t.rounds.get(number=1).fixtures.order_by("table")]
    assert [m.status for m in matches] == ["finished", "finished"]
    rows = StandingsSnapshot.objects.get(tournament=t, after_round=1).rows
    # each pair's game points column is its match score; one winner per table
    scores = sorted(u.score for m in matches for u in m.units.all())
    assert sorted(r["game_points"] for r in rows) == scores
    assert sorted(r["match_points"] for r in rows) == [0, 0, 1, 1]
    hands = [m.hands.count() for m in matches]
    out = io.StringIO()
    call_command("load_demo", stdout=out)  # idempotent, and names it again
    assert f"Belote league «{t.name}» at /tournaments/{t.pk}/" in out.getvalue()
    assert Tournament.objects.filter(game="belote").count() == 1
    assert [m.hands.count() for m in matches] == hands
    assert t.rounds.count() == 1
