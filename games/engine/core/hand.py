"""One trick-taking hand state under every game (RULES.md V1–V4): what a hand does alike
in Cuatrola, Subastao and Belote, as python-chess's ``Board`` is under its variants.

:class:`TrickHand` keeps the deal check, the play intake and its own-terms refusals (out
of turn, a card already played, another seat's, one a full hand cannot hold), the trick
rule's witness check and the V2 proofs of a newly known card (through the one
:class:`~.proofs.SuspectIndex`), trick completion, the penalty skeleton and the legal
plays; :class:`~.search.Search` adds ``push``/``pop``/``copy``. A game's ``HandState``
subclasses it and overrides only what differs:

- its **trick rule** (C7/S4/B6) as a :class:`~.trickrule.TrickRule` (``trick_rule``), and the empty
  trick context once trump is known (``_lead_ctx``) and the card points (``_points``);
- its **auction** (``_apply_call``, ``_apply_bid``…), trump choice, declarations or
  cantes — each an event class mapped to a method in ``handlers``;
- ``_update_turn`` (when the hand takes plays: ``_playing``), ``_closed_refusal`` (why
  it does not), ``_calls_missing``, ``_penalty_state`` and the penalty words, and its
  scoring (``result``) with ``_won_last_trick`` and ``_trick_done``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NamedTuple

from ..cards import Card, Deck
from ..knowledge import Evidence, Knowledge, PlayRecord
from ..messages import msg
from .proofs import SuspectIndex
from .refusals import (
    Refusals,
)
from .search import Search
from .trickrule import TrickRule

_new = tuple.__new__  # builds a PlayRecord or Trick without its Python-level __new__ (hot path)
#: the evidence of a card played at trick t, made once (an Evidence is an immutable value)
PLAYED_AT = [Evidence("played", t) for t in range(16)]


class Trick(NamedTuple):
    """A completed trick: who led, the seats and cards in order, and the winner."""

    number: int
    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int


class TrickHand(Refusals, Search):
    """A hand being played (see the module docstring). The game's ``__init__`` calls
    :meth:`_start` first, then adds its auction's state and calls ``_update_turn``."""

    trick_rule: ClassVar[TrickRule]
    #: event class -> the name of the method that applies it
    handlers: ClassVar[dict[type, str]]
    #: the header's rule (C1, S1, B1), the play rule (C7, S4, B6), the penalty's (C12…)
    header_rule: ClassVar[str]
    play_rule: ClassVar[str]
    penalty_rule: ClassVar[str]
    #: the rules a penalty may name, and the order of its checks (``_penalty_<name>``)
    penalty_rules: ClassVar[tuple[str, ...]]
    penalty_order: ClassVar[tuple[str, ...]] = ("seat", "rule", "state", "ahead", "again")
    #: the penalty's refusals in the game's words (templates: the catalogue's msgids)
    penalty_words: ClassVar[dict[str, str]]
    trick_class: ClassVar[type] = Trick
    #: a card not of the deck is refused before anything else (else after the turn)
    deck_first: ClassVar[bool] = True
    holds_template: ClassVar[str] = "{seat} played {card}, but {seat_owner} holds it ({evidence})"
    full_template: ClassVar[str] = (
        "{seat} played {card}, but its {HAND_SIZE} cards are already known: {known}"
    )
    #: the name of the hand size in ``full_template``
    full_size_key: ClassVar[str] = "HAND_SIZE"
    #: the game's name in the refusal of an event of another game
    title: ClassVar[str]
    #: the cards per seat and the deck of a game whose ruleset does not change them
    fixed_hand_size: ClassVar[int]
    fixed_deck: ClassVar[Deck]
    #: a game with cantes (C9, S5): a new card may prove a cante faulty too (V2)
    has_cantes: ClassVar[bool] = False
    _dispatch: ClassVar[dict[type, Callable[[Any, Any], None]]]
    #: every attribute of the state, this class's slots and the game's (set by
    #: ``__init_subclass__``): what ``push``/``copy`` save and ``pop`` restores
    _fields: ClassVar[tuple[str, ...]] = ()

    # Slots, not an instance dict: a hand state has some 50 attributes, and past 30
    # CPython 3.11 keeps them in a plain dict, where a method call or a class constant
    # read through ``self`` is a dict miss and is not specialised; with slots each is a
    # direct read (the hot path makes dozens per card). A game's HandState declares the
    # attributes it adds (``__slots__``); its mixins declare none (``__slots__ = ()``).
    __slots__ = (
        *("rules", "number", "seq", "score_before", "seats", "hand_size", "deck"),
        *("_in_deck", "_unit", "dealer", "first", "knowledge", "_held", "deal"),
        *("tricks", "current_seats", "current_cards", "leader", "plays", "plays_by_seat"),
        *("_suspects", "tricks_won", "card_points", "last_trick_unit", "penalty"),
        *("penalty_ahead", "settled", "trick_size", "_skip", "_only", "_complete"),
        *("_playing", "_turn", "_ctx", "_lead_ctx", "_stack", "auction_over", "_points"),
    )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "handlers" in cls.__dict__:
            cls._dispatch = {k: getattr(cls, name) for k, name in cls.handlers.items()}
        if cls.__dictoffset__:  # a class of its MRO without __slots__ (see above)
            raise TypeError(f"{cls.__qualname__}: every class of a hand state has __slots__")
        cls._fields = tuple(
            name for k in reversed(cls.__mro__) for name in k.__dict__.get("__slots__", ())
        )

    def _start(
        self,
        rules: Any,
        dealer: int,
        deal: Sequence[Sequence[Card | str]] | None,
        *,
        number: int,
        score_before: Sequence[int],
        hand_size: int | None = None,
        deck: Deck | None = None,
        seats: int = 4,
        units: tuple[int, ...] = (0, 1, 0, 1),
    ) -> None:
        """The state every game starts a hand with (the header, V4's deal); ``units``:
        each seat's scoring unit (by default the sides {0, 2} and {1, 3}); ``hand_size``
        and ``deck`` the game's fixed ones (``fixed_hand_size``, ``fixed_deck``) unless the
        ruleset changes them."""
        if hand_size is None:
            hand_size = self.fixed_hand_size
        if deck is None:
            deck = self.fixed_deck
        self.rules = rules
        self.number = number
        self.seq = 0  # number of accepted events
        self.score_before = tuple(score_before)
        self.seats, self.hand_size, self.deck = seats, hand_size, deck
        self._in_deck = frozenset(deck.cards)  # a set lookup, not a method call
        self._unit = units  # the scoring unit of each seat
        if type(dealer) is not int or not 0 <= dealer < seats:
            raise self._error(
                self.header_rule,
                msg(
                    "dealer must be a seat from 0 to {n}, not {dealer}", n=seats - 1, dealer=dealer
                ),
            )
        self.dealer = dealer
        self.first = (dealer + 1) % seats  # the first to speak, who also leads (or mano)
        self.knowledge = Knowledge(seats)
        #: per seat and suit, its known cards not played yet (the witnesses of its play):
        #: dicts, so that a message names witnesses in a stable order (the deal's)
        self._held: list[dict[str, dict[Card, None]]] = [
            {suit: {} for suit in deck.suits} for _ in range(seats)
        ]
        self._check_header()
        self.deal: tuple[tuple[Card, ...], ...] | None = None
        if deal is not None:
            self.deal = self._check_deal(deal)
            dealt = Evidence("dealt")
            for seat, cards in enumerate(self.deal):
                for card in cards:
                    self._learn(seat, card, dealt)
        self.tricks: list[Trick] = []
        self.current_seats: list[int] = []
        self.current_cards: list[Card] = []
        self.leader: int | None = None
        self.plays: list[PlayRecord] = []
        self.plays_by_seat: list[list[PlayRecord]] = [[] for _ in range(seats)]
        #: per seat and suit, its plays that a card of that suit could prove illegal (V2)
        self._suspects = SuspectIndex(seats)
        self.tricks_won = [0] * (max(units) + 1)
        self.card_points = [0] * (max(units) + 1)
        self.last_trick_unit: int | None = None
        self.penalty: Any = None
        #: the penalty this hand's record ends with, told before the play (expect_penalty)
        self.penalty_ahead: Any = None
        self.settled: int | None = None  # the seat whose play-rule breaches it settles
        self.trick_size = seats
        self._skip: int | None = None  # a seat that sits the play out (Cuatrola C5)
        self._only: frozenset[Card] | None = None  # the cards a play must be (a belote)
        # derived, kept up to date by the event handlers (the hot path reads them)
        self._complete = False
        self._playing = False
        self._turn: int | None = self.first
        self._ctx: Any = None
        self._lead_ctx: Any = None
        self._stack: list[Any] = []

    def _check_header(self) -> None:
        """The game's header checks before the deal's (Cuatrola's trump card)."""

    def _learn(self, seat: int, card: Card, evidence: Evidence) -> None:
        """``seat`` is now known to hold ``card`` (dealt, shown, sung, declared)."""
        self.knowledge.learn(seat, card, evidence)
        self._held[seat][card.suit][card] = None

    def _check_deal(self, deal: Sequence[Sequence[Card | str]]) -> tuple[tuple[Card, ...], ...]:
        """The deal as cards, ``hand_size`` to each seat; the header rule (C1, S1, B1)
        when its shape is wrong, V1 for a card not of the deck or dealt twice (RULES.md
        V4: a known deal is checked before any event)."""
        seats, size, deck = self.seats, self.hand_size, self.deck
        if len(deal) != seats or any(len(cards) != size for cards in deal):
            raise self._error(
                self.header_rule,
                msg("the deal must give {size} cards to each of {n} seats", size=size, n=seats),
            )
        seen: set[Card] = set()
        hands = []
        for cards in deal:
            hand = []
            for text in cards:
                card = deck.card(text) if isinstance(text, str) else text
                if card not in deck:
                    raise self._error(
                        "V1",
                        msg(
                            "{text} in the deal is not a card of the {n_deck}-card deck",
                            text=text,
                            n_deck=len(deck),
                        ),
                        card=str(text),
                    )
                if card in seen:
                    raise self._error("V1", msg("{card} is dealt twice", card=card), card=card.text)
                seen.add(card)
                hand.append(card)
            hands.append(tuple(hand))
        return tuple(hands)

    # ------------------------------------------------------------------ accessors
    @property
    def is_complete(self) -> bool:
        """All tricks played, or the hand ended early (void, failed, tute, penalty)."""
        return self._complete

    @property
    def to_act(self) -> int | None:
        """The seat to speak or play next; None when the hand is complete."""
        return self._turn

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or next to be played)."""
        return len(self.tricks) + 1

    @property
    def current_trick(self) -> list[tuple[int, Card]]:
        return list(zip(self.current_seats, self.current_cards, strict=True))

    def held_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` is known to hold now (all of its unplayed cards with the
        deal; without it, those shown, sung or declared and not played yet)."""
        return [card for cards in self._held[seat].values() for card in cards]

    def unit_of(self, seat: int) -> int:
        """The scoring unit of ``seat``: its side, or itself (Subastao with 3 players)."""
        return self._unit[seat]

    # ------------------------------------------------------------------ applying events
    def apply(self, event: Any) -> None:
        """Accept ``event`` or raise :class:`RuleError`; a refused event changes nothing."""
        handler = self._dispatch.get(type(event))
        if handler is None:
            raise TypeError(msg("not a {game} event: {event!r}", game=self.title, event=event))
        handler(self, event)
        self.seq += 1

    def _apply_play(self, event: Any) -> None:
        card = event.card
        seat = self._turn
        kn = self.knowledge
        played = kn.played
        owner = kn.owner_of.get(card)
        only = self._only
        if (
            not self._playing
            or (event.seat is not None and event.seat != seat)
            or card in played
            or card not in self._in_deck
            or (owner is not None and owner != seat)
            or (owner is None and len(kn.known[seat]) >= self.hand_size)
            or (only is not None and card not in only)
        ):
            raise self._play_refusal(event)  # faulty on its own terms

        trick = len(self.tricks) + 1
        ctx = self._ctx
        cards = self.current_cards
        rule = self.trick_rule
        record = _new(PlayRecord, (self.seq, seat, card, trick, len(cards) + 1, ctx))
        suits = rule.witness_suits(card, ctx)  # () for most plays: nothing to look for
        held = self._held[seat]
        faults = None
        if suits and seat != self.settled:  # its breaches are the penalty's to settle
            violation = rule.violation
            for suit in suits:
                for w in held[suit]:
                    if violation(card, w, ctx):
                        worst = self._worst(violation(card, h, ctx) for s in suits for h in held[s])
                        faults = [self._play_error(record, worst)]
                        break
                if faults:
                    break
        # V2: the newly known card, held all along, against this seat's earlier plays
        # filed under its suit (Proofs._proofs_from_new_cards inlined for the one card:
        # the hot path), and against a side's cantes before its trump pair
        if owner is None:
            filed = self._suspects.by_seat[seat].get(card.suit)
            if filed and seat != self.settled:
                violation = rule.violation
                for earlier in filed:
                    v = violation(earlier.card, card, earlier.ctx)
                    if v:
                        error = self._play_error(earlier, v, PLAYED_AT[trick])
                        faults = [*(faults or []), error]
            if self.has_cantes and self.cantes:
                proofs = self._trump_pending_proofs(seat, {card: PLAYED_AT[trick]})
                if proofs:
                    faults = (faults or []) + proofs
        if faults:
            faults = self._unsettled(faults)
            if faults:
                raise min(faults, key=lambda e: e.seq)

        # accepted
        if owner is None:
            kn.known[seat][card] = PLAYED_AT[trick]
            kn.owner_of[card] = seat
        else:
            del held[card.suit][card]
        played[card] = (seat, self.seq, trick)
        self.plays.append(record)
        self.plays_by_seat[seat].append(record)
        if suits:  # filed in the suspect index (SuspectIndex.file, inlined: the hot path)
            by_suit = self._suspects.by_seat[seat]
            for suit in suits:
                by_suit.setdefault(suit, []).append(record)
        self.current_seats.append(seat)
        cards.append(card)
        self._only = None
        self._ctx = rule.advance(ctx, card)
        if len(cards) == self.trick_size:
            self._finish_trick()
            self._update_turn()
        else:  # what _update_turn gives mid-trick
            nxt = (seat + 1) % self.seats
            self._turn = (nxt + 1) % self.seats if nxt == self._skip else nxt

    def _finish_trick(self) -> None:
        seats, cards = self.current_seats, self.current_cards
        winner = seats[self.trick_rule.winner(self._ctx, cards)]
        unit = self._unit[winner]
        number = len(self.tricks) + 1
        self.tricks.append(
            _new(self.trick_class, (number, seats[0], tuple(seats), tuple(cards), winner))
        )
        self.tricks_won[unit] += 1
        points, total = self._points, 0
        for card in cards:  # a loop of 3 or 4: cheaper than sum(map(...)) in CPython
            total += points[card]
        self.card_points[unit] += total
        if number == self.hand_size:
            self._won_last_trick(unit)
        self.current_seats, self.current_cards = [], []
        self._ctx = self._lead_ctx
        self.leader = winner
        self._trick_done(unit)

    def _won_last_trick(self, unit: int) -> None:
        self.last_trick_unit = unit  # últimas, dix de der: the game's scoring reads it

    def _trick_done(self, unit: int) -> None:
        """After a trick: whether the hand ends early (Cuatrola C10)."""

    # ------------------------------------------------------------------ legal plays (V4)
    def legal_plays(self) -> list[Card]:
        """Cards the seat to play may play.

        With the deal: exactly the legal cards of its hand. Without it: every card
        :meth:`apply` would accept — not yet played, not known to be another seat's, not
        proved illegal by the cards this seat is known to hold, and not proving an
        earlier play or cante of its seat faulty (V2).
        """
        if not self._playing:
            return []
        seat, ctx, only = self._turn, self._ctx, self._only
        violation = self.trick_rule.violation
        held = self.held_cards(seat)
        if self.deal is not None:
            legal = self.trick_rule.legal_cards(held, ctx)
            return self.deck.sort(c for c in legal if only is None or c in only)
        kn = self.knowledge
        known = kn.known[seat]
        full = len(known) >= self.hand_size
        excused = seat == self.settled
        evidence = PLAYED_AT[len(self.tricks) + 1]
        out = []
        for c in only or self.deck:
            if c in kn.played or kn.owner_of.get(c, seat) != seat or (full and c not in known):
                continue
            if not excused and any(violation(c, w, ctx) for w in held):
                continue
            if c not in known and self._unsettled(self._proofs_from_new_cards(seat, {c: evidence})):
                continue
            out.append(c)
        return self.deck.sort(out)
