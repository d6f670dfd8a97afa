"""A refusal cites the same rule whichever way the event came (issue: a card not of the
deck was ``rule: null`` live but V1 in a record), and a dealer that is no seat of the
table is said as such to a person, while the checker's line stays what it was."""

import json

import pytest

from games.engine import check_text, find_game
from games.engine.errors import RuleError

from .conftest import client_for
from .helpers import RECORDS, create_match, post_event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("game", "card"), [("cuatrola", "1x"), ("subastao", "13o"), ("belote", "1o")]
)
def test_a_card_not_of_the_deck_is_v1_live(setup, game, card):
    """RECORD_FORMAT.md: "a card that is not in the deck … V1"; the play's own check
    comes first (the card is a card of the deck), so the state does not matter."""
    client = client_for(setup.scorer)
    seated = setup.players[: 3 if game == "subastao" else 4]
    body = {"club": "pena", "game": game, "players": [p.pk for p in seated], "first_dealer": 0}
    state = client.post("/api/v1/matches/", body, format="json").json()
    deal = {"kind": "deal", "trump_card": "10o"} if game == "cuatrola" else {"kind": "deal"}
    state = post_event(client, state["id"], state, deal)
    body = {"expected_seq": 1, "kind": "play", "card": card}
    response = client.post(f"/api/v1/matches/{state['id']}/events/", body, format="json")
    assert response.status_code == 400
    assert (response.json()["rule"], response.json()["item"]) == ("V1", {"field": "card"})


def test_the_record_checker_cites_v1_for_the_same_card():
    doc = json.loads((RECORDS / "invalid_c1_dealer_rotation.json").read_text())
    doc["hands"] = doc["hands"][:1]
    doc["hands"][0]["tricks"][0][0] = "1x"
    line, status = check_text(json.dumps(doc).encode(), "x.json")
    assert (status, line["error"]["rule"]) == (1, "V1")
    assert line["error"]["message"] == "'1x' is not a card of the 20-card deck"


@pytest.fixture
def new_match(setup):
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)  # Diego deals hand 1
    return client, f"/api/v1/matches/{state['id']}/events/"


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        (
            "es",
            "en la mano 1 reparte Diego (el siguiente al que repartió antes), no 9 (no es "
            "un asiento: se numeran del 0 al 3)",
        ),
        (
            "en",
            "the dealer of hand 1 must be Diego (previous dealer + 1), not 9 (not a seat: "
            "seats are numbered 0 to 3)",
        ),
    ],
)
def test_a_dealer_off_the_table_is_said_as_no_seat(new_match, language, detail):
    client, url = new_match
    body = {"expected_seq": 0, "kind": "deal", "trump_card": "10o", "dealer": 9}
    response = client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    answer = response.json()
    assert (answer["rule"], answer["detail"]) == ("C1", detail)
    # the message is the checker's line, as a record with that dealer prints it
    assert answer["message"] == ("the dealer of hand 1 must be seat 3 (previous dealer + 1), not 9")


def test_a_dealer_of_the_table_out_of_turn_is_said_by_name(new_match):
    client, url = new_match
    body = {"expected_seq": 0, "kind": "deal", "trump_card": "10o", "dealer": 1}
    response = client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert response.json()["detail"] == (
        "en la mano 1 reparte Diego (el siguiente al que repartió antes), no Blas"
    )


def test_the_seat_count_is_the_games_table(setup):
    """Subastao of three: the seats are 0 to 2."""
    from games.refusals import localize

    game = find_game("subastao")
    match = game.new_match(game.parse_rules({}), 0)
    with pytest.raises(RuleError) as refused:
        match.apply(game.event_from_dict({"kind": "deal", "dealer": 3}))
    assert str(refused.value.message) == (
        "the dealer of hand 1 must be seat 0 (previous dealer + 1), not 3"
    )
    assert localize(refused.value.message, game=game, lang="en").endswith(
        "not 3 (not a seat: seats are numbered 0 to 2)"
    )
