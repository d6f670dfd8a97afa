"""Posting whole hands through the API, as a scorer's device would."""

from pathlib import Path

from games.engine import hand_events, load_record
from games.engine.cuatrola import event_to_dict

RECORDS = Path(__file__).resolve().parents[1] / "engine" / "records"


def record(name: str):
    return load_record((RECORDS / name).read_bytes())


def post_event(client, match_id: int, state: dict, event: dict, expect: int = 201) -> dict:
    current = state["current"]
    body = {"hand": current["hand"], "expected_seq": current["next_seq"], **event}
    response = client.post(f"/api/v1/matches/{match_id}/events/", body, format="json")
    assert response.status_code == expect, response.json()
    return response.json()


def post_hand(client, match_id: int, state: dict, hand) -> dict:
    """Post every event of a record hand; return the match after the last one (read: an
    event's answer is the score and the hand in play, not every hand)."""
    for event in hand_events(hand):
        state = post_event(client, match_id, state, event_to_dict(event))
    return match_now(client, match_id)


def match_now(client, match_id: int) -> dict:
    """The whole match as GET answers it: seats, rules, every hand."""
    response = client.get(f"/api/v1/matches/{match_id}/")
    assert response.status_code == 200, response.json()
    return response.json()


def create_match(client, players, *, rules=None, first_dealer=0, club="pena") -> dict:
    body = {
        "club": club,
        "players": [p.pk for p in players],
        "rules": rules or {},
        "first_dealer": first_dealer,
    }
    response = client.post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()
