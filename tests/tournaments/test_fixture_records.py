"""A paper record filled into a fixture's match (API and round page); the knockout
bracket page; ``?after_round`` answered alike everywhere."""

import io
import json
import random

import pytest
from rest_framework.test import APIClient

from games import services as games
from games.engine import check_record, hand_events, load_record
from games.engine.cuatrola.simulate import random_match
from games.models import HandEvent
from tests.api.helpers import RECORDS
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments import services
from tournaments.models import StandingsSnapshot, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]
SEATS = ["Ana", "Blas", "Carmen", "Diego"]


@pytest.fixture
def fixture_to_fill():
    """A two-pair league: Ana & Carmen (seats 0 and 2) against Blas & Diego (1 and 3)."""
    club = ClubFactory(slug="pena")
    organiser = MembershipFactory(
        club=club, role="organiser", user=UserFactory(username="org")
    ).user
    scorer = MembershipFactory(club=club, role="scorer", user=UserFactory(username="sco")).user
    scorer.set_password("pw")
    scorer.save()
    ana, blas, carmen, diego = (PlayerFactory(club=club, display_name=n) for n in SEATS)
    t = services.create_tournament(club=club, user=organiser, name="Liga", format="round_robin")
    services.add_entry(t, organiser, "Pareja A", ana, carmen)
    services.add_entry(t, organiser, "Pareja B", blas, diego)
    fixture = services.generate_next_round(t, organiser).fixtures.get()
    return t, fixture, scorer


def paper(seed: int = 117, first_dealer: int = 0, seats=SEATS, rules=None):
    """A legal record (seed 117 dealt first by seat 0 ends 11-7)."""
    record = random_match(random.Random(seed), games.parse_rules(rules), first_dealer=first_dealer)
    record.seats = seats
    return record


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def post(client, t, fixture, record) -> object:
    body = {"record": record.as_dict()} if record is not None else {}
    return client.post(
        f"/api/v1/tournaments/{t.pk}/fixtures/{fixture.pk}/record/", body, format="json"
    )


def test_a_paper_record_fills_the_fixtures_match_through_the_api(fixture_to_fill):
    t, fixture, scorer = fixture_to_fill
    response = post(api(scorer), t, fixture, paper())
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["status"], [u["score"] for u in body["units"]]) == ("finished", [11, 7])
    assert [u["winner"] for u in body["units"]] == [True, False]
    snapshot = StandingsSnapshot.objects.get(tournament=t, after_round=1)
    assert [(r["name"], r["match_points"], r["points_for"]) for r in snapshot.rows] == [
        ("Pareja A", 1, 11),
        ("Pareja B", 0, 7),
    ]
    # declarations won, made and their rate, per pair, from the checker's hand summaries
    hands = check_record(paper())["hands"]
    made, won = [0, 0], [0, 0]
    for h in hands:
        if h["declarer"] is not None:
            made[h["declarer"] % 2] += 1
            won[h["declarer"] % 2] += h["winner_side"] == h["declarer"] % 2
    assert made != [0, 0]  # the record has declarations to count
    rows = {r["name"]: r for r in snapshot.rows}
    for side, name in enumerate(("Pareja A", "Pareja B")):
        row = rows[name]
        assert row["declared"] == made[side]
        assert row["solos"] + row["cuatrolas"] + row["quintolas"] == won[side]
        rate = round(100 * won[side] / made[side], 1) if made[side] else 0
        assert row["declaration_rate"] == rate
    # the events went in one by one, as live entry: the same as the record's
    events = HandEvent.objects.filter(hand__match=fixture.match).count()
    assert events == sum(len(hand_events(h)) for h in paper().hands)
    again = post(api(scorer), t, fixture, paper())
    assert again.status_code == 409
    assert again.json()["message"] == "the match already has events"


@pytest.mark.parametrize(
    ("record", "rule", "field", "message"),
    [
        (
            lambda: paper(seats=["Blas", "Ana", "Carmen", "Diego"]),
            None,
            "seats",
            "the record's seats are not the fixture's: expected Ana, Blas, Carmen, Diego in seat"
            " order",
        ),
        (
            lambda: paper(first_dealer=1),
            None,
            "dealer",
            "the fixture's match is dealt first by seat 0",
        ),
        (
            lambda: paper(rules={"target": 21}),
            None,
            "rules",
            "the record's rules are not the tournament's",
        ),
        (
            lambda: load_record(
                (RECORDS / "invalid_c7_revoke_proved_later_no_deal.json").read_bytes()
            ),
            "C7",
            None,
            "C7.2 must follow suit",
        ),
    ],
)
def test_a_record_that_does_not_fit_the_fixture_is_refused_whole(
    fixture_to_fill, record, rule, field, message
):
    t, fixture, scorer = fixture_to_fill
    response = post(api(scorer), t, fixture, record())
    assert response.status_code == 400
    body = response.json()
    assert body["rule"] == rule
    assert body["item"].get("field") == field
    assert message in body["message"]
    assert not HandEvent.objects.filter(hand__match=fixture.match).exists()


def test_who_may_fill_a_fixture(fixture_to_fill):
    t, fixture, _scorer = fixture_to_fill
    outsider = MembershipFactory(role="scorer", user=UserFactory(username="out")).user
    assert post(api(outsider), t, fixture, paper()).status_code == 403
    reader = UserFactory(username="reader")
    assert post(api(reader), t, fixture, paper()).status_code == 403
    # who may write is asked before what they wrote (issue 18, item 9)
    assert post(api(reader), t, fixture, None).status_code == 403
    assert post(api(outsider), t, fixture, None).status_code == 403
    assert post(api(_scorer), t, fixture, None).status_code == 400  # no record: named
    other = services.create_tournament(
        club=t.club, user=t.club.memberships.get(role="organiser").user, name="Otra", format="swiss"
    )
    wrong = APIClient()
    wrong.force_authenticate(_scorer)
    response = wrong.post(
        f"/api/v1/tournaments/{other.pk}/fixtures/{fixture.pk}/record/",
        {"record": paper().as_dict()},
        format="json",
    )
    assert response.status_code == 404  # not a fixture of that tournament
    assert not HandEvent.objects.filter(hand__match=fixture.match).exists()


def test_a_record_without_names_takes_the_fixtures_seats_and_the_round_page_uploads_it(
    fixture_to_fill, client
):
    t, fixture, _scorer = fixture_to_fill
    client.login(username="sco", password="pw")
    sheet = client.get(f"/tournaments/{t.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Paper record (the match's JSON file)" in sheet
    # the match number leads to the match, and a scorer gets the pad too
    m = fixture.match.pk
    assert f'<a href="/matches/{m}/">#{m}</a>' in sheet
    assert f'href="/matches/{m}/score/">Score this match</a>' in sheet
    es = client.get(f"/tournaments/{t.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Acta en papel (fichero JSON de la partida)" in es
    assert "JSON card-record" not in es
    upload = io.BytesIO(json.dumps(paper(seats=None).as_dict()).encode())
    upload.name = "mesa1.json"
    response = client.post(
        f"/tournaments/{t.pk}/fixtures/{fixture.pk}/record/",
        {"file": upload},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Table 1 recorded from its paper record." in response.content.decode()
    fixture.match.refresh_from_db()
    assert fixture.match.status == "finished"
    sheet = client.get(f"/tournaments/{t.pk}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Paper record (the match's JSON file)" not in sheet  # it has events now
    assert f'href="/matches/{m}/score/"' not in sheet  # finished: nothing left to score
    bad = io.BytesIO(b"{not json")
    bad.name = "x.json"
    response = client.post(
        f"/tournaments/{t.pk}/fixtures/{fixture.pk}/record/",
        {"file": bad},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "Not a readable record: not JSON" in response.content.decode()
    client.logout()
    public = client.get(f"/tournaments/{t.pk}/rounds/1/").content.decode()
    assert f'<a href="/matches/{m}/">#{m}</a>' in public
    assert "/score/" not in public


def test_the_knockout_bracket_page(fixture_to_fill, client):
    t, _fixture, _scorer = fixture_to_fill
    organiser = t.club.memberships.get(role="organiser").user
    players = [PlayerFactory(club=t.club, display_name=f"K{i}") for i in range(6)]
    ko = services.create_tournament(club=t.club, user=organiser, name="Copa", format="knockout")
    for i in range(3):
        services.add_entry(ko, organiser, f"KO {i + 1}", players[2 * i], players[2 * i + 1])
    r1 = services.generate_next_round(ko, organiser)
    semi = r1.fixtures.get(table=2)
    games.record_hands(semi.match, paper(), organiser)  # unit 0 (KO 2) wins 11-7
    services.generate_next_round(ko, organiser)
    html = client.get(f"/tournaments/{ko.pk}/bracket/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html.count('class="round"') == 2
    assert "<h2>Final</h2>" in html
    assert html.count('class="tie"') == 3  # the bye, the semi-final, the final
    won = html.split('class="side won"')
    assert [part.split("</span>")[0].split("<span>")[-1] for part in won[1:]] == ["KO 1", "KO 2"]
    assert client.get(f"/tournaments/{t.pk}/bracket/").status_code == 404  # a league


@pytest.mark.services  # round numbers past PostgreSQL's integer range
def test_after_round_without_standings_is_404_on_the_page_the_download_and_the_api(
    client, demo_data
):
    t = Tournament.objects.get(format="round_robin", game="cuatrola")
    for url in (
        f"/tournaments/{t.pk}/?after_round=9",
        f"/tournaments/{t.pk}/?after_round=9&_export=csv",
        f"/api/v1/tournaments/{t.pk}/standings/?after_round=9",
    ):
        assert client.get(url).status_code == 404, url
    csv_text = client.get(f"/tournaments/{t.pk}/?after_round=1&_export=csv").content.decode()
    header, first = csv_text.splitlines()[:2]
    assert header.split(",")[-1] == "Tras la ronda"  # the round it covers, in every row
    assert first.split(",")[-1] == "1"


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("entries/", {"name": ""}),  # no players
        ("next-round/", {"date": "not a date"}),
        ("fixtures/{fixture}/decide/", {}),
        ("fixtures/{fixture}/record/", {"record": "not a record"}),
    ],
)
def test_a_tournament_page_write_is_refused_403_before_its_form_is_read(
    fixture_to_fill, client, path, body
):
    """A scorer of another club (or of this one, for an organiser's write) is 403, never
    the form's message (issue 18, item 9)."""
    t, fixture, scorer = fixture_to_fill
    outsider = MembershipFactory(role="scorer", user=UserFactory(username="out")).user
    url = f"/tournaments/{t.pk}/" + path.format(fixture=fixture.pk)
    for who in [outsider] + ([scorer] if "record" not in path else []):
        client.force_login(who)
        assert client.post(url, body).status_code == 403, (who, url)
    assert not HandEvent.objects.filter(hand__match=fixture.match).exists()
    assert t.rounds.count() == 1


def test_a_paper_record_of_a_round_deleted_meanwhile_is_a_409_not_a_500(
    fixture_to_fill, monkeypatch
):
    """The organiser deletes the round (or draws it again) while a scorer's paper record
    of one of its fixtures is being checked — after the request found the fixture and
    its match, before the write: 409 naming the fixture, nothing written (the match was
    read again under its lock and found gone: Match.DoesNotExist was a 500). The race
    itself runs for real in tests/integration/test_write_races.py."""
    t, fixture, scorer = fixture_to_fill
    organiser = t.club.memberships.get(role="organiser").user
    checked = services.records.check_record

    def check_while_the_round_goes(record):
        services.delete_round(fixture.round, organiser)  # the other request, committed
        return checked(record)

    monkeypatch.setattr(services.records, "check_record", check_while_the_round_goes)
    response = post(api(scorer), t, fixture, paper())
    assert response.status_code == 409, response.content
    body = response.json()
    assert body["item"] == {"field": "fixture"}
    assert "deleted or drawn again meanwhile" in body["message"]
    assert not t.rounds.exists()
    assert not HandEvent.objects.exists()
