"""A dealer that is no seat of the table is refused with the deal's rule and says the
value it was given (C1, S1, B1): a scorer who typed 9 sees "not 9", in both languages."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from games.engine import check_text, find_game
from games.refusals import localize

NAMES = ["Ana", "Blas", "Carmen", "Diego"]


def refused(game: str, seats: int, hands: list[dict]) -> dict:
    doc = {"format": "card-record", "version": 1, "game": game, "seats": NAMES[:seats]}
    line, status = check_text(json.dumps({**doc, "hands": hands}), "dealer.json")
    assert status == 1
    return line["error"]


@pytest.mark.parametrize(
    ("game", "seats", "header", "rule", "last"),
    [
        ("cuatrola", 4, {"trump_card": "12o"}, "C1", 3),
        ("subastao", 3, {}, "S1", 2),
        ("belote", 4, {}, "B1", 3),
    ],
)
def test_the_first_hands_dealer_outside_the_table(game, seats, header, rule, last):
    error = refused(game, seats, [{"dealer": 9, **header}])
    assert (error["rule"], error["hand"]) == (rule, 1)
    assert error["message"] == f"dealer must be a seat from 0 to {last}, not 9"


def test_the_message_is_spanish_on_the_site():
    error = refused("belote", 4, [{"dealer": -1}])
    with translation.override("es"):
        shown = localize(error["message"], game=find_game("belote"), names=NAMES)
    assert shown == "quien reparte debe ser un asiento de 0 a 3, no -1"
