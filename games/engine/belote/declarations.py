"""Declarations (RULES.md B5) on their own terms: what a declaration is worth, whether
its cards make the sequence or four of a kind its kind says, the house rule
``compare_sequences``, and the declarations a known hand holds.

Whether its seat really held the cards is the hand's business (V2, ``hand.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..cards import FRENCH_32, Card
from ..messages import msg

#: B5 sequences run in the natural order, whatever the contract.
NATURAL = ("A", "K", "Q", "J", "10", "9", "8", "7")
NATURAL_INDEX = {rank: i for i, rank in enumerate(NATURAL)}
SEQUENCE_KINDS = ("tierce", "quarte", "quint")
KINDS = (*SEQUENCE_KINDS, "four", "belote")
SEQUENCE_VALUE = {"tierce": 20, "quarte": 50, "quint": 100}
FOUR_VALUE = {"J": 200, "9": 150, "A": 100, "K": 100, "Q": 100, "10": 100}
BELOTE_VALUE = 20


def sequence_kind(length: int) -> str | None:
    """tierce (3), quarte (4), quint (5 or more)."""
    if length < 3:
        return None
    return SEQUENCE_KINDS[min(length, 5) - 3]


class Shape(NamedTuple):
    """A well-formed sequence or four: its cards, its value, and (sequences) its rank for
    ``compare_sequences``: longer first, then the higher top card."""

    kind: str
    cards: tuple[Card, ...]
    value: int
    strength: tuple[int, int] | None


def shape_of(kind: str, texts: Sequence[Card | str]) -> Shape | str:
    """The :class:`Shape` of a sequence or four of a kind, or why it is not one (text)."""
    if not texts:
        return "its cards are missing"
    cards = []
    for text in texts:
        card = FRENCH_32.card(text) if isinstance(text, str) else text
        if card not in FRENCH_32:
            return msg("{text} is not a card of the 32-card deck", text=text)
        cards.append(card)
    if len(set(cards)) != len(cards):
        return "a card is named twice"
    listed = " ".join(c.text for c in cards)
    if kind == "four":
        ranks = {c.rank for c in cards}
        if len(cards) != 4 or len(ranks) != 1:
            return msg(
                "a four of a kind is the four cards of one rank, not {listed}", listed=listed
            )
        rank = cards[0].rank
        if rank not in FOUR_VALUE:
            return msg(
                "four {rank}s are not a declaration (fours of J, 9, A, K, Q or 10)", rank=rank
            )
        return Shape(kind, tuple(cards), FOUR_VALUE[rank], None)
    if kind not in SEQUENCE_KINDS:
        return msg(
            "unknown declaration {kind!r}: one of {items}", kind=kind, items=", ".join(KINDS)
        )
    indices = sorted(NATURAL_INDEX[c.rank] for c in cards)
    if (
        not cards
        or len({c.suit for c in cards}) != 1
        or indices != list(range(indices[0], indices[0] + len(cards)))
    ):
        return msg(
            "{listed} is not a sequence of one suit in the order A K Q J 10 9 8 7", listed=listed
        )
    if sequence_kind(len(cards)) != kind:
        need = {"tierce": "3", "quarte": "4", "quint": "5 or more"}[kind]
        return msg(
            "a {kind} is {need} cards in sequence, not {n_cards}",
            kind=kind,
            need=need,
            n_cards=len(cards),
        )
    return Shape(kind, tuple(cards), SEQUENCE_VALUE[kind], (len(cards), -indices[0]))


def belote_cards(suit: str) -> tuple[Card, Card]:
    """The K and Q of ``suit``."""
    return FRENCH_32.card("K" + suit), FRENCH_32.card("Q" + suit)


def scoring_sequences(best: Sequence[tuple[int, int] | None]) -> tuple[bool, bool]:
    """``compare_sequences`` (B5): which sides' sequences score, given each side's best
    sequence rank (None: no sequence). Only the better side's do; a full tie: neither."""
    a, b = best
    if a is None or b is None:
        return True, True
    return a > b, b > a


def runs(cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Maximal sequences of 3 or more cards in ``cards`` (strongest first)."""
    by_suit: dict[str, set[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, set()).add(NATURAL_INDEX[card.rank])
    out = []
    for suit in FRENCH_32.suits:
        have = by_suit.get(suit, set())
        start = None
        for i in range(len(NATURAL) + 1):
            if i < len(NATURAL) and i in have:
                start = i if start is None else start
                continue
            if start is not None and i - start >= 3:
                out.append(tuple(FRENCH_32.card(NATURAL[j] + suit) for j in range(start, i)))
            start = None
    return out


def fours(cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Fours of a kind (J 9 A K Q 10) in ``cards``."""
    by_rank: dict[str, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(card.rank, []).append(card)
    return [
        tuple(FRENCH_32.sort(group))
        for rank, group in by_rank.items()
        if len(group) == 4 and rank in FOUR_VALUE
    ]
