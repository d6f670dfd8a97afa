"""A league end to end on the database: entries, rounds, matches, standings by Celery."""

import random

import pytest
from django.core.exceptions import PermissionDenied

from games import services as games
from games.engine import event_to_dict, hand_events
from games.engine.cuatrola.simulate import random_match
from games.services import Refused
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import StandingsSnapshot, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def club_setup():
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(
        club=club, role="organiser", user=UserFactory(username="org")
    ).user
    players = [PlayerFactory(club=club, display_name=f"J{i}") for i in range(12)]
    return club, organiser, players


def play_out(match, seed: int) -> None:
    """Record a random legal match on ``match`` through the write service."""
    record = random_match(
        random.Random(seed), games.parse_rules(match.rules), first_dealer=match.first_dealer
    )
    user = match.created_by
    for number, hand in enumerate(record.hands, 1):
        for event in hand_events(hand):
            row = match.hands.get(number=number)
            data = event_to_dict(event)
            data.pop("dealer", None)
            games.record_event(row, row.next_seq, data, user)


def make_league(club, organiser, players, n=6, fmt="round_robin") -> Tournament:
    t = services.create_tournament(club=club, user=organiser, name="Liga", format=fmt)
    for i in range(n):
        services.add_entry(t, organiser, f"Pareja {i + 1}", players[2 * i], players[2 * i + 1])
    return t


def test_a_league_round_by_round_with_standings_following(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    pairs = [(f.entry_a.seed, f.entry_b.seed) for f in r1.fixtures.all()]
    assert pairs == [(1, 6), (2, 5), (3, 4)]  # Berger round 1
    fixture = r1.fixtures.first()
    seats = list(fixture.match.seats.order_by("number").values_list("player", flat=True))
    a, b = fixture.entry_a, fixture.entry_b
    assert seats == [a.player_1_id, b.player_1_id, a.player_2_id, b.player_2_id]
    with pytest.raises(Refused, match="round 1 is unfinished: 3 match"):
        services.generate_next_round(t, organiser)
    for i, f in enumerate(r1.fixtures.all()):
        play_out(f.match, seed=i)
    t.refresh_from_db()
    snapshot = StandingsSnapshot.objects.get(tournament=t, after_round=1)
    assert t.standings_computed_at is not None
    assert not t.standings_pending
    winners = {
        f.entry_a_id if f.match.winner_unit == 0 else f.entry_b_id
        for f in r1.fixtures.select_related("match")
    }
    top3 = {row["entry"] for row in snapshot.rows if row["match_points"] == 1}
    assert top3 == winners
    assert snapshot.rows[0]["rank"] == 1
    r2 = services.generate_next_round(t, organiser)
    assert [(f.entry_a.seed, f.entry_b.seed) for f in r2.fixtures.all()] == [(6, 4), (5, 3), (1, 2)]


def test_withdrawn_entries_get_no_new_fixtures(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=4)
    services.withdraw_entry(t.entries.get(seed=4), organiser)
    r1 = services.generate_next_round(t, organiser)
    fixtures = [(f.entry_a.seed, f.entry_b.seed if f.entry_b else None) for f in r1.fixtures.all()]
    assert fixtures == [(1, None), (2, 3)]  # 1 was to meet 4: a bye
    t.refresh_from_db()
    assert StandingsSnapshot.objects.filter(tournament=t).exists()  # the bye counts at once


def test_only_organisers_run_tournaments(club_setup):
    club, organiser, _players = club_setup
    scorer = MembershipFactory(club=club, role="scorer").user
    with pytest.raises(PermissionDenied):
        services.create_tournament(club=club, user=scorer, name="X", format="swiss")
    with pytest.raises(Refused):
        services.create_tournament(
            club=club, user=organiser, name="X", format="swiss", tiebreaks=["coin_toss"]
        )


def test_knockout_bracket_advances_the_winners(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=3, fmt="knockout")
    r1 = services.generate_next_round(t, organiser)
    assert [(f.entry_a.seed, f.entry_b.seed if f.entry_b else None) for f in r1.fixtures.all()] == [
        (1, None),
        (2, 3),
    ]
    game = r1.fixtures.get(table=2)
    play_out(game.match, seed=5)
    game.match.refresh_from_db()
    final = services.generate_next_round(t, organiser)
    winner = game.entry_a if game.match.winner_unit == 0 else game.entry_b
    assert [(f.entry_a, f.entry_b) for f in final.fixtures.all()] == [
        (t.entries.get(seed=1), winner)
    ]


def test_after_the_last_round_the_tournament_is_finished(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=2)  # one round: 1 v 2
    fixture = services.generate_next_round(t, organiser).fixtures.get()
    play_out(fixture.match, seed=3)
    with pytest.raises(Refused, match="every round has been played"):
        services.generate_next_round(t, organiser)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED  # kept, though the request was refused
