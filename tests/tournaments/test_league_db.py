"""A league end to end on the database: entries, rounds, matches, standings by Celery."""

import random

import pytest
from django.core.exceptions import PermissionDenied

from games import services as games
from games.engine import hand_events
from games.engine.cuatrola import event_to_dict
from games.engine.cuatrola.simulate import random_match
from games.results import unit_results
from games.services import Refused
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import StandingsSnapshot, Tournament

# CI's second phase: the standings' aggregate queries and versions
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits"), pytest.mark.services]


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


def tables(round_) -> list[tuple]:
    """The round's tables as the entries' seeds in unit order (a bye: one seed)."""
    return [tuple(e.seed for e in f.entries()) for f in round_.fixtures.order_by("table")]


def winner(fixture):
    """The entry whose unit won the fixture's finished match."""
    units = unit_results([fixture.match_id])[fixture.match_id]
    return fixture.entries()[next(u.unit for u in units if u.is_winner)]


def make_league(club, organiser, players, n=6, fmt="round_robin") -> Tournament:
    t = services.create_tournament(club=club, user=organiser, name="Liga", format=fmt)
    for i in range(n):
        services.add_entry(t, organiser, f"Pareja {i + 1}", players[2 * i], players[2 * i + 1])
    return t


def test_a_league_round_by_round_with_standings_following(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(1, 6), (2, 5), (3, 4)]  # Berger round 1
    fixture = r1.fixtures.first()
    seats = list(fixture.match.seats.order_by("number").values_list("player", flat=True))
    (a1, a2), (b1, b2) = (e.players() for e in fixture.entries())
    assert seats == [a1.pk, b1.pk, a2.pk, b2.pk]
    with pytest.raises(Refused, match="Round 1 is unfinished: 3 matches still being played"):
        services.generate_next_round(t, organiser)
    for i, f in enumerate(r1.fixtures.all()):
        play_out(f.match, seed=i)
    t.refresh_from_db()
    snapshot = StandingsSnapshot.objects.get(tournament=t, after_round=1)
    assert t.standings_computed_at is not None
    assert not t.standings_pending
    winners = {winner(f).pk for f in r1.fixtures.all()}
    top3 = {row["entry"] for row in snapshot.rows if row["match_points"] == 1}
    assert top3 == winners
    assert snapshot.rows[0]["rank"] == 1
    r2 = services.generate_next_round(t, organiser)
    assert tables(r2) == [(6, 4), (5, 3), (1, 2)]


def test_an_entry_withdrawn_before_round_1_is_not_drawn(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=4)
    services.withdraw_entry(t.entries.get(seed=4), organiser)
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(2, 3), (1,)]  # the Berger tables of 3: entry 1 has the bye
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
    assert tables(r1) == [(1,), (2, 3)]
    game = r1.fixtures.get(table=2)
    play_out(game.match, seed=5)
    final = services.generate_next_round(t, organiser)
    assert [f.entries() for f in final.fixtures.all()] == [[t.entries.get(seed=1), winner(game)]]


def test_after_the_last_round_the_tournament_is_finished(club_setup):
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=2)  # one round: 1 v 2
    fixture = services.generate_next_round(t, organiser).fixtures.get()
    play_out(fixture.match, seed=3)
    with pytest.raises(Refused, match="Every round has been played"):
        services.generate_next_round(t, organiser)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED  # kept, though the request was refused


def test_a_swiss_of_pairs_draws_by_score_groups_and_spreads_the_byes(club_setup):
    """Five pairs; every match is seed 117's (the first entry wins 11-7). R1: 1-2, 3-4, 5
    has the bye. R2, ranked 1, 3, 5 (1 pt), 2, 4: the bye to 4 (5 had one), 1-3, 5-2. Then
    2 withdraws (results kept): R3 ranked 1, 5 (2 pts), 3, 4 (1): 1-5 would leave 3-4, who
    met in R1, so 1 floats down to 4 (it met 2 and 3), and 5-3."""
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=5, fmt="swiss")
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(1, 2), (3, 4), (5,)]
    for f in r1.fixtures.exclude(match=None):
        games.record_hands(f.match, seeded(f.match, 117), organiser)
    r2 = services.generate_next_round(t, organiser)
    assert tables(r2) == [(1, 3), (5, 2), (4,)]
    for f in r2.fixtures.exclude(match=None):
        games.record_hands(f.match, seeded(f.match, 117), organiser)
    services.withdraw_entry(t.entries.get(seed=2), organiser)
    assert t.entries.get(seed=2).withdrawal_results == "keep"  # Swiss keeps them
    r3 = services.generate_next_round(t, organiser)
    assert tables(r3) == [(1, 4), (5, 3)]


def seeded(match, seed: int):
    return random_match(
        random.Random(seed), games.parse_rules(match.rules), first_dealer=match.first_dealer
    )


def test_a_knockout_forfeit_sends_the_opponent_through(club_setup):
    """Four pairs: R1 1-4, 2-3. 4 withdraws: its fixture is a forfeit and 1 goes through
    (void is refused: somebody goes through). 2 withdraws: 3 goes through; then 3 withdraws
    too: the final 1-3 is drawn decided, a forfeit by 3, and the knockout is over."""
    club, organiser, players = club_setup
    t = make_league(club, organiser, players, n=4, fmt="knockout")
    r1 = services.generate_next_round(t, organiser)
    assert tables(r1) == [(1, 4), (2, 3)]
    with pytest.raises(Refused, match="the opponent goes through"):
        services.withdraw_entry(t.entries.get(seed=4), organiser, "keep", "void")
    services.withdraw_entry(t.entries.get(seed=4), organiser)
    services.withdraw_entry(t.entries.get(seed=2), organiser)
    assert [f.decision for f in r1.fixtures.order_by("table")] == ["forfeit", "forfeit"]
    services.withdraw_entry(t.entries.get(seed=3), organiser)
    final = services.generate_next_round(t, organiser).fixtures.get()
    assert [e.seed for e in final.entries()] == [1, 3]
    assert (final.decision, final.match) == ("forfeit", None)
    assert [(u.forfeited, u.awarded_score) for u in final.ordered()] == [(False, 11), (True, 0)]
    with pytest.raises(Refused, match="Every round has been played"):
        services.generate_next_round(t, organiser)
