"""Cards and decks: C1 (20 cards), C2 (order and points), S1/B1 decks for later games."""

import pickle

import pytest

from games.engine import FRENCH_32, SPANISH_20, SPANISH_36, SPANISH_40, Card


def test_c1_the_cuatrola_deck_has_the_five_top_ranks_of_each_suit():
    assert len(SPANISH_20) == 20
    assert {c.rank for c in SPANISH_20} == {"1", "3", "12", "11", "10"}
    assert {c.suit for c in SPANISH_20} == {"o", "c", "e", "b"}


def test_c2_order_and_points():
    order = sorted(
        (c for c in SPANISH_20 if c.suit == "c"), key=SPANISH_20.strength.get, reverse=True
    )
    assert [c.text for c in order] == ["1c", "3c", "12c", "11c", "10c"]
    assert [SPANISH_20.points[c] for c in order] == [11, 10, 4, 3, 2]
    assert SPANISH_20.total_points() == 120


def test_other_decks():
    assert (len(SPANISH_36), len(SPANISH_40), len(FRENCH_32)) == (36, 40, 32)
    assert SPANISH_36.total_points() == SPANISH_40.total_points() == 120
    assert "2o" not in {c.text for c in SPANISH_36}
    assert SPANISH_40.strength[Card.parse("2o")] < SPANISH_40.strength[Card.parse("4o")]


def test_cards_are_interned_immutable_values():
    assert Card.parse("12o") is Card.parse("12o")
    assert str(Card.parse("12o")) == "12o"
    assert pickle.loads(pickle.dumps(Card.parse("3b"))) is Card.parse("3b")
    with pytest.raises(AttributeError):
        Card.parse("1o").rank = "3"


@pytest.mark.parametrize("text", ["", "13o", "1x", "o1", "7o "])
def test_not_a_card(text):
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)
    assert SPANISH_20.card(text) is None


def test_seven_is_not_in_the_cuatrola_deck():
    assert SPANISH_20.card("7o") is None
    assert Card.parse("7o") not in SPANISH_20
