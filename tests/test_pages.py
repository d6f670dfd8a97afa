"""Club and match pages, and who may open the scoring pad."""

import pytest

from clubs.models import Club
from games.models import Match
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db
# the club plays three games: each match row names its own
GAME_TITLES = {"cuatrola": "Cuatrola", "subastao": "Subastao", "belote": "Belote"}


@pytest.fixture
def demo(demo_data):
    return Club.objects.get(slug="pena-la-baza")


@pytest.mark.services  # a count with a FILTER clause (PostgreSQL's own, emulated on SQLite)
def test_home_lists_public_clubs(client, demo):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Peña La Baza" in html
    assert f"{demo.matches.count()} matches" in html


def test_club_page_lists_matches_and_players(client, demo):
    html = client.get("/clubs/pena-la-baza/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for match in demo.matches.all():
        assert f'<a href="/matches/{match.pk}/">{GAME_TITLES[match.game]} #{match.pk}</a>' in html
        assert f"<strong>{match.score_text}</strong>" in html
    assert "Héctor" in html
    live = demo.matches.filter(status="in_progress").count()
    # the demo match half-way through a hand, the Subastao one, and one league fixture
    assert live == 3
    assert f"{live} matches in progress" in html


def test_match_page_tells_every_hand_trick_by_trick(client, demo):
    match = demo.matches.filter(status="finished").first()
    html = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert match.score_text in html
    assert html.count('<details class="hand"') == match.hands.exclude(header={}).count()
    assert "Trick 1" in html


def test_private_club_pages_are_for_members(client, demo):
    demo.is_private = True
    demo.save()
    match = demo.matches.first()
    # what a visitor may not read does not exist for them (clubs.access)
    assert client.get("/clubs/pena-la-baza/").status_code == 404
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    client.login(username="scorer", password="scorer-demo")
    assert client.get(f"/matches/{match.pk}/").status_code == 200


def test_scoring_pad_needs_a_recording_role(client, demo):
    match = demo.matches.filter(status=Match.Status.IN_PROGRESS).first()
    url = f"/matches/{match.pk}/score/"
    assert client.get(url).status_code == 302  # to the login page
    outsider = MembershipFactory(role="scorer", user=UserFactory(username="x")).user
    client.force_login(outsider)
    assert client.get(url).status_code == 403
    client.login(username="scorer", password="scorer-demo")
    assert client.get(url).status_code == 200


def test_empty_states(client):
    assert "No club yet" in client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    Club.objects.create(name="Nueva", slug="nueva")
    html = client.get("/clubs/nueva/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No matches recorded yet." in html
    assert "No players yet." in html


def test_organisers_create_and_revoke_device_tokens_on_the_club_page(client, demo):
    client.login(username="organiser", password="organiser-demo")
    response = client.post(
        "/clubs/pena-la-baza/device-tokens/",
        {"name": "Mesa 3"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    html = response.content.decode()
    assert "copy the key now" in html
    token = demo.device_tokens.get()
    assert f"<code>{token.prefix}…</code>" in html
    client.post(f"/clubs/pena-la-baza/device-tokens/{token.pk}/revoke/")
    token.refresh_from_db()
    assert token.revoked_at is not None
    client.logout()
    client.login(username="scorer", password="scorer-demo")
    assert (
        "Scorer devices"
        not in client.get("/clubs/pena-la-baza/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert client.post("/clubs/pena-la-baza/device-tokens/", {"name": "x"}).status_code == 403


@pytest.mark.parametrize("url", ["/", "/clubs/pena-la-baza/", "/records/check/"])
def test_page_titles_are_plain_text(client, demo, url):
    import re

    title = re.search(r"<title>(.*?)</title>", client.get(url).content.decode(), re.S).group(1)
    assert "<" not in title
    assert title.strip().endswith("· Cuatrola")


def test_a_players_history_lists_every_match_with_the_result(client, demo):
    from clubs.models import Player
    from games.models import Seat

    ana = Player.objects.get(display_name="Ana")
    seats = Seat.objects.filter(player=ana).select_related("match")
    html = client.get(
        f"/clubs/pena-la-baza/players/{ana.pk}/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    for seat in seats:
        title = GAME_TITLES[seat.match.game]
        assert f'<a href="/matches/{seat.match_id}/">{title} #{seat.match_id}</a>' in html
    # Ana's unit: her side in Cuatrola and Belote (seats 0 and 2, 1 and 3), her own seat in
    # Subastao
    finished = [s for s in seats if s.match.status == "finished"]
    unit = {
        "cuatrola": lambda seat: seat % 2,
        "belote": lambda seat: seat % 2,
        "subastao": lambda seat: seat,
    }
    won = sum(1 for s in finished if s.match.winner_unit == unit[s.match.game](s.number))
    lost = len(finished) - won
    assert {s.match.game for s in finished} == {"cuatrola", "subastao", "belote"}
    assert f"{won} won, {lost} lost" in html
    assert (
        f'/clubs/pena-la-baza/players/{ana.pk}/"'
        in client.get("/clubs/pena-la-baza/").content.decode()
    )


NOT_OURS = "Choose one of the club's tournaments, or none."


@pytest.mark.services  # PostgreSQL refuses NUL in text
@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"name": "Mesa 3", "tournament": "abc"}, NOT_OURS),
        ({"name": "Mesa 3", "tournament": "9" * 25}, NOT_OURS),
        ({"name": "Mesa\x003"}, "Null characters are not allowed."),
        ({"name": "M" * 81}, "The device's name has at most 80 characters."),
        ({"name": "   "}, "Give the device a name (e.g. the table)."),
    ],
)
def test_the_device_token_form_refuses_bad_input_with_a_message(client, demo, post, message):
    """Each was a 500 (a tournament that is not a number, a NUL PostgreSQL refuses) or a
    name silently cut short."""
    client.login(username="organiser", password="organiser-demo")
    response = client.post(
        "/clubs/pena-la-baza/device-tokens/", post, follow=True, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    assert [str(m) for m in response.context["messages"]] == [message]
    assert not demo.device_tokens.exists()


def test_the_device_token_form_takes_a_tournament_of_the_club_only(client, demo):
    from tests.factories import ClubFactory
    from tournaments.models import Tournament

    other = Tournament.objects.create(club=ClubFactory(), name="Otra", format="swiss")
    client.login(username="organiser", password="organiser-demo")
    url = "/clubs/pena-la-baza/device-tokens/"
    response = client.post(url, {"name": "Mesa 3", "tournament": other.pk}, follow=True)
    assert not demo.device_tokens.exists()
    assert "Elige uno de los torneos del club, o ninguno." in response.content.decode()
    league = demo.tournaments.get(format="round_robin", game="cuatrola")
    client.post(url, {"name": "Mesa 3", "tournament": league.pk})
    assert demo.device_tokens.get().scope == league
