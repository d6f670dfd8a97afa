"""One event checked against the engine as live entry and an import check it: parsed
in the game's notation, placed in its hand, applied to the state so far, and stored
with what the server fills in."""

from __future__ import annotations

from typing import Any

from ..engine import Game, RuleError
from .errors import Refused


def parse_event(game: Game, data: Any) -> Any:
    """The event in ``game``'s notation; Refused naming the faulty field otherwise."""
    try:
        return game.event_from_dict(data)
    except ValueError as exc:
        text = str(exc)
        first = text.split(":", 1)[0] if ":" in text else text.split(" ", 1)[0]
        known = isinstance(data, dict) and first in data and first != "kind"
        field = first if known or ":" in text else "kind"
        # a value that breaks a rule (a card not of the deck: V1) cites it, as a record does
        raise Refused(text, getattr(exc, "rule", None), {"field": field}) from exc


def filled_in(game: Game, kind: Any) -> str | None:
    """The field the server fills in for an event of ``kind`` when the client leaves it
    out: a deal's dealer, the seat of an event made by the seat whose turn it is."""
    if kind == "deal":
        return "dealer"
    return "seat" if kind in game.turn_kinds else None


def same_event(game: Game, stored: dict[str, Any], event: Any) -> bool:
    """Is ``event`` the one stored? The seat of a call or play and the dealer of a deal
    are filled in by the server, so a resend may leave them out."""
    sent = game.event_to_dict(event)
    field = filled_in(game, stored.get("kind"))
    if field and field not in sent:
        stored = {k: v for k, v in stored.items() if k != field}
    return stored == sent


def hand_in_play(game: Game, state: Any, event: Any) -> int:
    """The number of the hand ``event`` belongs to (a deal starts the next one); a deal
    after the end of the match is refused with the engine's own rule (C11…)."""
    deal = game.is_deal(event)
    in_play = len(state.hands) + 1 if deal else len(state.hands)
    if deal and state.finished:
        try:
            state.apply(event)  # the engine refuses it, naming its rule
        except RuleError as error:
            raise Refused(error.message, error.rule, {"hand": in_play}) from error
        raise AssertionError("the engine dealt a hand after the end of the match")
    return in_play


def apply_event(game: Game, state: Any, event: Any) -> dict[str, Any]:
    """Apply ``event`` to ``state`` (the match replayed so far) with the engine's checks;
    the event as it is stored: the server fills in the seat of an event made in turn (a
    call, a bid, a card…) and the dealer of a deal."""
    acting = state.hands[-1].to_act if state.hands and not game.is_deal(event) else None
    try:
        state.apply(event)
    except RuleError as error:
        raise Refused.from_rule_error(error) from error
    data = game.event_to_dict(event)
    field = filled_in(game, data["kind"])
    if field == "seat" and acting is not None:
        data["seat"] = acting
    elif field == "dealer":
        data["dealer"] = state.hands[-1].dealer
    return data
