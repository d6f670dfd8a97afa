"""Applying finished matches to the ladders: once each, in order of finish.

A club's ladder for a game is the result of rating its finished matches one by one in
the order (finish time, match id). :func:`update` follows one match (the task does it
when a match's result changes): a match already applied with the same scores is left
alone (idempotent); a new match finishing after every applied one is applied on top
(the usual case: one ``rate`` call); anything else — a corrected or reopened result, a
match finishing out of order — rebuilds that ladder from scratch (:func:`rebuild`), which
gives the same numbers as applying the matches one by one would.

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
from django.db.models import QuerySet

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


def _entries(matches: Iterable[Match], finished: dict[int, datetime]) -> list[_Entry]:
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
        out.append(
            _Entry(m, finished.get(m.pk, m.updated_at), teams, scores, rank_units(scores, winner))
        )
    out.sort(key=lambda e: (e.finished_at, e.match.pk))
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


def rebuild(club: Club | int, game: str) -> int:
    """Rebuild a club's ladder for ``game`` from its matches; the number rated. Each
    match keeps the finish time the ladder first saw (else its last change)."""
    club_id = club if isinstance(club, int) else club.pk
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club_id)  # one ladder writer per club
        finished = dict(
            RatedMatch.objects.filter(club_id=club_id, game=game).values_list(
                "match_id", "finished_at"
            )
        )
        entries = _entries(rated_matches(club_id, game), finished)
        RatedMatch.objects.filter(club_id=club_id, game=game).delete()
        Rating.objects.filter(player__club_id=club_id, game=game).delete()
        _apply(entries, {}, club_id, game)
    return len(entries)


def update(match_id: int) -> str:
    """Follow one match's result: ``applied``, ``unchanged``, ``rebuilt`` or ``ignored``."""
    with transaction.atomic():
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return "ignored"
        Club.objects.select_for_update().get(pk=match.club_id)
        counted = rated_matches(match.club_id, match.game).filter(pk=match_id).exists()
        applied = RatedMatch.objects.filter(match_id=match_id).first()
        if applied is None and not counted:
            return "ignored"
        entries = _entries([match], {}) if counted else []
        if applied is not None and counted and applied.scores == entries[0].scores:
            return "unchanged"
        last = (
            RatedMatch.objects.filter(club_id=match.club_id, game=match.game)
            .order_by("-finished_at", "-match_id")
            .first()
        )
        # on top only when this is the one counted match not applied yet (an update lost
        # with the broker is caught up here, by a rebuild)
        pending = rated_matches(match.club_id, match.game).filter(rated__isnull=True)
        if (
            applied is None
            and list(pending.values_list("pk", flat=True)[:2]) == [match.pk]
            and (
                last is None
                or (last.finished_at, last.match_id) < (entries[0].finished_at, match.pk)
            )
        ):
            players = [p for team in entries[0].teams for p in team]
            ratings = {
                r.player_id: r for r in Rating.objects.filter(player__in=players, game=match.game)
            }
            _apply(entries, ratings, match.club_id, match.game)
            return "applied"
        rebuild(match.club_id, match.game)
        return "rebuilt"


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
