"""One permission matrix, run against the pages and the API alike (``clubs.access``).

Roles: an anonymous visitor, an organiser of another club, a player of the club (a user
linked to one of its players, no role), a scorer, an organiser, a superuser, a device
token of the club, and device tokens scoped to the public and to the private tournament.
Things: a public tournament and its match, a private tournament and its match, and a
friendly match (no tournament) — in a public club, then in a private one.

Decisions: read 200 or 404 (what may not be read does not exist); record 201, 403 when
the thing may be read, 404 when not; anonymous writes are refused with 403 before any
lookup. Every expected value below is written out by hand, not derived from the policy.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from django.test import Client

from clubs.devices import create_device_token
from games.models import HandEvent, Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db

ROLES = [
    "anonymous",
    "other_club",
    "player",
    "scorer",
    "organiser",
    "superuser",
    "device_club",
    "device_pub",
    "device_priv",
]
THINGS = ["t_pub", "m_pub", "t_priv", "m_priv", "m_free"]

# may read:           t_pub  m_pub  t_priv m_priv m_free   (club)
READ_PUBLIC_CLUB = {
    "anonymous": ((1, 1, 0, 0, 1), 1),
    "other_club": ((1, 1, 0, 0, 1), 1),
    "player": ((1, 1, 1, 1, 1), 1),
    "scorer": ((1, 1, 1, 1, 1), 1),
    "organiser": ((1, 1, 1, 1, 1), 1),
    "superuser": ((1, 1, 1, 1, 1), 1),
    "device_club": ((1, 1, 1, 1, 1), 1),
    "device_pub": ((1, 1, 0, 0, 1), 1),  # the private tournament is another's
    "device_priv": ((1, 1, 1, 1, 1), 1),
}
READ_PRIVATE_CLUB = {
    "anonymous": ((0, 0, 0, 0, 0), 0),
    "other_club": ((0, 0, 0, 0, 0), 0),
    "player": ((1, 1, 1, 1, 1), 1),
    "scorer": ((1, 1, 1, 1, 1), 1),
    "organiser": ((1, 1, 1, 1, 1), 1),
    "superuser": ((1, 1, 1, 1, 1), 1),
    "device_club": ((1, 1, 1, 1, 1), 1),
    "device_pub": ((1, 1, 0, 0, 0), 0),  # its tournament only
    "device_priv": ((0, 0, 1, 1, 0), 0),
}
# posting the deal of hand 1:  m_pub  m_priv  m_free
RECORD_PUBLIC_CLUB = {
    "anonymous": (403, 403, 403),
    "other_club": (403, 404, 403),
    "player": (403, 403, 403),
    "scorer": (201, 201, 201),
    "organiser": (201, 201, 201),
    "superuser": (201, 201, 201),
    "device_club": (201, 201, 201),
    "device_pub": (201, 404, 403),
    "device_priv": (403, 201, 403),
}
RECORD_PRIVATE_CLUB = {
    "anonymous": (403, 403, 403),
    "other_club": (404, 404, 404),
    "player": (403, 403, 403),
    "scorer": (201, 201, 201),
    "organiser": (201, 201, 201),
    "superuser": (201, 201, 201),
    "device_club": (201, 201, 201),
    "device_pub": (201, 404, 404),
    "device_priv": (404, 201, 404),
}


@dataclass
class World:
    club: object
    ana: object  # a player of the club, linked to the "player" user
    ids: dict[str, int]  # thing → primary key
    users: dict[str, object]  # role → user (None: anonymous)
    keys: dict[str, str]  # device role → its Bearer key


def build_world(club_private: bool) -> World:
    club = ClubFactory(slug="pena", name="Peña", is_private=club_private)
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    scorer = MembershipFactory(club=club, role="scorer", user=UserFactory()).user
    other = MembershipFactory(role="organiser", user=UserFactory()).user
    player_user = UserFactory()
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Eva", "Dani")]
    players[0].user = player_user
    players[0].save()
    ids: dict[str, int] = {}
    for thing, public in (("t_pub", True), ("t_priv", False)):
        t = tournaments.create_tournament(
            club=club, user=organiser, name=thing, format="knockout", is_public=public
        )
        tournaments.add_entry(t, organiser, "A", players[0], players[1])
        tournaments.add_entry(t, organiser, "B", players[2], players[3])
        fixture = tournaments.generate_next_round(t, organiser).fixtures.get()
        ids[thing], ids["m" + thing[1:]] = t.pk, fixture.match_id
    from games import services

    ids["m_free"] = services.create_match(club=club, players=players, user=organiser).pk
    keys, users = {}, {}
    for role, scope in (("device_club", None), ("device_pub", "t_pub"), ("device_priv", "t_priv")):
        tournament = club.tournaments.get(pk=ids[scope]) if scope else None
        token, keys[role] = create_device_token(club, organiser, role, tournament)
        users[role] = token.user
    users.update(
        anonymous=None,
        other_club=other,
        player=player_user,
        scorer=scorer,
        organiser=organiser,
        superuser=UserFactory(is_superuser=True),
    )
    return World(club, players[0], ids, users, keys)


def page_client(world: World, role: str) -> Client:
    """The role in a browser: a session (a device's user stands for its token)."""
    client = Client()
    if world.users[role] is not None:
        client.force_login(world.users[role])
    return client


def api_client(world: World, role: str) -> Client:
    """The role on the API: a device sends its key, people their session."""
    if role in world.keys:
        return Client(HTTP_AUTHORIZATION=f"Bearer {world.keys[role]}")
    return page_client(world, role)


def read_urls(world: World, thing: str) -> tuple[list[str], list[str]]:
    """(pages, API endpoints) that read ``thing``."""
    pk = world.ids[thing]
    if thing.startswith("t_"):
        pages = [f"/tournaments/{pk}/", f"/tournaments/{pk}/rounds/1/"]
        api = [
            f"/api/v1/tournaments/{pk}/",
            f"/api/v1/tournaments/{pk}/rounds/",
            f"/api/v1/tournaments/{pk}/entries/",
            f"/api/v1/tournaments/{pk}/live/",
        ]
    else:
        pages = [f"/matches/{pk}/"]
        api = [f"/api/v1/matches/{pk}/", f"/api/v1/matches/{pk}/export/"]
    return pages, api


@pytest.mark.parametrize("club_private", [False, True], ids=["public-club", "private-club"])
@pytest.mark.parametrize("role", ROLES)
def test_read_matrix_pages_and_api_agree(role, club_private):
    world = build_world(club_private)
    things, club = (READ_PRIVATE_CLUB if club_private else READ_PUBLIC_CLUB)[role]
    pages, api = page_client(world, role), api_client(world, role)
    for thing, readable in zip(THINGS, things, strict=True):
        expected = 200 if readable else 404
        page_urls, api_urls = read_urls(world, thing)
        for url in page_urls:
            assert pages.get(url).status_code == expected, (role, url)
        for url in api_urls:
            assert api.get(url).status_code == expected, (role, url)
    expected = 200 if club else 404
    assert pages.get("/clubs/pena/").status_code == expected
    assert pages.get(f"/clubs/pena/players/{world.ana.pk}/").status_code == expected
    assert api.get("/api/v1/clubs/pena/").status_code == expected
    assert api.get("/api/v1/clubs/pena/players/").status_code == expected


@pytest.mark.parametrize("club_private", [False, True], ids=["public-club", "private-club"])
@pytest.mark.parametrize("role", ROLES)
def test_lists_show_exactly_what_may_be_read(role, club_private):
    """The API's lists, the club page, a player's page and the home page leave out what
    the role may not read — a private tournament's match and its name included."""
    world = build_world(club_private)
    things, club = (READ_PRIVATE_CLUB if club_private else READ_PUBLIC_CLUB)[role]
    readable = {t for t, r in zip(THINGS, things, strict=True) if r}
    matches = {world.ids[t] for t in readable if t.startswith("m_")}
    tournaments_ = {world.ids[t] for t in readable if t.startswith("t_")}
    api, pages = api_client(world, role), page_client(world, role)
    listed = api.get("/api/v1/matches/?club=pena").json()["results"]
    assert {m["id"] for m in listed} == matches
    assert {m["id"] for m in api.get("/api/v1/matches/").json()["results"]} == matches
    listed = api.get("/api/v1/tournaments/?club=pena").json()["results"]
    assert {t["id"] for t in listed} == tournaments_
    if club:
        html = pages.get("/clubs/pena/").content.decode()
        for thing in ("m_pub", "m_priv", "m_free"):
            pk = world.ids[thing]
            assert (f'href="/matches/{pk}/"' in html) == (pk in matches), (role, thing)
        assert ("t_priv" in html) == ("t_priv" in readable)  # the name does not leak
        html = pages.get(f"/clubs/pena/players/{world.ana.pk}/").content.decode()
        assert {pk for pk in world.ids.values() if f'href="/matches/{pk}/"' in html} == matches
    home = pages.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ("Peña" in home) == bool(club)
    if club:
        assert f"{len(matches)} matches" in home


@pytest.mark.parametrize("club_private", [False, True], ids=["public-club", "private-club"])
@pytest.mark.parametrize("role", ROLES)
def test_record_matrix_api_and_scoring_pad_agree(role, club_private):
    world = build_world(club_private)
    expected = (RECORD_PRIVATE_CLUB if club_private else RECORD_PUBLIC_CLUB)[role]
    api, pages = api_client(world, role), page_client(world, role)
    for thing, status in zip(("m_pub", "m_priv", "m_free"), expected, strict=True):
        pk = world.ids[thing]
        response = api.post(
            f"/api/v1/matches/{pk}/events/",
            json.dumps({"expected_seq": 0, "kind": "deal", "trump_card": "1o"}),
            content_type="application/json",
        )
        assert response.status_code == status, (role, thing, response.content)
        assert HandEvent.objects.filter(hand__match_id=pk).count() == (status == 201)
        pad = pages.get(f"/matches/{pk}/score/").status_code
        # the pad asks for a login first; then it decides as the API does
        assert pad == (302 if role == "anonymous" else {201: 200, 403: 403, 404: 404}[status])


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 403),
        ("other_club", 403),
        ("player", 403),
        ("scorer", 403),
        ("organiser", 201),
        ("superuser", 201),
        ("device_club", 403),
        ("device_pub", 403),
    ],
)
def test_organise_matrix_api_and_pages_agree(role, status):
    """Adding a player (API) and generating a round (page): the club's organisers only."""
    world = build_world(club_private=False)
    response = api_client(world, role).post(
        "/api/v1/clubs/pena/players/",
        json.dumps({"name": "Nuevo"}),
        content_type="application/json",
    )
    assert response.status_code == status
    if role == "anonymous":
        return  # the page asks for a login first
    page = page_client(world, role).post(f"/tournaments/{world.ids['t_pub']}/next-round/")
    # an organiser sees the tournament again with the reason (round 1 is unfinished): 409
    assert page.status_code == (409 if status == 201 else 403)


def test_a_private_tournaments_device_cannot_create_friendly_matches():
    world = build_world(club_private=False)
    players = [p.pk for p in world.club.players.all()]
    for role, status in (("device_priv", 403), ("device_club", 201)):
        response = api_client(world, role).post(
            "/api/v1/matches/",
            json.dumps({"club": "pena", "players": players}),
            content_type="application/json",
        )
        assert response.status_code == status, role
    assert Match.objects.count() == 4  # three built, one by the club's device


@pytest.mark.parametrize("role", ["device_pub", "device_priv", "other_club", "scorer"])
def test_a_match_read_with_its_container_is_judged_without_a_query(role, django_assert_num_queries):
    """The write service reads the match with what it sits in (``with_container``): the
    same answers as a match read alone (the matrix above, by hand), and no query for the
    tournament, the fixture or the round."""
    from clubs.access import grants, may_read, may_record, with_container

    world = build_world(club_private=True)
    user = world.users[role]
    grants(user)  # loaded once per request, before
    read = READ_PRIVATE_CLUB[role][0]
    expected_read = (read[1], read[3], read[4])  # m_pub, m_priv, m_free
    expected_record = RECORD_PRIVATE_CLUB[role]
    for thing, readable, recorded in zip(
        ("m_pub", "m_priv", "m_free"), expected_read, expected_record, strict=True
    ):
        match = with_container(Match.objects.select_related("club")).get(pk=world.ids[thing])
        with django_assert_num_queries(0):
            assert may_read(user, match) == bool(readable), thing
            assert may_record(user, match) == (recorded == 201), thing
