"""A refused event's ``detail``: the refusal for a person, in the request's language, with
the match's players by name and the cards in words; ``message`` stays the checker's."""

import pytest

from .conftest import client_for
from .helpers import create_match, post_event

ENGLISH_MESSAGE = (
    "seat 1 played 10b on the espadas lead at trick 1 but held 11e (played at trick 2): "
    "C7.2 must follow suit"
)


@pytest.fixture
def revoked(setup):
    """No deal entered, dealer 3, all pass; trick 1: Ana 10e, Blas 10b (a discard),
    Carmen 3e, Diego 12e; Carmen leads 1e, Diego 10o, Ana 3o. Blas's 11e now proves the
    revoke of trick 1."""
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    for event in [{"kind": "deal", "trump_card": "10o"}] + [{"kind": "call", "call": "pass"}] * 4:
        state = post_event(client, state["id"], state, event)
    for card in ["10e", "10b", "3e", "12e", "1e", "10o", "3o"]:
        state = post_event(client, state["id"], state, {"kind": "play", "card": card})
    body = {"hand": 1, "expected_seq": state["current"]["next_seq"], "kind": "play", "card": "11e"}
    return client, f"/api/v1/matches/{state['id']}/events/", body


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        (
            None,  # no Accept-Language: the club's language, Spanish
            "Blas jugó la sota de bastos en la baza 1, que salió a espadas, pero tenía el "
            "caballo de espadas (se jugó en la baza 2): C7.2 hay que asistir al palo",
        ),
        (
            "en",
            "Blas played the jack of bastos on the espadas lead at trick 1 but held the "
            "knight of espadas (played at trick 2): C7.2 must follow suit",
        ),
    ],
)
def test_a_refusal_names_the_players_and_the_cards_in_the_readers_language(
    revoked, language, detail
):
    client, url, body = revoked
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    response = client.post(url, body, format="json", **headers)
    assert response.status_code == 400
    error = response.json()
    assert error["rule"] == "C7"
    assert error["message"] == ENGLISH_MESSAGE  # for programs: never translated
    assert error["detail"] == detail
