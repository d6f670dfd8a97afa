"""Ratings: OpenSkill per game and club, applied per finished match in order of finish,
once each; a rebuild gives the same numbers."""

import random

import pytest
from django.core.management import call_command
from django.test import TestCase
from openskill.models import PlackettLuce

from clubs.models import Membership
from games import services
from games.models import Hand, Match
from games.models import HandEvent as HandEventModel
from games.simulation import RECORD, simulate_match
from ratings import ladder
from ratings.method import Skill, rank_units, rate
from ratings.models import RatedMatch, Rating, RatingChange
from ratings.tasks import sweep_ratings
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

# CI's second phase: the ladder's order of finish and its row lock
pytestmark = pytest.mark.services

NAMES = ["Ana", "Blas", "Carmen", "Diego", "Elena", "Fermín"]


# ------------------------------------------------------------------------------ pure
def test_ranks_put_the_winner_first_then_the_others_by_score():
    assert rank_units([11, 7], 0) == [0, 1]
    assert rank_units([7, 11], 1) == [1, 0]
    assert rank_units([95, 300, 120], 1) == [2, 0, 1]
    assert rank_units([120, 300, 120], 1) == [1, 0, 1]  # equal scores share a rank


def test_one_match_is_openskills_own_rate():
    fresh = [[Skill(), Skill()], [Skill(), Skill()]]
    after = rate(fresh, [0, 1])
    model = PlackettLuce()
    expected = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]])
    assert [[(s.mu, s.sigma) for s in t] for t in after] == [
        [(r.mu, r.sigma) for r in t] for t in expected
    ]
    # the winners rise by as much as the losers fall; both grow more certain
    assert after[0][0].mu == pytest.approx(26.964294621803063)
    assert after[1][0].mu == pytest.approx(23.035705378196937)
    assert after[0][0].sigma < Skill().sigma
    assert Skill().ordinal == pytest.approx(0.0)


# ------------------------------------------------------------------------------ DB
pytestmark_db = pytest.mark.django_db


@pytest.fixture
def world(db):
    club = ClubFactory(slug="ladder")
    organiser = MembershipFactory(club=club, role=Membership.Role.ORGANISER).user
    players = [PlayerFactory(club=club, display_name=n) for n in NAMES]
    return club, organiser, players


def play(world, seats, seed, game="cuatrola", rules=None) -> Match:
    club, organiser, players = world
    # the result's signal is sent on commit: run it as the commit would
    with TestCase.captureOnCommitCallbacks(execute=True):
        return simulate_match(
            club=club,
            players=[players[i] for i in seats],
            user=organiser,
            game=game,
            rules=rules if rules is not None else {"target": 3},
            rng=random.Random(seed),
            mode=RECORD,
        )


def numbers(game="cuatrola"):
    ratings = sorted(Rating.objects.filter(game=game).values_list("player_id", "mu", "sigma"))
    changes = list(
        RatingChange.objects.filter(game=game).values_list(
            "rated__match_id", "player_id", "mu_before", "sigma_before", "mu_after", "sigma_after"
        )
    )
    return ratings, changes


def by_hand(matches):
    """The ratings openskill gives applying ``matches`` in this order (fresh players)."""
    model = PlackettLuce()
    skill: dict[int, object] = {}
    for match in matches:
        game_units = sorted(match.units.all(), key=lambda u: u.unit)
        seats = {s.number: s.player_id for s in match.seats.all()}
        teams = [[seats[0], seats[2]], [seats[1], seats[3]]]
        winner = next(u.unit for u in game_units if u.is_winner)
        rated = model.rate(
            [[skill.get(p) or model.rating() for p in team] for team in teams],
            ranks=[0 if u == winner else 1 for u in range(2)],
        )
        for team, new in zip(teams, rated, strict=True):
            for p, r in zip(team, new, strict=True):
                skill[p] = r
    return {p: (r.mu, r.sigma) for p, r in skill.items()}


@pytest.mark.django_db
def test_a_finished_match_rates_its_sides_by_the_task(world):
    match = play(world, [0, 1, 2, 3], seed=1)
    assert RatedMatch.objects.filter(match=match).exists()  # the receiver's task ran
    winners = [s.player_id for s in match.seats.all() if s.number % 2 == match.winner_unit]
    expected = by_hand([match])
    for rating in Rating.objects.filter(game="cuatrola"):
        assert (rating.mu, rating.sigma) == expected[rating.player_id]
        assert rating.ordinal == rating.mu - 3 * rating.sigma
        assert rating.matches == 1
        assert (rating.mu > 25) == (rating.player_id in winners)
    change = RatingChange.objects.get(player_id=winners[0])
    assert (change.mu_before, change.sigma_before) == (25.0, 25 / 3)
    assert change.ordinal_before == pytest.approx(0.0)
    assert change.won


@pytest.mark.django_db
def test_order_of_finish_matters_and_is_followed(world):
    first = play(world, [0, 1, 2, 3], seed=1)
    second = play(world, [0, 4, 1, 5], seed=2)  # Ana and Blas partners now
    ratings = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(game="cuatrola")}
    assert ratings == by_hand([first, second])
    assert by_hand([second, first]) != by_hand([first, second])


@pytest.mark.django_db
def test_a_match_is_applied_once_and_a_rebuild_gives_identical_numbers(world):
    matches = [
        play(world, seats, seed)
        for seeds in [(1,), (2,), (3,)]
        for seed in seeds
        for seats in ([0, 1, 2, 3],)
    ]
    matches.append(play(world, [4, 0, 5, 1], seed=4))
    before = numbers()
    for m in matches:
        assert ladder.update(m.pk) == "unchanged"
    assert numbers() == before
    call_command("rebuild_ratings")
    assert numbers() == before
    call_command("rebuild_ratings", "--club", "ladder", "--game", "cuatrola")
    assert numbers() == before
    assert RatedMatch.objects.count() == 4
    assert Rating.objects.get(player__display_name="Ana").matches == 4


@pytest.mark.django_db
def test_a_reopened_match_leaves_the_ladder_and_a_rebuild_agrees(world):
    _club, organiser, _ = world
    first = play(world, [0, 1, 2, 3], seed=1)
    second = play(world, [0, 1, 2, 3], seed=2)
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.undo(first, organiser, reopen=True)  # the first match is in progress again
    assert not RatedMatch.objects.filter(match=first).exists()
    ratings = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(game="cuatrola")}
    second.refresh_from_db()
    assert ratings == by_hand([second])
    after = numbers()
    call_command("rebuild_ratings")
    assert numbers() == after


@pytest.mark.django_db
def test_a_lost_update_is_caught_up_by_the_next_match(world):
    first = play(world, [0, 1, 2, 3], seed=1)
    RatedMatch.objects.all().delete()  # as if the broker had lost its update
    Rating.objects.all().delete()
    second = play(world, [0, 1, 2, 3], seed=2)
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {first.pk, second.pk}
    ratings = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(game="cuatrola")}
    assert ratings == by_hand([first, second])


@pytest.mark.django_db
def test_the_sweep_catches_up_a_ladder_whose_updates_were_lost(world):
    first = play(world, [0, 1, 2, 3], seed=1)
    second = play(world, [0, 1, 2, 3], seed=2)
    expected = numbers()
    RatedMatch.objects.all().delete()  # as if the broker had lost both updates
    Rating.objects.all().delete()
    assert ladder.behind() == [first.pk]
    assert sweep_ratings.delay().get() == 1
    assert numbers() == expected
    assert ladder.behind() == []
    assert ladder.sweep() == 0
    assert second.rated


@pytest.mark.django_db
def test_subastao_for_three_rates_each_player_alone(world):
    match = play(world, [0, 1, 2], seed=5, game="subastao", rules={"target": 120})
    units = sorted(match.units.all(), key=lambda u: u.unit)
    ranks = rank_units([u.score for u in units], match.winner_unit)
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=ranks)
    seats = {s.number: s.player_id for s in match.seats.all()}
    for seat in range(3):
        rating = Rating.objects.get(player_id=seats[seat], game="subastao")
        assert (rating.mu, rating.sigma) == (expected[seat][0].mu, expected[seat][0].sigma)
    assert not Rating.objects.filter(game="cuatrola").exists()  # a ladder per game


@pytest.mark.django_db
def test_a_private_tournaments_match_is_not_rated(world):
    from tournaments.models import Fixture, Round, Tournament

    club = world[0]
    match = play(world, [0, 1, 2, 3], seed=1)
    RatedMatch.objects.all().delete()
    tournament = Tournament.objects.create(club=club, name="Privado", is_public=False)
    round_ = Round.objects.create(tournament=tournament, number=1)
    Fixture.objects.create(round=round_, table=1, match=match)
    assert ladder.update(match.pk) == "ignored"
    assert ladder.rebuild(club, "cuatrola") == 0
    assert not Rating.objects.exists()


def _correct_last_card(match: Match, organiser) -> None:
    """A correction: take back the match's last card (it reopens) and record it again
    (it finishes again), as a scorer fixing a mis-tap on an old match does."""
    last = (
        HandEventModel.objects.filter(hand__match=match)
        .order_by("-hand__number", "-seq")
        .select_related("hand")
        .first()
    )
    event, hand, seq = last.data, last.hand, last.seq
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.undo(match, organiser, reopen=True)
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.record_event(Hand.objects.get(pk=hand.pk), seq, event, organiser)


@pytest.mark.django_db
def test_a_corrected_match_keeps_its_place_and_re_rates_from_there_on(world):
    """Issue 19 item 12. Three matches finish in the order A, B, C; B is corrected after
    C finished. By hand: B keeps its first finish time, so the order stays A, B, C (not
    A, C, B as when the correction's time was its finish); A's changes are not touched,
    B's and C's are rated again."""
    _club, organiser, _ = world
    a = play(world, [0, 1, 2, 3], seed=1)
    b = play(world, [0, 4, 1, 5], seed=2)
    c = play(world, [0, 1, 4, 5], seed=3)
    b.refresh_from_db()
    first_finish = b.finished_at
    assert a.finished_at < first_finish < Match.objects.get(pk=c.pk).finished_at
    a_changes = list(RatingChange.objects.filter(rated__match=a).values_list("pk", "mu_after"))
    assert by_hand([a, c, b]) != by_hand([a, b, c])  # the two orders rate differently
    _correct_last_card(b, organiser)
    b.refresh_from_db()
    assert b.status == "finished"
    assert b.finished_at == first_finish  # kept
    order = list(RatedMatch.objects.filter(game="cuatrola").values_list("match_id", flat=True))
    assert order == [a.pk, b.pk, c.pk]
    ratings = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.filter(game="cuatrola")}
    assert ratings == by_hand([a, b, c])
    assert list(RatingChange.objects.filter(rated__match=a).values_list("pk", "mu_after")) == (
        a_changes
    )
    assert Rating.objects.get(player__display_name="Ana").matches == 3
    # and a rebuild from nothing agrees, in the same order
    before = numbers()
    call_command("rebuild_ratings")
    assert numbers()[0] == before[0]
    assert [m for m, *_ in numbers()[1]][::4] == [a.pk, b.pk, c.pk]
