"""A match's result per scoring unit, its hands' headers, and the legal-actions read, for
Cuatrola (the game every earlier answer described)."""

import json

import pytest

from games.engine import SPANISH_20
from games.models import Match, MatchUnit
from games.results import UnitResult, unit_results

from .conftest import client_for
from .helpers import RECORDS, create_match, match_now, post_event, post_hand, record

DEAL = [
    r.split()
    for r in ["1o 3o 12c 11c 10e", "12o 1c 3c 10b 11e", "11o 10c 1e 3e 12b", "10o 12e 1b 3b 11b"]
]
ZERO = {
    "solo": 0,
    "cuatrola": 0,
    "quintola": 0,
    "declared_solo": 0,
    "declared_cuatrola": 0,
    "declared_quintola": 0,
    "cante_points": 0,
}


def legal(client, match_id: int) -> dict:
    response = client.get(f"/api/v1/matches/{match_id}/legal/")
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_new_match_has_one_row_per_side_and_its_deal_is_the_legal_action(setup):
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    assert state["units"] == [
        {"unit": 0, "seats": [0, 2], "score": 0, "winner": False},
        {"unit": 1, "seats": [1, 3], "score": 0, "winner": False},
    ]
    assert (state["score"], state["winner_unit"], state["winner_side"]) == ([0, 0], None, None)
    assert state["hands"] == [
        {
            "number": 1,
            "dealer": 3,
            "header": {},
            "trump_card": None,
            "complete": False,
            "events": 0,
            "result": None,
        }
    ]
    body = legal(client, state["id"])
    assert {k: v for k, v in body.items() if k != "actions"} == {
        "hand": 1,
        "next_seq": 0,
        "phase": "deal",
        "to_act": None,
        "deal_known": False,
        "in_hand": [0, 1, 2, 3],
        "speech": [],
        "last_hand": None,
        "last_entry": None,
    }
    # the dealer shows any card of the 20-card deck (C1)
    assert body["actions"] == [{"kind": "deal", "trump_card": c.text} for c in SPANISH_20]
    state = post_event(client, state["id"], state, body["actions"][7])
    state = match_now(client, state["id"])
    assert state["hands"][0]["header"] == {"trump_card": SPANISH_20.cards[7].text}
    assert state["hands"][0]["trump_card"] == SPANISH_20.cards[7].text


@pytest.fixture
def led(setup) -> tuple:
    """Dealer 3 shows 10o with the whole deal; four passes; seat 0 leads 10e."""
    client = client_for(setup.scorer)
    state = create_match(client, setup.players, first_dealer=3)
    state = post_event(
        client, state["id"], state, {"kind": "deal", "trump_card": "10o", "deal": DEAL}
    )
    body = legal(client, state["id"])
    # mano (seat 0) speaks first; at 0-0 of an exact 11 every declaration fits (C3, C4)
    assert body["actions"] == [
        {"kind": "call", "call": c, "seat": 0} for c in ("pass", "solo", "cuatrola", "quintola")
    ]
    for _ in range(4):
        state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
    state = post_event(client, state["id"], state, {"kind": "play", "card": "10e"})
    return client, state


def test_the_legal_cards_follow_the_deal_for_the_scorer(led):
    client, state = led
    body = legal(client, state["id"])
    assert body == {
        "hand": 1,
        "next_seq": 6,
        "phase": "playing",
        "to_act": 1,
        "deal_known": True,
        # seat 1 holds 12o 1c 3c 10b 11e: it must beat 10e with 11e (C7.2); no trick is
        # complete, so nobody may sing
        "actions": [{"kind": "play", "card": "11e", "seat": 1}],
        # four passes: a plain hand, every seat plays it
        "in_hand": [0, 1, 2, 3],
        "speech": [{"seat": s, "text": "pass"} for s in range(4)],
        "last_hand": None,
        # the deal, four passes, then seat 0's 10e: what an undo would take back
        "last_entry": {
            "hand": 1,
            "seq": 5,
            "event": {"kind": "play", "card": "10e", "seat": 0},
            "trick": 1,
            "complete": False,
        },
    }
    post_event(client, state["id"], state, body["actions"][0])


def test_without_the_deal_the_legal_cards_are_what_the_record_allows(led, setup):
    """Those who may not see the hands (here anyone: the club is public) get what the
    record shows allows: seat 1 may play any card not played (10e) nor known to be another
    seat's (the dealer's shown 10o)."""
    _client, state = led
    for viewer in (client_for(), client_for(setup.other_scorer)):
        body = legal(viewer, state["id"])
        assert (body["deal_known"], body["to_act"], body["phase"]) == (False, 1, "playing")
        assert body["actions"] == [
            {"kind": "play", "card": c.text, "seat": 1}
            for c in SPANISH_20
            if c.text not in ("10e", "10o")
        ]


def test_legal_reads_answer_304_while_nothing_changes(led):
    client, state = led
    first = client.get(f"/api/v1/matches/{state['id']}/legal/")
    again = client.get(f"/api/v1/matches/{state['id']}/legal/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    post_event(client, state["id"], state, {"kind": "play", "card": "11e"})
    changed = client.get(f"/api/v1/matches/{state['id']}/legal/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200
    assert changed.json()["to_act"] == 2


def test_a_finished_match_offers_nothing_and_its_units_hold_the_result(setup):
    rec = record("shared/valid_014_exact11_q_all.json")
    expected = json.loads((RECORDS / "shared/valid_014_exact11_q_all.expected.json").read_text())
    client = client_for(setup.scorer)
    state = create_match(
        client, setup.players, rules=rec.rules.as_dict(), first_dealer=rec.hands[0].dealer
    )
    for hand in rec.hands:
        state = post_hand(client, state["id"], state, hand)
    assert legal(client, state["id"])["actions"] == []
    assert legal(client, state["id"])["phase"] == "finished"
    winner = expected["winner_side"]
    assert [(u["score"], u["winner"]) for u in state["units"]] == [
        (s, unit == winner) for unit, s in enumerate(expected["score"])
    ]
    # the counters are the spec's hands summed per side: hands won, declarations won by
    # the declarer's side, declarations made (won or not), cante points
    hands_won, made, cantes = [0, 0], [dict(ZERO), dict(ZERO)], [0, 0]
    for h in expected["hands"]:
        side = h["winner_side"]
        hands_won[side] += 1
        if h["declarer"] is not None:
            made[h["declarer"] % 2][f"declared_{h['declaration']}"] += 1
        if h["declarer"] is not None and h["declarer"] % 2 == side:
            made[side][h["declaration"]] += 1
        cantes = [a + b for a, b in zip(cantes, h["cantes"], strict=True)]
    for side in (0, 1):
        made[side]["cante_points"] = cantes[side]
    results = unit_results([state["id"]])[state["id"]]
    assert results == [
        UnitResult(u, expected["score"][u], u == winner, hands_won[u], made[u]) for u in (0, 1)
    ]
    assert sum(hands_won) == len(expected["hands"])


def test_unit_results_reads_any_number_of_matches_in_one_query(setup, django_assert_num_queries):
    client = client_for(setup.scorer)
    ids = [create_match(client, setup.players)["id"] for _ in range(5)]
    MatchUnit.objects.filter(match_id=ids[2], unit=1).update(score=9, is_winner=True)
    with django_assert_num_queries(1):
        results = unit_results([*ids, 999_999])
    assert results[999_999] == []
    assert [[(u.unit, u.score, u.is_winner) for u in results[i]] for i in ids] == [
        [(0, 0, False), (1, 9, True)] if i == ids[2] else [(0, 0, False), (1, 0, False)]
        for i in ids
    ]
    with django_assert_num_queries(0):
        assert unit_results([]) == {}
    assert Match.objects.get(pk=ids[2]).winner_unit == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "mus"}, "game"),
        ({"players": []}, "players"),
        ({"first_dealer": 4}, "first_dealer"),  # no seat 4 at any table (schema)
    ],
)
def test_create_refuses_a_game_it_does_not_record_and_a_wrong_table(setup, body, field):
    payload = {"club": "pena", "players": [p.pk for p in setup.players], **body}
    response = client_for(setup.scorer).post("/api/v1/matches/", payload, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["item"]["field"] == field
    assert Match.objects.count() == 0
