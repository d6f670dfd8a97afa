"""Statistics and ratings show a reader only what the reader may read (``clubs.access``).

The nine roles and the two clubs of ``tests/test_access.py``; three finished Cuatrola
matches: the public tournament's (4 complete hands), the private tournament's (6) and a
friendly (5). Ana plays in all three, with Blas in the tournaments and with Eva in the
friendly. Every figure below is written out by hand from those counts: a full view has
15 hands, the public's 4 + 5 = 9. The ratings count the public matches only, for every
reader (docs/ratings.md): Ana has 2 rated matches, the public one and the friendly.
"""

from __future__ import annotations

import csv
import io
import random

import pytest
from django.utils import translation

from games import services as games
from games.engine.cuatrola.simulate import random_match
from games.models import Match
from ratings import ladder
from ratings.models import RatingChange
from stats.tables import METRIC_LABELS
from stats.tasks import start_rebuild
from tests.test_access import (
    READ_PRIVATE_CLUB,
    READ_PUBLIC_CLUB,
    ROLES,
    api_client,
    build_world,
    page_client,
)
from tournaments import services as tournaments
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

# the seeds whose random matches have 4, 6 and 5 complete hands
SEEDS = {"m_pub": 1, "m_priv": 2, "m_free": 3}
VIEWS = ("club", "season", "ana", "pair_ab", "pair_ae", "t_pub", "t_priv")
FULL = (15, 15, 15, 10, 5, 4, 6)
PUBLIC = (9, 9, 9, 4, 5, 4, None)  # None: 404
NONE = (None,) * 7
PUBLIC_CLUB = {
    "anonymous": PUBLIC,
    "other_club": PUBLIC,
    "player": FULL,
    "scorer": FULL,
    "organiser": FULL,
    "superuser": FULL,
    "device_club": FULL,
    "device_pub": PUBLIC,
    "device_priv": FULL,  # its tournament, and what the public reads
}
PRIVATE_CLUB = {
    "anonymous": NONE,
    "other_club": NONE,
    "player": FULL,
    "scorer": FULL,
    "organiser": FULL,
    "superuser": FULL,
    "device_club": FULL,
    "device_pub": (None, None, None, None, None, 4, None),
    "device_priv": (None, None, None, None, None, None, 6),
}


def played_world(club_private: bool, capture):
    """The world of test_access with its three matches finished through the write
    service, the statistics and ratings following as they do in production."""
    world = build_world(club_private)
    for thing, seed in SEEDS.items():
        match = Match.objects.get(pk=world.ids[thing])
        record = random_match(
            random.Random(seed), games.parse_rules(match.rules), first_dealer=match.first_dealer
        )
        with capture(execute=True):
            games.record_hands(match, record, world.users["organiser"])
    return world


def keys(world) -> dict[str, str]:
    ana, blas, eva = (world.club.players.get(display_name=n).pk for n in ("Ana", "Blas", "Eva"))
    year = Match.objects.get(pk=world.ids["m_free"]).created_at.year
    return {
        "club": f"club/{world.club.pk}",
        "season": f"season/{world.club.pk}:{year}",
        "ana": f"player/{ana}",
        "pair_ab": "pair/{}-{}".format(*sorted((ana, blas))),
        "pair_ae": "pair/{}-{}".format(*sorted((ana, eva))),
        "t_pub": f"tournament/{world.ids['t_pub']}",
        "t_priv": f"tournament/{world.ids['t_priv']}",
    }


def api_hands(client, key: str) -> int | None:
    response = client.get(f"/api/v1/stats/{key}/")
    if response.status_code == 404:
        return None
    assert response.status_code == 200, (key, response.content)
    return sum(g["hands"] for g in response.json()["games"])


def page_hands(client, path: str, params: dict, name: str | None) -> int | None:
    """Hands played on a statistics page, read from its CSV (the same table as shown):
    the metrics' "Hands played" row, or the row of ``name`` in the pairs' table."""
    response = client.get(path, {**params, "_export": "csv"}, HTTP_ACCEPT_LANGUAGE="en")
    if response.status_code == 404:
        return None
    assert response.status_code == 200, path
    rows = list(csv.reader(io.StringIO(response.content.decode())))[1:]
    if name is None:  # game, figure, total, per hand
        # the complete hands: those played, the void ones and a player's sat out (issue
        # 19: each its own row)
        with translation.override("en"):
            labels = {str(METRIC_LABELS[m]) for m in ("hands", "void_hands", "sat_out_hands")}
        return sum(int(r[2]) for r in rows if r[1] in labels)
    return sum(int(r[2]) for r in rows if r[0] == name)  # name, game, hands, …


def pages_of(world) -> dict[str, tuple[str, dict, str | None]]:
    ana = world.club.players.get(display_name="Ana").pk
    year = Match.objects.get(pk=world.ids["m_free"]).created_at.year
    return {
        "club": ("/clubs/pena/stats/", {"table": "metrics"}, None),
        "season": ("/clubs/pena/stats/", {"table": "metrics", "season": year}, None),
        "ana": (f"/clubs/pena/players/{ana}/stats/", {"table": "metrics"}, None),
        "pair_ab": ("/clubs/pena/stats/", {"table": "pairs"}, "Ana & Blas"),
        "pair_ae": ("/clubs/pena/stats/", {"table": "pairs"}, "Ana & Eva"),
        "t_pub": (f"/tournaments/{world.ids['t_pub']}/stats/", {"table": "metrics"}, None),
        "t_priv": (f"/tournaments/{world.ids['t_priv']}/stats/", {"table": "metrics"}, None),
    }


def seen(world, role: str) -> tuple[tuple, tuple]:
    """(API, pages) hands per view for ``role``."""
    api, pages = api_client(world, role), page_client(world, role)
    by_api = tuple(api_hands(api, keys(world)[v]) for v in VIEWS)
    by_page = tuple(page_hands(pages, *pages_of(world)[v]) for v in VIEWS)
    return by_api, by_page


@pytest.mark.parametrize("rebuilt", [False, True], ids=["counted", "rebuilt"])
@pytest.mark.parametrize("club_private", [False, True], ids=["public-club", "private-club"])
def test_statistics_matrix_every_endpoint_and_page(
    club_private, rebuilt, django_capture_on_commit_callbacks
):
    """Counted as the matches finish, or by a full rebuild: the same figures per role."""
    world = played_world(club_private, django_capture_on_commit_callbacks)
    if rebuilt:
        start_rebuild()
    expected = PRIVATE_CLUB if club_private else PUBLIC_CLUB
    for role in ROLES:
        by_api, by_page = seen(world, role)
        assert by_api == expected[role], (role, "api")
        assert by_page == expected[role], (role, "pages")


def rated(world, role: str) -> tuple | None:
    """What ``role`` is shown of Ana's Cuatrola rating — (API matches, API history,
    ladder API matches, ladder page row, player page's rated matches) — or None when
    every ratings page and endpoint is a 404 to it."""
    api, pages = api_client(world, role), page_client(world, role)
    ana = world.club.players.get(display_name="Ana").pk
    urls = [
        f"/api/v1/ratings/pena/players/{ana}/",
        "/api/v1/ratings/pena/cuatrola/",
        "/clubs/pena/ratings/?game=cuatrola",
        f"/clubs/pena/players/{ana}/",
    ]
    responses = [
        c.get(u, HTTP_ACCEPT_LANGUAGE="en")
        for c, u in zip((api, api, pages, pages), urls, strict=True)
    ]
    statuses = {r.status_code for r in responses}
    if statuses == {404}:
        return None
    assert statuses == {200}, (role, [r.status_code for r in responses])
    mine = next(g for g in responses[0].json()["games"] if g["game"] == "cuatrola")
    row = next(r for r in responses[1].json()["ratings"] if r["player"] == ana)
    ladder_page = responses[2].content.decode()
    player_page = responses[3].content.decode()
    changes = player_page.split('<table class="rating-changes stack">')[1].split("</table>")[0]
    match_ids = [world.ids[m] for m in SEEDS]
    return (
        mine["matches"],
        [h["match"] for h in mine["history"]],
        row["matches"],
        f'href="/clubs/pena/players/{ana}/"' in ladder_page,
        sorted(pk for pk in match_ids if f'href="/matches/{pk}/">#{pk}<' in changes),
    )


@pytest.mark.parametrize("club_private", [False, True], ids=["public-club", "private-club"])
def test_ratings_matrix_count_the_public_matches_for_every_reader(
    club_private, django_capture_on_commit_callbacks
):
    world = played_world(club_private, django_capture_on_commit_callbacks)
    public = sorted([world.ids["m_pub"], world.ids["m_free"]])
    read = READ_PRIVATE_CLUB if club_private else READ_PUBLIC_CLUB
    for role in ROLES:
        expected = (2, public, 2, True, public) if read[role][1] else None
        assert rated(world, role) == expected, role
    assert not RatingChange.objects.filter(rated__match_id=world.ids["m_priv"]).exists()


def test_closing_and_opening_a_tournament_moves_its_hands_with_no_rebuild(
    django_capture_on_commit_callbacks,
):
    """Closed later: out of every public figure and rating at once; opened: in again.
    The members' statistics keep all of it throughout; nothing is rebuilt by hand."""
    world = played_world(False, django_capture_on_commit_callbacks)
    organiser = world.users["organiser"]
    t_pub = Tournament.objects.get(pk=world.ids["t_pub"])
    t_priv = Tournament.objects.get(pk=world.ids["t_priv"])
    free = world.ids["m_free"]

    def set_public(t, value):
        with django_capture_on_commit_callbacks(execute=True):
            tournaments.update_tournament(t, organiser, is_public=value)

    set_public(t_pub, False)
    # the public now reads the friendly only: 5 hands; the pair Ana & Blas none
    assert seen(world, "anonymous") == ((5, 5, 5, 0, 5, None, None),) * 2
    assert seen(world, "organiser") == (FULL, FULL)
    assert rated(world, "anonymous") == (1, [free], 1, True, [free])
    assert rated(world, "organiser") == (1, [free], 1, True, [free])

    set_public(t_pub, True)
    assert seen(world, "anonymous") == (PUBLIC, PUBLIC)
    public = sorted([world.ids["m_pub"], free])
    assert rated(world, "anonymous") == (2, public, 2, True, public)

    set_public(t_priv, True)  # every match public: 15 hands for everyone, 3 rated
    assert seen(world, "anonymous") == (FULL, FULL)
    every = sorted([world.ids["m_pub"], world.ids["m_priv"], free])
    assert rated(world, "other_club") == (3, every, 3, True, every)


def test_the_sweep_rebuilds_a_ladder_whose_rebuild_was_lost(django_capture_on_commit_callbacks):
    """A tournament closed with no message sent (as when the broker is down): the ratings'
    sweep finds the ladder counting a match it no longer counts, and rebuilds it."""
    world = played_world(False, django_capture_on_commit_callbacks)
    Tournament.objects.filter(pk=world.ids["t_pub"]).update(is_public=False)  # no signal
    assert RatingChange.objects.filter(rated__match_id=world.ids["m_pub"]).exists()
    assert ladder.stale() == [(world.club.pk, "cuatrola")]
    assert ladder.sweep() == 1
    free = world.ids["m_free"]
    assert rated(world, "anonymous") == (1, [free], 1, True, [free])
    assert ladder.sweep() == 0


def test_the_job_progress_tells_the_site_wide_hands_to_staff_only(
    django_capture_on_commit_callbacks,
):
    """The job replays every club, private ones included: its hand count (15) is no
    visitor's business; the bar's chunks are."""
    world = played_world(True, django_capture_on_commit_callbacks)
    start_rebuild()
    for role in ROLES:
        progress = api_client(world, role).get("/api/v1/stats/progress/").json()
        bar = page_client(world, role).get("/stats/progress.json").json()
        expected = 15 if role == "superuser" else None
        assert (progress["hands"], bar["hands"]) == (expected, expected), role
        assert (progress["chunks"], progress["chunks_done"], progress["status"]) == (1, 1, "done")


def test_a_season_played_only_in_a_private_tournament_is_not_listed_to_the_public(
    django_capture_on_commit_callbacks,
):
    """The private tournament's match dated 2019: the public is not told that the club
    played in 2019 (no link, and the season's figures are empty); a member is."""
    world = build_world(False)
    Match.objects.filter(pk=world.ids["m_priv"]).update(played_on="2019-05-04")
    match = Match.objects.get(pk=world.ids["m_priv"])
    record = random_match(
        random.Random(SEEDS["m_priv"]),
        games.parse_rules(match.rules),
        first_dealer=match.first_dealer,
    )
    with django_capture_on_commit_callbacks(execute=True):
        games.record_hands(match, record, world.users["organiser"])
    link = 'href="/clubs/pena/stats/?season=2019"'
    for role, listed in (("anonymous", False), ("device_pub", False), ("player", True)):
        client = page_client(world, role)
        assert (link in client.get("/clubs/pena/stats/").content.decode()) == listed, role
        season = page_hands(
            client, "/clubs/pena/stats/", {"season": 2019, "table": "metrics"}, None
        )
        assert season == (6 if listed else 0), role
