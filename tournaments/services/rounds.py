"""Rounds: whether the next one may be drawn, drawing and creating it (fixtures, their
matches, the decisions a withdrawal makes at once), undoing the last one (delete, redraw,
swap two entries) and scheduling it (day, time, tables of the room). Who meets whom comes
from :mod:`.draw`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, time

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from clubs.models import Player
from games import services as games
from games.engine import find_game
from games.engine.messages import msg
from games.models import HandEvent, Match
from games.refusals import as_sentence
from games.services import Refused, Stale

from ..models import Entry, Fixture, FixtureEntry, Round, StandingsSnapshot, Tournament
from ..tasks import request_standings, results_changed
from .base import Conflict, User, _require_organiser
from .decisions import _decide_unplayed, _touch
from .draw import _draw


def _unfinished(round_: Round) -> int:
    return (
        round_.fixtures.filter(decision="")
        .exclude(match=None)
        .exclude(match__status=Match.Status.FINISHED)
        .count()
    )


# the refusal of a draw when the format has no round left
_FINISHED = msg("Every round has been played: the tournament is finished.")


def _draw_blocker(t: Tournament, last: Round | None) -> str | None:
    """Why the next round cannot be drawn now (an English msg()), or None."""
    if t.status == Tournament.Status.FINISHED:
        return _FINISHED
    if last is not None and (left := _unfinished(last)):
        return msg(  # the English plural chosen here; Spanish has an entry for each
            "Round {n} is unfinished: {left} match still being played."
            if left == 1
            else "Round {n} is unfinished: {left} matches still being played.",
            n=last.number,
            left=left,
        )
    starters = t.entries.exclude(withdrawn=True, withdrawn_after_round=0).count()
    if starters < t.table_size:
        return msg("A tournament needs at least {n} entries.", n=t.table_size)
    return None


def draw_refusal(t: Tournament) -> str | None:
    """Why "draw the next round" would be refused now, in the reader's language, or None
    (the page shows the button only then). The draw itself is tried, without writing, to
    see if the format is over."""
    last = t.rounds.order_by("-number").first()
    if (why := _draw_blocker(t, last)) is None and _next_tables(t, last)[1] is None:
        why = _FINISHED
    return None if why is None else as_sentence(why)


def generate_next_round(
    tournament: Tournament, user: User, day: date | None = None, at: time | None = None
) -> Round:
    """Draw and create the next round: its fixtures and their matches; ``day`` and ``at``
    are when it is played. Conflict (409) when it cannot be drawn now."""
    _require_organiser(user, tournament.club)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        last = tournament.rounds.order_by("-number").first()
        if (why := _draw_blocker(tournament, last)) is not None:
            raise Conflict(why, item={"field": "round"})
        number, tables = _next_tables(tournament, last)
        if tables is None:
            tournament.status = Tournament.Status.FINISHED
            tournament.save(update_fields=["status"])
        else:
            round_ = _create_round(tournament, number, tables, user, day, at)
    if tables is None:  # refused after the commit, so that the finished status is kept
        raise Conflict(_FINISHED, item={"field": "round"})
    return round_


def _next_tables(t: Tournament, last: Round | None) -> tuple[int, list[list[Entry]] | None]:
    entries = list(t.entries.prefetch_related("members__player").order_by("seed"))
    starters = [e for e in entries if not e.withdrawn_before_start]
    number = (last.number if last else 0) + 1
    return number, _draw(t, number, starters, last)


def _has_hands(round_: Round) -> bool:
    return HandEvent.objects.filter(hand__match__fixture__round=round_).exists()


def _unplayed_round(round_: Round, user: User) -> Tournament:
    """The round's tournament, locked, once the round may be undone: it is the last one
    and no hand of it is recorded (Conflict, 409, otherwise)."""
    _require_organiser(user, round_.tournament.club)
    # the round's matches before the tournament, as a scorer's write takes them (its match,
    # then the tournament's live validator): the other order deadlocked with a table's
    # first entry (a 500); the write committed first is then the hand found below
    matches = Match.objects.select_for_update(of=("self",)).filter(fixture__round=round_)
    list(matches.order_by("pk").values_list("pk", flat=True))
    t = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    later = t.rounds.filter(number__gt=round_.number).order_by("-number").first()
    if later is not None:
        raise Conflict(
            msg(
                "Round {later} comes after round {n}: only the last round can be undone.",
                later=later.number,
                n=round_.number,
            ),
            item={"field": "round"},
        )
    if _has_hands(round_):
        raise Conflict(
            msg("Round {n} already has recorded hands.", n=round_.number),
            item={"field": "round"},
        )
    return t


def _discard_round(t: Tournament, round_: Round, user: User) -> None:
    """Delete the round, its fixtures and their (unplayed) matches; what it decided (byes,
    forfeits) goes with it, so the standings are behind."""
    matches = [f.match for f in round_.fixtures.select_related("match__club") if f.match_id]
    round_.delete()
    try:
        games.discard_unplayed(matches, user)
    except Stale as exc:  # a hand arrived since the check: nothing is deleted
        raise Conflict(
            msg("Round {n} already has recorded hands.", n=round_.number),
            item={"field": "round"},
        ) from exc
    StandingsSnapshot.objects.filter(tournament=t, after_round__gte=round_.number).delete()
    left = round_.number - 1
    t.entries.filter(withdrawn_after_round__gt=left).update(withdrawn_after_round=left)
    t.status = Tournament.Status.RUNNING if left else Tournament.Status.OPEN
    t.save(update_fields=["status"])
    _touch(t)
    transaction.on_commit(lambda: request_standings(t.pk), robust=True)


def delete_round(round_: Round, user: User) -> None:
    """Delete the last round while none of its hands is recorded (Conflict, 409, else)."""
    with transaction.atomic():
        t = _unplayed_round(round_, user)
        _discard_round(t, round_, user)


def redraw_round(round_: Round, user: User) -> Round:
    """Draw the last round again (after a change of seeding or a withdrawal), keeping its
    date and time; refused as :func:`delete_round` is."""
    with transaction.atomic():
        t = _unplayed_round(round_, user)
        day, at = round_.date, round_.time
        _discard_round(t, round_, user)
        t.refresh_from_db()
        last = t.rounds.order_by("-number").first()
        number, tables = _next_tables(t, last)
        if tables is None:
            raise Conflict(
                _FINISHED,
                item={"field": "round"},
            )
        return _create_round(t, number, tables, user, day, at)


def swap_entries(round_: Round, user: User, a: Entry, b: Entry) -> Round:
    """Exchange two entries' places in the round (between tables, or the seats of one
    table); the round is made again with its date, time and tables in the room. Refused
    as :func:`delete_round` is. In a round robin this leaves the Berger schedule: later
    rounds may pair the same entries again."""
    with transaction.atomic():
        t = _unplayed_round(round_, user)
        fixtures = list(round_.fixtures.prefetch_related("participants__entry").order_by("table"))
        tables = [f.entries() for f in fixtures]
        where = {e.pk: (i, j) for i, table in enumerate(tables) for j, e in enumerate(table)}
        if a.pk == b.pk or a.pk not in where or b.pk not in where:
            raise Refused(
                msg("Choose two different entries of round {n}.", n=round_.number),
                item={"field": "swap"},
            )
        (i, j), (k, m) = where[a.pk], where[b.pk]
        tables[i][j], tables[k][m] = tables[k][m], tables[i][j]
        venue = [f.venue_table for f in fixtures]
        day, at = round_.date, round_.time
        _discard_round(t, round_, user)
        t.refresh_from_db()
        new = _create_round(t, round_.number, tables, user, day, at)
        remade = list(new.fixtures.all())
        for f in remade:
            f.venue_table = venue[f.table - 1]
        Fixture.objects.bulk_update(remade, ["venue_table"])
        return new


def schedule_round(
    round_: Round, user: User, day: date | None, at: time | None, tables: Mapping[int, int | None]
) -> Round:
    """When the round is played and at which table of the room each fixture sits
    (``tables``: fixture id → table number, None for the draw's). Any time, played or not."""
    _require_organiser(user, round_.tournament.club)
    fixtures = {f.pk: f for f in round_.fixtures.all()}
    if set(tables) - set(fixtures):
        raise Refused(msg("A table of another round was given."), item={"field": "tables"})
    chosen = [n for n in tables.values() if n is not None]
    if len(chosen) != len(set(chosen)):
        raise Refused(msg("Two fixtures cannot play at the same table."), item={"field": "tables"})
    if any(n < 1 for n in chosen):
        raise Refused(msg("A table number is 1 or more."), item={"field": "tables"})
    with transaction.atomic():
        round_.date, round_.time = day, at
        round_.save(update_fields=["date", "time"])
        for pk, n in tables.items():
            fixtures[pk].venue_table = n
        Fixture.objects.bulk_update([fixtures[pk] for pk in tables], ["venue_table"])
        Tournament.objects.filter(pk=round_.tournament_id).update(
            live_version=F("live_version") + 1, live_updated_at=timezone.now()
        )
    return round_


def seat_players(t: Tournament, entries: Sequence[Entry]) -> list[Player]:
    """The match's players in seat order for a table of ``entries`` in unit order: seat
    ``s`` takes the next player of the entry at the game's unit of ``s``."""
    g = find_game(t.game)
    ruleset = g.parse_rules(t.rules)
    members = [list(e.players()) for e in entries]
    seats = []
    for s in range(g.seats(ruleset)):
        seats.append(members[g.unit_of_seat(ruleset, s)].pop(0))
    return seats


def _create_round(
    t: Tournament,
    number: int,
    tables: list[list[Entry]],
    user: User,
    day: date | None = None,
    at: time | None = None,
) -> Round:
    """The round, its fixtures and their matches (inside the caller's transaction). A
    table with a withdrawn entry is decided at once, without a match; a withdrawn entry's
    bye is not made at all (a bye is a win: a withdrawn entry gets no new result)."""
    tables = [entries for entries in tables if len(entries) > 1 or not entries[0].withdrawn]
    round_ = Round.objects.create(tournament=t, number=number, date=day, time=at)
    decided = False
    for table, entries in enumerate(tables, 1):
        fixture = Fixture(round=round_, table=table)
        withdrawn = any(e.withdrawn for e in entries)
        if len(entries) > 1 and not withdrawn:
            fixture.match = games.create_match(
                club=t.club,
                user=user,
                game=t.game,
                rules=t.rules,
                players=seat_players(t, entries),
                name=f"{t.name} — R{number} M{table}",
            )
        fixture.save()
        FixtureEntry.objects.bulk_create(
            FixtureEntry(fixture=fixture, entry=e, position=i) for i, e in enumerate(entries)
        )
        if len(entries) == 1 or withdrawn:
            decided = True
        if len(entries) > 1 and withdrawn:
            _decide_unplayed(fixture, None, t)
    t.status = Tournament.Status.RUNNING
    t.live_version += 1  # new matches in play: scoreboards must refetch
    t.live_updated_at = timezone.now()
    t.save(update_fields=["status", "live_version", "live_updated_at"])
    if decided:  # a bye or a decided fixture is a result: the standings are behind
        Tournament.objects.filter(pk=t.pk).update(**results_changed(number))
        t.refresh_from_db(fields=["results_version", "standings_redo_from"])
        transaction.on_commit(lambda: request_standings(t.pk), robust=True)
    return round_
