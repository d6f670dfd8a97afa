"""Who may read and write: anonymous, a scorer of another club, scorer, organiser."""

import pytest

from games.models import HandEvent, Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

from .conftest import client_for
from .helpers import create_match


def _actor(setup, who):
    return {
        "anonymous": None,
        "outsider": setup.other_scorer,
        "scorer": setup.scorer,
        "organiser": setup.organiser,
    }[who]


@pytest.fixture
def match_id(setup):
    return create_match(client_for(setup.scorer), setup.players, first_dealer=3)["id"]


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 403), ("outsider", 403), ("scorer", 201), ("organiser", 201)],
)
def test_posting_an_event(setup, match_id, who, status):
    client = client_for(_actor(setup, who))
    body = {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "10o"}
    response = client.post(f"/api/v1/matches/{match_id}/events/", body, format="json")
    assert response.status_code == status
    assert HandEvent.objects.count() == (1 if status == 201 else 0)
    if status == 403:
        assert set(response.json()) == {"rule", "message", "detail", "item"}


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 403), ("outsider", 403), ("scorer", 201), ("organiser", 201)],
)
def test_creating_a_match(setup, who, status):
    client = client_for(_actor(setup, who))
    body = {"club": "pena", "players": [p.pk for p in setup.players]}
    assert client.post("/api/v1/matches/", body, format="json").status_code == status
    assert Match.objects.count() == (1 if status == 201 else 0)


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 403), ("outsider", 403), ("scorer", 200), ("organiser", 200)],
)
def test_undo(setup, match_id, who, status):
    client_for(setup.scorer).post(
        f"/api/v1/matches/{match_id}/events/",
        {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "10o"},
        format="json",
    )
    response = client_for(_actor(setup, who)).post(
        f"/api/v1/matches/{match_id}/undo/", {"hand": 1, "last_seq": 0}, format="json"
    )
    assert response.status_code == status
    assert HandEvent.objects.count() == (0 if status == 200 else 1)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("{match}/events/", {"hand": 1, "kind": "deal"}),  # no expected_seq
        ("{match}/events/", {"expected_seq": "x"}),
        ("{match}/undo/", {"hand": 1}),  # no to_seq
        ("", {"club": "pena"}),  # no players
        ("import/", {"club": "pena"}),  # no record
    ],
)
@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_write_the_user_may_not_make_is_403_whatever_its_body(setup, match_id, who, path, body):
    """Authorized before validated: a stranger to the club learns nothing from the body's
    errors (issue 18, item 9)."""
    url = "/api/v1/matches/" + path.format(match=match_id)
    response = client_for(_actor(setup, who)).post(url, body, format="json")
    assert response.status_code == 403, response.json()
    # the club's own scorer gets the body's error
    assert client_for(setup.scorer).post(url, body, format="json").status_code == 400


def test_only_the_matchs_own_scorer_or_an_organiser_may_undo(setup, match_id):
    second = MembershipFactory(club=setup.club, role="scorer").user
    client_for(setup.scorer).post(
        f"/api/v1/matches/{match_id}/events/",
        {"hand": 1, "expected_seq": 0, "kind": "deal", "trump_card": "10o"},
        format="json",
    )
    response = client_for(second).post(
        f"/api/v1/matches/{match_id}/undo/", {"hand": 1, "last_seq": 0}, format="json"
    )
    assert response.status_code == 403


@pytest.mark.parametrize("who", ["anonymous", "outsider", "scorer", "organiser"])
def test_public_club_matches_are_readable_by_anyone(setup, match_id, who):
    client = client_for(_actor(setup, who))
    assert client.get(f"/api/v1/matches/{match_id}/").status_code == 200
    assert client.get("/api/v1/matches/?club=pena").json()["count"] == 1


@pytest.mark.parametrize(
    ("who", "status", "listed"),
    [("anonymous", 404, 0), ("outsider", 404, 0), ("scorer", 200, 1), ("organiser", 200, 1)],
)
def test_private_club_matches_only_for_members(setup, match_id, who, status, listed):
    setup.club.is_private = True
    setup.club.save()
    client = client_for(_actor(setup, who))
    assert client.get(f"/api/v1/matches/{match_id}/").status_code == status
    assert client.get(f"/api/v1/matches/{match_id}/export/").status_code == status
    assert client.get("/api/v1/matches/").json()["count"] == listed


def test_players_of_another_club_cannot_sit(setup):
    other_club = ClubFactory()
    stranger = PlayerFactory(club=other_club)
    body = {"club": "pena", "players": [p.pk for p in setup.players[:3]] + [stranger.pk]}
    response = client_for(setup.scorer).post("/api/v1/matches/", body, format="json")
    assert response.status_code == 400
    assert response.json()["item"]["field"] == "players"


@pytest.mark.services  # a taken name refused by the database (IntegrityError)
def test_organisers_add_players_scorers_cannot(setup):
    url = "/api/v1/clubs/pena/players/"
    assert client_for(setup.scorer).post(url, {"name": "Eva"}, format="json").status_code == 403
    response = client_for(setup.organiser).post(url, {"name": "Eva"}, format="json")
    assert response.status_code == 201
    assert client_for(setup.organiser).post(url, {"name": "Eva"}, format="json").status_code == 409
    names = [p["name"] for p in client_for().get(url).json()]
    assert names == ["Ana", "Blas", "Carmen", "Diego", "Eva"]
