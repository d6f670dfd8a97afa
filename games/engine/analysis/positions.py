"""From the engine's hand states to the solver's :class:`Spec` and starting position.

Everything the analysis knows of a game comes through here, read from a replayed hand
state (the engine's public attributes: ``deal``, ``dealer``, ``tricks``, ``cantes``, the
trump, the declaration or contract) and the game's deck — never from a game package's
internals, so the search stays independent of how the engine is organised inside.

``counted side`` and value per game and hand are ANALYSIS.md's table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..game import Game
from ..registry import find_game
from .position import Position, play, sing, walk
from .space import NONE, Spec, build_spec


class Start(NamedTuple):
    """A hand ready to analyse: its spec, the position before the first card, and the
    recorded line: ``("play", card)`` and ``("sing", suit)`` steps, in record order
    (a trick's cante right after the trick's last card)."""

    spec: Spec
    position: Position
    line: list[tuple[str, int]]


def spanish_suits(deck: Any) -> list[list[str]]:
    return [[rank + suit for rank in deck.ranks] for suit in deck.suits]


def _cante_fields(deck: Any, trump: str) -> dict[str, Any]:
    pairs = tuple(("12" + s, "11" + s) for s in deck.suits)
    return {"cante_values": tuple(40 if s == trump else 20 for s in deck.suits), "_pairs": pairs}


def _finish(suits: list[list[str]], points: dict[str, int], fields: dict[str, Any]) -> Spec:
    pairs = fields.pop("_pairs", ())
    spec = build_spec(suits, points, **fields)
    if pairs:
        object.__setattr__(spec, "pairs", tuple(spec.mask(p) for p in pairs))
    return spec


def _order(seats: int, active: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for s in range(seats):
        nxt = (s + 1) % seats
        while nxt not in active:
            nxt = (nxt + 1) % seats
        out.append(nxt)
    return tuple(out)


def cuatrola_spec(game: Game, hand: Any) -> tuple[Spec, int]:
    """Cuatrola (C5–C10): mano's side in a plain hand, the declarer's in a declared one;
    margin, or the declarer's tricks in a cuatrola/quintola. Returns (spec, first leader)."""
    deck = game.deck
    declaration = hand.declaration
    sitting_out = hand.sitting_out
    active = tuple(s for s in range(4) if s != sitting_out)
    order = _order(4, active)
    side = hand.mano % 2 if declaration == "plain" else hand.declarer % 2
    counted = tuple(s % 2 == side for s in range(4))
    tricks = declaration in ("cuatrola", "quintola")
    fields: dict[str, Any] = {
        "seats": 4,
        "order": order,
        "active": active,
        "counted": counted,
        "rule": "c7",
        "trump": deck.suits.index(hand.trump),
        "value": "tricks" if tricks else "margin",
        "suit_letters": tuple(deck.suits),
        "side": side,
    }
    if not tricks:  # C9: both sides sing, the trick's winner or its active partner
        fields["singers"] = tuple(
            (w,) if (w + 2) % 4 == sitting_out else (w, (w + 2) % 4) if w in active else ()
            for w in range(4)
        )
        fields.update(_cante_fields(deck, hand.trump))
    leader = hand.mano if hand.mano in active else order[hand.mano]
    return _finish(spanish_suits(deck), {c.text: p for c, p in deck.points.items()}, fields), leader


def subastao_spec(game: Game, hand: Any) -> tuple[Spec, int]:
    """Subastao (S3–S6): the bid winner's unit against the others together; only its
    side sings (S5)."""
    rules = hand.rules
    deck = rules.deck
    n = rules.players
    unit = rules.unit_of(hand.bidder)
    counted = tuple(rules.unit_of(s) == unit for s in range(n))
    seats_of_unit = tuple(rules.unit_seats(unit))
    fields: dict[str, Any] = {
        "seats": n,
        "order": tuple((s + 1) % n for s in range(n)),
        "active": tuple(range(n)),
        "counted": counted,
        "rule": "c7",
        "trump": deck.suits.index(hand.trump),
        "suit_letters": tuple(deck.suits),
        "side": unit if n == 4 else hand.bidder,
        "singers": tuple(seats_of_unit if counted[w] else () for w in range(n)),
    }
    fields.update(_cante_fields(deck, hand.trump))
    return _finish(
        spanish_suits(deck), {c.text: p for c, p in deck.points.items()}, fields
    ), hand.first


def belote_spec(game: Game, hand: Any) -> tuple[Spec, int]:
    """Belote (B3, B4, B6, B7): the declarer's side; card points, last trick, capot."""
    contract = hand.contract
    deck = game.deck
    suits = [
        sorted(
            (c.text for c in deck.cards if c.suit == s),
            key=lambda t: -contract.strength[deck.card(t)],
        )
        for s in deck.suits
    ]
    trump = deck.suits.index(contract.trump) if contract.trump else NONE
    side = hand.declarer % 2
    fields: dict[str, Any] = {
        "seats": 4,
        "order": (1, 2, 3, 0),
        "active": (0, 1, 2, 3),
        "counted": tuple(s % 2 == side for s in range(4)),
        "rule": "b6",
        "trump": trump,
        "beat": frozenset(deck.suits.index(s) for s in contract.beat),
        "capot_bonus": 90,
        "suit_letters": tuple(deck.suits),
        "side": side,
    }
    points = {c.text: p for c, p in contract.points.items()}
    return _finish(suits, points, fields), hand.first


SPECS: dict[str, Callable[[Game, Any], tuple[Spec, int]]] = {
    "cuatrola": cuatrola_spec,
    "subastao": subastao_spec,
    "belote": belote_spec,
}


def start_of(game_name: str, hand: Any) -> Start:
    """The analysis start of a replayed, complete hand with its deal (V4)."""
    game = find_game(game_name)
    spec, leader = SPECS[game_name](game, hand)
    hands = tuple(
        spec.mask([c.text for c in cards]) if s in spec.active else 0
        for s, cards in enumerate(hand.deal)
    )
    line: list[tuple[str, int]] = []
    sung_after = {c.after_trick: c.suit for c in getattr(hand, "cantes", ())}
    for number, trick in enumerate(hand.tricks, 1):
        line.extend(("play", spec.index[c.text]) for c in trick.cards)
        if number in sung_after:
            line.append(("sing", spec.suit_letters.index(sung_after[number])))
    return Start(spec, Position(hands, leader=leader), line)


def position_of(game_name: str, hand: Any) -> tuple[Spec, Position]:
    """The solver's position of a hand in play (with its deal): the recorded tricks and
    cantes, then the trick on the table, walked from the start."""
    start = start_of(game_name, hand)
    spec = start.spec
    pos = walk(spec, start.position, start.line)
    for card in hand.current_cards:
        if pos.pending != NONE:
            pos = sing(spec, pos, NONE)
        pos = play(spec, pos, spec.index[card.text])
    return spec, pos


def reason_not_analysed(hand: Any) -> str | None:
    """Why a hand cannot be analysed (ANALYSIS.md), or None."""
    if getattr(hand, "void", False):
        return "void"
    if not hand.is_complete:
        return "incomplete"
    if hand.penalty is not None:
        return "penalty"
    if hand.deal is None:
        return "no deal"
    return None
