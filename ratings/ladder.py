"""Applying finished matches to the ladders: once each, in order of first finish.

A club's ladder for a game is the result of rating its finished matches one by one in
the order (``Match.finished_at``, match id): when a match *first* finished, which a
correction keeps, so that fixing an old score leaves it where it was. :func:`update`
follows one match (the task does it when a match's result changes): a match already
applied with the same scores is left alone (idempotent); a new match finishing after
every applied one is applied on top (the usual case: one ``rate`` call); anything else —
a corrected or reopened result, a match finishing out of order, an update lost — re-rates
that ladder from the match's place on (the matches before keep their changes), which
gives the same numbers as applying the matches one by one in that order would.

Which matches count: the club's finished matches, except those of a tournament closed to
the public (``is_public`` False) — the ratings are shown to whoever reads the club, and a
hidden match must not show through them. There is one ladder per club and game, the same
for every reader (a member is not shown a second rating with the private tournaments in
it: a player has one rating). Opening or closing a tournament rebuilds the ladder
(``tournaments.signals.visibility_changed`` → ``ratings.rebuild``), and the sweep rebuilds
any ladder still counting a match that no longer counts (the rebuild's message lost).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet

from clubs.models import Club
from games.engine import find_game
from games.models import Match, Seat
from games.results import unit_results

from .method import Skill, rank_units, rate
from .models import RatedMatch, Rating, RatingChange


def rated_matches(club: Club | int, game: str) -> QuerySet[Match]:
    """The matches a club's ladder for ``game`` counts."""
    return Match.objects.filter(club=club, game=game, status=Match.Status.FINISHED).exclude(
        fixture__round__tournament__is_public=False
    )


@dataclass
class _Entry:
    match: Match
    finished_at: datetime
    teams: list[list[int]]  # player ids per unit
    scores: list[int]
    ranks: list[int]

    @property
    def place(self) -> tuple[datetime, int]:
        return (self.finished_at, self.match.pk)


def _finished_at(match: Match) -> datetime:
    """A match's place in the order: when it first finished (``Match.finished_at``, kept
    through corrections), its last change for a match from before that was recorded."""
    return match.finished_at or match.updated_at


def _entries(matches: Iterable[Match]) -> list[_Entry]:
    matches = list(matches)
    results = unit_results([m.pk for m in matches])
    seats: dict[int, dict[int, int]] = {}
    for match_id, number, player_id in Seat.objects.filter(match__in=matches).values_list(
        "match_id", "number", "player_id"
    ):
        seats.setdefault(match_id, {})[number] = player_id
    out = []
    for m in matches:
        game = find_game(m.game)
        rules = game.parse_rules(m.rules)
        units = results[m.pk]
        scores = [u.score for u in units]
        winner = next((u.unit for u in units if u.is_winner), None)
        teams = [[seats[m.pk][s] for s in game.unit_seats(rules, u.unit)] for u in units]
        out.append(_Entry(m, _finished_at(m), teams, scores, rank_units(scores, winner)))
    out.sort(key=lambda e: e.place)
    return out


def _apply(entries: list[_Entry], ratings: dict[int, Rating], club_id: int, game: str) -> None:
    """Rate ``entries`` in order on top of ``ratings`` (player id → row, updated in place)
    and store a RatedMatch and its RatingChange rows for each."""
    changes: list[RatingChange] = []
    for entry in entries:
        before = [
            [Skill(ratings[p].mu, ratings[p].sigma) if p in ratings else Skill() for p in team]
            for team in entry.teams
        ]
        after = rate(before, entry.ranks)
        rated = RatedMatch.objects.create(
            match=entry.match,
            club_id=club_id,
            game=game,
            finished_at=entry.finished_at,
            scores=entry.scores,
        )
        for unit, team in enumerate(entry.teams):
            for player, old, new in zip(team, before[unit], after[unit], strict=True):
                row = ratings.get(player) or ratings.setdefault(
                    player, Rating(player_id=player, game=game)
                )
                row.mu, row.sigma, row.ordinal = new.mu, new.sigma, new.ordinal
                row.matches += 1
                row.wins += entry.ranks[unit] == 0
                changes.append(
                    RatingChange(
                        rated=rated,
                        player_id=player,
                        game=game,
                        unit=unit,
                        rank=entry.ranks[unit],
                        mu_before=old.mu,
                        sigma_before=old.sigma,
                        mu_after=new.mu,
                        sigma_after=new.sigma,
                    )
                )
    RatingChange.objects.bulk_create(changes)
    for row in ratings.values():
        if row.matches:
            row.save()


def _after(place: tuple[datetime, int] | None) -> Q:
    """The matches at ``place`` in the order or later (every match without one)."""
    if place is None:
        return Q()
    at, pk = place
    return Q(finished_at__gt=at) | Q(finished_at=at, match_id__gte=pk)


def _rerate(club_id: int, game: str, since: tuple[datetime, int] | None) -> int:
    """Re-rate a ladder from ``since`` on (from the start when None; the caller holds the
    club's lock): the matches before it keep their changes, the ratings go back to what
    those left, and every counted match from that place on is rated again in order.
    The number re-rated."""
    RatedMatch.objects.filter(_after(since), club_id=club_id, game=game).delete()
    Rating.objects.filter(player__club_id=club_id, game=game).delete()
    ratings: dict[int, Rating] = {}
    kept = RatingChange.objects.filter(rated__club_id=club_id, game=game).order_by(
        "rated__finished_at", "rated__match_id"
    )
    for change in kept:
        row = ratings.setdefault(change.player_id, Rating(player_id=change.player_id, game=game))
        after = Skill(change.mu_after, change.sigma_after)
        row.mu, row.sigma, row.ordinal = after.mu, after.sigma, after.ordinal
        row.matches += 1
        row.wins += change.rank == 0
    pending = rated_matches(club_id, game)
    if since is not None:
        at, pk = since
        pending = pending.filter(
            Q(finished_at__gt=at) | Q(finished_at=at, pk__gte=pk) | Q(finished_at__isnull=True)
        )
    entries = [e for e in _entries(pending) if since is None or e.place >= since]
    _apply(entries, ratings, club_id, game)
    return len(entries)


def rebuild(club: Club | int, game: str) -> int:
    """Rebuild a club's ladder for ``game`` from its matches, each in its place (when it
    first finished); the number rated."""
    club_id = club if isinstance(club, int) else club.pk
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club_id)  # one ladder writer per club
        return _rerate(club_id, game, None)


def update(match_id: int) -> str:
    """Follow one match's result: ``applied``, ``unchanged``, ``rerated`` or ``ignored``.

    A match finishing after every applied one is applied on top; a corrected, reopened or
    late match re-rates its ladder from its place on (the matches before are untouched)."""
    with transaction.atomic():
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return "ignored"
        Club.objects.select_for_update().get(pk=match.club_id)
        counted = rated_matches(match.club_id, match.game).filter(pk=match_id).exists()
        applied = RatedMatch.objects.filter(match_id=match_id).first()
        if applied is None and not counted:
            return "ignored"
        entries = _entries([match]) if counted else []
        if applied is not None and counted and applied.scores == entries[0].scores:
            return "unchanged"
        last = (
            RatedMatch.objects.filter(club_id=match.club_id, game=match.game)
            .order_by("-finished_at", "-match_id")
            .first()
        )
        # on top only when this is the one counted match not applied yet (an update lost
        # with the broker is caught up here, by re-rating from the earliest one missed)
        pending = rated_matches(match.club_id, match.game).filter(rated__isnull=True)
        if (
            applied is None
            and list(pending.values_list("pk", flat=True)[:2]) == [match.pk]
            and (last is None or (last.finished_at, last.match_id) < entries[0].place)
        ):
            players = [p for team in entries[0].teams for p in team]
            ratings = {
                r.player_id: r for r in Rating.objects.filter(player__in=players, game=match.game)
            }
            _apply(entries, ratings, match.club_id, match.game)
            return "applied"
        places = [(applied.finished_at, match.pk)] if applied is not None else []
        places += [e.place for e in _entries(pending)[:1]]
        _rerate(match.club_id, match.game, min(places))
        return "rerated"


def behind() -> list[int]:
    """One counted match not applied yet per ladder that has one (the first by id):
    updates lost with the broker, for :func:`sweep`."""
    rows = (
        Match.objects.filter(status=Match.Status.FINISHED, rated__isnull=True)
        .exclude(fixture__round__tournament__is_public=False)
        .order_by("club_id", "game", "pk")
        .values_list("club_id", "game", "pk")
    )
    first: dict[tuple[int, str], int] = {}
    for club_id, game, pk in rows:
        first.setdefault((club_id, game), pk)
    return list(first.values())


def stale() -> list[tuple[int, str]]:
    """``(club id, game)`` of every ladder that has applied a match it no longer counts
    (its tournament closed to the public since), for :func:`sweep`."""
    rows = (
        RatedMatch.objects.filter(match__fixture__round__tournament__is_public=False)
        .values_list("club_id", "game")
        .distinct()
        .order_by("club_id", "game")
    )
    return list(rows)


def sweep() -> int:
    """Bring every ladder that is behind or stale up to date; the number of ladders
    updated."""
    pending = behind()
    for match_id in pending:
        update(match_id)
    closed = stale()
    for club_id, game in closed:
        rebuild(club_id, game)
    return len(pending) + len(closed)
