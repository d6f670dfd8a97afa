"""The record checker every game shares: replay the hands in order, report each complete
hand's summary, and the first refused event as the error (RECORD_FORMAT.md "Which error
is reported"). A game's codec supplies how one hand is replayed and summarised."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import RuleError
from ..game import Record
from ..messages import msg
from .recordhand import penalty_event


def check_record(
    match: Any,
    record: Record,
    replay_hand: Callable[[Any, int, Any], Any],
    summary: Callable[[Any, Any], dict[str, Any]],
) -> dict[str, Any]:
    """Replay ``record`` on the empty ``match``; the checker's JSON object without the
    ``file`` key. ``replay_hand(match, number, hand_record)`` applies one hand's events
    (RuleError at the first refused one) and returns the hand state."""
    report = []
    try:
        for number, h in enumerate(record.hands, 1):
            hand = replay_hand(match, number, h)
            if hand.is_complete:
                report.append(summary(hand, match.score_after[number - 1]))
            else:
                report.append({"number": number, "complete": False})
    except RuleError as error:
        return {"valid": False, "error": error.as_dict()}
    return {
        "valid": True,
        "finished": match.finished,
        "winner_side": match.winner_side,
        "score": list(match.score),
        "hands": report,
    }


def starting(number: int, start: Callable[[], Any]) -> Any:
    """The hand ``start()`` opens, its refusal located at hand ``number``."""
    try:
        return start()
    except RuleError as error:
        error.hand = number
        raise


def apply_calls(match: Any, calls: Iterable[Any]) -> None:
    """Apply the auction's events; a refusal names the record's call index."""
    for index, call in enumerate(calls, 1):
        try:
            match.apply(call)
        except RuleError as error:
            error.call = index
            raise


def cantes_by_trick(
    cantes: Iterable[dict[str, Any]] | None, make: Callable[[dict[str, Any]], Any]
) -> dict[int, list[tuple[int, Any]]]:
    """A hand's cantes grouped by the trick they follow (record order within a trick),
    with their 1-based record indices. Malformed values stay: the hand refuses them
    when their turn comes."""
    by_trick: dict[int, list[tuple[int, Any]]] = {}
    for index, raw in enumerate(cantes or [], 1):
        event = make(raw)
        by_trick.setdefault(event.after_trick, []).append((index, event))
    return by_trick


def replay_tricks(
    match: Any,
    hand: Any,
    tricks: Iterable[list[str]],
    by_trick: dict[int, list[tuple[int, Any]]],
    plays: dict[str, Any],
    check_play: Callable[[Any, int, int, str], None],
    cante_count: Callable[[], int],
) -> None:
    """Apply a hand's plays, each trick's cantes right after it and then the cantes whose
    trick was never (fully) played, reporting record indices: a play's trick and
    position, a cante's index in the record (not the engine's order).

    ``plays`` is the Play event of every card text (events are immutable values: looked
    up, not built per card); ``check_play`` judges what the record's trick shape says of
    a card before the hand judges it (not a card, a short trick, one card too many) and
    is only called when the shape may be at fault."""
    engine_to_record: dict[int, int] = {}
    apply = match.apply

    def apply_cantes(after: int) -> None:
        for index, event in by_trick.pop(after, []):
            engine_to_record[cante_count() + 1] = index
            try:
                apply(event)
            except RuleError as error:
                renumber_cante(error, engine_to_record, index)
                raise

    size = hand.trick_size
    # plays go to the hand itself, not through match.apply: a play is never a deal and
    # never comes after the hand is complete (the hand refuses it), so the match's only
    # part is scoring the hand the play completes (one call less per card: issue 20)
    play = hand.apply
    for t, trick in enumerate(tricks, 1):
        ready = len(hand.tricks) + 1  # the trick a first card now starts
        for p, text in enumerate(trick, 1):
            event = plays.get(text)
            if event is None or p > size or (p == 1 and (hand.current_cards or t > ready)):
                check_play(hand, t, p, text)
            try:
                play(event)
                if hand._complete:
                    match.score_hand(hand)
            except RuleError as error:
                if error.seq is None or error.seq == hand.seq:
                    error.trick, error.position = t, p  # the event itself: record indices
                renumber_cante(error, engine_to_record, None)
                raise
        apply_cantes(t)
    for after in sorted(by_trick):
        apply_cantes(after)  # after a trick that was not (fully) played, or none


def renumber_cante(error: RuleError, engine_to_record: dict[int, int], current: int | None) -> None:
    """A refused cante is reported by its record index, not the engine's count."""
    if error.cante is not None:
        error.cante = engine_to_record.get(error.cante, current or error.cante)


def short_trick(hand: Any, t: int, p: int, text: str) -> RuleError | None:
    """V1 for a record's card that starts trick ``t`` while trick ``t - 1`` is short,
    naming the seat whose card is missing. A trick given as ``[]`` is a short one too."""
    if p == 1 and (hand.current_cards or len(hand.tricks) < t - 1):
        return RuleError(
            "V1",
            msg(
                "trick {n} is short: {n_current_cards} cards of {trick_size}",
                n=t - 1,
                n_current_cards=len(hand.current_cards),
                trick_size=hand.trick_size,
            ),
            seat=hand.to_act,
            hand=hand.number,
            trick=t,
            position=p,
            card=text,
        )
    return None


def too_many(hand: Any, t: int, p: int, text: str) -> RuleError:
    """V1 for a card beyond a full trick: nobody's turn, so no seat is named."""
    return RuleError(
        "V1",
        msg("trick {t} has more than {trick_size} cards", t=t, trick_size=hand.trick_size),
        seat=None,
        hand=hand.number,
        trick=t,
        position=p,
        card=text,
    )


def check_trick_shape(
    hand: Any,
    t: int,
    p: int,
    text: str,
    plays: dict[str, Any],
    can_play: bool,
    not_a_card: str,
    beyond_full: Callable[[Any, int, int, str], RuleError | None] | None = None,
) -> None:
    """What a record's trick shape says about its card at trick ``t``, position ``p``
    before the hand judges the play, in the order RECORD_FORMAT.md gives: a card of the
    deck (V1, ``not_a_card`` the template of its message); the hand can take a play
    (``can_play``, else the hand refuses it on its own terms); a short trick followed by
    another (V1, the seat whose card is missing); a card beyond a full trick (the game's
    ``beyond_full`` first, then V1) — nobody's turn, so no seat is named."""
    beyond = p > hand.trick_size
    if text not in plays:
        seat = None if beyond else hand.to_act  # None too once the hand is complete
        raise RuleError(
            "V1",
            msg(not_a_card, text=text),
            seat=seat,
            hand=hand.number,
            trick=t,
            position=p,
            card=text,
        )
    if not can_play:
        return
    short = short_trick(hand, t, p, text)
    if short is not None:
        raise short
    if beyond:
        raise (beyond_full and beyond_full(hand, t, p, text)) or too_many(hand, t, p, text)


@dataclass(frozen=True)
class CanteReplay:
    """How a game whose hands carry cantes replays a record hand's tricks: ``cante(raw)``
    the event of a record cante, ``plays`` the event of every card text, ``check_play``
    the trick-shape check (:func:`check_trick_shape`), ``cante_count(hand)`` the cantes
    the hand has taken (the engine's numbering)."""

    cante: Callable[[dict[str, Any]], Any]
    plays: dict[str, Any]
    check_play: Callable[[Any, int, int, str], None]
    cante_count: Callable[[Any], int]


def replay_cante_hand(
    match: Any,
    number: int,
    h: Any,
    start: Callable[[], Any],
    calls: Iterable[Any],
    parts: CanteReplay,
    after_calls: Iterable[Any] = (),
) -> Any:
    """Apply one record hand to ``match`` in record order — its header (``start()``), the
    calls, ``after_calls`` (Subastao's trump), the plays with each trick's cantes right
    after it, the penalty last — RuleError at the first refused event. The hand is told
    its penalty before the play: it settles its seat's breaches that only knowledge
    proves, although it comes last. Malformed cantes stay: refused in their turn."""
    hand = starting(number, start)
    penalty = penalty_event(h, match.penalty_class)
    hand.expect_penalty(penalty)
    apply_calls(match, calls)
    for event in after_calls:
        match.apply(event)
    by_trick = cantes_by_trick(h.cantes, parts.cante)
    count = parts.cante_count
    replay_tricks(
        match, hand, h.tricks or [], by_trick, parts.plays, parts.check_play, lambda: count(hand)
    )
    if penalty is not None:
        match.apply(penalty)
    return hand


def trick_events(
    h: Any,
    play: Callable[[str], Any],
    cante: Callable[[dict[str, Any]], Any],
    live: Callable[[Any], Any],
    penalty_class: type,
) -> list[Any]:
    """A (valid) record hand's events after its auction, in the order live entry makes
    them: each trick's plays followed by its cantes (``live(event)``: as entered), the
    penalty."""
    events: list[Any] = []
    by_trick = cantes_by_trick(h.cantes, cante)
    for number, trick in enumerate(h.tricks or [], 1):
        events += [play(text) for text in trick]
        events += [live(c) for _, c in by_trick.get(number, [])]
    penalty = penalty_event(h, penalty_class)
    if penalty is not None:
        events.append(penalty)
    return events
