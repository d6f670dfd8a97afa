"""What the figures mean (issue 19, items 11, 13, 14, 15): each record's figures counted
by hand from its published checker output (``*.expected.json`` beside it), then routed
to the scopes by ``stats.facts`` without a database."""

import json
from collections import Counter
from pathlib import Path

from games.engine import find_game
from games.engine.record import load_record
from stats.facts import MatchInfo, replay_facts, route
from stats.report import game_stats

RECORDS = Path(__file__).parents[1] / "engine" / "records"
EXAMPLES = RECORDS / "shared"  # the public examples
PLAYERS = (11, 12, 13, 14)


def replayed(path: Path, players=PLAYERS):
    record = load_record(path.read_text())
    game = find_game(record.game)
    info = MatchInfo(
        1,
        record.game,
        record.rules.as_dict(),
        record.hands[0].dealer,
        7,
        2026,
        None,
        players[: game.seats(record.rules)],
    )
    events = [game.event_to_dict(e) for h in record.hands for e in h.events()]
    facts = replay_facts(info, events)
    totals = Counter()
    route(info, facts, totals)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    return facts, totals, expected


def scope(totals: Counter, name: str, key: str) -> dict[str, int]:
    return {m: v for (s, k, _c, _g, m, _t), v in totals.items() if (s, k) == (name, key)}


def test_belote_void_round_is_counted_apart_and_averages_over_the_round_played():
    facts, totals, expected = replayed(RECORDS / "belote_valid_void_round_then_a_round.json")
    # round 1: four passes (void); round 2: hearts by seat 0, 167 to 125 round points
    assert [h["void"] for h in expected["hands"]] == [True, False]
    assert (facts.hands, facts.void) == (2, 1)
    club = scope(totals, "club", "7")
    assert (club["hands"], club["void_hands"], club["matches"]) == (2, 1, 1)
    stats = game_stats("belote", club)
    assert stats.played == 1
    # card points 127 and 35, less the 10 of últimas in the 35: 152 in the one round
    # played (not 76 a round, as when the void round was divided by)
    assert stats.per_hand("card_points") == 152.0
    # the contract made: its game points 17 for the declarer's side, 12 for the other
    suit = next(d for d in stats.declarations if d.kind == "suit")
    assert (suit.declared, suit.made, suit.failed) == (1, 1, 0)
    assert (suit.score_for, suit.score_against) == (17, 12)
    # seat 0 and seat 2 (side 0) won the round; side 1 defended and did not break it
    assert scope(totals, "player", "11")["hands_won"] == 1
    assert "hands_won" not in scope(totals, "player", "12")
    pair = scope(totals, "pair", "12-14")
    assert (pair["defended"], pair.get("broke", 0), pair["hands"], pair["void_hands"]) == (
        1,
        0,
        2,
        1,
    )
    assert "defended" not in club  # a side's own: a club has every side


def test_belote_redoubled_is_its_own_kind():
    _facts, totals, expected = replayed(RECORDS / "belote_valid_redoubled.json")
    assert expected["hands"][0]["multiplier"] == 4
    club = scope(totals, "club", "7")
    assert club["declared_suit_redoubled"] == club["made_suit_redoubled"] == 1
    assert "declared_suit_doubled" not in club
    assert club["score_for_suit_redoubled"] == 117  # game points [117, 0]
    assert "score_against_suit_redoubled" not in club


def test_subastao_bids_margins_capots_and_contracts_broken():
    path = RECORDS / "subastao" / "subastao_valid_p4_partners_sing_and_a_failed_bid.json"
    _facts, totals, expected = replayed(path)
    first, second = expected["hands"]
    # hand 1: seat 0 bids 60, side 0 takes 190 (made, +130) and every trick;
    # hand 2: seat 1 bids 60, its side takes 0 (failed, −60), side 0 every trick
    assert (first["bid"], first["points"], first["made"]) == (60, [190, 0], True)
    assert (second["bid"], second["points"], second["made"]) == (60, [130, 0], False)
    club = scope(totals, "club", "7")
    stats = game_stats("subastao", club)
    assert stats.bids == {"average": 60.0, "margin": 35.0}  # (130 − 60) / 2
    band = next(d for d in stats.declarations if d.kind == "bid60")
    assert (band.declared, band.made, band.failed) == (2, 1, 1)
    # delta [60, 0] both hands: the bidder's side gained 60 then 0, the others 0 then 60
    assert (band.score_for, band.score_against) == (60, 60)
    assert band.per_call(band.score_for) == 30.0
    # every trick to side 0 both times: once declaring, once defending
    assert stats.capots == (1, 1)
    # side 0 (players 11 and 13) broke the one contract it defended; side 1 none
    assert scope(totals, "pair", "11-13")["broke"] == 1
    assert scope(totals, "pair", "11-13")["defended"] == 1
    assert "broke" not in scope(totals, "pair", "12-14")
    assert scope(totals, "player", "13")["broke"] == 1  # each partner: once, not twice


def test_cuatrola_calls_points_per_call_the_partner_sitting_out_and_head_to_head():
    _facts, totals, expected = replayed(EXAMPLES / "valid_003_exact11_q_none_calm.json")
    hands = expected["hands"]
    club = scope(totals, "club", "7")
    # by hand from the checker's output: per call, the match points of each side
    for kind in ("solo", "cuatrola", "quintola"):
        called = [h for h in hands if h["declaration"] == kind]
        ours = sum(h["value"] for h in called if h["winner_side"] == h["declarer"] % 2)
        theirs = sum(h["value"] for h in called if h["winner_side"] != h["declarer"] % 2)
        assert club.get(f"declared_{kind}", 0) == len(called)
        assert club.get(f"score_for_{kind}", 0) == ours
        assert club.get(f"score_against_{kind}", 0) == theirs
    # every seat of every hand falls in a points bucket but the partner sitting out (C5)
    calls = sum(h["declaration"] != "plain" for h in hands)
    assert calls > 0
    buckets = sum(v for m, v in club.items() if m.startswith("pts_"))
    assert buckets == 4 * len(hands) - calls
    # each player sat out the hands their partner declared: played the others
    for seat, player in enumerate(PLAYERS):
        partner = sum(h["declarer"] == (seat + 2) % 4 for h in hands if h["declarer"] is not None)
        mine = scope(totals, "player", str(player))
        assert mine.get("sat_out_hands", 0) == partner
        assert game_stats("cuatrola", mine).played == len(hands) - partner
        assert sum(v for m, v in mine.items() if m.startswith("pts_")) == len(hands) - partner
    assert "sat_out_hands" not in scope(totals, "pair", "11-13")  # a pair played them all
    # head to head: side 1 (seats 1 and 3: players 12 and 14) won the match 11–4
    assert (expected["winner_side"], expected["score"]) == (1, [4, 11])
    won = sum(h["winner_side"] == 1 for h in hands)
    assert scope(totals, "versus", "12:11") == {
        "matches": 1,
        "matches_won": 1,
        "played_hands": len(hands),
        "hands_won": won,
    }
    assert scope(totals, "versus", "11:12") == {
        "matches": 1,
        "played_hands": len(hands),
        "hands_won": len(hands) - won,
    }
    assert scope(totals, "versus", "12-14:11-13")["matches_won"] == 1
    assert scope(totals, "versus", "11:13") == {}  # partners are not opponents
    assert scope(totals, "player", "14")["matches_won"] == 1
    assert (scope(totals, "player", "11")["matches"], scope(totals, "club", "7")["matches"]) == (
        1,
        1,
    )
