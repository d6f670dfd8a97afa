"""Individual tournaments at tables of three (3-player Subastao) on the database: the shape
from the game registry, entries of one player, formats and metrics of that shape; pairs
Subastao keeps the pairs formats."""

import pytest

from games.services import Refused
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.forms import EntryForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_and_organiser():
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory(username="o")).user
    return club, organiser


def test_the_table_comes_from_the_game_and_its_rules(club_and_organiser):
    club, organiser = club_and_organiser
    three = services.create_tournament(
        club=club, user=organiser, name="Noche", format="swiss", game="subastao"
    )
    assert (three.table_size, three.entry_size) == (3, 1)
    assert three.rules == {"players": 3, "min_bid": 60, "target": 300, "failed_bid": "opponents"}
    pairs = services.create_tournament(
        club=club,
        user=organiser,
        name="Parejas",
        format="round_robin",
        game="subastao",
        rules={"players": 4},
    )
    assert (pairs.table_size, pairs.entry_size) == (2, 2)
    cuatrola = services.create_tournament(club=club, user=organiser, name="Liga", format="knockout")
    assert (cuatrola.table_size, cuatrola.entry_size) == (2, 2)


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"format": "round_robin"}, "format", "format round_robin does not draw tables of 3"),
        ({"format": "knockout"}, "format", "format knockout does not draw tables of 3"),
        ({"format": "swiss", "tiebreaks": ["solos"]}, "tiebreaks", "unknown tiebreak(s): solos"),
        (
            {"format": "swiss", "tiebreaks": ["points_diff"]},
            "tiebreaks",
            "unknown tiebreak(s): points_diff",
        ),
        ({"format": "swiss", "rules": {"players": 5}}, "rules", "players"),
        ({"format": "swiss", "game": "tute"}, "game", "game 'tute' is not played on this site"),
    ],
)
def test_what_tables_of_three_refuse(club_and_organiser, kwargs, field, message):
    club, organiser = club_and_organiser
    kwargs = {"game": "subastao", **kwargs}
    with pytest.raises(Refused, match=message.replace("(", r"\(").replace(")", r"\)")) as e:
        services.create_tournament(club=club, user=organiser, name="X", **kwargs)
    assert e.value.item == {"field": field}


def test_entries_of_one_player(club_and_organiser):
    club, organiser = club_and_organiser
    t = services.create_tournament(
        club=club,
        user=organiser,
        name="Noche",
        format="swiss",
        game="subastao",
        tiebreaks=["points_for", "bids_made"],
    )
    ana, blas = PlayerFactory(club=club, display_name="Ana"), PlayerFactory(club=club)
    entry = services.add_entry(t, organiser, "Ana", ana)
    assert [p.display_name for p in entry.players()] == ["Ana"]
    with pytest.raises(Refused, match="an entry is 1 player") as e:
        services.add_entry(t, organiser, "Dos", ana, blas)
    assert e.value.item == {"field": "players"}
    with pytest.raises(Refused, match="a player can be in one entry only"):
        services.add_entry(t, organiser, "Otra Ana", ana)
    form = EntryForm(club=club, size=1)
    assert list(form.fields) == ["name", "player_1"]


def test_the_club_page_creates_an_individual_tournament(club_and_organiser, client):
    club, organiser = club_and_organiser
    organiser.set_password("pw")
    organiser.save()
    client.login(username="o", password="pw")
    response = client.post(
        f"/clubs/{club.slug}/",
        {"name": "Noche", "game": "subastao", "rules": "", "format": "swiss", "swiss_rounds": 3},
    )
    t = club.tournaments.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{t.pk}/"
    assert (t.game, t.table_size, t.entry_size, t.swiss_rounds) == ("subastao", 3, 1, 3)
    response = client.post(
        f"/clubs/{club.slug}/",
        {"name": "Liga", "game": "subastao", "format": "round_robin", "swiss_rounds": 3},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Format round_robin does not draw tables of 3" in response.content.decode()
    page = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Add a player" in page
    assert 'name="player_2"' not in page
