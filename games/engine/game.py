"""One interface for every game, and the registry that finds a game by name.

Modelled on python-chess's ``chess.variant``: each game is a class behind the same
interface, registered once (``registry.py``); everything outside ``games/engine/`` asks
the registry (:func:`games.engine.find_game`) and never imports a game package.

A game supplies:

- its **ruleset** (``parse_rules`` / ``rules.as_dict()``): options with documented
  defaults; an unknown or ill-typed option is a ``ValueError`` naming it;
- its **table**: the deck, the number of seats, and the **scoring units** (seats, or the
  sides {0,2} and {1,3}) with ``unit_of_seat``;
- its **events** in and out (``event_from_dict`` / ``event_to_dict``): the notation the
  API and the event log store;
- a **match state** (``new_match``): ``apply(event)`` raises :class:`RuleError`, and the
  state tells ``score`` (per unit), ``finished``, ``winner_unit``, ``hands``, ``current``;
- the **card-record hand codec** (``parse_hand`` gives a hand record with ``as_dict()``
  and ``events()``, the events in the order live entry makes them; ``record_from_match``)
  and the **checker** (``check_record``) of RECORD_FORMAT.md;
- a typed **hand outcome** per complete hand (:class:`HandOutcome`): what each unit
  gained, the score after, the winner unit, and the game's own facts (the checker's
  per-hand JSON).

What the site needs to record a game live (``games/services.py``, the API, the pages) is
the second half of the interface, "the site's hooks": how a stored log is replayed, the
hand's header (trump card, contract…) stored on each hand row, what the API, a scoreboard
and the match page show of a hand, the legal actions in the event notation, and the
per-unit counters a standings query sums. A game that does not implement them yet is
checked (``score_record``) but not recorded (``recordable`` False).

A game's hand state offers what every layer above reads without knowing the game:
``number``, ``dealer``, ``phase``, ``to_act``, ``is_complete``, ``deal`` (None when not
known), ``tricks`` (each with ``number``, ``leader``, ``seats``, ``cards``, ``winner``) and
``current_trick`` (``[(seat, Card)]``); its match state ``hands``, ``score`` (per unit),
``finished``, ``winner_unit``, ``awaiting_deal``, ``next_dealer``, ``rules`` and ``game``.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from . import facts
from .cards import Deck
from .errors import RecordFormatError
from .messages import msg

FORMAT = "card-record"
VERSION = 1


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One option of a game's ruleset as a form offers it: its key, kind (``bool``,
    ``int`` or ``choice``), default and, for a choice, the allowed values. The ruleset
    (``parse_rules``) still decides what is valid; this only says what to ask."""

    key: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A complete hand's result in the terms every game shares.

    ``delta`` and ``score_after`` have one entry per scoring unit; ``winner_unit`` is the
    unit the hand went to (None for a void hand or one that nobody won); ``facts`` is the
    hand's summary in the checker's shape (RECORD_FORMAT.md), which carries the game's own
    facts (declaration, bid, tricks, points, cantes…); ``seat_facts`` are the hand's
    statistics facts (:meth:`Game.hand_facts`, one dict per seat), taken when the hand
    completes: the statistics sum them, and the unit counters
    (:meth:`Game.unit_counters`) are derived from them, so an outcome kept after its hand
    state is gone (a folded hand) still gives both.
    """

    number: int
    delta: tuple[int, ...]
    score_after: tuple[int, ...]
    winner_unit: int | None
    facts: dict[str, Any] = field(default_factory=dict)
    seat_facts: tuple[dict[str, int], ...] = ()


@dataclass(frozen=True)
class Standing:
    """A standings column a game declares (its counters' one reading above the engine).

    The sum of ``counters`` (keys of :attr:`Game.counters`) over an entry's results;
    or, with ``rate_of``, a rate: 100 × the sum of the columns ``rate_of[0]`` per the
    column ``rate_of[1]`` (0 when that is 0), rounded to one decimal.
    """

    key: str
    name: str
    description: str
    counters: tuple[str, ...] = ()
    rate_of: tuple[tuple[str, ...], str] | None = None
    #: the column's short header in English, translated on display (context "standings");
    #: empty: ``name`` as it is
    short: str = ""


@dataclass
class Record:
    """A whole match record (RECORD_FORMAT.md "Document"). ``hands`` are the game's own
    hand records (each with ``as_dict()``); cards stay text there: the checker judges them."""

    game: str
    rules: Any
    hands: list[Any]
    seats: list[str] | None = None
    event: str | None = None
    date: str | None = None
    rules_given: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        given = {"rules": self.rules_given, "event": self.event, "date": self.date}
        given["seats"] = self.seats
        out.update((key, value) for key, value in given.items() if value is not None)
        out["hands"] = [h.as_dict() for h in self.hands]
        return out

    def dumps(self) -> str:
        """The record as JSON text (1-space indent, UTF-8 names kept)."""
        return json.dumps(self.as_dict(), indent=1, ensure_ascii=False) + "\n"


# ---------------------------------------------------------- shape checks for the codecs
def expect(condition: bool, message: str) -> None:
    """RecordFormatError(message) unless ``condition``: a record that is not readable."""
    if not condition:
        raise RecordFormatError(message)


def is_int(value: Any) -> bool:
    """A JSON whole number (``True`` is not one)."""
    return type(value) is int


def str_list(value: Any, where: str) -> list[str]:
    expect(
        isinstance(value, list) and all(isinstance(v, str) for v in value),
        msg("{where} must be a list of strings", where=where),
    )
    return value


def played_cards(hand: Any) -> tuple[list[list[str]], list[list[str]] | None]:
    """A hand state's tricks as card texts (the unfinished trick last) and its deal (None
    when it was not entered): what every game's record export writes of a hand."""
    tricks = [[c.text for c in t.cards] for t in hand.tricks]
    if hand.current_cards:
        tricks.append([c.text for c in hand.current_cards])
    deal = [[c.text for c in cards] for cards in hand.deal] if hand.deal else None
    return tricks, deal


class Game(ABC):
    """The interface every game implements (see the module docstring)."""

    #: the record's ``game`` value and the registry key
    name: ClassVar[str]
    #: the game's name as players say it (not translated: these are proper names)
    title: ClassVar[str]
    deck: ClassVar[Deck]
    #: the options whose values are a closed list (the others are free bools or ints)
    rule_choices: ClassVar[dict[str, tuple[Any, ...]]] = {}

    def rule_options(self) -> list[RuleOption]:
        """The ruleset's options in declaration order, from its defaults."""
        defaults = self.parse_rules(None)
        out = []
        for f in fields(defaults):
            value = getattr(defaults, f.name)
            if f.name in self.rule_choices:
                out.append(RuleOption(f.name, "choice", value, self.rule_choices[f.name]))
            else:
                out.append(RuleOption(f.name, "bool" if type(value) is bool else "int", value))
        return out

    # ------------------------------------------------------------------------ table
    @abstractmethod
    def parse_rules(self, data: dict[str, Any] | None) -> Any:
        """The ruleset from a record's ``rules`` object (missing keys: the defaults);
        ValueError naming the option when it is unknown or ill-typed."""

    @abstractmethod
    def seats(self, rules: Any) -> int:
        """How many seats play."""

    @abstractmethod
    def units(self, rules: Any) -> int:
        """How many scoring units (seats, or sides) the score has."""

    @abstractmethod
    def unit_of_seat(self, rules: Any, seat: int) -> int:
        """The scoring unit a seat scores for."""

    def deck_for(self, rules: Any) -> Deck:
        """The deck the ruleset plays with (some games change it with an option)."""
        return self.deck

    def deal_size(self, rules: Any) -> int:
        """How many cards a deal gives each seat (a deal event's ``deal`` lists)."""
        raise NotImplementedError

    # ----------------------------------------------------------------------- events
    @abstractmethod
    def event_from_dict(self, data: Any) -> Any:
        """Parse an event from its notation; ValueError naming the faulty field."""

    @abstractmethod
    def event_to_dict(self, event: Any) -> dict[str, Any]:
        """The notation of an event (inverse of :meth:`event_from_dict`)."""

    @abstractmethod
    def event_kinds(self) -> tuple[str, ...]:
        """The ``kind`` values of the game's event notation (the API lists them)."""

    @abstractmethod
    def event_keys(self, kind: str) -> tuple[str, ...] | None:
        """The notation's keys of an event of ``kind`` besides ``kind`` (None: the game has
        no such kind): the API refuses any other key rather than ignore it."""

    @abstractmethod
    def new_match(self, rules: Any, first_dealer: int | None = None) -> Any:
        """An empty match state: ``apply(event)``, ``score``, ``finished``,
        ``winner_unit``, ``hands``, ``current``."""

    @abstractmethod
    def outcomes(self, match: Any) -> list[HandOutcome]:
        """The outcome of every complete hand of a match state, in order."""

    # ----------------------------------------------------------------- card-record
    @abstractmethod
    def parse_hand(self, raw: Any, where: str, rules: Any) -> Any:
        """One hand of a record (shape and JSON types only; RecordFormatError else): an
        object with ``as_dict()`` and ``events()``."""

    @abstractmethod
    def record_from_match(
        self,
        match: Any,
        *,
        seats: list[str] | None = None,
        event: str | None = None,
        date: str | None = None,
    ) -> Record:
        """The record of a match state (export)."""

    @abstractmethod
    def check_record(self, record: Record) -> dict[str, Any]:
        """Replay ``record`` as live entry would; the checker's JSON object without the
        ``file`` key (RECORD_FORMAT.md)."""

    def check_seat_names(self, rules: Any, seats: Sequence[Any]) -> None:
        """RecordFormatError unless ``seats`` is one name per seat."""
        n = self.seats(rules)
        expect(
            isinstance(seats, list) and len(seats) == n and all(isinstance(s, str) for s in seats),
            msg("seats must be a list of {n} names", n=n),
        )

    # ------------------------------------------------------------------ the site's hooks
    #: the site records this game live (it implements the hooks below); a game that does
    #: not is still checked (``score_record``), and its records are not imported
    recordable: ClassVar[bool] = False
    #: the kinds of event made by the seat whose turn it is: the server fills in their
    #: ``seat`` when the client leaves it out (a deal's ``dealer`` is always filled in)
    turn_kinds: ClassVar[frozenset[str]] = frozenset({"play"})
    #: the rule code of the deal and the dealer (C1, S1…): a first dealer that is no seat
    deal_rule: ClassVar[str | None] = None
    #: every number of seats a ruleset of the game may have (what an API schema admits)
    table_sizes: ClassVar[tuple[int, ...]] = ()
    #: the keys of :meth:`unit_counters`: every unit of every match has them all (0 until
    #: a hand adds to one); their order is the columns' that store them
    #: (``MatchUnit.counter_1`` on), so a game only appends to them, at most eight
    counters: ClassVar[tuple[str, ...]] = ()
    #: what each of ``counters`` sums, in their order: facts (keys of :attr:`fact_keys`)
    #: over the unit's seats, or the outcome's own terms (``games/engine/facts.py``
    #: ``GAINED``, ``WON``)
    counter_facts: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: the standings columns the game's counters give (tiebreaks of its tournaments)
    standings: ClassVar[tuple[Standing, ...]] = ()
    #: the keys of :meth:`hand_facts` (every seat of every hand has them all)
    fact_keys: ClassVar[tuple[str, ...]] = ()
    #: the declarations or bids the facts count (``declared_<kind>``), each with its
    #: title in English (the site translates it)
    fact_kinds: ClassVar[dict[str, str]] = {}
    #: the summed facts the statistics show, in order, each with its title in English
    #: (the site translates it): ``games/engine/facts.py`` ``figures``
    fact_titles: ClassVar[dict[str, str]] = {}
    #: averages of two summed facts the statistics show: name → (title, the fact summed,
    #: the fact it is divided by, or None: by the declarations or bids made)
    fact_averages: ClassVar[dict[str, tuple[str, str, str | None]]] = {}
    #: the facts that are points won by singing or declaring (cantes, declarations): a
    #: player's "cante and declaration points"
    fact_bonus: ClassVar[tuple[str, ...]] = ()
    #: the rules a ``penalty`` event may name (Cuatrola C7/C9, Subastao S4): what the
    #: scoring pad offers for a renuncio, which the legal actions do not list
    penalty_rules: ClassVar[tuple[str, ...]] = ()
    #: the rule of the penalty itself (C12, S7, B7): what a refused penalty, or an undo
    #: that would leave a settled fault without its penalty, cites
    penalty_rule: ClassVar[str | None] = None

    def unit_seats(self, rules: Any, unit: int) -> list[int]:
        """The seats that score for ``unit``, in seat order."""
        return [s for s in range(self.seats(rules)) if self.unit_of_seat(rules, s) == unit]

    def is_deal(self, event: Any) -> bool:
        """Does ``event`` open a hand? (Every game's notation calls that event ``deal``.)"""
        return self.event_to_dict(event)["kind"] == "deal"

    def settle_ahead(self, match: Any, hand_events: Sequence[Any]) -> None:
        """Tell the hand just dealt what its whole stored log holds (e.g. the penalty it
        ends with, which settles the renuncio the log shows before it). Live entry never
        calls this: only a replay of a stored log or an import, which know the hand ahead."""
        return None  # a game whose log settles nothing ahead

    def replay(self, match: Any, events: Iterable[Any]) -> None:
        """Apply a whole stored log (every hand, in order) to an empty match state, each
        hand told its own events ahead (:meth:`settle_ahead`) right after its deal."""
        for _event in self.replay_steps(match, events):
            pass

    def replay_steps(self, match: Any, events: Iterable[Any]) -> Iterator[Any]:
        """:meth:`replay`, one event at a time: each event is yielded right after it is
        applied, ``match`` then standing as it stood at that moment (a step-by-step
        replay reads it there). A hand is read ahead to its end first, as a whole log is."""
        hand: list[Any] = []
        for event in [*events, None]:
            if hand and (event is None or self.is_deal(event)):
                match.apply(hand[0])
                if self.is_deal(hand[0]):
                    self.settle_ahead(match, hand)
                yield hand[0]
                for later in hand[1:]:
                    match.apply(later)
                    yield later
                hand = []
            if event is not None:
                hand.append(event)

    def hand_header(self, hand: Any) -> dict[str, Any]:
        """What a hand is played under, stored on its row: the trump card, the named trump,
        the contract… (JSON values; ``{}`` while there is nothing yet)."""
        raise NotImplementedError

    def hand_view(self, hand: Any) -> dict[str, Any]:
        """The API's view of a hand beyond what every game shares (hand, next_seq, phase,
        dealer, to_act, trick, tricks): the auction, the trump, the points so far, what is
        known of each seat (``known``, ``deal_known``) and the moves the pad offers."""
        raise NotImplementedError

    def live_view(self, hand: Any) -> dict[str, Any]:
        """What a scoreboard shows of the hand in play beyond hand, phase, dealer, to_act
        and trick (stored on the match: live reads need no replay)."""
        raise NotImplementedError

    def legal_actions(self, match: Any) -> list[dict[str, Any]]:
        """Every event the table may record next, each in the event notation (a client
        can post it as it is): the deal, calls or bids, the trump, cards, cantes. Without
        the deal, what the record does not rule out; a penalty (an organiser's decision)
        is not offered."""
        raise NotImplementedError

    def unit_counters(self, rules: Any, outcome: HandOutcome) -> list[dict[str, int]]:
        """What a complete hand adds to each unit's counters (one dict of whole numbers per
        unit, the same keys every hand, so that a query can sum them): declarations or
        bids made, cantes… Derived from the outcome's ``seat_facts`` by
        :attr:`counter_facts` (no game counts them a second time)."""
        unit_of = [self.unit_of_seat(rules, seat) for seat in range(self.seats(rules))]
        return facts.unit_counters(
            self.counter_facts, outcome.seat_facts, unit_of, outcome.delta, outcome.winner_unit
        )

    def computer_move(self, match: Any, rng: random.Random) -> Any:
        """The event a table of computer players records next on ``match`` (a match state
        with every deal known, not over): a deal shuffled by ``rng`` when a hand is due,
        else the legal call, bid, trump, cante or card of a simple, sensible player (the
        game's ``strategy.py``). Only the deal is left to chance."""
        raise NotImplementedError

    def random_match(self, rng: random.Random, rules: Any = None, **options: Any) -> Record:
        """A match of random legal play as a record (demo data, tests, benches): every hand
        to the end, or ``max_hands`` (the last one left half played); ``with_deal``,
        ``first_dealer`` and the game's own likelihoods (``declare``, ``bid``…) are the
        game's ``simulate.random_match`` options."""
        raise NotImplementedError

    def hand_story(self, hand: Any) -> dict[str, Any]:
        """The match page's account of a hand beyond its tricks, seats as numbers:
        ``speech`` (``[{"seat", "text"}]``: the auction in order), ``facts`` (plain values:
        the trump, the contract, a failed declaration…), ``roles`` (name → seat or None:
        declarer, bid winner, sitting out…), ``cantes`` (``[{"after_trick", "seat",
        "suit", "text", "value"}]``), ``trick_points`` (each trick's card points) and
        ``penalty`` (``{"seat", "rule"}`` or None)."""
        raise NotImplementedError

    def hand_facts(self, hand: Any) -> list[dict[str, int]]:
        """What a complete hand state tells the statistics, one dict per seat with every
        key of :attr:`fact_keys`, each fact credited to the seat it concerns (the
        declarer, the singer, the trick's winner…: ``games/engine/facts.py``). Pure: it
        reads the replayed hand and changes nothing."""
        raise NotImplementedError
