"""A device signed in by its QR code (one-time, expiring link) and "Mi mesa"."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.core import signing
from django.test import Client

from clubs.devices import SIGN_IN_MAX_AGE, create_device_token, revoke_device_token, sign_in_code
from games import services
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    """A club with a friendly match and a tournament's match, an organiser, and a device
    of the club and one of the tournament."""
    club = ClubFactory(slug="pena", name="Peña")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    players = [PlayerFactory(club=club, display_name=n) for n in ("Ana", "Blas", "Eva", "Dani")]
    t = tournaments.create_tournament(club=club, user=organiser, name="Liga", format="knockout")
    tournaments.add_entry(t, organiser, "A", players[0], players[1])
    tournaments.add_entry(t, organiser, "B", players[2], players[3])
    in_tournament = tournaments.generate_next_round(t, organiser).fixtures.get().match
    friendly = services.create_match(club=club, players=players, user=organiser)
    club_device, _ = create_device_token(club, organiser, "Mesa 1")
    liga_device, _ = create_device_token(club, organiser, "Mesa Liga", t)
    return {
        "club": club,
        "organiser": organiser,
        "friendly": friendly,
        "in_tournament": in_tournament,
        "club_device": club_device,
        "liga_device": liga_device,
    }


def qr_link(client: Client, club, token) -> str:
    """The sign-in link the organiser's QR page holds (path and query)."""
    page = client.get(f"/clubs/{club.slug}/devices/{token.pk}/qr/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<svg" in html  # the QR code, drawn inline
    url = re.search(r'href="(http://testserver)?(/clubs/[^"]*device-sign-in/\?code=[^"]*)"', html)
    assert url
    return url.group(2).replace("&amp;", "&")


def organiser_client(night) -> Client:
    client = Client()
    client.force_login(night["organiser"])
    return client


def test_the_qr_link_signs_the_device_in_once_and_lands_on_my_table(night):
    link = qr_link(organiser_client(night), night["club"], night["club_device"])
    device = Client()
    confirm = device.get(link)  # what a scan opens: a question, nothing spent yet
    assert confirm.status_code == 200
    assert "Mesa 1" in confirm.content.decode()
    assert device.get(link).status_code == 200  # a preview did not spend it
    signed_in = device.post(link, {})
    assert signed_in.status_code == 302
    assert signed_in["Location"] == "/my-table/"
    table = device.get("/my-table/")
    assert table.status_code == 200
    listed = re.findall(r'data-match="(\d+)"', table.content.decode())
    # the club's device may record both unfinished matches of its club
    assert sorted(map(int, listed)) == sorted([night["friendly"].pk, night["in_tournament"].pk])
    assert device.get(f"/matches/{night['friendly'].pk}/score/").status_code == 200
    # the link is spent: a second browser with the same link is refused
    again = Client().post(link, {})
    assert again.status_code == 401
    assert "used already" in again.content.decode() or "ya se usó" in again.content.decode()


@pytest.mark.services  # DISTINCT over a join
def test_a_tournament_device_lists_its_tournament_only(night):
    link = qr_link(organiser_client(night), night["club"], night["liga_device"])
    device = Client()
    assert device.post(link, {}).status_code == 302
    listed = re.findall(r'data-match="(\d+)"', device.get("/my-table/").content.decode())
    assert listed == [str(night["in_tournament"].pk)]
    assert device.get(f"/matches/{night['friendly'].pk}/score/").status_code == 403


def test_an_expired_link_is_401(night):
    link = qr_link(organiser_client(night), night["club"], night["club_device"])
    later = signing.time.time() + SIGN_IN_MAX_AGE + 5
    with mock.patch("django.core.signing.time.time", return_value=later):
        answer = Client().post(link, {})
    assert answer.status_code == 401
    assert 'data-code="the sign-in link has expired: ask for a new QR code"' in (
        answer.content.decode()
    )


def test_a_revoked_token_is_401_and_its_session_ends(night):
    organiser = organiser_client(night)
    link = qr_link(organiser, night["club"], night["club_device"])
    device = Client()
    assert device.post(link, {}).status_code == 302
    fresh = qr_link(organiser, night["club"], night["club_device"])
    revoke_device_token(night["club_device"], night["organiser"])
    # the signed-in browser is signed out: the pad asks for a login again
    pad = device.get(f"/matches/{night['friendly'].pk}/score/")
    assert pad.status_code == 302
    assert "/accounts/login/" in pad["Location"]
    refused = Client().post(fresh, {})
    assert refused.status_code == 401
    assert 'data-code="the device token is revoked"' in refused.content.decode()
    # and no QR page for a revoked token
    url = f"/clubs/pena/devices/{night['club_device'].pk}/qr/"
    assert organiser.get(url).status_code == 404


def test_another_clubs_link_is_403(night):
    link = qr_link(organiser_client(night), night["club"], night["club_device"])
    other = ClubFactory(slug="otra")
    answer = Client().post(link.replace("/clubs/pena/", f"/clubs/{other.slug}/"), {})
    assert answer.status_code == 403
    assert 'data-code="the device token is another club&#x27;s"' in answer.content.decode()


def test_a_forged_link_is_401_and_only_organisers_see_qr_codes(night):
    answer = Client().post("/clubs/pena/device-sign-in/?code=abc:def", {})
    assert answer.status_code == 401
    assert Client().get("/clubs/pena/device-sign-in/").status_code == 401
    scorer = MembershipFactory(club=night["club"], role="scorer", user=UserFactory()).user
    client = Client()
    client.force_login(scorer)
    url = f"/clubs/pena/devices/{night['club_device'].pk}/qr/"
    assert client.get(url).status_code == 403


def test_creating_a_device_token_opens_its_qr_code(night):
    organiser = organiser_client(night)
    answer = organiser.post("/clubs/pena/device-tokens/", {"name": "Mesa 9"})
    assert answer.status_code == 302
    assert re.fullmatch(r"/clubs/pena/devices/\d+/qr/", answer["Location"])
    assert "<svg" in organiser.get(answer["Location"]).content.decode()


def test_the_qr_code_encodes_the_link(night):
    # segno renders what it is given: a link with no key in it
    link = qr_link(organiser_client(night), night["club"], night["club_device"])
    code = link.split("code=", 1)[1]
    data = signing.loads(code, salt="clubs.devices.sign-in", max_age=timedelta(minutes=15))
    assert data == {"t": night["club_device"].pk, "s": "-"}


def test_my_table_says_which_table_and_lists_a_tournaments_matches_by_table():
    club = ClubFactory(slug="casino", name="Casino")
    organiser = MembershipFactory(club=club, role="organiser", user=UserFactory()).user
    names = ("Ana", "Blas", "Carmen", "Diego", "Elena", "Fermín", "Gloria", "Héctor")
    players = [PlayerFactory(club=club, display_name=n) for n in names]
    t = tournaments.create_tournament(
        club=club, user=organiser, name="Liga de otoño", format="round_robin"
    )
    for i in range(4):
        tournaments.add_entry(t, organiser, f"P{i + 1}", players[2 * i], players[2 * i + 1])
    first, second = tournaments.generate_next_round(t, organiser).fixtures.order_by("table")
    first.venue_table = 5  # table 1 of the draw plays at the room's table 5
    first.save()
    friendly = services.create_match(club=club, players=players[:4], user=organiser)
    client = Client()
    client.force_login(organiser)
    html = client.get("/my-table/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Liga de otoño · Mesa 2 · jornada 1" in html
    assert "Liga de otoño · Mesa 5 · jornada 1" in html
    order = [int(m) for m in re.findall(r'data-match="(\d+)"', html)]
    # by table (2 then 5), the friendly match after the tournament's
    assert order == [second.match.pk, first.match.pk, friendly.pk]


def test_a_private_clubs_sign_in_page_is_404_without_one_of_its_codes(db):
    """The phone is not signed in, so the page takes anyone; but a private club exists
    only for who holds one of its codes: a forged code, another club's code or none is
    the 404 of a club that does not exist (not a 401 naming the club)."""
    secret = ClubFactory(slug="secreta", name="Peña Secreta", is_private=True)
    organiser = MembershipFactory(club=secret, role="organiser").user
    token, _key = create_device_token(secret, organiser, "Mesa 9")
    other = ClubFactory(slug="otra")
    other_organiser = MembershipFactory(club=other, role="organiser").user
    other_token, _key = create_device_token(other, other_organiser, "Mesa 1")
    others_code = sign_in_code(other_token, other_organiser)
    for code in ("forged", others_code, ""):
        for send in (Client().get, Client().post):
            answer = send(f"/clubs/secreta/device-sign-in/?code={code}")
            assert answer.status_code == 404
            assert "Secreta" not in answer.content.decode()
    assert Client().get("/clubs/no-such-club/device-sign-in/?code=x").status_code == 404
    link = f"/clubs/secreta/device-sign-in/?code={sign_in_code(token, organiser)}"
    assert "Peña Secreta" in Client().get(link).content.decode()
    assert Client().post(link, {}).status_code == 302
    assert Client().post(link, {}).status_code == 401  # its own code, spent: told so
    # a public club says why a code fails, as before
    assert Client().get("/clubs/otra/device-sign-in/?code=forged").status_code == 401


def test_a_private_clubs_device_pages_are_404_to_a_stranger_as_a_missing_clubs(db):
    """Making, showing and revoking a device's key: a logged-in stranger to a private club
    gets the 404 of a club that does not exist, not a 403 that says it does."""
    secret = ClubFactory(slug="secreta", is_private=True)
    organiser = MembershipFactory(club=secret, role="organiser").user
    token, _key = create_device_token(secret, organiser, "Mesa 9")
    stranger = Client()
    stranger.force_login(UserFactory(username="extraño"))
    for slug in ("secreta", "no-such-club"):
        assert stranger.post(f"/clubs/{slug}/device-tokens/", {"name": "X"}).status_code == 404
        assert stranger.get(f"/clubs/{slug}/devices/{token.pk}/qr/").status_code == 404
        revoke = f"/clubs/{slug}/device-tokens/{token.pk}/revoke/"
        assert stranger.post(revoke).status_code == 404
    token.refresh_from_db()
    assert token.revoked_at is None
