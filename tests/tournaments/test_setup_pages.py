"""The setup pages: "Nuevo torneo" with every rule option, the settings and seeding, the
draw button, a round's date, time and tables, undoing a round, withdraw and readmit."""

import datetime
import re

import pytest

from games.models import Match
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.test_setup_db import first_deal
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]


@pytest.fixture
def world(client):
    club = ClubFactory(slug="pena")
    organiser = UserFactory(username="org")
    organiser.set_password("pw")
    organiser.save()
    MembershipFactory(club=club, role="organiser", user=organiser)
    scorer = UserFactory(username="sco")
    scorer.set_password("pw")
    scorer.save()
    MembershipFactory(club=club, role="scorer", user=scorer)
    players = [PlayerFactory(club=club, display_name=f"J{i}") for i in range(8)]
    return club, organiser, players


def league(club, organiser, players, n=4) -> Tournament:
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    for i in range(n):
        services.add_entry(t, organiser, f"P{i + 1}", players[2 * i], players[2 * i + 1])
    return t


def test_new_tournament_form_offers_every_option_the_engine_declares(client, world):
    club, _organiser, _players = world
    client.login(username="org", password="pw")
    html = client.get(f"/clubs/{club.slug}/tournaments/new/").content.decode()
    for name in (
        "cuatrola-match",
        "cuatrola-target",
        "cuatrola-quintola",
        "cuatrola-renuncio_penalty",
        "subastao-players",
        "subastao-min_bid",
        "subastao-failed_bid",
        "belote-compare_sequences",
        "points_per_win",
        "is_public",
    ):
        assert f'name="{name}"' in html
    assert "Reglas de Cuatrola" in html
    assert "Se puede cantar quíntola" in html
    club_page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/clubs/{club.slug}/tournaments/new/"' in club_page


def test_creating_with_custom_rules_points_and_privacy(client, world):
    club, _organiser, _players = world
    client.login(username="org", password="pw")
    response = client.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {
            "name": "Liga de otoño",
            "game": "cuatrola",
            "cuatrola-match": "first_to",
            "cuatrola-target": "21",
            # quintola unticked: false; renuncio_penalty ticked
            "cuatrola-renuncio_penalty": "on",
            "subastao-players": "4",  # another game's option does not count
            "format": "swiss",
            "swiss_rounds": "4",
            "points_per_win": "3",
            "points_per_loss": "1",
        },
    )
    t = club.tournaments.get()
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{t.pk}/"
    assert t.rules == {
        "match": "first_to",
        "target": 21,
        "quintola": False,
        "renuncio_penalty": True,
    }
    assert (t.format, t.swiss_rounds, t.points_per_win, t.points_per_loss, t.is_public) == (
        "swiss",
        4,
        3,
        1,
        False,
    )


def test_a_rule_the_engine_refuses_is_a_400_naming_it(client, world):
    club, _organiser, _players = world
    client.login(username="org", password="pw")
    response = client.post(
        f"/clubs/{club.slug}/tournaments/new/",
        {
            "name": "Mala",
            "game": "subastao",
            "subastao-min_bid": "62",
            "format": "swiss",
            "swiss_rounds": "3",
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "rules.min_bid must be a multiple of 5" in response.content.decode()
    assert not club.tournaments.exists()


def test_only_organisers_set_up(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    client.login(username="sco", password="pw")
    assert client.get(f"/clubs/{club.slug}/tournaments/new/").status_code == 403
    assert client.get(f"/tournaments/{t.pk}/settings/").status_code == 403
    assert client.post(f"/tournaments/{t.pk}/entries/1/readmit/").status_code == 403


def test_settings_edit_then_409_after_round_1(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    client.login(username="org", password="pw")
    form = {
        "name": "Liga B",
        "game": "cuatrola",
        "cuatrola-match": "exact",
        "cuatrola-target": "11",
        "cuatrola-quintola": "on",
        "cuatrola-renuncio_penalty": "on",
        "format": "round_robin",
        "swiss_rounds": "5",
        "points_per_win": "2",
        "is_public": "on",
    }
    assert client.post(f"/tournaments/{t.pk}/settings/", form).status_code == 302
    t.refresh_from_db()
    assert (t.name, t.points_per_win) == ("Liga B", 2)
    services.generate_next_round(t, organiser)
    response = client.post(f"/tournaments/{t.pk}/settings/", {**form, "points_per_win": "3"})
    assert response.status_code == 409
    assert "solo pueden cambiar el nombre y la visibilidad" in response.content.decode()
    # the page sends only the name and visibility now (the rest is disabled): accepted
    html = client.get(f"/tournaments/{t.pk}/settings/").content.decode()
    assert re.search(r'<input[^>]*name="points_per_win"[^>]*disabled', html)
    assert not re.search(r'<input[^>]*name="name"[^>]*disabled', html)
    response = client.post(f"/tournaments/{t.pk}/settings/", {"name": "Liga C"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.points_per_win, t.is_public, t.rules["quintola"]) == (
        "Liga C",
        2,
        False,
        True,
    )


def test_seeding_page_orders_the_draw(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    client.login(username="org", password="pw")
    e = {x.name: x.pk for x in t.entries.all()}
    seeds = {"P1": 2, "P2": 4, "P3": 1, "P4": 3}
    response = client.post(
        f"/tournaments/{t.pk}/seeding/", {f"seed_{e[n]}": s for n, s in seeds.items()}
    )
    assert response.status_code == 302
    # seeds P3, P1, P4, P2: Berger 1–4, 2–3 is P3–P2, P1–P4
    r1 = services.generate_next_round(t, organiser)
    assert [tuple(x.name for x in f.entries()) for f in r1.fixtures.order_by("table")] == [
        ("P3", "P2"),
        ("P1", "P4"),
    ]
    response = client.post(f"/tournaments/{t.pk}/seeding/", {f"seed_{e['P1']}": 1})
    assert response.status_code == 302  # incomplete form: a message, nothing written


def test_the_draw_button_only_when_the_draw_is_possible(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    client.login(username="org", password="pw")
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Sortear la siguiente jornada" in html
    assert 'id="draw-refusal"' not in html
    response = client.post(
        f"/tournaments/{t.pk}/next-round/", {"date": "2026-12-04", "time": "19:30"}
    )
    assert response.status_code == 302
    r1 = t.rounds.get()
    assert (r1.date, r1.time) == (datetime.date(2026, 12, 4), datetime.time(19, 30))
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Sortear la siguiente jornada" not in html
    assert "La jornada 1 no ha terminado: 2 partidas todavía en juego." in html
    assert "a las 19:30" in html  # the round's schedule on the tournament page
    response = client.post(f"/tournaments/{t.pk}/next-round/")
    assert response.status_code == 409
    assert "La jornada 1 no ha terminado" in response.content.decode()


def test_round_page_sets_date_time_and_tables_and_shows_them(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser)
    f1, f2 = r1.fixtures.order_by("table")
    client.login(username="org", password="pw")
    response = client.post(
        f"/tournaments/{t.pk}/rounds/1/schedule/",
        {"date": "2026-12-11", "time": "18:00", f"table_{f1.pk}": "9", f"table_{f2.pk}": ""},
    )
    assert response.status_code == 302
    html = client.get(f"/tournaments/{t.pk}/rounds/1/").content.decode()
    assert "viernes 11 de diciembre de 2026" in html
    assert "a las 18:00" in html
    assert '<td class="stack-head" data-label="Mesa"><strong>9</strong></td>' in html
    assert '<td class="stack-head" data-label="Mesa"><strong>2</strong></td>' in html
    response = client.post(
        f"/tournaments/{t.pk}/rounds/1/schedule/",
        {f"table_{f1.pk}": "4", f"table_{f2.pk}": "4"},
    )
    assert response.status_code == 400
    assert "Dos enfrentamientos no pueden jugar en la misma mesa." in response.content.decode()


def test_redraw_swap_and_delete_then_409_once_a_hand_is_recorded(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    services.generate_next_round(t, organiser)
    client.login(username="org", password="pw")
    e = {x.name: x.pk for x in t.entries.all()}
    response = client.post(f"/tournaments/{t.pk}/rounds/1/swap/", {"a": e["P4"], "b": e["P3"]})
    assert response.status_code == 302
    r1 = t.rounds.get()
    assert [tuple(x.name for x in f.entries()) for f in r1.fixtures.order_by("table")] == [
        ("P1", "P3"),
        ("P2", "P4"),
    ]
    assert client.post(f"/tournaments/{t.pk}/rounds/1/redraw/").status_code == 302
    r1 = t.rounds.get()
    assert [tuple(x.name for x in f.entries()) for f in r1.fixtures.order_by("table")] == [
        ("P1", "P4"),
        ("P2", "P3"),
    ]
    first_deal(r1.fixtures.first().match)
    html = client.get(f"/tournaments/{t.pk}/rounds/1/").content.decode()
    assert 'id="delete-round-form"' not in html  # no button that would be refused
    for action in ("delete", "redraw"):
        response = client.post(f"/tournaments/{t.pk}/rounds/1/{action}/")
        assert response.status_code == 409
        assert "La jornada 1 ya tiene manos anotadas." in response.content.decode()
    assert Match.objects.filter(fixture__round=r1).count() == 2


def test_delete_round_on_the_page(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    services.generate_next_round(t, organiser)
    client.login(username="org", password="pw")
    response = client.post(f"/tournaments/{t.pk}/rounds/1/delete/")
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{t.pk}/"
    assert not t.rounds.exists()


def test_withdraw_asks_first_and_readmit_undoes_it(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    services.generate_next_round(t, organiser)
    p4 = t.entries.get(name="P4")
    client.login(username="org", password="pw")
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    # "Retirar" is a link to a confirmation, not a form that withdraws
    assert f'href="/tournaments/{t.pk}/entries/{p4.pk}/withdraw/"' in html
    confirm = client.get(f"/tournaments/{t.pk}/entries/{p4.pk}/withdraw/").content.decode()
    assert "¿Retirar a P4?" in confirm
    assert "Sí, retirar a P4" in confirm
    p4.refresh_from_db()
    assert not p4.withdrawn  # looking is not withdrawing
    response = client.post(f"/tournaments/{t.pk}/entries/{p4.pk}/withdraw/", {})
    assert response.status_code == 302
    p4.refresh_from_db()
    assert p4.withdrawn
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f'action="/tournaments/{t.pk}/entries/{p4.pk}/readmit/"' in html
    response = client.post(f"/tournaments/{t.pk}/entries/{p4.pk}/readmit/")
    assert response.status_code == 302
    p4.refresh_from_db()
    assert not p4.withdrawn
    response = client.post(f"/tournaments/{t.pk}/entries/{p4.pk}/readmit/")
    assert response.status_code == 409
    assert "P4 no se ha retirado." in response.content.decode()


def test_the_api_gives_the_round_time_and_the_room_tables(client, world):
    club, organiser, players = world
    t = league(club, organiser, players)
    r1 = services.generate_next_round(t, organiser, datetime.date(2026, 12, 4))
    f1, _f2 = r1.fixtures.order_by("table")
    services.schedule_round(r1, organiser, r1.date, datetime.time(20, 15), {f1.pk: 6})
    client.login(username="org", password="pw")
    (round_1,) = client.get(f"/api/v1/tournaments/{t.pk}/rounds/").json()
    assert (round_1["date"], round_1["time"]) == ("2026-12-04", "20:15:00")
    assert [(f["table"], f["venue_table"]) for f in round_1["fixtures"]] == [(1, 6), (2, 2)]
    live = client.get(f"/api/v1/tournaments/{t.pk}/live/").json()
    assert sorted(m["table"] for m in live["matches"]) == [2, 6]


def test_an_entry_without_a_name_is_called_by_its_players(client, world):
    club, organiser, players = world
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    client.login(username="org", password="pw")
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Nombre (opcional)" in html
    assert "Si se deja vacío: los nombres de los jugadores, como «Ana & Blas»." in html
    a, b, c, d = players[:4]
    response = client.post(
        f"/tournaments/{t.pk}/entries/", {"name": "", "player_1": a.pk, "player_2": b.pk}
    )
    assert response.status_code == 302
    assert list(t.entries.values_list("name", flat=True)) == ["J0 & J1"]
    # a name given is kept
    client.post(
        f"/tournaments/{t.pk}/entries/",
        {"name": "  Las Sotas ", "player_1": c.pk, "player_2": d.pk},
    )
    assert sorted(t.entries.values_list("name", flat=True)) == ["J0 & J1", "Las Sotas"]
