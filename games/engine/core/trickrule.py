"""A game's trick rule (C7, S4, B6) as the core's hand state uses it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from ..cards import Card


class TrickRule(NamedTuple):
    """Pure functions of the trick context (``ctx.lead``: None for the leader).

    ``violation(card, witness, ctx)`` is the one-witness test V2 rests on (holding
    ``witness`` makes playing ``card`` illegal); ``witness_suits(card, ctx)`` the suits
    whose held cards could make the play illegal (a superset, empty for most plays);
    ``legal_cards(hand, ctx)`` those of a known hand; ``winner(ctx, cards)`` the position
    of the card winning the trick; ``advance(ctx, card)`` the context after a card.
    """

    advance: Callable[[Any, Card], Any]
    violation: Callable[[Card, Card, Any], Any]
    witness_suits: Callable[[Card, Any], tuple[str, ...]]
    legal_cards: Callable[[Iterable[Card], Any], list[Card]]
    winner: Callable[[Any, Sequence[Card]], int]
