"""Belote end to end through the same write path as the other games: matches created,
recorded event by event, read, undone, rebuilt, imported and exported through the API —
the results the same as ``score_record`` gives for the record (tests/engine/records) —,
the legal/ read in the auction and the play, with and without the deal, and the match
page."""

import io
import json

import pytest
from django.core.management import call_command

from games import services
from games.engine import check_record, find_game, hand_events, load_record
from games.models import Hand, Match, MatchUnit
from games.results import UnitResult, unit_results

from .conftest import client_for
from .helpers import RECORDS, match_now, post_event, undo_last

BELOTE = sorted(
    p for p in RECORDS.rglob("belote_valid_*.json") if not p.name.endswith(".expected.json")
)
# a penalty that settles a revoke the record shows cannot be entered live (the revoke is
# refused at once: the scorer records the penalty instead); the import takes it
LIVE = [p for p in BELOTE if "penalty_settles" not in p.name]
REFERENCE = RECORDS / "belote_valid_reference_round.json"
DOUBLED = RECORDS / "belote_valid_doubled_transfer.json"
COUNTERS = ("game_points", "rounds_won", "capots", "contracts", "contracts_made", "doubled_made")
ZERO = dict.fromkeys(COUNTERS, 0)

# tests/engine/belote/helpers.py's reference deal: dealer 3, seat 0 speaks and leads first
DEAL = [
    ["Jh", "9h", "Kh", "Qh", "As", "Ks", "Qs", "7c"],
    ["Ac", "Kc", "Qc", "Jc", "Ad", "10d", "8h", "7h"],
    ["Ah", "10h", "10s", "Js", "9s", "10c", "9c", "8c"],
    ["7s", "8s", "Kd", "Qd", "Jd", "9d", "8d", "7d"],
]


def checked(path) -> dict:
    """What ``manage.py score_record`` prints for the record."""
    out = io.StringIO()
    call_command("score_record", str(path), stdout=out)  # a valid record exits with 0
    return json.loads(out.getvalue())


def create(client, setup, *, rules=None, first_dealer=3) -> dict:
    body = {
        "club": "pena",
        "game": "belote",
        "players": [p.pk for p in setup.players],
        "rules": rules or {},
        "first_dealer": first_dealer,
    }
    response = client.post("/api/v1/matches/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def record_live(client, setup, path) -> dict:
    """Create the record's match through the API and post every event of it."""
    rec = load_record(path.read_bytes())
    game = find_game("belote")
    state = create(client, setup, rules=rec.rules.as_dict(), first_dealer=rec.hands[0].dealer)
    for hand in rec.hands:
        for event in hand_events(hand):
            state = post_event(client, state["id"], state, game.event_to_dict(event))
    return match_now(client, state["id"])


def expected_units(expected: dict) -> list[UnitResult]:
    """Each side's result worked out from the checker's rounds: a round goes to the side
    with more round points; the contract is the declarer's side's, made when that side
    scored at least as much as the other."""
    won = [0, 0]
    counters = [dict(ZERO), dict(ZERO)]
    for h in expected["hands"]:
        if h.get("complete") is False:
            continue
        a, b = h["round_points"]
        if a != b:
            won[0 if a > b else 1] += 1
        for side in (0, 1):
            counters[side]["game_points"] += h["game_points"][side]
        if h["capot"] is not None:
            counters[h["capot"]]["capots"] += 1
        if not h["void"]:
            side = h["declarer"] % 2
            counters[side]["contracts"] += 1
            if h["round_points"][side] >= h["round_points"][1 - side]:
                counters[side]["contracts_made"] += 1
                counters[side]["doubled_made"] += h["multiplier"] > 1
    for side in (0, 1):
        counters[side]["rounds_won"] = won[side]
    return [
        UnitResult(s, expected["score"][s], expected["winner_side"] == s, won[s], counters[s])
        for s in (0, 1)
    ]


def test_the_live_records_are_the_valid_belote_records_but_the_settled_revoke():
    names = {p.name for p in LIVE}
    assert len(LIVE) == len(BELOTE) - 1 == 13
    assert "belote_valid_025_t31_cmp_mixed.json" in names  # shared/
    assert "belote_valid_penalty_settles_the_revoke.json" not in names


@pytest.mark.parametrize("path", LIVE, ids=lambda p: p.stem)
def test_recorded_event_by_event_it_scores_as_score_record_does(setup, path):
    expected = checked(path)
    assert expected["valid"] is True
    state = record_live(client_for(setup.scorer), setup, path)
    assert state["game"] == "belote"
    assert [h["result"] for h in state["hands"] if h["complete"]] == [
        h for h in expected["hands"] if h.get("complete") is not False
    ]
    assert state["score"] == expected["score"]
    assert state["winner_unit"] == expected["winner_side"]
    assert state["status"] == ("finished" if expected["finished"] else "in_progress")
    assert [(u["unit"], u["seats"], u["score"]) for u in state["units"]] == [
        (0, [0, 2], expected["score"][0]),
        (1, [1, 3], expected["score"][1]),
    ]
    assert unit_results([state["id"]])[state["id"]] == expected_units(expected)


def test_a_doubled_contract_made_counts_for_the_declarers_side(setup):
    """belote_valid_doubled_transfer: seat 0 calls hearts, seat 1 doubles. Side 0 has
    127 card points + 40 (tierce, belote), side 1 35 + 90 (quarte, two tierces): 167 to
    125, so side 0 takes all 292, ×2 = 584, 58 game points (remainder 4 < 6)."""
    state = record_live(client_for(setup.scorer), setup, DOUBLED)
    assert state["hands"][0]["header"] == {"contract": "hearts", "declarer": 0, "multiplier": 2}
    assert unit_results([state["id"]])[state["id"]] == [
        UnitResult(
            0,
            58,
            False,
            1,
            {
                **ZERO,
                "game_points": 58,
                "rounds_won": 1,
                "contracts": 1,
                "contracts_made": 1,
                "doubled_made": 1,
            },
        ),
        UnitResult(1, 0, False, 0, ZERO),
    ]


@pytest.mark.parametrize("path", BELOTE, ids=lambda p: p.stem)
def test_import_then_export_gives_the_record_back(setup, path):
    original = json.loads(path.read_text())
    client = client_for(setup.scorer)
    response = client.post(
        "/api/v1/matches/import/", {"club": "pena", "record": original}, format="json"
    )
    assert response.status_code == 201, response.json()
    state = response.json()
    expected = checked(path)
    assert (state["game"], state["score"], state["winner_unit"]) == (
        "belote",
        expected["score"],
        expected["winner_side"],
    )
    assert [h["result"] for h in state["hands"] if h["complete"]] == [
        h for h in expected["hands"] if h.get("complete") is not False
    ]
    assert unit_results([state["id"]])[state["id"]] == expected_units(expected)
    exported = client.get(f"/api/v1/matches/{state['id']}/export/").json()
    assert normalised(exported) == normalised(original)
    # the export checks as the original does (a revoke settled by its penalty included)
    again = check_record(load_record(json.dumps(exported)))
    assert again == {k: v for k, v in expected.items() if k != "file"}
    # and every replay of the stored log agrees with the import (the penalty told ahead)
    assert client.get(f"/api/v1/matches/{state['id']}/").json()["score"] == expected["score"]


def normalised(doc: dict) -> dict:
    """Key order, the full rules, and declarations in the order they were announced (a
    record may list them in any order): the same match either way."""
    rec = load_record(json.dumps(doc))
    out = json.loads(rec.dumps())
    out["rules"] = rec.rules.as_dict()
    for number, hand in enumerate(out["hands"]):
        if hand.get("declarations"):
            order = [
                find_game("belote").event_to_dict(e)
                for e in hand_events(rec.hands[number])
                if type(e).__name__ in ("Declaration", "Belote")
            ]
            hand["declarations"].sort(key=lambda d: _position(d, order))
    return out


def _position(declaration: dict, order: list[dict]) -> int:
    kind = declaration["kind"]
    for i, event in enumerate(order):
        if event["kind"] == "belote" and kind == "belote" and event["suit"] == declaration["suit"]:
            return i
        if event["kind"] == "declaration" and event.get("cards") == declaration.get("cards"):
            return i
    raise AssertionError(f"{declaration} is not announced")


def test_the_penalty_that_settles_a_revoke_cannot_be_undone_alone(setup):
    """The import keeps the revoke the penalty settles (RECORD_FORMAT.md "penalty"):
    undoing the penalty alone would leave a log the engine refuses, so nothing is
    removed."""
    path = RECORDS / "belote_valid_penalty_settles_the_revoke.json"
    client = client_for(setup.organiser)
    doc = json.loads(path.read_text())
    state = client.post(
        "/api/v1/matches/import/", {"club": "pena", "record": doc}, format="json"
    ).json()
    before = Match.objects.get(pk=state["id"]).version
    response = undo_last(client, state["id"], reopen=True)  # the round is complete
    assert response.status_code == 400, response.json()
    assert "the penalty settles a fault that would stay recorded" in response.json()["message"]
    assert Match.objects.get(pk=state["id"]).version == before


def test_undo_takes_back_a_call_and_a_card(setup):
    client = client_for(setup.scorer)
    state = create(client, setup)
    state = post_event(client, state["id"], state, {"kind": "deal", "deal": DEAL})
    for call in ("hearts", "double", "pass", "pass", "pass"):
        state = post_event(client, state["id"], state, {"kind": "call", "call": call})
    assert state["current"]["phase"] == "playing"
    state = post_event(client, state["id"], state, {"kind": "play", "card": "Jh"})
    state = undo_last(client, state["id"]).json()
    assert (state["current"]["next_seq"], state["current"]["trick"]) == (6, [])
    state = undo_last(client, state["id"]).json()  # the last pass
    current = state["current"]
    assert (current["phase"], current["to_act"], current["multiplier"]) == ("calling", 0, 2)
    assert current["legal"]["calls"] == ["pass", "spades", "no_trumps", "all_trumps", "redouble"]
    assert state["hands"][0]["header"] == {"contract": "hearts", "declarer": 0, "multiplier": 2}


def test_rebuild_gives_the_rows_the_write_path_left(setup):
    path = RECORDS / "belote_valid_void_round_then_a_round.json"
    state = record_live(client_for(setup.scorer), setup, path)
    match = Match.objects.get(pk=state["id"])

    def rows():
        match.refresh_from_db()
        return (
            list(match.units.values_list("unit", "score", "is_winner", "hands_won", "counters")),
            list(
                match.hands.values_list(
                    "number", "dealer", "header", "deal", "summary", "complete", "next_seq"
                )
            ),
            match.status,
            match.live,
        )

    written = rows()
    # round 1 void (four passes), round 2 hearts by seat 0, round 3 waiting for its deal
    assert [h[2] for h in written[1]] == [
        {"void": True},
        {"contract": "hearts", "declarer": 0, "multiplier": 1},
        {},
    ]
    assert written[3] == {
        "hand": 3,
        "phase": "deal",
        "dealer": 0,  # round 1 dealt by seat 2, round 2 by seat 3
        "to_act": None,
        "trick": [],
    }
    Hand.objects.filter(match=match).update(summary=None, complete=False, next_seq=0, header={})
    Match.objects.filter(pk=match.pk).update(status="finished", live={})
    MatchUnit.objects.filter(match=match).delete()
    services.rebuild(match)
    assert rows() == written


def test_the_match_page_explains_a_doubled_round(client, setup):
    """belote_valid_doubled_transfer, as players check it: card points 127–35 (the last
    trick's 10 included), declarations 40–90, totals 167–125; doubled, side 0 (more
    points) takes all 292, ×2 = 584; 584 ÷ 10 = 58 rest 4 < 6: 58 game points."""
    state = record_live(client_for(setup.scorer), setup, DOUBLED)
    response = client.get(f"/matches/{state['id']}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert "58–0" in html  # the score
    assert "hearts ×2 (Ana)" in html  # the contract, doubled, and its declarer
    assert "Blas <em>double</em>" in html
    for row in (
        "Card points (the last trick's 10 included)</th><td>127</td><td>35</td>",
        "Declarations</th><td>40</td><td>90</td>",
        "Total</th><td><strong>167</strong></td><td><strong>125</strong></td>",
        "Both sides committed: the side with more points takes all 292</th><td>292</td><td>0</td>",
        "Doubled: ×2</th><td>584</td><td>0</td>",
        "Game points: ÷10, rounded up when the remainder is 6 or more</th>"
        "<td>584 → <strong>58</strong></td><td>0 → <strong>0</strong></td>",
    ):
        assert row in html
    assert "Capot" not in html
    # Ana's tierce A K Q of spades, in the French deck (not Spanish cups for "c")
    # (each card named for screen readers, in the page's language)
    assert (
        'Ana <em>tierce</em> <span class="card suit-s french" role="img" '
        'aria-label="ace of spades" title="ace of spades">A<small>♠</small>' in html
    )
    assert 'title="jack of clubs">J<small>♣</small>' in html  # Blas's quarte
    spanish = client.get(f"/matches/{state['id']}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "corazones ×2 (Ana)" in spanish
    assert "Blas <em>contra</em>" in spanish
    assert "Puntos de partida: ÷10, redondeando hacia arriba con un resto de 6 o más" in spanish
    assert 'title="as de picas">A<small>♠</small>' in spanish


def calls(seat: int, *names: str) -> list[dict]:
    return [{"kind": "call", "call": c, "seat": seat} for c in names]


def test_the_auction_offers_double_and_redouble_only_when_b2_allows_them(setup):
    """Dealer 3: seat 0 speaks first. A double only on the opponents' standing contract
    not yet doubled; a redouble only by the doubled side; a new contract cancels them."""
    client = client_for(setup.scorer)
    state = create(client, setup)
    url = f"/api/v1/matches/{state['id']}/legal/"
    assert client.get(url).json() == {
        "hand": 1,
        "next_seq": 0,
        "phase": "deal",
        "to_act": None,
        "deal_known": False,
        "actions": [{"kind": "deal"}],
        "in_hand": [0, 1, 2, 3],
        "speech": [],
        "last_hand": None,
        "last_entry": None,
    }
    state = post_event(client, state["id"], state, {"kind": "deal"})
    higher = ("spades", "no_trumps", "all_trumps")
    steps = [
        # (the call posted, then what the next seat may call)
        (None, calls(0, "pass", "clubs", "diamonds", "hearts", *higher)),
        ("hearts", calls(1, "pass", *higher, "double")),  # seat 1: an opponent
        ("double", calls(2, "pass", *higher, "redouble")),  # seat 2: the doubled side
        ("pass", calls(3, "pass", *higher)),  # seat 3 doubled already: neither
        ("spades", calls(0, "pass", "no_trumps", "all_trumps", "double")),  # doubles gone
        ("double", calls(1, "pass", "no_trumps", "all_trumps", "redouble")),
        ("redouble", calls(2, "pass", "no_trumps", "all_trumps")),  # redoubled: no more
        ("pass", calls(3, "pass", "no_trumps", "all_trumps")),  # its own side's contract
        ("pass", calls(0, "pass", "no_trumps", "all_trumps")),
    ]
    for call, offered in steps:
        if call is not None:
            state = post_event(client, state["id"], state, {"kind": "call", "call": call})
        body = client.get(url).json()
        assert (body["phase"], body["to_act"], body["deal_known"]) == (
            "calling",
            offered[0]["seat"],
            False,
        )
        assert body["actions"] == offered
        assert state["current"]["legal"]["calls"] == [a["call"] for a in offered]
    state = post_event(client, state["id"], state, {"kind": "call", "call": "pass"})
    assert match_now(client, state["id"])["hands"][0]["header"] == {
        "contract": "spades",
        "declarer": 3,
        "multiplier": 4,
    }
    assert client.get(url).json()["phase"] == "playing"


def test_without_the_deal_every_declaration_the_record_does_not_rule_out(setup):
    """Spades by seat 3, no deal: seat 0 leads. At its first card it may announce any of
    the 21 sequences of each suit (3 to 8 cards of A K Q J 10 9 8 7: 6+5+4+3+2+1), 4 × 21
    = 84, the 6 fours (J 9 A K Q 10) and the belote of spades (the trump): 91, with any
    of the 32 cards. Once it played Jh, seat 1 may not announce what holds Jh: the 17
    heart sequences through J and the four jacks: 73, with 31 cards."""
    client = client_for(setup.scorer)
    state = create(client, setup)
    state = post_event(client, state["id"], state, {"kind": "deal"})
    for call in ("pass", "pass", "pass", "spades", "pass", "pass", "pass"):
        state = post_event(client, state["id"], state, {"kind": "call", "call": call})
    url = f"/api/v1/matches/{state['id']}/legal/"
    body = client.get(url).json()
    assert (body["phase"], body["to_act"], body["deal_known"]) == ("playing", 0, False)
    kinds = [a["kind"] for a in body["actions"]]
    assert (kinds.count("declaration"), kinds.count("belote"), kinds.count("play")) == (90, 1, 32)
    declarations = [a for a in body["actions"] if a["kind"] == "declaration"]
    assert declarations[0] == {
        "kind": "declaration",
        "type": "tierce",
        "cards": ["Ac", "Kc", "Qc"],
        "seat": 0,
    }
    assert {
        "kind": "declaration",
        "type": "quint",
        "cards": ["Ah", "Kh", "Qh", "Jh", "10h", "9h", "8h", "7h"],
        "seat": 0,
    } in declarations
    assert [a["cards"] for a in declarations if a["type"] == "four"] == [
        [r + s for s in "cdhs"] for r in ("J", "9", "A", "10", "K", "Q")
    ]
    assert {"kind": "belote", "suit": "s", "seat": 0} in body["actions"]
    assert state["current"]["legal"]["declarations"] is None  # the pad reads legal/
    state = post_event(client, state["id"], state, {"kind": "play", "card": "Jh"})
    body = client.get(url).json()
    kinds = [a["kind"] for a in body["actions"]]
    assert (kinds.count("declaration"), kinds.count("belote"), kinds.count("play")) == (72, 1, 31)
    assert not any("Jh" in a.get("cards", []) for a in body["actions"])
    assert {"kind": "play", "card": "Jh", "seat": 1} not in body["actions"]


def test_with_the_deal_only_the_true_declarations_and_the_b6_cards(setup):
    """The reference deal, hearts by seat 0. Seat 0 (Jh 9h Kh Qh As Ks Qs 7c) may
    announce its tierces K Q J of hearts and A K Q of spades, and the belote of hearts,
    with any card; once it announced A K Q of spades, not that one again. After its Jh,
    seat 1 (Ac Kc Qc Jc Ad 10d 8h 7h) may announce its quarte A K Q J of clubs and must
    follow hearts: 8h or 7h (it cannot beat the J). Seat 2 (Ah 10h 10s Js 9s 10c 9c 8c),
    after 7h: its tierces 10 9 8 of clubs and J 10 9 of spades, and Ah or 10h. At trick
    2, seat 0 has played: only its belote is left to announce."""
    client = client_for(setup.scorer)
    state = create(client, setup)
    state = post_event(client, state["id"], state, {"kind": "deal", "deal": DEAL})
    for call in ("hearts", "pass", "pass", "pass"):
        state = post_event(client, state["id"], state, {"kind": "call", "call": call})
    url = f"/api/v1/matches/{state['id']}/legal/"

    def declaration(seat, kind, cards):
        return {"kind": "declaration", "type": kind, "cards": cards.split(), "seat": seat}

    def plays(seat, cards):
        return [{"kind": "play", "card": c, "seat": seat} for c in cards.split()]

    body = client.get(url).json()
    assert (body["phase"], body["to_act"], body["deal_known"]) == ("playing", 0, True)
    assert body["actions"] == [
        declaration(0, "tierce", "Kh Qh Jh"),
        declaration(0, "tierce", "As Ks Qs"),
        {"kind": "belote", "suit": "h", "seat": 0},
        *plays(0, "7c Kh Qh Jh 9h As Ks Qs"),
    ]
    assert state["current"]["legal"] == {
        "calls": [],
        "cards": ["7c", "Kh", "Qh", "Jh", "9h", "As", "Ks", "Qs"],
        "declarations": body["actions"][:3],
    }
    state = post_event(client, state["id"], state, body["actions"][1])  # the spades tierce
    assert state["current"]["declarations"] == [
        {
            "seat": 0,
            "kind": "tierce",
            "cards": ["As", "Ks", "Qs"],
            "suit": None,
            "value": 20,
            "trick": 1,
        }
    ]
    assert client.get(url).json()["actions"][:2] == [
        declaration(0, "tierce", "Kh Qh Jh"),
        {"kind": "belote", "suit": "h", "seat": 0},
    ]
    state = post_event(client, state["id"], state, {"kind": "play", "card": "Jh"})
    assert Match.objects.get(pk=state["id"]).live == {
        "hand": 1,
        "phase": "playing",
        "dealer": 3,
        "contract": "hearts",
        "declarer": 0,
        "multiplier": 1,
        "tricks_won": [0, 0],
        "to_act": 1,
        "trick": [{"seat": 0, "card": "Jh"}],
    }
    assert client.get(url).json()["actions"] == [
        declaration(1, "quarte", "Ac Kc Qc Jc"),
        *plays(1, "8h 7h"),
    ]
    state = post_event(client, state["id"], state, {"kind": "play", "card": "7h"})
    assert client.get(url).json()["actions"] == [
        declaration(2, "tierce", "10c 9c 8c"),
        declaration(2, "tierce", "Js 10s 9s"),
        *plays(2, "Ah 10h"),
    ]
    for card in ("10h", "7s"):  # seat 3 has no heart (the trump): any card
        state = post_event(client, state["id"], state, {"kind": "play", "card": card})
    body = client.get(url).json()
    assert body["to_act"] == 0  # the Jh won trick 1
    assert body["actions"] == [
        {"kind": "belote", "suit": "h", "seat": 0},
        *plays(0, "7c Kh Qh 9h As Ks Qs"),
    ]
    state = post_event(client, state["id"], state, body["actions"][0])
    assert client.get(url).json()["actions"] == plays(0, "Kh Qh")  # B5: one of the pair
    assert state["current"]["belote_pending"] == {"seat": 0, "suit": "h"}


@pytest.mark.parametrize(
    ("calls_first", "event", "rule", "item"),
    [
        ((), {"kind": "call", "call": "trumps"}, "B2", {"hand": 1, "seat": 0, "call": 1}),
        ((), {"kind": "call", "call": "double"}, "B2", {"hand": 1, "seat": 0, "call": 1}),
        (
            ("hearts",),
            {"kind": "call", "call": "redouble"},
            "B2",
            {"hand": 1, "seat": 1, "call": 2},
        ),
        ((), {"kind": "declaration", "type": "sixte", "cards": ["As"]}, None, {"field": "type"}),
        (
            (),
            {"kind": "declaration", "type": "tierce", "cards": "As Ks Qs"},
            None,
            {"field": "cards"},
        ),
        ((), {"kind": "belote", "suit": "x"}, None, {"field": "suit"}),
        ((), {"kind": "play", "card": "1o"}, "V1", {"field": "card"}),  # not of the deck
        ((), {"kind": "penalty", "seat": 1, "rule": "C7"}, None, {"field": "rule"}),
        (
            (),
            {"kind": "declaration", "type": "tierce", "cards": ["As", "Ks", "Qs"], "seat": 9},
            None,
            {"field": "seat"},
        ),
        (
            (),
            {"kind": "declaration", "type": "tierce", "cards": ["As", "Ks", "Qs"]},
            "B2",
            {"hand": 1, "seat": 0, "call": 1},
        ),
        (
            ("hearts", "pass", "pass", "pass"),
            {"kind": "declaration", "type": "tierce", "cards": ["As", "Ks", "Jd"]},
            "B5",
            {"hand": 1, "trick": 1, "seat": 0, "declaration": 1},
        ),
        (
            ("no_trumps", "pass", "pass", "pass"),
            {"kind": "belote", "suit": "h"},
            "B5",
            {"hand": 1, "trick": 1, "seat": 0, "declaration": 1},
        ),
    ],
)
def test_a_faulty_event_is_refused_naming_its_rule_or_field_and_nothing_is_written(
    setup, calls_first, event, rule, item
):
    client = client_for(setup.scorer)
    state = create(client, setup)
    state = post_event(client, state["id"], state, {"kind": "deal"})
    for call in calls_first:
        state = post_event(client, state["id"], state, {"kind": "call", "call": call})
    version = Match.objects.get(pk=state["id"]).version
    body = post_event(client, state["id"], state, event, expect=400)
    # a JSON type the body's field does not take is the serializer's (with its errors)
    where = {k: v for k, v in body["item"].items() if v is not None and k != "errors"}
    assert (body["rule"], where) == (rule, item), body["message"]
    assert Match.objects.get(pk=state["id"]).version == version
