"""The :class:`~games.engine.game.Game` interface for a trick-taking game, from its parts.

A game package names its parts — rules class, match state, event notation, record codec,
views, strategy and facts modules — or lets :class:`TrickGame` find them in its package
by convention (``package = __package__``, :data:`PARTS`), and :class:`TrickGame` forwards
the interface to them, so a game's ``game.py`` holds only its table (seats, units) and
site constants. The
parts' protocol: ``rules_class.from_dict``; the match state of :mod:`.match`
(``delta(result)``); ``events.event_from_dict`` / ``event_to_dict``; ``codec.parse_hand``,
``codec.record_from_match``, ``codec.replay_hand``, ``codec.hand_summary``;
``views.hand_header`` / ``hand_view`` / ``live_view`` / ``legal_actions`` /
``hand_story``; ``strategy.next_event``; ``stats.hand_facts`` and ``stats.COUNTERS`` (the
unit counters, each the facts it sums: ``games/engine/facts.py``).
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any, ClassVar

from ..game import Game, HandOutcome, Record
from .record import check_record

#: a game package's parts by convention: attribute -> (module, name in it; None: the
#: module itself), taken when ``package`` is set and the game does not name its own
PARTS: dict[str, tuple[str, str | None]] = {
    "match_class": ("match", "MatchState"),
    "events": ("events", None),
    "codec": ("record", None),
    "views": ("views", None),
    "strategy": ("strategy", None),
    "stats": ("facts", None),
    "counter_facts": ("facts", "COUNTERS"),
    "random_match": ("simulate", "random_match"),
    "fact_keys": ("facts", "FACT_KEYS"),
    "fact_kinds": ("facts", "TITLES"),
    "fact_titles": ("facts", "FIGURES"),
    "fact_averages": ("facts", "AVERAGES"),
}


class TrickGame(Game):
    """A game assembled from its package's parts (see the module docstring)."""

    #: the game's package (``package = __package__``): its parts are found there, by
    #: the names in :data:`PARTS`
    package: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.package is None:
            return
        for attr, (module_name, name) in PARTS.items():
            if attr in cls.__dict__:
                continue
            module = importlib.import_module(f"{cls.package}.{module_name}")
            if name is None:
                setattr(cls, attr, module)
            elif hasattr(module, name):
                value = getattr(module, name)
                setattr(cls, attr, staticmethod(value) if inspect.isfunction(value) else value)
        if "counters" not in cls.__dict__:
            cls.counters = tuple(cls.counter_facts)  # the columns' order: the mapping's

    rules_class: ClassVar[type]
    match_class: ClassVar[type]
    events: ClassVar[ModuleType]
    codec: ClassVar[ModuleType]
    views: ClassVar[ModuleType]
    strategy: ClassVar[ModuleType]
    stats: ClassVar[ModuleType]
    #: seats and cards per seat when the ruleset does not change them
    players: ClassVar[int] = 4
    hand_size: ClassVar[int]
    recordable = True

    # ------------------------------------------------------------------------ table
    def parse_rules(self, data: dict[str, Any] | None) -> Any:
        try:
            return self.rules_class.from_dict(data)
        except TypeError as exc:  # a key of the wrong type reaches the dataclass
            raise ValueError(str(exc)) from exc

    def seats(self, rules: Any) -> int:
        return self.players

    def deal_size(self, rules: Any) -> int:
        return self.hand_size

    def units(self, rules: Any) -> int:
        return 2

    def unit_of_seat(self, rules: Any, seat: int) -> int:
        return seat % 2  # the sides {0, 2} and {1, 3}

    # ----------------------------------------------------------------------- events
    def event_from_dict(self, data: Any) -> Any:
        return self.events.event_from_dict(data)

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        return self.events.event_to_dict(event)

    def event_kinds(self) -> tuple[str, ...]:
        return tuple(self.events.CODEC.kinds)

    def event_keys(self, kind: str) -> tuple[str, ...] | None:
        found = self.events.CODEC.kinds.get(kind)
        return None if found is None else tuple(f.key for f in found.fields)

    def is_deal(self, event: Any) -> bool:
        return isinstance(event, self.match_class.deal_class)

    def new_match(self, rules: Any, first_dealer: int | None = None) -> Any:
        return self.match_class(rules, first_dealer)

    def winner_of(self, result: Any) -> int | None:
        """The unit a hand went to (None: void, or nobody alone)."""
        return result.winner_side

    def outcomes(self, match: Any) -> list[HandOutcome]:
        # the facts are taken here, with the hand state: the counters derive from them
        return [
            HandOutcome(
                hand.number,
                tuple(match.delta(result)),
                tuple(after),
                self.winner_of(result),
                self.codec.hand_summary(hand, after),
                tuple(self.stats.hand_facts(hand)),
            )
            for hand, result, after in zip(
                match.hands, match.results, match.score_after, strict=False
            )
        ]

    # ----------------------------------------------------------------- card-record
    def parse_hand(self, raw: Any, where: str, rules: Any) -> Any:
        return self.codec.parse_hand(raw, where)

    def record_from_match(self, match: Any, **header: Any) -> Record:
        return self.codec.record_from_match(match, **header)

    def check_record(self, record: Record) -> dict[str, Any]:
        return check_record(
            self.match_class(record.rules), record, self.codec.replay_hand, self.codec.hand_summary
        )

    # ------------------------------------------------------------------ the site's hooks
    def settle_ahead(self, match: Any, hand_events: Sequence[Any]) -> None:
        match.expect_penalty(hand_events)  # the penalty settles the renuncio it ends

    def replay(self, match: Any, events: Iterable[Any]) -> None:
        match.replay(events)

    def hand_header(self, hand: Any) -> dict[str, Any]:
        return self.views.hand_header(hand)

    def hand_view(self, hand: Any) -> dict[str, Any]:
        return self.views.hand_view(hand)

    def live_view(self, hand: Any) -> dict[str, Any]:
        return self.views.live_view(hand)

    def legal_actions(self, match: Any) -> list[dict[str, Any]]:
        return self.views.legal_actions(match)

    def hand_story(self, hand: Any) -> dict[str, Any]:
        return self.views.hand_story(hand)

    def computer_move(self, match: Any, rng: random.Random) -> Any:
        return self.strategy.next_event(match, rng)

    def hand_facts(self, hand: Any) -> list[dict[str, int]]:
        return self.stats.hand_facts(hand)
