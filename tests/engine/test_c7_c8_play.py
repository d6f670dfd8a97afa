"""C7 (legal card, "arrastre") and C8 (trick winner) as pure functions, hand-computed."""

import pytest

from games.engine.cuatrola.play import context, legal_cards, trick_winner, violation

from .helpers import C


def cards(text: str):
    return [C(t) for t in text.split()]


def legal(hand: str, trick: str, trump: str = "o") -> list[str]:
    return [c.text for c in legal_cards(cards(hand), context(cards(trick), trump))]


@pytest.mark.parametrize(
    ("hand", "trick", "expected", "why"),
    [
        ("1c 10c 3b", "", ["1c", "10c", "3b"], "C7.1 the leader may play any card"),
        ("1c 10c 3b", "12c", ["1c"], "C7.2 must beat 12c when able"),
        ("10c 11c 1o", "3c", ["10c", "11c"], "C7.2 cannot beat 3c: any copas, not a trump"),
        (
            "1c 10c 3o",
            "12c 1o",
            ["1c", "10c"],
            "C7.2 after someone trumped: follow suit, no obligation to beat (or to trump)",
        ),
        ("10o 1b", "12c", ["10o"], "C7.3 void in copas, holding a trump: must trump"),
        ("3o 10o 1b", "12c 11o", ["3o"], "C7.3 must overtrump 11o with 3o"),
        (
            "3o 10o 1b",
            "12c 1o",
            ["3o", "10o", "1b"],
            "C7.3 unable to overtrump 1o: any card, a lower trump or another suit",
        ),
        ("1b 3e", "12c", ["1b", "3e"], "C7.4 void in copas and trump: any card"),
        ("1o 10o 1b", "11o", ["1o"], "C7.2 trump lead: beat with a higher trump"),
        ("1c 1b", "11o", ["1c", "1b"], "trump lead, void in trump: any card"),
        ("3c 10c", "12c 1b", ["3c"], "C7.5 no exception for a partner winning the trick"),
        ("1c 12c", "10c 3c", ["1c"], "C7.2 must beat the highest copas (3c), not the lead"),
        ("12c 1b", "10c 1o", ["12c"], "C7.2 after a trump: still must follow suit"),
    ],
)
def test_c7_legal_cards(hand, trick, expected, why):
    assert legal(hand, trick) == expected, why


def test_c7_violation_names_the_subrule_and_the_witness():
    ctx = context(cards("12c"), "o")
    v = violation(C("10c"), C("1c"), ctx)
    assert (v.subrule, v.reason, v.witness.text) == ("C7.2", "beat", "1c")
    v = violation(C("1b"), C("11c"), ctx)
    assert (v.subrule, v.reason) == ("C7.2", "follow")
    v = violation(C("1b"), C("10o"), ctx)
    assert (v.subrule, v.reason) == ("C7.3", "trump")
    v = violation(C("10o"), C("3o"), context(cards("12c 11o"), "o"))
    assert (v.subrule, v.reason) == ("C7.3", "overtrump")
    # a witness that would not have to be played proves nothing
    assert violation(C("1b"), C("3e"), ctx) is None
    assert violation(C("10c"), C("11c"), ctx) is None


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ("12c 1c 10o 3c", "o", 2),  # the only trump wins
        ("12c 1b 3e 11c", "o", 0),  # off-suit cards never win
        ("10o 1o 3c", "o", 1),  # trump lead: highest trump
        ("3c 1c 11o 3o", "o", 3),  # overtrump
        ("10e 11e 12e", "b", 2),  # highest of the led suit
    ],
)
def test_c8_trick_winner(trick, trump, winner):
    assert trick_winner(cards(trick), trump) == winner
