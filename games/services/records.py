"""``card-record`` in and out: a whole record becomes a match through the same checks as
live entry (its rows written in bulk), and a match becomes a record."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from clubs.access import may_record, record_refusal
from clubs.models import Club, Player

from ..bulk import insert_rows as _insert
from ..engine import Record, check_record, find_game, hand_events
from ..engine.messages import msg
from ..models import Hand, HandEvent, Match
from . import statecache
from .derive import derive_hand, sync_match
from .entry import apply_event, hand_in_play
from .errors import Refused, Stale, User
from .matches import create_match
from .reading import game_of, parse_rules, replay


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

    Each event goes through the same checks as live entry (:func:`apply_event`, in one replay)
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
                number = hand_in_play(game, state, event)
                data = apply_event(game, state, event)
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
            derive_hand(game, row, engine_hand, by_number)
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
        sync_match(game, match, state, outcomes, writes=len(events))
        statecache.keep(match, state)  # replayed as a stored log is: the next event uses it


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


def _iso_date(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None
