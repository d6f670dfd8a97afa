"""Matches made, thrown away unplayed, and players merged: the writes that store no
event."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.utils.translation import gettext

from clubs.access import may_record
from clubs.models import Club, Player

from ..engine import default_game
from ..engine.messages import msg
from ..models import Hand, HandEvent, Match, MatchUnit, Seat
from ..signals import match_written
from .derive import live_summary
from .errors import Conflict, Refused, Stale, User
from .reading import game_of, parse_rules


def create_match(
    *,
    club: Club,
    players: Sequence[Player],
    user: User,
    game: str | None = None,
    rules: dict[str, Any] | None = None,
    first_dealer: int = 0,
    scorer: AbstractBaseUser | None = None,
    name: str = "",
    played_on: date | None = None,
) -> Match:
    """A new match of ``game`` for ``club`` with ``players`` in seat order (as many as
    the game's rules seat), one result row per scoring unit, and its first hand; ``game``
    None: the registry's default game."""
    game = game or default_game().name
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
        lock_players(players)
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
        units = engine.units(ruleset)  # level at 0: all share the first place (unit_rows)
        MatchUnit.objects.bulk_create(
            MatchUnit(match=match, unit=u, tied=units, counters=dict.fromkeys(engine.counters, 0))
            for u in range(units)
        )
        Hand.objects.create(match=match, number=1, dealer=first_dealer)
    return match


def lock_players(players: Sequence[Player]) -> None:
    """Lock the rows of ``players`` (in id order) for the write that names them, or refuse
    it (409, field ``players``) when one is gone. A merge deleting one of them at the same
    moment then either waits for this write (and moves what it wrote) or went first;
    unlocked, the write's row named a deleted player: an IntegrityError at the commit of
    one side or the other (a 500). ``no_key``: rows that only point at a player (seats,
    entries) do not wait for it."""
    ids = sorted({p.pk for p in players})
    held = Player.objects.select_for_update(no_key=True).filter(pk__in=ids).order_by("pk")
    found = set(held.values_list("pk", flat=True))
    gone = [p for p in players if p.pk not in found]
    if gone:
        raise Conflict(
            msg(
                "{player} was merged or removed meanwhile: reload the page and choose again.",
                player=str(gone[0]),
            ),
            item={"field": "players"},
        )


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
            raise Stale(msg("match {id} has recorded hands", id=first.pk), first)
        Match.objects.filter(pk__in=ids).delete()


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
