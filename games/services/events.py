"""Events: one recorded live, the last ones undone, and a match's derived rows rebuilt.

An event starts from the state the match's last write kept in the shared cache
(:mod:`.statecache`), or from its log replayed when there is none for its version, and
costs the engine's work on that one event and a constant number of queries: the match's
lock, the hand's read, and the event's insert with the hand's and the match's updates,
one statement on PostgreSQL (:mod:`.statements`; at a hand's end the units' results
are part of it, and the units' read and the next hand's row are added)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from clubs.access import may_read, may_record, may_see_hands, may_undo, record_refusal

from ..engine import Game, RuleError, find_game
from ..engine.messages import msg
from ..models import Hand, HandEvent, Match, UndoRecord
from . import statecache, statements
from .derive import sync_event, sync_rows
from .entry import apply_event, hand_in_play, parse_event, same_event
from .errors import UNDO_REFUSAL, Outcome, Refused, Reopens, Stale, User
from .reading import game_of, replay, state_of


def record_event(
    hand: Hand,
    expected_seq: int,
    event: dict[str, Any],
    user: User,
    *,
    hand_named: bool = True,
) -> Outcome:
    """Store ``event`` as event number ``expected_seq`` of ``hand`` (``hand_named``
    False: of the match's latest hand, see :func:`record_posted`)."""
    number = hand.number if hand_named else None
    return record_posted(hand.match_id, number, expected_seq, event, user)


#: what a client posts: the hand it names (None: the latest), the event number it
#: expects, and the event
Posted = tuple[int | None, int, dict[str, Any]]


def record_posted(
    match_id: int, number: int | None, expected_seq: int, event: dict[str, Any], user: User
) -> Outcome:
    """Store ``event`` as event number ``expected_seq`` of hand ``number`` of the match
    (None: the client left the hand out, the latest hand is meant).

    Refused (400) when the engine refuses it; Stale (409) when the hand does not exist,
    ``expected_seq`` is not the hand's next number or the hand is not the one in play —
    except that the same event re-sent with the same ``expected_seq`` after it was stored
    is answered with the current state and stores nothing (a retry from a flaky phone).
    With the hand left out, a retry of the event that completed the hand before the
    latest is recognised too (that hand was the one in play when the event was first
    sent). The hand is read under the match's lock, which every write of a hand holds:
    no lock of its own.
    """
    with transaction.atomic():
        match = _locked(match_id, user)
        return _record(match, number, expected_seq, event, user, offer=False)


def record_read(match_id: int, user: User, read: Callable[[Match], Posted]) -> Outcome:
    """:func:`record_posted` as the API takes an event, with one read of the match, under
    its lock: a match ``user`` may not read does not exist (``Match.DoesNotExist``: 404),
    one it may not record is PermissionDenied (403), and only then is the body read,
    ``read(match)`` (its own 400): a stranger learns nothing from what it wrote."""
    with transaction.atomic():
        match = _locked(match_id, user, hidden_missing=True)
        number, expected_seq, event = read(match)
        # the API answers from the state and changes it no more: the object itself is
        # kept for this process's next write of the match (statecache.OBJECTS)
        return _record(match, number, expected_seq, event, user, offer=True)


def _locked(match_id: int, user: User, *, hidden_missing: bool = False) -> Match:
    """The match, its row locked, if ``user`` may record it (PermissionDenied else;
    ``hidden_missing``: Match.DoesNotExist if it may not even read it). With its club and
    what it sits in (``clubs.access.with_container``, :func:`.statements.locked_match`):
    the policy's questions and the followers need no query of their own. The lock is on
    the match's row alone."""
    match = statements.locked_match(match_id, user)
    if match is None:
        raise Match.DoesNotExist(f"no match {match_id}")
    if hidden_missing and not may_read(user, match):
        raise Match.DoesNotExist(f"no match {match_id} that this user may read")
    if not may_record(user, match):
        raise PermissionDenied(record_refusal(user, match))
    return match


def _record(
    match: Match,
    number: int | None,
    expected_seq: int,
    event: dict[str, Any],
    user: User,
    *,
    offer: bool,
) -> Outcome:
    """:func:`record_posted` once the match is locked and the user may record it
    (``offer``: :func:`.statecache.keep`'s)."""
    hand_named = number is not None
    hand = statements.hand_of(match, number)
    if hand is None:
        raise Stale(msg("hand {number} does not exist yet", number=number), match)
    game = game_of(match.game)
    parsed = parse_event(game, event)
    if expected_seq != hand.next_seq:
        stored = hand.events.filter(seq=expected_seq).values_list("data", flat=True).first()
        if stored is None and not hand_named:
            stored = completing_event(match, hand.number - 1, expected_seq)
        if stored is not None and same_event(game, stored, parsed):
            return Outcome(match, state_of(match), stored=False)
        raise Stale(
            msg(
                "hand {number} is at event {next_seq}, not {expected_seq}",
                number=hand.number,
                next_seq=hand.next_seq,
                expected_seq=expected_seq,
            ),
            match,
        )
    state = state_of(match)  # the state the last write kept, or the log replayed
    latest = _apply_and_store(game, match, hand, state, parsed, user)
    if _replays_alike(game, state, parsed):
        statecache.keep(match, state, offer=offer)
    return Outcome(match, state, hand=latest)


#: what a recorder who may not see the hands is told of an entry that only the hidden
#: deal refuses: the rule, not the cards that prove it
HIDDEN_REFUSAL = (
    "the deal of hand {hand} refuses this entry ({rule}): only the match's scorer and the "
    "club's organisers see the cards that show why"
)


def refusal_as_seen(game: Game, match: Match, number: int, event: Any, refusal: Refused) -> Refused:
    """``refusal`` (of ``event``, in hand ``number``) as a recorder who may not see the
    hands in play (``clubs.access.may_see_hands``) may read it: the refusal the match
    without its deal in play gives, which names only what was played or shown; or, when
    only the deal refuses the entry, its rule alone and where the entry was (its hand,
    seat and card), never the cards still held ("holds 11e", "dealt", the cards it could
    play) nor an earlier play that the deal proves faulty."""
    seen = replay(match, hide_deal_in_play=True)
    sent = game.event_to_dict(event)
    item: dict[str, Any] = {"hand": number}
    if seen.hands and sent["kind"] in game.turn_kinds:
        item["seat"] = seen.hands[-1].to_act  # who was to act, as the entry is placed
    item |= {key: sent[key] for key in ("seat", "card") if key in sent}
    try:
        apply_event(game, seen, event)
    except Refused as public:
        return public
    return Refused(msg(HIDDEN_REFUSAL, hand=number, rule=refusal.rule), refusal.rule, item)


def undo(
    match: Match,
    user: User,
    hand_number: int | None = None,
    to_seq: int | None = None,
    *,
    last_seq: int | None = None,
    reopen: bool = False,
) -> Outcome:
    """Remove the match's last event, or every event of hand ``hand_number`` from
    ``to_seq`` on (and every later hand). The removed events are kept in an UndoRecord.

    With ``last_seq`` the client names the event it means to remove (hand
    ``hand_number``'s number ``last_seq``): anything else being the last one (a stale
    pad, another device's entry) is a 409 and nothing goes. In every form, an undo that
    takes an entry of a complete hand goes only with ``reopen`` (the hand's points leave
    the score, a finished match is back in play): else a 409 and nothing goes."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if not may_undo(user, match):
            raise PermissionDenied(UNDO_REFUSAL)
        events = HandEvent.objects.filter(hand__match=match)
        if hand_number is None or last_seq is not None:
            last = events.order_by("-hand__number", "-seq").select_related("hand").first()
            if last is None:
                raise Stale("there is nothing to undo", match, {"field": "hand"})
            if last_seq is not None:
                _check_named_last(match, last, hand_number, last_seq, reopen)
            hand_number, to_seq = last.hand.number, last.seq
        else:
            if not match.hands.filter(number=hand_number).exists():
                raise Stale(
                    msg("hand {hand_number} does not exist", hand_number=hand_number),
                    match,
                    {"field": "hand"},
                )
            if type(to_seq) is not int or to_seq < 0:
                raise Refused(
                    "to_seq must be a sequence number (0 or more)", item={"field": "to_seq"}
                )
        doomed = events.filter(hand__number=hand_number, seq__gte=to_seq) | events.filter(
            hand__number__gt=hand_number
        )
        doomed = doomed.order_by("hand__number", "seq").select_related("hand", "entered_by")
        removed = [
            {
                "hand": e.hand.number,
                "seq": e.seq,
                "event": e.data,
                "entered_by": e.entered_by.get_username() if e.entered_by else None,
                "entered_at": e.entered_at.isoformat(),
            }
            for e in doomed
        ]
        reopened = sorted({e.hand.number for e in doomed if e.hand.complete})
        if reopened and not reopen:
            raise Reopens(
                msg(
                    (
                        "this undo reopens hand {hand}, which is complete, and takes its "
                        "points off the score: send reopen to do it"
                    ),
                    hand=reopened[0],
                ),
                match,
            )
        if not removed:
            raise Stale(
                msg(
                    "hand {hand_number} has no event {to_seq} or later to undo",
                    hand_number=hand_number,
                    to_seq=to_seq,
                ),
                match,
                {"field": "to_seq"},
            )
        UndoRecord.objects.create(
            match=match,
            user=user if user.is_authenticated else None,
            hand_number=hand_number,
            to_seq=to_seq,
            removed=removed,
        )
        HandEvent.objects.filter(pk__in=[e.pk for e in doomed]).delete()
        match.hands.filter(number__gt=hand_number).delete()
        try:
            state = replay(match)
        except RuleError as error:
            # An imported hand's penalty settles the renuncio its record shows (C12, S7, B7):
            # removing the penalty but not the renuncio would leave a log that the engine
            # refuses. Nothing is removed (the transaction rolls back).
            raise Refused(
                msg(
                    (
                        "the penalty settles a fault that would stay recorded "
                        "({message}): undo hand {hand} back to that play as well"
                    ),
                    message=error.message,
                    hand=error.hand,
                ),
                find_game(match.game).penalty_rule,
                {"hand": error.hand, "trick": error.trick, "position": error.position},
            ) from error
        sync_rows(match, state)
        statecache.keep(match, state)
    return Outcome(match, state)


def _check_named_last(
    match: Match, last: HandEvent, hand_number: int | None, last_seq: int, reopen: bool
) -> None:
    """The undo names the match's last event, and says so when it reopens a hand."""
    if (last.hand.number, last.seq) != (hand_number, last_seq):
        raise Stale(
            msg(
                (
                    "the last entry is hand {hand}'s number {seq}, not hand "
                    "{named_hand}'s number {named_seq}: nothing was undone"
                ),
                hand=last.hand.number,
                seq=last.seq,
                named_hand=hand_number,
                named_seq=last_seq,
            ),
            match,
            {"field": "last_seq"},
        )
    if last.hand.complete and not reopen:
        raise Reopens(
            msg(
                (
                    "removing hand {hand}'s entry {seq} reopens hand {hand}, which is "
                    "complete, and takes its points off the score: send reopen to do it"
                ),
                hand=hand_number,
                seq=last_seq,
            ),
            match,
        )


def rebuild(match: Match) -> Any:
    """Recompute every derived row of ``match`` from its events."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        state = replay(match)
        sync_rows(match, state)
        statecache.keep(match, state)
    return state


def completing_event(match: Match, number: int, seq: int) -> dict[str, Any] | None:
    """Hand ``number``'s event ``seq`` if it is the last event of that complete hand."""
    previous = match.hands.filter(number=number, complete=True, next_seq=seq + 1).first()
    if previous is None:
        return None
    return previous.events.filter(seq=seq).values_list("data", flat=True).first()


def _apply_and_store(
    game: Game, match: Match, hand: Hand, state: Any, event: Any, user: User
) -> Hand | None:
    """Apply ``event`` to ``state`` (the match replayed so far) as the next event of
    ``hand``, store it and update the derived rows; the row of the match's latest hand.
    The caller holds the match lock."""
    in_play = hand_in_play(game, state, event)
    if hand.number == len(state.hands) + 1 and hand.number != in_play:
        # the hand waiting for its deal, sent a call or a card: not a stale client but an
        # event out of order, which the engine refuses under its dealing rule (C1, S1, B1)
        raise Refused.from_rule_error(state.refuse_undealt(hand.number))
    if hand.number != in_play:
        raise Stale(
            msg(
                "hand {number} is not the hand in play (hand {in_play} is)",
                number=hand.number,
                in_play=in_play,
            ),
            match,
        )
    try:
        data = apply_event(game, state, event)
    except Refused as refusal:
        if may_see_hands(user, match):
            raise
        raise refusal_as_seen(game, match, hand.number, event, refusal) from refusal
    row = HandEvent(
        hand=hand,
        seq=hand.next_seq,
        kind=data["kind"],
        seat=data.get("seat"),
        card=data.get("card", ""),
        data=data,
        entered_by=user if user.is_authenticated else None,
    )
    hand.next_seq += 1
    return sync_event(match, state, hand, row)


def _replays_alike(game: Game, state: Any, event: Any) -> bool:
    """Is ``state``, after live entry of ``event``, what a replay of the stored log gives
    (so that the next write may start from it)? Not after a penalty: a replay tells the
    hand its penalty from its deal on (``Game.settle_ahead``: it settles the fault the
    log shows before it), live entry does not. The next write then replays the log."""
    if type(game).settle_ahead is Game.settle_ahead:
        return True  # the game settles nothing ahead: live entry and replay agree
    penalty = getattr(state, "penalty_class", None)
    return penalty is not None and not isinstance(event, penalty)
