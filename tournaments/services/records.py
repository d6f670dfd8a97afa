"""Paper records into a fixture's match: checked against the fixture (game, rules,
seats, first dealer) and recorded through ``games.services`` like live entry."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from clubs.access import may_record, record_refusal
from games import services as games
from games.engine import Record, check_record
from games.engine.messages import Seat, msg
from games.models import Match
from games.services import Refused

from ..models import Fixture
from .base import Conflict, User


def import_fixture_record(fixture: Fixture, record: Record, user: User) -> Match:
    """A paper record of ``fixture`` recorded into the fixture's match, event by event
    through the one write service (``games.services.record_hands``), as live entry.

    Refused (400) when the record is invalid (the checker's rule and location), is of
    another game or ruleset, names other players than the fixture's seats (``seats`` may
    be left out: the fixture says who sat where), or deals first from another seat;
    ``Stale`` (409) when the match already has events, ``Conflict`` (409) when its round
    was deleted or drawn again meanwhile; nothing is written then.
    """
    t = fixture.round.tournament
    match = fixture.match
    if match is None:
        raise Refused("this fixture has no match (a bye)", item={"field": "fixture"})
    if not may_record(user, match):
        raise PermissionDenied(record_refusal(user, match))
    if fixture.decision:
        raise Refused(
            msg(
                "this fixture was decided by the organiser ({decision})",
                decision=fixture.decision,
            ),
            item={"field": "fixture"},
        )
    if record.game != t.game:
        raise Refused(
            msg(
                "the record is of {game}, the tournament of {game2}",
                game=record.game,
                game2=t.game,
            ),
            item={"field": "game"},
        )
    result = check_record(record)
    if not result["valid"]:
        error = result["error"]
        item = {k: v for k, v in error.items() if k not in ("rule", "message")}
        raise Refused(error["message"], error["rule"], item)
    with transaction.atomic():
        # the match read again under its lock: a round deleted or drawn again since the
        # fixture was read took it (its seats checked below would be none)
        match = Match.objects.select_for_update().filter(pk=fixture.match_id).first()
        if match is None:
            raise Conflict(
                "this fixture's round was deleted or drawn again meanwhile: reload the round",
                item={"field": "fixture"},
            )
        if record.rules.as_dict() != match.rules:
            raise Refused(
                msg("the record's rules are not the tournament's: {rules}", rules=match.rules),
                item={"field": "rules"},
            )
        seats = match.seats.order_by("number")
        expected = list(seats.values_list("player__display_name", flat=True))
        if record.seats is not None and list(record.seats) != expected:
            raise Refused(
                msg(
                    "the record's seats are not the fixture's: expected {items} in seat order",
                    items=", ".join(expected),
                ),
                item={"field": "seats", "expected": expected},
            )
        if record.hands and record.hands[0].dealer != match.first_dealer:
            raise Refused(
                msg("the fixture's match is dealt first by {seat}", seat=Seat(match.first_dealer)),
                item={"field": "dealer", "hand": 1},
            )
        games.record_hands(match, record, user)
    match.refresh_from_db()
    return match
