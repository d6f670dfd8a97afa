"""The one place that writes matches, hands and events.

Every write locks the match (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite takes its
write lock when the transaction begins), checks what it is given against the engine,
and stores the events and the summaries derived from them in one transaction. A refused
write stores nothing.

- :func:`create_match` — a match, its seats and its first (empty) hand.
- :func:`record_event` — one event with the sequence number the client expects.
- :func:`undo` — remove the last event, or roll a hand back to a sequence number, with
  an audit row.
- :func:`import_record` / :func:`export_record` — ``card-record`` in and out, through the
  same checks as live entry (the rows of an import are written in bulk).
- :func:`move_seats` — a player entered twice: the seats go to the one kept.
- :func:`rebuild` — drop and rebuild every derived row of a match from its events.

Every game goes through the same code: the match's game (``find_game(match.game)``)
parses its rules and events, replays its log, and says what its hands' headers, views
and per-unit results are. The result of each scoring unit is a ``MatchUnit`` row.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext
from kombu.exceptions import OperationalError

from clubs.access import may_record, may_undo, record_refusal
from clubs.models import Club, Player

from .analysis import analyses_on_write
from .bulk import insert_rows as _insert
from .engine import Game, HandOutcome, Record, RuleError, check_record, find_game, hand_events
from .engine.messages import msg
from .models import Hand, HandEvent, Match, MatchUnit, Seat, UndoRecord
from .results import against_the_others
from .signals import match_result_changed, match_written
from .tasks import analyse_match

logger = logging.getLogger(__name__)
#: a broker that does not answer: give up quickly, the write is already committed
ANALYSIS_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}

User = AbstractBaseUser | AnonymousUser
#: the ``MatchUnit`` columns :func:`_unit_rows` derives
UNIT_COLUMNS = ("score", "is_winner", "hands_won", "counters")
UNIT_COLUMNS += ("place", "tied", "score_against", "hands_against")
UNIT_COLUMNS += MatchUnit.COUNTER_SLOTS


class Refused(Exception):
    """The input breaks a rule (``rule`` is the RULES.md code) or is malformed (``rule``
    None, ``item`` names the field). Answered with HTTP 400 (a subclass may say 409: the
    state forbids it); nothing was written."""

    status = 400

    def __init__(self, message: str, rule: str | None = None, item: dict | None = None):
        super().__init__(message)
        self.message, self.rule, self.item = message, rule, item or {}

    @classmethod
    def from_rule_error(cls, error: RuleError) -> Refused:
        item = {k: v for k, v in error.as_dict().items() if k not in ("rule", "message")}
        return cls(error.message, error.rule, item)


UNDO_REFUSAL = "only an organiser or the match's scorer can undo"


class Stale(Exception):
    """The client's sequence number (or hand) is not the current one — or what it asks
    to undo is not there (any more). HTTP 409, with the match as it is now."""

    def __init__(self, message: str, match: Match, item: dict | None = None):
        super().__init__(message)
        self.message, self.match = message, match
        self.item = item or {"field": "expected_seq"}


@dataclass
class Outcome:
    """What a write left: the match, its replayed state, and whether anything was stored."""

    match: Match
    state: Any  # the game's match state
    stored: bool = True


# ------------------------------------------------------------------------------ reading
def game_of(name: str) -> Game:
    """The game called ``name``, if the site records it; Refused (field ``game``) else."""
    try:
        game = find_game(name)
    except (KeyError, TypeError):
        game = None
    if game is None or not game.recordable:
        raise Refused(
            msg("this site does not record {name} matches", name=name)
            if isinstance(name, str) and name
            else "game: the name of a game this site records",
            item={"field": "game"},
        )
    return game


def parse_rules(data: dict[str, Any] | None, game: str = "cuatrola") -> Any:
    """The ruleset of ``game`` from its options; Refused (field ``rules``) when an option
    is unknown or ill-typed."""
    try:
        return game_of(game).parse_rules(data)
    except (TypeError, ValueError) as exc:
        raise Refused(str(exc), item={"field": "rules"}) from exc


def replay(match: Match, *, hide_deal_in_play: bool = False) -> Any:
    """The match's state, rebuilt from its events by its game's engine.

    ``hide_deal_in_play``: as those who may not see the hands see it — the hand in play
    without its deal (``clubs.access.may_see_hands``), so that only what was played or
    shown is known of it. The engine checks a hand the same with or without its deal."""
    game = game_of(match.game)
    state = new_state(match)
    # the whole log at once: a hand's penalty settles the renuncio an import stored (C12)
    game.replay(state, stored_events(match, hide_deal_in_play=hide_deal_in_play))
    return state


def new_state(match: Match) -> Any:
    """The empty state of the match's game, rules and first dealer (before any event)."""
    return game_of(match.game).new_match(parse_rules(match.rules, match.game), match.first_dealer)


def stored_events(match: Match, *, hide_deal_in_play: bool = False) -> Iterator[Any]:
    """The match's stored log as its game's events, in order (:func:`replay`'s
    ``hide_deal_in_play``: the unfinished hand's deal left out)."""
    game = game_of(match.game)
    events = HandEvent.objects.filter(hand__match=match).order_by("hand__number", "seq")
    for complete, data in events.values_list("hand__complete", "data"):
        yield game.event_from_dict(
            {k: v for k, v in data.items() if k != "deal"}
            if hide_deal_in_play and not complete and data.get("kind") == "deal"
            else data
        )


# ------------------------------------------------------------------------------ writing
def create_match(
    *,
    club: Club,
    players: Sequence[Player],
    user: User,
    game: str = "cuatrola",
    rules: dict[str, Any] | None = None,
    first_dealer: int = 0,
    scorer: AbstractBaseUser | None = None,
    name: str = "",
    played_on: date | None = None,
) -> Match:
    """A new match of ``game`` for ``club`` with ``players`` in seat order (as many as
    the game's rules seat), one result row per scoring unit, and its first hand."""
    if not may_record(user, club):
        raise PermissionDenied("only the club's organisers and scorers can create matches")
    engine = game_of(game)
    ruleset = parse_rules(rules, game)
    seats = engine.seats(ruleset)
    if len(players) != seats or len({p.pk for p in players}) != seats:
        raise Refused(
            msg(
                "a {title} match with these rules needs {seats} different players",
                title=engine.title,
                seats=seats,
            ),
            item={"field": "players"},
        )
    if any(p.club_id != club.pk for p in players):
        raise Refused("every player must belong to the match's club", item={"field": "players"})
    if type(first_dealer) is not int or not 0 <= first_dealer < seats:
        raise Refused(
            msg("first_dealer must be a seat from 0 to {n}", n=seats - 1),
            rule=engine.deal_rule,
            item={"field": "first_dealer"},
        )
    with transaction.atomic():
        match = Match.objects.create(
            club=club,
            game=engine.name,
            rules=ruleset.as_dict(),
            first_dealer=first_dealer,
            scorer=scorer,
            live=live_summary(engine.new_match(ruleset, first_dealer)),
            created_by=user if user.is_authenticated else None,
            name=name or "",
            played_on=played_on,
        )
        Seat.objects.bulk_create(
            Seat(match=match, number=n, player=p) for n, p in enumerate(players)
        )
        units = engine.units(ruleset)  # level at 0: all share the first place (_unit_rows)
        MatchUnit.objects.bulk_create(
            MatchUnit(match=match, unit=u, tied=units, counters=dict.fromkeys(engine.counters, 0))
            for u in range(units)
        )
        Hand.objects.create(match=match, number=1, dealer=first_dealer)
    return match


def discard_unplayed(matches: Sequence[Match], user: User) -> None:
    """Delete matches in which nothing was recorded (a tournament round drawn again).
    Stale (409) when one has an event: a recorded hand is never thrown away."""
    for match in matches:
        if not may_record(user, match.club):
            raise PermissionDenied("only the club's organisers and scorers can delete matches")
    ids = [m.pk for m in matches]
    with transaction.atomic():
        locked = list(Match.objects.select_for_update().filter(pk__in=ids))
        played = HandEvent.objects.filter(hand__match_id__in=ids).values_list(
            "hand__match_id", flat=True
        )
        first = next((m for m in locked if m.pk in set(played)), None)
        if first is not None:
            raise Stale(f"match {first.pk} has recorded hands", first)
        Match.objects.filter(pk__in=ids).delete()


def record_event(
    hand: Hand,
    expected_seq: int,
    event: dict[str, Any],
    user: User,
    *,
    hand_named: bool = True,
) -> Outcome:
    """Store ``event`` as event number ``expected_seq`` of ``hand``.

    Refused (400) when the engine refuses it; Stale (409) when ``expected_seq`` is not the
    hand's next number or the hand is not the one in play — except that the same event
    re-sent with the same ``expected_seq`` after it was stored is answered with the
    current state and stores nothing (a retry from a flaky phone). ``hand_named`` False
    means the client left the hand out and ``hand`` is the latest: a retry of the event
    that completed the hand before it is recognised too (that hand was the one in play
    when the event was first sent).
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=hand.match_id)
        if not may_record(user, match):
            raise PermissionDenied(record_refusal(user, match))
        hand = Hand.objects.select_for_update().get(pk=hand.pk)
        game = game_of(match.game)
        parsed = _parse_event(game, event)
        if expected_seq != hand.next_seq:
            stored = hand.events.filter(seq=expected_seq).values_list("data", flat=True).first()
            if stored is None and not hand_named:
                stored = _completing_event(match, hand.number - 1, expected_seq)
            if stored is not None and _same_event(game, stored, parsed):
                return Outcome(match, replay(match), stored=False)
            raise Stale(
                msg(
                    "hand {number} is at event {next_seq}, not {expected_seq}",
                    number=hand.number,
                    next_seq=hand.next_seq,
                    expected_seq=expected_seq,
                ),
                match,
            )
        state = replay(match)
        _apply_and_store(game, match, hand, state, parsed, user)
    return Outcome(match, state)


class Reopens(Refused):
    """The named last event closes a complete hand: removing it reopens the hand and
    changes the match score, which the client must ask for (``reopen``). HTTP 409."""

    status = 409


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
    pad, another device's entry) is a 409 and nothing goes; and when that event closed a
    complete hand it goes only with ``reopen`` (the hand's points leave the score)."""
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
        _sync(match, state)
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
            item={"field": "reopen"},
        )


def rebuild(match: Match) -> Any:
    """Recompute every derived row of ``match`` from its events."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        state = replay(match)
        _sync(match, state)
    return state


def move_seats(merged: Player, survivor: Player) -> list[int]:
    """Every seat of ``merged`` goes to ``survivor`` (a player entered twice), in the
    caller's transaction; the matches' events and results stay as they are (a seat is who
    sat there, not what was played). Refused when both sit at one match. The ids of the
    matches moved (each bumps its version, and ``match_written`` tells the followers)."""
    with transaction.atomic():
        # lock the matches first: no new seat of either player while they are checked
        ids = list(
            Match.objects.select_for_update(of=("self",))
            .filter(seats__player=merged)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        both = Seat.objects.filter(player=survivor, match_id__in=ids).order_by("match_id")
        shared = both.values_list("match_id", flat=True).first()
        if shared is not None:
            raise Refused(
                gettext("%(a)s and %(b)s sat at the same match (#%(match)s): they are two players.")
                % {"a": merged, "b": survivor, "match": shared},
                item={"field": "into"},
            )
        Seat.objects.filter(player=merged).update(player=survivor)
        Match.objects.filter(pk__in=ids).update(version=models.F("version") + 1)
        for match_id in ids:
            match_written.send(sender=Match, match_id=match_id, result_changed=False)
    return ids


def import_record(club: Club, record: Record, user: User) -> Match:
    """A whole record becomes a match, event by event through the same checks as live
    entry. Refused with the checker's error (rule and location) if the record is invalid."""
    result = check_record(record)
    if not result["valid"]:
        error = result["error"]
        item = {k: v for k, v in error.items() if k not in ("rule", "message")}
        raise Refused(error["message"], error["rule"], item)
    game = find_game(record.game)
    if not game.recordable:  # the checker knows more games than the site records
        raise Refused(
            msg(
                (
                    "this site does not record {game} matches yet (the checker "
                    "accepts the record: it is valid)"
                ),
                game=record.game,
            ),
            item={"field": "game"},
        )
    if not record.seats:
        seats = game.seats(record.rules)
        raise Refused(
            msg("the record needs the {seats} players' names (seats) to be imported", seats=seats),
            item={"field": "seats"},
        )
    for field, texts in (
        ("seats", record.seats),
        ("event", [record.event or ""]),
        ("date", [record.date or ""]),
    ):
        if any("\x00" in text for text in texts):
            raise Refused(
                msg("{field}: text with a NUL character", field=field), item={"field": field}
            )
    # the columns' lengths, checked here: PostgreSQL refuses a longer text (a 500), and
    # cutting a name short could make two players one
    for field, texts, column in (
        ("seats", record.seats, Player._meta.get_field("display_name")),
        ("event", [record.event or ""], Match._meta.get_field("name")),
    ):
        if any(len(text) > column.max_length for text in texts):
            raise Refused(
                msg(
                    "{field}: at most {max_length} characters",
                    field=field,
                    max_length=column.max_length,
                ),
                item={"field": field},
            )
    with transaction.atomic():
        players = [
            Player.objects.get_or_create(club=club, display_name=name)[0] for name in record.seats
        ]
        first_dealer = record.hands[0].dealer if record.hands else 0
        match = create_match(
            club=club,
            players=players,
            user=user,
            game=record.game,
            rules=record.rules.as_dict(),
            first_dealer=first_dealer,
            name=record.event or "",
            played_on=_iso_date(record.date),
        )
        record_hands(match, record, user)
    return match


def record_hands(match: Match, record: Record, user: User) -> None:
    """Record every hand of ``record`` on ``match``, which has no event yet.

    Each event goes through the same checks as live entry (:func:`_apply`, in one replay)
    and gets the sequence number live entry would give it; the rows are then written in
    bulk — the hands, the events, the match — so a record costs a handful of queries
    whatever its length, and the rows are those that entering it event by event leaves
    (``tests/api/test_import_bulk.py``)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if not may_record(user, match):
            raise PermissionDenied(record_refusal(user, match))
        if HandEvent.objects.filter(hand__match=match).exists():
            raise Stale("the match already has events", match)
        game = game_of(match.game)
        state = game.new_match(parse_rules(match.rules, match.game), match.first_dealer)
        events: list[tuple[int, int, dict[str, Any]]] = []  # (hand number, seq, stored data)
        next_seq: dict[int, int] = {}
        for h in record.hands:
            in_hand = hand_events(h)
            for event in in_hand:
                number = _hand_in_play(game, state, event)
                data = _apply(game, state, event)
                if game.is_deal(event):
                    game.settle_ahead(state, in_hand)  # as the checker: the penalty comes last
                seq = next_seq.get(number, 0)
                next_seq[number] = seq + 1
                events.append((number, seq, data))
        if not events:
            return
        rows = {row.number: row for row in match.hands.all()}
        outcomes = game.outcomes(state)
        by_number = {o.number: o for o in outcomes}
        for engine_hand in state.hands:
            number = engine_hand.number
            row = rows.get(number) or rows.setdefault(number, Hand(match=match, number=number))
            _derive_hand(game, row, engine_hand, by_number)
            row.next_seq = next_seq.get(number, 0)
        if state.awaiting_deal and (number := len(state.hands) + 1) not in rows:
            rows[number] = Hand(match=match, number=number, dealer=state.next_dealer or 0)
        fields = ["dealer", "header", "deal", "complete", "summary", "next_seq"]
        Hand.objects.bulk_update(
            [r for r in rows.values() if r.pk and r.number in next_seq], fields
        )
        _insert(
            Hand,
            ["match_id", "number", *fields],
            [
                [match.pk, row.number, *(getattr(row, f) for f in fields)]
                for row in rows.values()
                if row.pk is None
            ],
        )
        hand_ids = dict(match.hands.values_list("number", "pk"))
        entered_by = user.pk if user.is_authenticated else None
        now = timezone.now()
        _insert(
            HandEvent,
            ["hand_id", "seq", "kind", "seat", "card", "data", "entered_by_id", "entered_at"],
            [
                [
                    hand_ids[number],
                    seq,
                    data["kind"],
                    data.get("seat"),
                    data.get("card", ""),
                    data,
                    entered_by,
                    now,
                ]
                for number, seq, data in events
            ],
        )
        _sync_match(game, match, state, outcomes, writes=len(events))


def export_record(match: Match, *, hide_deal_in_play: bool = False) -> Record:
    """The match as a ``card-record`` (what :func:`import_record` reads); see
    :func:`replay` for ``hide_deal_in_play``."""
    names = list(match.seats.order_by("number").values_list("player__display_name", flat=True))
    return game_of(match.game).record_from_match(
        replay(match, hide_deal_in_play=hide_deal_in_play),
        seats=names or None,
        event=match.name or None,
        date=match.played_on.isoformat() if match.played_on else None,
    )


# ------------------------------------------------------------------------------ internals
def _parse_event(game: Game, data: Any) -> Any:
    """The event in ``game``'s notation; Refused naming the faulty field otherwise."""
    try:
        return game.event_from_dict(data)
    except ValueError as exc:
        text = str(exc)
        first = text.split(":", 1)[0] if ":" in text else text.split(" ", 1)[0]
        known = isinstance(data, dict) and first in data and first != "kind"
        raise Refused(text, item={"field": first if known or ":" in text else "kind"}) from exc


def _completing_event(match: Match, number: int, seq: int) -> dict[str, Any] | None:
    """Hand ``number``'s event ``seq`` if it is the last event of that complete hand."""
    previous = match.hands.filter(number=number, complete=True, next_seq=seq + 1).first()
    if previous is None:
        return None
    return previous.events.filter(seq=seq).values_list("data", flat=True).first()


def _filled_in(game: Game, kind: Any) -> str | None:
    """The field the server fills in for an event of ``kind`` when the client leaves it
    out: a deal's dealer, the seat of an event made by the seat whose turn it is."""
    if kind == "deal":
        return "dealer"
    return "seat" if kind in game.turn_kinds else None


def _same_event(game: Game, stored: dict[str, Any], event: Any) -> bool:
    """Is ``event`` the one stored? The seat of a call or play and the dealer of a deal
    are filled in by the server, so a resend may leave them out."""
    sent = game.event_to_dict(event)
    filled_in = _filled_in(game, stored.get("kind"))
    if filled_in and filled_in not in sent:
        stored = {k: v for k, v in stored.items() if k != filled_in}
    return stored == sent


def _hand_in_play(game: Game, state: Any, event: Any) -> int:
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


def _apply(game: Game, state: Any, event: Any) -> dict[str, Any]:
    """Apply ``event`` to ``state`` (the match replayed so far) with the engine's checks;
    the event as it is stored: the server fills in the seat of an event made in turn (a
    call, a bid, a card…) and the dealer of a deal."""
    acting = state.hands[-1].to_act if state.hands and not game.is_deal(event) else None
    try:
        state.apply(event)
    except RuleError as error:
        raise Refused.from_rule_error(error) from error
    data = game.event_to_dict(event)
    filled_in = _filled_in(game, data["kind"])
    if filled_in == "seat" and acting is not None:
        data["seat"] = acting
    elif filled_in == "dealer":
        data["dealer"] = state.hands[-1].dealer
    return data


def _apply_and_store(
    game: Game, match: Match, hand: Hand, state: Any, event: Any, user: User
) -> None:
    """Apply ``event`` to ``state`` (the match replayed so far) as the next event of
    ``hand``, store it and update the derived rows. The caller holds the match lock."""
    in_play = _hand_in_play(game, state, event)
    if hand.number != in_play:
        raise Stale(
            msg(
                "hand {number} is not the hand in play (hand {in_play} is)",
                number=hand.number,
                in_play=in_play,
            ),
            match,
        )
    data = _apply(game, state, event)
    HandEvent.objects.create(
        hand=hand,
        seq=hand.next_seq,
        kind=data["kind"],
        seat=data.get("seat"),
        card=data.get("card", ""),
        data=data,
        entered_by=user if user.is_authenticated else None,
    )
    hand.next_seq += 1
    _sync(match, state, only=hand)


def _unit_rows(game: Game, state: Any, outcomes: list[HandOutcome]) -> list[dict[str, Any]]:
    """What ``state`` derives for each scoring unit: score, winner, hands won (hands that
    went to the unit), the sum of the game's per-hand counters, and how it stands against
    the other units (``games.results.against_the_others``: what standings sum)."""
    units = len(state.score)
    rows = [
        {"score": state.score[u], "is_winner": state.winner_unit == u, "hands_won": 0}
        for u in range(units)
    ]
    counters = [dict.fromkeys(game.counters, 0) for _ in range(units)]
    for outcome in outcomes:
        if outcome.winner_unit is not None:
            rows[outcome.winner_unit]["hands_won"] += 1
        for unit, added in enumerate(game.unit_counters(state.rules, outcome)):
            for key, value in added.items():
                counters[unit][key] = counters[unit].get(key, 0) + value
    placed = against_the_others(
        [r["score"] for r in rows], [r["hands_won"] for r in rows], state.winner_unit
    )
    for row, counted, standing in zip(rows, counters, placed, strict=True):
        row["counters"] = counted
        row.update(standing, **MatchUnit.counter_slots(game.counters, counted))
    return rows


def _sync(match: Match, state: Any, only: Hand | None = None) -> None:
    """Write what ``state`` derives: hand headers and summaries, the next hand to deal,
    each unit's result."""
    game = find_game(state.game)
    rows = {only.number: only} if only else {h.number: h for h in match.hands.all()}
    outcomes = game.outcomes(state)
    by_number = {o.number: o for o in outcomes}
    for engine_hand in state.hands if not only else [state.hands[only.number - 1]]:
        row = rows.get(engine_hand.number) or Hand(match=match, number=engine_hand.number)
        _derive_hand(game, row, engine_hand, by_number)
        if not only:
            row.next_seq = row.events.count() if row.pk else 0
        row.save()
    if not only:
        # a hand row beyond the engine's hands can only be the next hand, still undealt
        for number, row in rows.items():
            if number > len(state.hands):
                row.header, row.deal, row.complete, row.summary = {}, None, False, None
                row.next_seq = row.events.count()
                row.save()
    if state.awaiting_deal:
        number = len(state.hands) + 1
        Hand.objects.get_or_create(
            match=match, number=number, defaults={"dealer": state.next_dealer or 0}
        )
    _sync_match(game, match, state, outcomes)


def _derive_hand(game: Game, row: Hand, engine_hand: Any, outcomes: dict[int, HandOutcome]) -> None:
    """Set what the engine's hand derives on its row (not saved)."""
    row.dealer = engine_hand.dealer
    row.header = game.hand_header(engine_hand)
    row.deal = [[c.text for c in h] for h in engine_hand.deal] if engine_hand.deal else None
    row.complete = engine_hand.is_complete
    outcome = outcomes.get(engine_hand.number)
    row.summary = outcome.facts if outcome else None


def _sync_match(
    game: Game, match: Match, state: Any, outcomes: list[HandOutcome], writes: int = 1
) -> None:
    """Write what ``state`` derives on the match (each unit's result, the status, the hand
    in play) after ``writes`` events were stored, and tell the followers."""
    units = {u.unit: u for u in MatchUnit.objects.filter(match=match)}
    before = (match.status, [units[u].score for u in sorted(units)])
    changed = []
    for unit, derived in enumerate(_unit_rows(game, state, outcomes)):
        row = units.get(unit) or MatchUnit(match=match, unit=unit)
        if row.pk is None or any(getattr(row, k) != v for k, v in derived.items()):
            for key, value in derived.items():
                setattr(row, key, value)
            changed.append(row)
    MatchUnit.objects.bulk_create([r for r in changed if r.pk is None])
    MatchUnit.objects.bulk_update([r for r in changed if r.pk is not None], UNIT_COLUMNS)
    match.status = Match.Status.FINISHED if state.finished else Match.Status.IN_PROGRESS
    if state.finished and match.finished_at is None:
        match.finished_at = timezone.now()  # once: a correction keeps it
    result_changed = Match.Status.FINISHED in (before[0], match.status) and before != (
        match.status,
        list(state.score),
    )
    if result_changed:
        # standings and statistics follow a finished (or corrected) result, once committed;
        # robust: the write is committed, so a failing follower must not turn it into a 500
        match_id = match.pk
        transaction.on_commit(
            lambda: match_result_changed.send(sender=Match, match_id=match_id), robust=True
        )
    match_written.send(sender=Match, match_id=match.pk, result_changed=result_changed)
    if state.hands and (writes > 1 or state.hands[-1].is_complete):
        _send_analysis(match)
    match.live = live_summary(state)
    match.version += writes  # the caller holds the row lock: no lost update
    match.save(update_fields=["status", "version", "updated_at", "live", "finished_at"])


def _send_analysis(match: Match) -> None:
    """Once committed, send the analysis of the match's finished hands (games.analysis):
    after an import, the event that ends a hand, or a correction. Robust like the
    followers: the write is committed, a broker outage must not turn it into a 500 (the
    hands wait for ``manage.py analyse_hands``)."""
    if not analyses_on_write(match.game):
        return
    match_id = match.pk

    def send() -> None:
        try:
            analyse_match.apply_async((match_id,), retry_policy=ANALYSIS_RETRY)
        except OperationalError:
            logger.warning("analysis: could not send the analysis of match %s", match_id)

    transaction.on_commit(send, robust=True)


def live_summary(state: Any) -> dict[str, Any]:
    """What a scoreboard shows of the hand in play, stored on the match so that live
    reads need no replay: hand, phase, dealer, to_act, trick, and what the game adds
    (Cuatrola: trump card, declaration, declarer, tricks won)."""
    if state.awaiting_deal or not state.hands:
        number = len(state.hands) + 1
        return {
            "hand": number,
            "phase": "deal" if not state.finished else "finished",
            "dealer": state.next_dealer,
            "to_act": None,
            "trick": [],
        }
    hand = state.hands[-1]
    return {
        "hand": hand.number,
        "phase": "finished" if state.finished else hand.phase,
        "dealer": hand.dealer,
        **find_game(state.game).live_view(hand),
        "to_act": hand.to_act,
        "trick": [{"seat": s, "card": c.text} for s, c in hand.current_trick],
    }


def _iso_date(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None
