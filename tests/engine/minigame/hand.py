"""Minitrick's hand: deal 4 x 4 of a 16-card deck, follow suit, no trump; the highest
card of the led suit wins; each trick is a point for its side. No auction, no penalty:
everything else is the core's (games/engine/core/hand.py)."""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engine.cards import Card, Deck
from games.engine.core.events import Play
from games.engine.core.hand import TrickHand
from games.engine.core.proofs import Proofs
from games.engine.core.trickrule import TrickRule
from games.engine.errors import RuleError
from games.engine.messages import Seat, msg

DECK = Deck("mini-16", ("c", "d", "h", "s"), ("A", "K", "Q", "J"), dict.fromkeys("AKQJ", 1), {})


class Ctx(NamedTuple):
    lead: str | None = None
    best: Card | None = None


class Violation(NamedTuple):
    reason: str
    witness: Card


def advance(ctx: Ctx, card: Card) -> Ctx:
    if ctx.lead is None or (
        card.suit == ctx.lead and DECK.strength[card] > DECK.strength[ctx.best]
    ):
        return Ctx(ctx.lead or card.suit, card)
    return ctx


def violation(card: Card, witness: Card, ctx: Ctx) -> Violation | None:
    lead = ctx.lead
    follows = lead is None or card.suit == lead or witness.suit != lead
    return None if follows else Violation("follow", witness)


def witness_suits(card: Card, ctx: Ctx) -> tuple[str, ...]:
    return () if ctx.lead is None or card.suit == ctx.lead else (ctx.lead,)


def legal_cards(hand: Any, ctx: Ctx) -> list[Card]:
    held = list(hand)
    return [c for c in held if not any(violation(c, w, ctx) for w in held)]


def winner(ctx: Ctx, cards: list[Card]) -> int:
    return cards.index(ctx.best)


class HandState(Proofs, TrickHand):
    __slots__ = ()
    title, header_rule, play_rule = "Minitrick", "M1", "M2"
    trick_rule = TrickRule(advance, violation, witness_suits, legal_cards, winner)
    handlers = {Play: "_apply_play"}

    def __init__(self, rules: Any, dealer: int, deal: Any = None, *, number: int = 1) -> None:
        self._start(rules, dealer, deal, number=number, score_before=(0, 0), hand_size=4, deck=DECK)
        self.auction_over = True
        self._points, self._ctx = DECK.points, Ctx()
        self._lead_ctx, self.leader = self._ctx, self.first
        self._update_turn()

    def _update_turn(self) -> None:
        self._complete = len(self.tricks) == self.hand_size
        self._playing = not self._complete
        seats = self.current_seats
        self._turn = None if self._complete else (seats[-1] + 1) % 4 if seats else self.leader

    @property
    def result(self) -> tuple[int, ...] | None:
        return tuple(self.tricks_won) if self._complete else None

    def _closed_refusal(self, loc: dict) -> RuleError | None:
        return self._error("V1", "all 4 tricks have been played", **loc) if self._complete else None

    def _play_error(self, record: Any, v: Violation, evidence: Any = None) -> RuleError:
        text = msg("{seat} did not follow suit with {w}: M2", seat=Seat(record.seat), w=v.witness)
        return self._proved("M2", text, record)
