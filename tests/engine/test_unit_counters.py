"""The unit counters (``MatchUnit.counter_1…``, what the standings sum) are derived from
the hand facts (``Game.unit_counters``: each game's ``facts.COUNTERS``); they give what
each game's own tally of the checker's summary gave before (the oracles below, read from
``HandOutcome.facts``: another account of the hand than the facts), so the stored columns
keep their values. Random matches of every game, each also ended by a penalty at random
points (a late penalty re-scores a hand), and hands counted by hand."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from games.engine import HandOutcome, find_game, games
from games.engine.cuatrola import Cante, CuatrolaRules
from games.engine.errors import RuleError
from games.engine.facts import GAINED, WON
from games.engine.record import load_record

from .helpers import CANTE_DEAL, DEAL, hand, play

CUATROLA = find_game("cuatrola")


def _cuatrola(rules: Any, outcome: HandOutcome) -> list[dict[str, int]]:
    """Per side: the declaration won (1 under its name for the declarer's side, when it
    won the hand), made (``declared_<kind>``, won or not), the side's cante points."""
    facts = outcome.facts
    out = [dict.fromkeys(find_game("cuatrola").counters, 0) for _ in (0, 1)]
    declarer, winner = facts["declarer"], facts["winner_side"]
    if declarer is not None:
        out[declarer % 2][f"declared_{facts['declaration']}"] = 1
        if declarer % 2 == winner:
            out[winner][facts["declaration"]] = 1
    for side in (0, 1):
        out[side]["cante_points"] = facts["cantes"][side]
    return out


def _subastao(rules: Any, outcome: HandOutcome) -> list[dict[str, int]]:
    """Per unit: the auction won (the bidder's), the contract made, the tute (the
    singer's unit), the unit's cante points."""
    facts = outcome.facts
    out = [dict.fromkeys(find_game("subastao").counters, 0) for _ in range(rules.units)]
    if not facts["void"]:
        unit = rules.unit_of(facts["bidder"])
        out[unit]["bids_won"] = 1
        out[unit]["bids_made"] = int(bool(facts["made"]))
        if facts["tute"] is not None:
            out[rules.unit_of(facts["tute"])]["tutes"] = 1
    for unit, points in enumerate(facts["cantes"]):
        out[unit]["cante_points"] = points
    return out


def _belote(rules: Any, outcome: HandOutcome) -> list[dict[str, int]]:
    """Per side: its game points, the round won (more round points), the capot of the
    scoring, the contract called, made (at least the defence's round points), made
    doubled or redoubled."""
    facts = outcome.facts
    out = [dict.fromkeys(find_game("belote").counters, 0) for _ in (0, 1)]
    for side in (0, 1):
        out[side]["game_points"] = facts["game_points"][side]
    if outcome.winner_unit is not None:
        out[outcome.winner_unit]["rounds_won"] = 1
    if facts["capot"] is not None:
        out[facts["capot"]]["capots"] = 1
    if not facts["void"]:
        side = facts["declarer"] % 2
        out[side]["contracts"] = 1
        points = facts["round_points"]
        if points[side] >= points[1 - side]:
            out[side]["contracts_made"] = 1
            out[side]["doubled_made"] = int(facts["multiplier"] > 1)
    return out


ORACLES = {"cuatrola": _cuatrola, "subastao": _subastao, "belote": _belote}
RULESETS = {
    "cuatrola": [None, {"quintola": True}],
    "subastao": [None, {"players": 4}, {"players": 4, "failed_bid": "split"}],
    "belote": [None, {"compare_sequences": False}],
}


def _penalised(game: Any, rules: Any, events: list[Any], rng: random.Random) -> Any | None:
    """The match of ``events`` cut at a random point of a random hand, then a penalty
    against a random seat (None when the game refuses it there)."""
    starts = [i for i, e in enumerate(events) if game.is_deal(e)]
    start = rng.choice(starts)
    end = next((i for i in starts if i > start), len(events))
    cut = rng.randint(start + 1, end)
    rule = rng.choice(game.penalty_rules)
    penalty = game.event_from_dict(
        {"kind": "penalty", "seat": rng.randrange(game.seats(rules)), "rule": rule}
    )
    match = game.new_match(rules)
    try:
        game.replay(match, [*events[:cut], penalty])
    except RuleError:
        return None
    return match


def _checked(game: Any, rules: Any, match: Any) -> int:
    """Every complete hand's derived counters against the oracle's; how many hands."""
    outcomes = game.outcomes(match)
    for outcome in outcomes:
        assert game.unit_counters(rules, outcome) == ORACLES[game.name](rules, outcome), (
            game.name,
            outcome.number,
            outcome.facts,
        )
    return len(outcomes)


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_the_counters_from_the_facts_are_the_games_own_tally(name):
    game = find_game(name)
    rng = random.Random(f"counters-{name}")
    hands = penalised = 0
    for options in RULESETS[name]:
        rules = game.parse_rules(options)
        for i in range(24):
            record = game.random_match(rng, rules, with_deal=i % 4 != 3)
            events = [e for hand in record.hands for e in hand.events()]
            match = game.new_match(rules)
            game.replay(match, events)
            hands += _checked(game, rules, match)
            for _ in range(3):
                cut = _penalised(game, rules, events, rng)
                if cut is not None:
                    _checked(game, rules, cut)
                    penalised += 1
    # the draws reached many hands of each kind, and many a penalty the game took
    assert hands > 200
    assert penalised > 40


def test_every_counter_sums_facts_of_its_game_in_the_columns_order():
    for game in games():
        assert game.counters == tuple(game.counter_facts), game.name
        terms = {t for ts in game.counter_facts.values() for t in ts}
        assert terms <= {*game.fact_keys, GAINED, WON}, game.name


# ----------------------------------------------------------------- counted by hand
RECORDS = Path(__file__).parent / "records"


def _replayed(name: str) -> tuple[Any, Any, Any]:
    record = load_record((RECORDS / name).read_text())
    game = find_game(record.game)
    match = game.new_match(record.rules)
    game.replay(match, [e for h in record.hands for e in h.events()])
    return game, record.rules, match


def _nonzero(counters: list[dict[str, int]]) -> list[dict[str, int]]:
    return [{k: v for k, v in unit.items() if v} for unit in counters]


def _of_hand(h: Any) -> HandOutcome:
    """A lone Cuatrola hand's outcome as far as its counters read it: its facts (the
    game's counters are facts only, no :data:`GAINED` nor :data:`WON`)."""
    return HandOutcome(h.number, (0, 0), (0, 0), None, {}, tuple(CUATROLA.hand_facts(h)))


def test_cuatrola_a_failed_solo_counts_declared_only_and_the_partner_sat_out():
    # seat 0 (mano, side 0) declares a solo, seat 2 sits out; side 1 takes 58 of 100
    # (tests/engine/test_hand_facts.py counts the tricks): declared, not won
    h = hand(deal=DEAL, calls="solo pass pass pass")
    play(h, "1o 12o 10o 3o 1c 12e 12c 3c 1b 11e 3b 10e 10b 11b 11c")
    assert _nonzero(CUATROLA.unit_counters(CuatrolaRules(), _of_hand(h))) == [
        {"declared_solo": 1},
        {},
    ]


def test_cuatrola_a_cante_counts_for_the_singers_side():
    # a plain hand (four passes): seat 2 sings the 40 in oros after trick 1; seat 3's
    # side takes 81 card points, no cante
    h = hand(deal=CANTE_DEAL, plays="10e 12b 1e 11e")
    h.apply(Cante(2, "o"))
    play(h, "12o 1o 12c 1c 3o 11c 3c 11o 10o 1b 10c 3e 10b 3b 11b 12e")
    assert _nonzero(CUATROLA.unit_counters(CuatrolaRules(), _of_hand(h))) == [
        {"cante_points": 40},
        {},
    ]


def test_cuatrola_a_quintola_won():
    game, rules, match = _replayed("valid_first_to_no_c4_limit.json")
    # hand 1: seat 0's quintola, all five tricks to side 0
    assert _nonzero(game.unit_counters(rules, game.outcomes(match)[0])) == [
        {"quintola": 1, "declared_quintola": 1},
        {},
    ]


def test_subastao_in_pairs_the_partners_cantes_add_up():
    game, rules, match = _replayed("subastao/subastao_valid_p4_partners_sing_and_a_failed_bid.json")
    made, failed = (game.unit_counters(rules, o) for o in game.outcomes(match))
    # hand 1: seat 0 bids 60 and makes it (190 points); seat 0 sings oros, the trump (40),
    # seat 2 espadas (20): 60 for the side
    assert _nonzero(made) == [{"bids_won": 1, "bids_made": 1, "cante_points": 60}, {}]
    # hand 2: seat 1 bids 60, side 1 takes no trick: won the auction, not made
    assert _nonzero(failed) == [{}, {"bids_won": 1}]


def test_subastao_of_three_each_seat_is_a_unit():
    name = "subastao/subastao_valid_p3_tute_then_a_hand_in_the_auction.json"
    game, rules, match = _replayed(name)
    # seat 0 bids 120 and sings a tute: the contract made whatever the points (S5)
    assert _nonzero(game.unit_counters(rules, game.outcomes(match)[0])) == [
        {"bids_won": 1, "bids_made": 1, "tutes": 1},
        {},
        {},
    ]


def test_belote_a_penalty_after_a_capot_leaves_no_capot():
    """Spades by seat 0, every trick to side 0: a capot (472 to 200 round points: 47 and
    20 game points). A penalty against seat 1 after the last trick (B7): side 0 scores
    162 + every declaration (220 + 200) = 582, 58 game points, and no capot."""
    game, rules, match = _replayed("belote_valid_capot_all_sequences.json")
    assert _nonzero(game.unit_counters(rules, game.outcomes(match)[0])) == [
        {"game_points": 47, "rounds_won": 1, "capots": 1, "contracts": 1, "contracts_made": 1},
        {"game_points": 20},
    ]
    match.apply(game.event_from_dict({"kind": "penalty", "seat": 1, "rule": "B6"}))
    outcome = game.outcomes(match)[0]
    assert _nonzero(game.unit_counters(rules, outcome)) == [
        {"game_points": 58, "rounds_won": 1, "contracts": 1, "contracts_made": 1},
        {},
    ]
    assert outcome.seat_facts[0]["capots"] == 0  # nor in the statistics
