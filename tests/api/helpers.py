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


def undo_last(client, match_id: int, **extra) -> dict:
    """The undo of the match's last event as the pad sends it: named by ``legal/``'s
    ``last_entry`` (``extra``: ``reopen``)."""
    entry = client.get(f"/api/v1/matches/{match_id}/legal/").json()["last_entry"]
    body = {"hand": entry["hand"], "last_seq": entry["seq"], **extra}
    return client.post(f"/api/v1/matches/{match_id}/undo/", body, format="json")


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


def seen(state) -> tuple:
    """What the site reads of a match state, as a cached (folded) one must say it as the
    full replay does: the score, the end, the rotation, the live summary, the legal
    actions, the hands from the last complete one on (header, view, story, tricks), the
    last complete hand's outcome and each unit's row (``games/services/fold.py``)."""
    from games.engine import find_game
    from games.services import hand_outcomes, live_summary
    from games.services.derive import unit_rows

    game = find_game(state.game)
    hands = state.hands
    tail = hands[len(hands) - (2 if hands and not hands[-1].is_complete else 1) :]
    return (
        (list(state.score), state.finished, state.winner_unit, state.awaiting_deal),
        (state.next_dealer, len(hands), len(state.results)),
        live_summary(state),
        game.legal_actions(state),
        [
            (
                (h.number, h.dealer, h.phase, h.to_act, h.is_complete),
                (game.hand_header(h), game.hand_view(h), game.hand_story(h)),
                [(t.leader, [c.text for c in t.cards], t.winner) for t in h.tricks],
                [(s, c.text) for s, c in h.current_trick],
            )
            for h in tail
        ],
        hand_outcomes(game, state, last=1),
        unit_rows(game, state, hand_outcomes(game, state)),
    )
