"""What legal/ tells the pad beyond the actions: the seats in the hand, the auction so
far, and the latest complete hand with the penalty that ended it."""

from .conftest import client_for
from .helpers import create_match, post_event


def legal(client, match_id: int) -> dict:
    response = client.get(f"/api/v1/matches/{match_id}/legal/")
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_solo_leaves_the_declarers_partner_out_of_the_hand(setup):
    client = client_for(setup.organiser)
    state = create_match(client, setup.players, first_dealer=3)
    mid = state["id"]
    before = legal(client, mid)
    assert (before["in_hand"], before["speech"], before["last_hand"]) == ([0, 1, 2, 3], [], None)
    state = post_event(client, mid, state, {"kind": "deal", "trump_card": "12o"})
    state = post_event(client, mid, state, {"kind": "call", "call": "solo"})  # Ana, mano
    for _ in range(3):
        state = post_event(client, mid, state, {"kind": "call", "call": "pass"})
    read = legal(client, mid)
    # C5: Ana's solo sends Carmen, her partner, out of the hand
    assert read["in_hand"] == [0, 1, 3]
    assert read["speech"] == [
        {"seat": 0, "text": "solo"},
        {"seat": 1, "text": "pass"},
        {"seat": 2, "text": "pass"},
        {"seat": 3, "text": "pass"},
    ]
    assert read["last_hand"] is None


def test_the_last_hand_names_the_penalty_that_ended_it(setup):
    client = client_for(setup.organiser)
    state = create_match(client, setup.players, first_dealer=3)
    mid = state["id"]
    state = post_event(client, mid, state, {"kind": "deal", "trump_card": "12o"})
    state = post_event(client, mid, state, {"kind": "call", "call": "solo"})
    for _ in range(3):
        state = post_event(client, mid, state, {"kind": "call", "call": "pass"})
    state = post_event(client, mid, state, {"kind": "penalty", "seat": 1, "rule": "C7"})
    read = legal(client, mid)
    # C12: Blas's side loses the hand; Ana's side gets the solo's value, 2 (C10)
    assert read["last_hand"] == {"number": 1, "delta": [2, 0], "penalty": {"seat": 1, "rule": "C7"}}
    assert (read["hand"], read["phase"], read["speech"]) == (2, "deal", [])
    assert state["score"] == [2, 0]
