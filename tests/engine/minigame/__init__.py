"""Minitrick: the smallest trick game on the engine's core, used only in tests. It proves
that a game is one package plus one registry line (tests/engine/test_minigame.py adds it
to the registry): its hand state (hand.py) and this match, notation and game."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from types import SimpleNamespace
from typing import Any

from games.engine.core.events import DEALER, Codec, Kind, Play, card_field, deal_field
from games.engine.core.game import TrickGame
from games.engine.core.match import TrickMatch
from games.engine.errors import RuleError

from .hand import DECK, HandState


@dataclass(frozen=True)
class Rules:
    target: int = 3  # tricks won over the match

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Rules:
        return cls(**(data or {}))

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Deal:
    deal: tuple[tuple[str, ...], ...] | None = None
    dealer: int | None = None


class MatchState(TrickMatch):
    game, rules_class, deal_class, penalty_class, dealer_rule = "mini", Rules, Deal, (), "M1"

    def delta(self, result: tuple[int, ...]) -> tuple[int, ...]:
        return result

    def over_by_score(self) -> bool:
        return max(self.score) >= self.rules.target

    def refuse_unfinished(self, last: Any, number: int) -> RuleError:
        return RuleError("M1", "the hand before is not finished", hand=number)

    def refuse_over(self, number: int) -> RuleError:
        return RuleError("M1", "the match is over", hand=number)

    def start_from(self, event: Deal, dealer: int) -> HandState:
        self.check_next_hand(dealer)
        self.hands.append(HandState(self.rules, dealer, event.deal, number=len(self.hands) + 1))
        return self.hands[-1]


CODEC = Codec(
    [
        Kind("deal", Deal, (deal_field("a deal is 4 lists of 4 cards"), DEALER)),
        Kind("play", Play, (card_field(DECK, "a card of the 16-card deck"),)),
    ]
)


class Minitrick(TrickGame):
    name, title, deck, hand_size, recordable = "mini", "Minitrick", DECK, 4, False
    rules_class, match_class = Rules, MatchState
    events = SimpleNamespace(event_from_dict=CODEC.from_dict, event_to_dict=CODEC.to_dict)

    def winner_of(self, result: tuple[int, ...]) -> int | None:
        return None if result[0] == result[1] else result.index(max(result))
