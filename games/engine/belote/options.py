"""Belote ruleset options, contracts and their card orders (RULES.md B1–B4, B7–B9)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FRENCH_32, Card
from ..core.options import TARGET_MAX, Range, Ruleset

SEATS = 4
HAND_SIZE = 8
TRICKS = 8
LAST_TRICK_BONUS = 10  # B4
CAPOT_BONUS = 90  # B7
#: the numeric options' ranges (RULES.md)
RANGES = {"target": Range(1, TARGET_MAX)}

#: Contracts in rising order (B2); the four suit contracts name their trump suit.
CONTRACTS = ("clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps")
CONTRACT_RANK = {name: rank for rank, name in enumerate(CONTRACTS, 1)}
CALLS = ("pass", *CONTRACTS, "double", "redouble")
SUIT_OF_CONTRACT = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}

#: B3: within a trump-ranked suit and within a plain suit, strongest first.
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
#: B4 card points.
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


class Contract:
    """A contract's play rules: which suits rank as trump (B3), card points (B4), whether
    a trump cuts another suit (suit contracts only, B6) and the B8 rounding threshold."""

    __slots__ = ("beat", "kind", "name", "points", "strength", "threshold", "total", "trump")

    def __init__(self, name: str) -> None:
        self.name = name
        self.trump: str | None = SUIT_OF_CONTRACT.get(name)
        self.kind = "suit" if self.trump else name
        trump_suits = (
            set(FRENCH_32.suits) if name == "all_trumps" else {self.trump} if self.trump else set()
        )
        #: suits in which a follower must beat the highest card of the led suit (B6)
        self.beat = frozenset(trump_suits)
        self.strength: dict[Card, int] = {}
        self.points: dict[Card, int] = {}
        for card in FRENCH_32:
            order, points = (
                (TRUMP_ORDER, TRUMP_POINTS)
                if card.suit in trump_suits
                else (PLAIN_ORDER, PLAIN_POINTS)
            )
            self.strength[card] = len(order) - order.index(card.rank)
            self.points[card] = points[card.rank]
        #: the round's card points, last trick included: 162, 258 or 130 (B7)
        self.total = sum(self.points.values()) + LAST_TRICK_BONUS
        #: B8: round up when the remainder of ÷10 is at least this
        self.threshold = {"all_trumps": 4, "no_trumps": 5}.get(name, 6)

    def __repr__(self) -> str:
        return f"<Contract {self.name}>"


CONTRACT = {name: Contract(name) for name in CONTRACTS}


def game_points(round_points: int, contract: Contract) -> int:
    """B8: round points ÷ 10, rounded up when the remainder reaches the threshold."""
    tens, rest = divmod(round_points, 10)
    return tens + (1 if rest >= contract.threshold else 0)


@dataclass(frozen=True, slots=True)
class BeloteRules(Ruleset):
    """The options a club may set (RULES.md "Belote"). Defaults are the standard game.

    - ``target``: the game ends after the round in which a side reaches it (B9).
    - ``compare_sequences``: only the side with the best sequence scores its sequences (B5).
    - ``renuncio_penalty``: an organiser may end a round against a revoking seat (B7).
    """

    game = "belote"
    ranges = RANGES
    flags = ("compare_sequences", "renuncio_penalty")

    target: int = 151
    compare_sequences: bool = False
    renuncio_penalty: bool = True

    def __post_init__(self) -> None:
        self.check_options()
