"""Legal cards and trick winners: RULES.md B6 (with the B3 orders), as pure functions.

B6 keeps the property the partial-knowledge checker (V2) rests on: a play is illegal
exactly when the player held *one* card that makes it so — a card of the led suit, a
higher card of a led suit that must be beaten, a trump, or a trump high enough to
overtrump. So :func:`violation` takes the played card and a single held card (the
witness); the legal cards of a known hand are those no other held card is a witness
against. Whether the partner is winning depends on the trick alone, not on the hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..cards import Card
from ..core.trickrule import TrickRule
from .options import Contract


class TrickContext(NamedTuple):
    """The trick as the next player sees it, before playing.

    ``lead`` is None for the leader; ``high_lead`` is the highest card of the led suit
    so far and ``high_trump`` the highest trump (suit contracts only; None if none);
    ``winning`` is the position (0-based) of the card winning the trick so far and
    ``size`` the number of cards already in it.
    """

    contract: Contract
    lead: str | None
    high_lead: Card | None
    high_trump: Card | None
    winning: int
    size: int


def context(cards: list[Card], contract: Contract) -> TrickContext:
    """The context for the next card of a trick whose cards so far are ``cards``."""
    ctx = TrickContext(contract, None, None, None, 0, 0)
    for card in cards:
        ctx = advance(ctx, card)
    return ctx


_new = tuple.__new__  # builds a TrickContext without the Python-level __new__ (hot path)


def advance(ctx: TrickContext, card: Card) -> TrickContext:
    """The context after ``card`` is added to the trick (O(1))."""
    contract = ctx.contract
    trump = contract.trump
    if ctx.lead is None:
        return _new(
            TrickContext, (contract, card.suit, card, card if card.suit == trump else None, 0, 1)
        )
    strength = contract.strength
    high_lead, high_trump, winning, size = ctx.high_lead, ctx.high_trump, ctx.winning, ctx.size
    if card.suit == trump:
        if high_trump is None or strength[card] > strength[high_trump]:
            high_trump, winning = card, size
        if card.suit == ctx.lead and strength[card] > strength[high_lead]:
            high_lead = card
    elif card.suit == ctx.lead and strength[card] > strength[high_lead]:
        high_lead = card
        if high_trump is None:
            winning = size
    return _new(TrickContext, (contract, ctx.lead, high_lead, high_trump, winning, size + 1))


def winning_card(ctx: TrickContext) -> Card:
    """The card winning a trick whose context is ``ctx`` (B6): the highest trump in a suit
    contract, else the highest card of the led suit."""
    return ctx.high_trump or ctx.high_lead


class Violation(NamedTuple):
    """Why holding ``witness`` makes the play illegal (B6)."""

    reason: str  # "follow", "beat", "trump", "overtrump"
    witness: Card


def violation(card: Card, witness: Card, ctx: TrickContext) -> Violation | None:
    """Does holding ``witness`` (besides ``card``) make playing ``card`` illegal? (B6)

    - The leader plays any card.
    - Holding the led suit: follow it; when it ranks as trump (the trump suit, or any
      suit in ``all_trumps``) beat its highest card so far when able, even when the
      partner is winning.
    - Void in the led suit, in a suit contract, holding trump: a trump, higher than the
      highest trump so far when able, else a lower one — unless the partner is winning
      the trick, when any card will do.
    - Void and no trump, and void in ``all_trumps`` or ``no_trumps``: any card.
    """
    lead = ctx.lead
    if lead is None or witness is card:
        return None
    if card.suit == lead:
        if lead in ctx.contract.beat and witness.suit == lead:
            strength = ctx.contract.strength
            high = strength[ctx.high_lead]
            if strength[witness] > high > strength[card]:
                return Violation("beat", witness)
        return None
    if witness.suit == lead:
        return Violation("follow", witness)
    trump = ctx.contract.trump
    if trump is None or witness.suit != trump or ctx.size - ctx.winning == 2:
        return None  # no trump to play, or the partner is winning the trick
    if card.suit == trump:
        high_trump = ctx.high_trump
        strength = ctx.contract.strength
        if high_trump is not None and strength[card] < strength[high_trump] < strength[witness]:
            return Violation("overtrump", witness)
        return None
    return Violation("trump", witness)  # a discard while holding a trump


def witness_suits(card: Card, ctx: TrickContext) -> tuple[str, ...]:
    """The suits of the held cards that could make playing ``card`` illegal (a superset:
    :func:`violation` decides). Empty for most plays — the leader's, a follower's of a
    suit that need not be beaten, one that beats the highest card — which no card
    revealed later can prove faulty, so the V2 checker never looks at them again."""
    lead = ctx.lead
    if lead is None:
        return ()
    contract = ctx.contract
    if card.suit == lead:
        if lead in contract.beat and contract.strength[card] < contract.strength[ctx.high_lead]:
            return (lead,)
        return ()
    trump = contract.trump
    if trump is None or ctx.size - ctx.winning == 2:
        return (lead,)  # void: any card, unless it held the led suit
    high_trump = ctx.high_trump
    if card.suit == trump and (
        high_trump is None or contract.strength[card] > contract.strength[high_trump]
    ):
        return (lead,)  # a trump that beats every trump so far is what was owed
    return (lead, trump)


def legal_cards(hand: Iterable[Card], ctx: TrickContext) -> list[Card]:
    """The cards of a fully known ``hand`` that may be played in context ``ctx`` (B6)."""
    held = list(hand)
    return [c for c in held if not any(violation(c, w, ctx) for w in held)]


def trick_winner(cards: list[Card], contract: Contract) -> int:
    """Index in ``cards`` of the card that wins the trick (B6)."""
    return context(cards, contract).winning


#: B6 as the core's trick rule
BELOTE_TRICKS = TrickRule(
    advance, violation, witness_suits, legal_cards, lambda ctx, cards: ctx.winning
)
