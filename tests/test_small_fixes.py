"""Issue 19 item 18, the small things a newcomer tripped on: the pad labels Cuatrola's and
Belote's speech "Cantos" (Subastao's "Subasta"), the home page names the three games,
an entries table names a pair once, the individual entry form has no pairs hint, the
refusal of a player entered twice names them and their entry, and a device's menu says
its table's name."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.devices import create_device_token
from games import services as games
from games.engine import find_game
from games.pad import pad_config
from tests.test_club_management import client_for
from tests.test_players_way_in import club_of_four
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return club_of_four()


@pytest.mark.parametrize(
    ("game", "players", "said"),
    [("cuatrola", 4, "Cantos"), ("belote", 4, "Cantos"), ("subastao", 3, "Subasta")],
)
def test_the_pad_names_the_speech_as_the_match_page_does(club, game, players, said):
    rules = {"players": 3} if game == "subastao" else {}
    match = games.create_match(
        club=club, players=club.seated[:players], user=club.organiser, game=game, rules=rules
    )
    names = [p.display_name for p in club.seated[:players]]
    assert pad_config(find_game(game), match, names)["labels"]["speech"] == said


def test_the_home_page_names_the_three_games():
    lead = Client().get("/").content.decode()
    assert "Ligas y torneos de cuatrola, subastao y belote" in lead


def test_an_entries_table_names_a_pair_once(club):
    t = services.create_tournament(club=club, user=club.organiser, name="Liga", format="knockout")
    services.add_entry(t, club.organiser, "", club.seated[0], club.seated[1])
    services.add_entry(t, club.organiser, "Los Ases", club.seated[2], club.seated[3])
    html = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert html.count("Ana &amp; Blas") == 1
    assert html.count("Los Ases") == 1
    assert html.count("Eva &amp; Dani") == 1  # a named pair: its name, then its players


def test_the_individual_entry_form_has_no_pairs_hint(club):
    t = services.create_tournament(
        club=club, user=club.organiser, name="Noche", format="swiss", game="subastao"
    )
    html = client_for(club.organiser).get(f"/tournaments/{t.pk}/").content.decode()
    assert "Si se deja vacío: el nombre del jugador." in html
    assert "«Ana &amp; Blas»" not in html


def test_a_player_entered_twice_is_refused_by_name_and_entry(club):
    t = services.create_tournament(club=club, user=club.organiser, name="Liga", format="knockout")
    services.add_entry(t, club.organiser, "", club.seated[0], club.seated[1])
    c = client_for(club.organiser)
    r = c.post(
        f"/tournaments/{t.pk}/entries/",
        {"name": "", "player_1": club.seated[2].pk, "player_2": club.seated[1].pk},
    )
    assert r.status_code == 400
    # said inside the entry form, at the foot of the page, which keeps the players chosen
    # (a message at the page's top was screens away on a phone, the form emptied)
    form = r.context["entry_form"]
    assert form.non_field_errors() == [
        "Blas ya está en la inscripción Ana & Blas: cada jugador solo puede estar en una"
    ]
    html = r.content.decode()
    entry_form = html[html.index(f'action="/tournaments/{t.pk}/entries/"') :]
    assert "Blas ya está en la inscripción Ana &amp; Blas" in entry_form
    assert f'<option value="{club.seated[2].pk}" selected>' in entry_form
    assert f'<option value="{club.seated[1].pk}" selected>' in entry_form
    assert [str(m) for m in r.context["messages"]] == []
    assert t.entries.count() == 1


def test_a_devices_menu_says_its_tables_name(club):
    token, _key = create_device_token(club, club.organiser, "Mesa 3")
    html = client_for(token.user).get("/my-table/").content.decode()
    assert "Salir (Mesa 3)" in html
    assert token.user.username not in html
