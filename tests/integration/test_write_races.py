"""Requests that race for the same rows (PostgreSQL: real row locks, real constraints).

Two opposite merges (x into y, y into x) sent together: one merges, the other is refused
(409, the form's error) and one player is left with every seat. Two sign-ups, clubs or
players of the same name sent together: one is created, the other gets the form's error
(pages) or 409 (API) naming the field, never a 500 (clubs/uniqueness.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from clubs.models import Club, Player
from games import services as games
from games.models import Seat
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

from .conftest import requires_services

pytestmark = [pytest.mark.integration, requires_services, pytest.mark.django_db(transaction=True)]

ROUNDS = 8


def race(send: Callable[[int], object], n: int) -> list:
    """``send(i)`` from ``n`` threads at once (each its own client and DB connection);
    what each answered (an exception, e.g. a 500 re-raised by the test client, is kept)."""
    barrier = threading.Barrier(n)
    answers: list = [None] * n

    def run(i: int) -> None:
        barrier.wait()
        try:
            answers[i] = send(i)
        except Exception as exc:  # the assertion shows it
            answers[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return answers


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _opposite_merges(club, organiser, x: Player, y: Player) -> list:
    def send(i: int):
        merged, kept = (x, y) if i == 0 else (y, x)
        return logged_in(organiser).post(
            f"/clubs/{club.slug}/players/{merged.pk}/merge/", {"into": str(kept.pk)}
        )

    return race(send, 2)


def _check_one_merge(answers, x: Player, y: Player, seats_before: int) -> int:
    codes = [getattr(a, "status_code", a) for a in answers]
    # the winner redirects; the other is refused: 409 when it met the locks, 404 (its
    # player gone) or 400 (the one to keep gone) when it came after the merge
    assert codes.count(302) == 1, codes
    assert next(c for c in codes if c != 302) in (400, 404, 409), codes
    left = list(Player.objects.filter(pk__in=(x.pk, y.pk)))
    assert len(left) == 1, codes
    assert Seat.objects.filter(player=left[0]).count() == seats_before
    loser = next(a for a in answers if a.status_code != 302)
    if loser.status_code == 409:
        assert list(loser.context["merge_form"].errors) == ["into"]
        assert "fusionado o quitado mientras tanto" in loser.content.decode()
    return loser.status_code


def test_opposite_merges_without_matches_one_wins_one_player_left():
    club = ClubFactory(slug="club-b")
    organiser = MembershipFactory(club=club, role="organiser").user
    refused = []
    for i in range(ROUNDS):
        x = PlayerFactory(club=club, display_name=f"X{i}")
        y = PlayerFactory(club=club, display_name=f"Y{i}")
        refused.append(_check_one_merge(_opposite_merges(club, organiser, x, y), x, y, 0))
    assert 409 in refused, refused  # at least one pair met at the locks


def test_opposite_merges_with_matches_keep_every_seat():
    club = ClubFactory(slug="club-b")
    organiser = MembershipFactory(club=club, role="organiser").user
    others = [PlayerFactory(club=club, display_name=f"Other {n}") for n in range(3)]
    refused = []
    for i in range(ROUNDS):
        x = PlayerFactory(club=club, display_name=f"X{i}")
        y = PlayerFactory(club=club, display_name=f"Y{i}")
        for p in (x, x, y):  # two matches of x, one of y: never at one table
            games.create_match(club=club, players=[p, *others], user=organiser)
        answers = _opposite_merges(club, organiser, x, y)
        refused.append(_check_one_merge(answers, x, y, 3))
    assert 409 in refused, refused


# ---------------------------------------------------------------- creation races
RACERS = 4


def _one_created_rest_refused(answers, created: int, refused: int) -> list:
    codes = [getattr(a, "status_code", a) for a in answers]
    assert codes.count(created) == 1, codes
    assert [c for c in codes if c != created] == [refused] * (len(codes) - 1), codes
    return [a for a in answers if a.status_code == refused]


def test_the_same_signup_at_once_one_login_the_others_the_forms_error():
    User = get_user_model()
    for i in range(ROUNDS):
        body = {"username": f"twin{i}", "password1": "a-Long-pass-9", "password2": "a-Long-pass-9"}
        answers = race(lambda _, body=body: Client().post("/accounts/signup/", body), RACERS)
        for loser in _one_created_rest_refused(answers, 302, 400):
            assert list(loser.context["form"].errors) == ["username"]
        assert User.objects.filter(username=f"twin{i}").count() == 1


def test_one_username_in_different_cases_at_once_one_login_the_others_the_forms_error():
    """The forms compare usernames whatever their case, and so does the database (clubs
    0005): "Ana", "ana", "ANA" and "aNA" sent together make one login; the others get the
    form's error on the username, never a 500 and never a second login."""
    User = get_user_model()
    cases = ("Ana{}", "ana{}", "ANA{}", "aNA{}")
    for i in range(ROUNDS):
        bodies = [
            {"username": c.format(i), "password1": "a-Long-pass-9", "password2": "a-Long-pass-9"}
            for c in cases
        ]
        answers = race(lambda n, bodies=bodies: Client().post("/accounts/signup/", bodies[n]), 4)
        for loser in _one_created_rest_refused(answers, 302, 400):
            assert list(loser.context["form"].errors) == ["username"]
        assert User.objects.filter(username__iexact=f"ana{i}").count() == 1


def test_an_organisers_new_logins_in_different_cases_at_once_one_the_others_the_forms_error():
    """The same race through the members page (clubs/members.py makes the login): the
    registered constraint is the form's error there too."""
    User = get_user_model()
    club = ClubFactory(slug="club-u")
    organisers = [MembershipFactory(club=club, role="organiser").user for _ in range(3)]
    url = f"/clubs/{club.slug}/members/new-login/"
    for i in range(ROUNDS):
        bodies = [
            {"new-username": n.format(i), "new-role": "scorer"} for n in ("Eva{}", "eva{}", "EVA{}")
        ]
        answers = race(lambda n, bodies=bodies: logged_in(organisers[n]).post(url, bodies[n]), 3)
        for loser in _one_created_rest_refused(answers, 201, 400):
            assert list(loser.context["login_form"].errors) == ["username"]
        assert User.objects.filter(username__iexact=f"eva{i}").count() == 1


def test_the_same_club_slug_at_once_one_club_the_others_the_forms_error():
    organisers = [MembershipFactory(role="organiser").user for _ in range(RACERS)]
    for i in range(ROUNDS):
        body = {"name": f"Peña {i}", "slug": f"pena-{i}"}
        answers = race(
            lambda n, body=body: logged_in(organisers[n]).post("/clubs/new/", body), RACERS
        )
        for loser in _one_created_rest_refused(answers, 302, 400):
            assert list(loser.context["form"].errors) == ["slug"]
        assert Club.objects.filter(slug=f"pena-{i}").count() == 1


def test_the_same_player_name_at_once_through_the_api_201_and_409():
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser").user

    def post(body: dict) -> object:
        client = APIClient()
        client.force_authenticate(organiser)
        return client.post(f"/api/v1/clubs/{club.slug}/players/", body, format="json")

    for i in range(ROUNDS):
        answers = race(lambda _, i=i: post({"name": f"Ana {i}"}), RACERS)
        for loser in _one_created_rest_refused(answers, 201, 409):
            assert loser.json()["item"] == {"field": "name"}
            assert loser.json()["message"] == "A player of this club already has this name."
        assert club.players.filter(display_name=f"Ana {i}").count() == 1


def test_the_same_player_name_at_once_on_the_page_the_forms_error():
    club = ClubFactory()
    organiser = MembershipFactory(club=club, role="organiser").user
    url = f"/clubs/{club.slug}/players/new/"
    for i in range(ROUNDS):
        body = {"display_name": f"Bea {i}"}
        answers = race(lambda _, body=body: logged_in(organiser).post(url, body), 3)
        for loser in _one_created_rest_refused(answers, 302, 400):
            assert list(loser.context["form"].errors) == ["display_name"]


# ---------------------------------------------------------------- the last organiser
def test_two_organisers_removing_each_other_at_once_leave_one():
    """A club always keeps an organiser (clubs/members.py): the club's two organisers
    each removing (or demoting) the other at the same moment — each saw another organiser
    left — end with one of them still organiser, the other request refused (409, or
    404/403 when it came after its sender had already gone), never none."""
    for i in range(ROUNDS):
        club = ClubFactory(slug=f"twins-{i}")
        pair = [MembershipFactory(club=club, role="organiser") for _ in range(2)]
        remove = i % 2 == 0  # removals and demotions alternate

        def send(n: int, pair=pair, remove=remove, club=club):
            other = pair[1 - n]
            action = "remove" if remove else "role"
            body = {} if remove else {"role": "scorer"}
            return logged_in(pair[n].user).post(
                f"/clubs/{club.slug}/members/{other.pk}/{action}/", body
            )

        answers = race(send, 2)
        codes = sorted((getattr(a, "status_code", a) for a in answers), key=str)
        left = club.memberships.filter(role="organiser").count()
        assert left == 1, (codes, left)
        assert codes[0] == 302, codes
        assert codes[1] in (403, 404, 409), codes


# ---------------------------------------------------------------- a player merged meanwhile
def test_a_match_created_while_its_player_is_merged_away_is_refused_not_a_500():
    """A new match naming a player that an organiser merges into another at the same
    moment: either the match is created first (and the merge moves its seat) or it is
    refused naming ``players`` (the player gone) — never a 500, never a match without
    its seats."""
    club = ClubFactory(slug="club-m")
    organiser = MembershipFactory(club=club, role="organiser").user
    others = [PlayerFactory(club=club, display_name=f"Other {n}") for n in range(3)]
    for i in range(ROUNDS):
        x = PlayerFactory(club=club, display_name=f"X{i}")
        y = PlayerFactory(club=club, display_name=f"Y{i}")

        def send(n: int, x=x, y=y):
            if n == 0:
                return logged_in(organiser).post(
                    f"/clubs/{club.slug}/players/{x.pk}/merge/", {"into": str(y.pk)}
                )
            client = APIClient()
            client.force_authenticate(organiser)
            body = {"club": club.slug, "players": [x.pk, *(p.pk for p in others)]}
            return client.post("/api/v1/matches/", body, format="json")

        merged, created = race(send, 2)
        assert getattr(merged, "status_code", merged) == 302, merged
        code = getattr(created, "status_code", created)
        assert code in (201, 400, 409), created
        if code != 201:
            # refused by the serializer (the player already gone: its ``errors`` too) or
            # by the service (gone while the match was made): either way naming the field
            assert created.json()["item"]["field"] == "players", created.json()
        assert not Player.objects.filter(pk=x.pk).exists()
        assert all(m.seats.count() == 4 for m in club.matches.all())


# ---------------------------------------------------------------- a round deleted meanwhile
NAMES = ["Ana", "Blas", "Carmen", "Diego"]


def _round_one(club, organiser, players, i: int):
    """A two-pair league of ``club`` with round 1 drawn: the tournament and its fixture."""
    from tournaments import services as tournaments

    t = tournaments.create_tournament(
        club=club, user=organiser, name=f"Liga {i}", format="round_robin"
    )
    tournaments.add_entry(t, organiser, "A", players[0], players[2])
    tournaments.add_entry(t, organiser, "B", players[1], players[3])
    return t, tournaments.generate_next_round(t, organiser).fixtures.get()


def _club_of_four(slug: str):
    club = ClubFactory(slug=slug)
    organiser = MembershipFactory(club=club, role="organiser").user
    scorer = MembershipFactory(club=club, role="scorer").user
    return club, organiser, scorer, [PlayerFactory(club=club, display_name=n) for n in NAMES]


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_paper_record_racing_the_deletion_of_its_round_one_of_them_wins_whole():
    """An organiser deletes round 1 while a scorer sends a fixture's paper record: either
    the record is stored and the deletion refused (409: the round has hands), or the round
    goes and the record is refused (409 naming the fixture, or 404 once the fixture is
    gone) — never a 500 (it deadlocked), never a deleted round's hands left behind."""
    import random

    from games.engine.cuatrola.simulate import random_match
    from games.models import HandEvent

    club, organiser, scorer, players = _club_of_four("club-r")
    for i in range(ROUNDS):
        t, fixture = _round_one(club, organiser, players, i)
        record = random_match(random.Random(117), games.parse_rules(None), first_dealer=0)
        record.seats = NAMES

        def send(n: int, t=t, fixture=fixture, record=record):
            if n == 0:
                return logged_in(organiser).post(f"/tournaments/{t.pk}/rounds/1/delete/")
            url = f"/api/v1/tournaments/{t.pk}/fixtures/{fixture.pk}/record/"
            return _api(scorer).post(url, {"record": record.as_dict()}, format="json")

        deleted, recorded = (getattr(a, "status_code", a) for a in race(send, 2))
        hands = HandEvent.objects.filter(hand__match__fixture__round__tournament=t).exists()
        if t.rounds.exists():
            assert (deleted, recorded, hands) == (409, 200, True)
        else:
            assert deleted == 302, (deleted, recorded)
            assert recorded in (404, 409), (deleted, recorded)
            assert not HandEvent.objects.filter(hand__match_id=fixture.match_id).exists()


def test_a_round_drawn_again_as_a_table_posts_its_deal_one_of_them_wins():
    """The organiser draws round 1 again just as a table's scorer posts the deal of its
    first hand: the deal is stored and the redraw refused (409: the round has hands), or
    the round is drawn again and the deal's match is gone (404) — never a 500 (the
    scorer's write locked its match then the tournament, the redraw the other way round:
    a deadlock)."""
    from games.models import HandEvent

    club, organiser, scorer, players = _club_of_four("club-d")
    for i in range(ROUNDS):
        t, fixture = _round_one(club, organiser, players, i)
        deal = {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "12o"}

        def send(n: int, t=t, fixture=fixture, deal=deal):
            if n == 0:
                return logged_in(organiser).post(f"/tournaments/{t.pk}/rounds/1/redraw/")
            url = f"/api/v1/matches/{fixture.match_id}/events/"
            return _api(scorer).post(url, deal, format="json")

        redrawn, dealt = (getattr(a, "status_code", a) for a in race(send, 2))
        stored = HandEvent.objects.filter(hand__match_id=fixture.match_id).exists()
        assert (redrawn, dealt, stored) in ((409, 201, True), (302, 404, False)), (redrawn, dealt)


def test_the_same_username_for_two_players_at_once_one_login_the_other_the_forms_error():
    """Two organisers each giving a player of the club a login, with the same username, at
    once: one login is made (201, its password shown), the other page shows the form's
    error on the username (400), never a 500 (the second user row broke the unique
    username)."""
    club = ClubFactory(slug="club-l")
    organisers = [MembershipFactory(club=club, role="organiser").user for _ in range(2)]
    User = get_user_model()
    for i in range(ROUNDS):
        pair = [PlayerFactory(club=club, display_name=f"L{i}-{n}") for n in range(2)]

        def send(n: int, pair=pair, i=i):
            url = f"/clubs/{club.slug}/players/{pair[n].pk}/login/"
            return logged_in(organisers[n]).post(url, {"login-username": f"same{i}"})

        answers = race(send, 2)
        for loser in _one_created_rest_refused(answers, 201, 400):
            assert list(loser.context["login_form"].errors) == ["username"]
        assert User.objects.filter(username=f"same{i}").count() == 1
        assert Player.objects.filter(pk__in=[p.pk for p in pair], user__isnull=False).count() == 1


def test_a_withdrawal_racing_the_next_rounds_draw_leaves_no_open_fixture_behind():
    """An organiser withdraws an entry while another draws round 2: whichever goes first,
    the withdrawn entry has no fixture left to play after the round it withdrew after (the
    draw saw the withdrawal, or the withdrawal decided the new round's fixture). Unlocked,
    the withdrawal counted one round and missed the fixture being drawn."""
    from tournaments import services as tournaments
    from tournaments.models import Fixture

    club = ClubFactory(slug="club-w")
    organisers = [MembershipFactory(club=club, role="organiser").user for _ in range(2)]
    players = [PlayerFactory(club=club, display_name=f"W{n}") for n in range(8)]
    for i in range(ROUNDS):
        t = tournaments.create_tournament(
            club=club, user=organisers[0], name=f"Liga {i}", format="round_robin"
        )
        entries = [
            tournaments.add_entry(t, organisers[0], f"E{n}", players[2 * n], players[2 * n + 1])
            for n in range(4)
        ]
        for fixture in tournaments.generate_next_round(t, organisers[0]).fixtures.all():
            tournaments.decide_fixture(fixture, organisers[0], "void")
        leaving = entries[i % 4]

        def send(n: int, t=t, leaving=leaving):
            client = logged_in(organisers[n])
            if n == 0:
                url = f"/tournaments/{t.pk}/entries/{leaving.pk}/withdraw/"
                return client.post(url, {"results": "keep", "unplayed": "forfeit"})
            return client.post(f"/tournaments/{t.pk}/next-round/")

        codes = [getattr(a, "status_code", a) for a in race(send, 2)]
        assert codes == [302, 302], codes
        leaving.refresh_from_db()
        assert leaving.withdrawn, codes
        left_open = Fixture.objects.filter(
            round__tournament=t,
            round__number__gt=leaving.withdrawn_after_round,
            participants__entry=leaving,
            decision="",
        )
        assert not left_open.exists(), (leaving.withdrawn_after_round, codes)


# ---------------------------------------------------------------- a login's two answers
def test_yes_and_no_at_once_to_a_login_asked_one_is_taken_the_other_404():
    """An organiser names Marta's login for the player Ana (asked, not linked:
    tests/test_login_consent.py); yes and no come together from two of her devices: the
    row is locked, so one answer is taken and the other finds nothing left to answer —
    never both, never a 500."""
    club = ClubFactory(slug="club-l")
    for i in range(ROUNDS):
        ana = PlayerFactory(club=club, display_name=f"Ana {i}")
        marta = get_user_model().objects.create(username=f"marta{i}")
        Player.objects.filter(pk=ana.pk).update(asked_user=marta)

        def send(n: int, pk=ana.pk, marta=marta):
            answer = "yes" if n else "no"
            return logged_in(marta).post(f"/my-matches/asked/{pk}/", {"answer": answer})

        codes = [getattr(a, "status_code", a) for a in race(send, 2)]
        assert sorted(codes, key=str) == [302, 404], codes
        ana.refresh_from_db()
        assert ana.asked_user is None
        assert (ana.user == marta) == (codes[1] == 302), codes
