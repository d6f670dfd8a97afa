"""A computer player's card play, shared by every trick-taking game of the engine.

Each game's ``strategy.py`` decides its own calls, bids and cantes and asks
:func:`choose_card` for the card, passing what only the game knows: which suits are
trump, the cards' strength and points, and who wins a trick. The play is simple and
deterministic (the tie between equal choices goes to the deck's order):

- leading: the strongest card of a plain suit (an ace or a three usually takes the
  trick), or the lowest trump when only trumps are left;
- the partner is winning the trick: the cheapest card;
- the trick can be won: the lowest card that wins it (a plain card before a trump);
- it cannot: the cheapest card (fewest points, then lowest).

Only cards the hand lists as legal are ever chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from .cards import Card

#: who wins a trick: the index of the winning card among ``cards`` (in play order)
TrickWinner = Callable[[list[Card]], int]


def choose_card(
    legal: Sequence[Card],
    trick: Sequence[tuple[int, Card]],
    *,
    seat: int,
    same_side: Callable[[int, int], bool],
    winner: TrickWinner,
    strength: Mapping[Card, int],
    points: Mapping[Card, int],
    trumps: Collection[str],
) -> Card:
    """The card ``seat`` plays among ``legal`` (not empty) to ``trick`` so far
    (``[(seat, card)]`` in play order)."""
    if not legal:
        raise ValueError("no legal card to choose from")
    if len(legal) == 1:
        return legal[0]

    def cheap(card: Card) -> tuple[bool, int, int]:
        return (card.suit in trumps, points[card], strength[card])

    if not trick:
        plain = [c for c in legal if c.suit not in trumps]
        if plain:
            return max(plain, key=lambda c: (strength[c], points[c]))
        return min(legal, key=cheap)
    cards = [card for _, card in trick]
    if same_side(trick[winner(cards)][0], seat):
        return min(legal, key=cheap)
    winning = [c for c in legal if winner([*cards, c]) == len(cards)]
    if winning:
        return min(winning, key=lambda c: (c.suit in trumps, strength[c], points[c]))
    return min(legal, key=cheap)


def card_for(
    hand: Any,
    winner: TrickWinner,
    strength: Mapping[Card, int],
    points: Mapping[Card, int],
    trumps: Collection[str],
) -> Card:
    """:func:`choose_card` for the seat to play in ``hand`` (a core hand state: its legal
    plays, the trick so far, its scoring units for who is partner)."""
    unit_of = hand.unit_of
    return choose_card(
        hand.legal_plays(),
        hand.current_trick,
        seat=hand.to_act,
        same_side=lambda a, b: unit_of(a) == unit_of(b),
        winner=winner,
        strength=strength,
        points=points,
        trumps=trumps,
    )


def count_suit(cards: Sequence[Card], suit: str | None) -> int:
    """How many of ``cards`` are of ``suit``."""
    return sum(1 for c in cards if c.suit == suit)
