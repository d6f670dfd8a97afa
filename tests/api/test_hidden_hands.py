"""The cards still held in the hand in play are shown only to the match's scorer and the
club's organisers (``clubs.access.may_see_hands``), until the hand ends: in the match's
answer, its export, the answer to a write and a 409's state."""

import random

import pytest
from rest_framework.test import APIClient

from clubs.devices import create_device_token
from games import services
from games.engine.cuatrola.simulate import random_match
from tests.factories import MembershipFactory, UserFactory

from .conftest import DEAL, client_for

# dealer 3 shows 10o; all pass; seat 0 leads 10e
HIDDEN_KNOWN = {"0": [], "1": [], "2": [], "3": ["10o"]}


@pytest.fixture
def viewers(setup) -> dict[str, APIClient]:
    """Who looks at a match the scorer ``sco`` created (so it is that match's scorer)."""
    second_scorer = MembershipFactory(club=setup.club, role="scorer").user
    linked = UserFactory(username="ana")
    setup.players[0].user = linked
    setup.players[0].save()
    _token, key = create_device_token(setup.club, setup.organiser, "Mesa 1")
    device = APIClient()
    device.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return {
        "anonymous": client_for(),
        "outsider": client_for(setup.other_scorer),
        "player": client_for(linked),
        "second_scorer": client_for(second_scorer),
        "device": device,
        "scorer": client_for(setup.scorer),
        "organiser": client_for(setup.organiser),
        "superuser": client_for(UserFactory(username="root", is_superuser=True)),
    }


SEES = {"scorer", "organiser", "superuser"}


@pytest.mark.parametrize(
    "who",
    [
        "anonymous",
        "outsider",
        "player",
        "second_scorer",
        "device",
        "scorer",
        "organiser",
        "superuser",
    ],
)
def test_the_match_shows_the_hands_in_play_only_to_its_scorer_and_organisers(viewers, in_play, who):
    client = viewers[who]
    current = client.get(f"/api/v1/matches/{in_play['id']}/").json()["current"]
    exported = client.get(f"/api/v1/matches/{in_play['id']}/export/").json()
    assert current["trick"] == [{"seat": 0, "card": "10e"}]  # what was played is public
    assert exported["hands"][0]["tricks"] == [["10e"]]
    if who in SEES:
        assert current["deal_known"] is True
        assert current["known"]["1"] == ["12o", "1c", "3c", "10b", "11e"]
        assert current["legal"]["cards"] == ["11e"]
        assert exported["hands"][0]["deal"] == DEAL
    else:
        assert current["deal_known"] is False
        assert current["known"] == HIDDEN_KNOWN
        assert current["legal"]["cards"] is None
        assert current["legal"]["cantes"] is None
        assert "deal" not in exported["hands"][0]


def test_a_device_that_records_a_scorers_match_is_not_shown_its_hands(setup, viewers, in_play):
    """The club's device may record the match, but it is not the match's scorer: neither
    the answer to its write nor the 409's state show the deal."""
    url = f"/api/v1/matches/{in_play['id']}/events/"
    stored = viewers["device"].post(
        url, {"expected_seq": 6, "kind": "play", "card": "11e"}, format="json"
    )
    assert stored.status_code == 201
    assert stored.json()["current"]["deal_known"] is False
    assert stored.json()["current"]["trick"] == [
        {"seat": 0, "card": "10e"},
        {"seat": 1, "card": "11e"},
    ]
    stale = viewers["device"].post(
        url, {"expected_seq": 6, "kind": "play", "card": "1e"}, format="json"
    )
    assert stale.status_code == 409
    assert stale.json()["state"]["current"]["deal_known"] is False
    assert stale.json()["state"]["current"]["known"] == HIDDEN_KNOWN
    # the scorer's 409 shows them
    stale = viewers["scorer"].post(
        url, {"expected_seq": 6, "kind": "play", "card": "1e"}, format="json"
    )
    assert stale.json()["state"]["current"]["known"]["2"] == ["11o", "10c", "1e", "3e", "12b"]


def test_a_visitors_etag_is_not_the_scorers(viewers, in_play):
    """Two versions of one match: a visitor revalidating with the scorer's ETag gets its
    own answer, not a 304 that would let it keep the scorer's copy."""
    url = f"/api/v1/matches/{in_play['id']}/"
    scorers = viewers["scorer"].get(url)
    visitors = viewers["anonymous"].get(url)
    assert scorers["ETag"] != visitors["ETag"]
    again = viewers["anonymous"].get(url, HTTP_IF_NONE_MATCH=scorers["ETag"])
    assert again.status_code == 200
    assert again.json()["current"]["deal_known"] is False
    assert viewers["anonymous"].get(url, HTTP_IF_NONE_MATCH=visitors["ETag"]).status_code == 304


def test_a_hand_that_has_ended_shows_its_deal_to_everyone(setup, viewers):
    """Hand 1 is over: its deal is in everyone's export; hand 2, in play, is not."""
    record = random_match(random.Random(5), max_hands=2, with_deal=True, declare=0)
    record.seats = [p.display_name for p in setup.players]
    last = record.hands[-1]
    last.tricks, last.cantes = last.tricks[:2], [c for c in last.cantes if c["after_trick"] <= 2]
    match = services.import_record(setup.club, record, setup.scorer)
    assert match.hands.filter(complete=True).count() == 1
    exported = viewers["anonymous"].get(f"/api/v1/matches/{match.pk}/export/").json()
    assert exported["hands"][0]["deal"] == record.hands[0].deal
    assert "deal" not in exported["hands"][1]
    assert exported["hands"][1]["tricks"] == record.hands[1].tricks
    organisers = viewers["organiser"].get(f"/api/v1/matches/{match.pk}/export/").json()
    assert organisers["hands"][1]["deal"] == record.hands[1].deal


# ----------------------------------------------------------- refusals of a hidden hand
def _play(client, in_play, card: str):
    url = f"/api/v1/matches/{in_play['id']}/events/"
    return client.post(url, {"expected_seq": 6, "kind": "play", "card": card}, format="json")


@pytest.mark.parametrize(
    ("card", "rule"),
    [
        ("10b", "C7"),  # seat 1 must follow espadas: it holds 11e
        ("1o", "V1"),  # dealt to seat 0
    ],
)
@pytest.mark.parametrize("who", ["second_scorer", "device"])
def test_a_recorder_who_may_not_see_the_hands_is_refused_by_rule_not_told_the_cards(
    viewers, in_play, who, card, rule
):
    """A scorer of the club who is not the match's scorer may record it, but the deal is
    not theirs to see: the refusal names the rule and the entry, never the cards held
    (the scorer's refusal of the same card names them)."""
    refused = _play(viewers[who], in_play, card)
    assert refused.status_code == 400
    body = refused.json()
    assert body["rule"] == rule
    assert body["message"] == (
        f"the deal of hand 1 refuses this entry ({rule}): only the match's scorer and "
        "the club's organisers see the cards that show why"
    )
    assert body["detail"] == (
        f"el reparto de la mano 1 no admite esta entrada ({rule}): solo el anotador de "
        "la partida y los organizadores del club ven las cartas que dicen por qué"
    )
    assert body["item"] == {"hand": 1, "seat": 1, "card": card}
    scorers = _play(viewers["scorer"], in_play, card).json()
    assert scorers["rule"] == rule
    assert scorers["message"] != body["message"]  # the scorer is told why
    assert ("11e" if rule == "C7" else "dealt") in scorers["message"]


def test_a_refusal_that_what_was_shown_proves_is_told_whole_to_any_recorder(viewers, in_play):
    """10o is the dealer's shown trump card: the device is told the refusal whole, with
    the evidence it can see (the scorer's names the deal)."""
    devices = _play(viewers["device"], in_play, "10o").json()
    scorers = _play(viewers["scorer"], in_play, "10o").json()
    assert devices["rule"] == scorers["rule"] == "V1"
    assert devices["message"] == "seat 1 played 10o, but seat 3 holds it (shown as the trump card)"
    assert scorers["message"] == "seat 1 played 10o, but seat 3 holds it (dealt)"
    assert devices["item"] == scorers["item"]


@pytest.mark.parametrize(
    ("who", "named"),
    [
        ("anonymous", None),
        ("player", None),
        ("outsider", None),
        ("device", "sco"),
        ("scorer", "sco"),
        ("organiser", "sco"),
    ],
)
def test_the_matchs_scorer_is_a_login_named_only_to_those_who_record(viewers, in_play, who, named):
    """``scorer`` is a username: a visitor, or a player who only reads, learns none."""
    assert viewers[who].get(f"/api/v1/matches/{in_play['id']}/").json()["scorer"] == named
