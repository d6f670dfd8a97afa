"""Each game's statistics facts of a replayed hand, counted by hand from the cards.

Card points: Spanish 1=11, 3=10, 12=4, 11=3, 10=2; Belote suit contract trumps J=20,
9=14, A=11, 10=10, K=4, Q=3, plain A=11, 10=10, K=4, Q=3, J=2.
"""

from pathlib import Path

from games.engine import find_game
from games.engine.cuatrola import Cante
from games.engine.record import load_record

from .helpers import CANTE_DEAL, DEAL, hand, play

RECORDS = Path(__file__).parent / "records"
CUATROLA = find_game("cuatrola")


def nonzero(facts: list[dict[str, int]]) -> list[dict[str, int]]:
    return [{k: v for k, v in seat.items() if v} for seat in facts]


def play_out(h, plays: str) -> None:
    play(h, plays)
    assert h.is_complete


def test_every_seat_has_every_key():
    h = hand(deal=DEAL, calls="solo pass pass pass")
    play_out(h, "1o 12o 10o 3o 1c 12e 12c 3c 1b 11e 3b 10e 10b 11b 11c")
    facts = CUATROLA.hand_facts(h)
    assert [sorted(seat) for seat in facts] == [sorted(CUATROLA.fact_keys)] * 4


def test_cuatrola_failed_solo_counted_by_trumps_held():
    # dealer 3, trump oros; seat 0 (mano) holds 1o 3o: two trumps; seat 2 sits out.
    h = hand(deal=DEAL, calls="solo pass pass pass")
    # T1 s0 1o s1 12o s3 10o -> s0 (17); T2 s0 3o s1 1c s3 12e -> s0 (25);
    # T3 s0 12c s1 3c s3 1b -> s1 (25); T4 s1 11e s3 3b s0 10e -> s1 (15);
    # T5 s1 10b s3 11b s0 11c -> s3 (8): side 1 has 25+15+8+10 = 58 > 42, the solo fails
    play_out(h, "1o 12o 10o 3o 1c 12e 12c 3c 1b 11e 3b 10e 10b 11b 11c")
    assert nonzero(CUATROLA.hand_facts(h)) == [
        {
            "declared_solo": 1,
            "declared_solo_t2": 1,
            "card_points": 42,
            "tricks": 2,
            "mano_hands": 1,
            "pts_040": 1,
        },
        {"card_points": 40, "tricks": 2, "pts_040": 1},
        {},  # sitting out the solo: no points bucket (he did not play)
        {
            "card_points": 8,
            "tricks": 1,
            "ultimas": 1,
            "dealer_hands": 1,
            "dealer_won": 1,
            "pts_000": 1,
        },
    ]


def test_cuatrola_cante_of_forty_and_mano_side_winning():
    # T1 s0 10e s1 12b s2 1e s3 11e -> s2 (20), who sings the 40 in oros (trump)
    h = hand(deal=CANTE_DEAL, plays="10e 12b 1e 11e")
    h.apply(Cante(2, "o"))
    # T2 s2 12o s3 1o s0 12c s1 1c -> s3 (30); T3 s3 3o 11c 3c 11o -> s3 (26);
    # T4 s3 10o 1b 10c 3e -> s3 (25); T5 s3 10b s0 3b 11b 12e -> s0 (19) + últimas.
    # Side 0: 20 + 19 + 10 + 40 = 89 against 81: mano's side (seat 0) wins.
    play_out(h, "12o 1o 12c 1c 3o 11c 3c 11o 10o 1b 10c 3e 10b 3b 11b 12e")
    assert nonzero(CUATROLA.hand_facts(h)) == [
        {
            "card_points": 19,
            "tricks": 1,
            "ultimas": 1,
            "mano_hands": 1,
            "mano_won": 1,
            "pts_010": 1,
        },
        {"pts_000": 1},
        {"card_points": 20, "tricks": 1, "cante_40": 1, "cante_points": 40, "pts_020": 1},
        {"card_points": 81, "tricks": 3, "dealer_hands": 1, "pts_080": 1},
    ]


def test_an_incomplete_hand_has_no_facts():
    h = hand(deal=DEAL, calls="solo pass pass pass", plays="1o")
    assert nonzero(CUATROLA.hand_facts(h)) == [{}, {}, {}, {}]


def replayed(name: str):
    record = load_record((RECORDS / name).read_text())
    game = find_game(record.game)
    match = game.new_match(record.rules)
    game.replay(match, [e for h in record.hands for e in h.events()])
    return game, match


def test_belote_doubled_contract_made_with_four_trumps_and_declarations():
    game, match = replayed("belote_valid_doubled_transfer.json")
    seat0, seat1, seat2, seat3 = nonzero(game.hand_facts(match.hands[0]))
    # seat 0 bid hearts holding Jh 9h Kh Qh, doubled; seven tricks:
    # 30 + 25 + 14 + 5 + 24 + 12 + 17 = 127 card points
    assert seat0 == {
        "declared_suit_doubled": 1,
        "made_suit_doubled": 1,
        "declared_suit_doubled_t4": 1,
        "made_suit_doubled_t4": 1,
        "card_points": 127,
        "tricks": 7,
        "mano_hands": 1,
        "mano_won": 1,
        "decl_tierce": 1,
        "decl_belote": 1,
        "decl_points": 40,
        "pts_120": 1,
    }
    # the last trick 7c Ac 10c Kd to seat 1: 0 + 11 + 10 + 4
    assert seat1 == {
        "card_points": 25,
        "tricks": 1,
        "ultimas": 1,
        "decl_quarte": 1,
        "decl_points": 50,
        "pts_020": 1,
    }
    assert seat2 == {"pts_000": 1}
    assert seat3 == {"dealer_hands": 1, "decl_tierce": 2, "decl_points": 40, "pts_000": 1}


def test_belote_capot_goes_to_the_seat_of_the_last_trick():
    game, match = replayed("belote_valid_capot_all_sequences.json")
    seat0 = nonzero(game.hand_facts(match.hands[0]))[0]
    assert (seat0["capots"], seat0["ultimas"], seat0["tricks"]) == (1, 1, 8)
    assert seat0["card_points"] == 152  # every card of a suit contract, without últimas
    assert seat0["declared_suit_t8"] == seat0["made_suit_t8"] == 1


def test_subastao_tute_makes_the_bid_in_its_band():
    game, match = replayed("subastao/subastao_valid_p3_tute_then_a_hand_in_the_auction.json")
    first, unfinished = match.hands
    assert nonzero(game.hand_facts(first)) == [
        {
            "declared_bid120": 1,
            "made_bid120": 1,
            "declared_bid120_t2": 1,
            "made_bid120_t2": 1,
            "tutes": 1,
            "bid_points": 120,  # no margin: the tute made it, the hand was not played out
            "card_points": 21,  # 1c 3c 4c
            "tricks": 1,
            "mano_hands": 1,
            "mano_won": 1,
            "pts_020": 1,
        },
        {"pts_000": 1},
        {"dealer_hands": 1, "pts_000": 1},
    ]
    assert nonzero(game.hand_facts(unfinished)) == [{}, {}, {}]


def test_every_kind_counted_has_a_title():
    from games.engine import games

    for game in games():
        kinds = {k.removeprefix("declared_") for k in game.fact_keys if k.startswith("declared_")}
        assert set(game.fact_kinds) == {
            k for k in kinds if not any(k.endswith(f"_t{n}") for n in range(13))
        }, game.name
