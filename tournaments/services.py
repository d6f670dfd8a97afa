"""Writes of the tournaments app: tournaments, entries and rounds.

Matches are created through ``games.services`` (the one writer of matches); pairing and
standings are the pure modules ``pairing`` and ``standings``.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from clubs.access import may_organise
from clubs.models import Club, Player
from games import services as games
from games.models import Match
from games.services import Refused

from .models import Entry, Fixture, Round, Tournament
from .pairing import (
    Pairing,
    SwissEntry,
    berger_rounds,
    double_berger_rounds,
    knockout_first_round,
    knockout_next_round,
    swiss_round,
)
from .standings import REGISTRY, rank
from .standings_store import load_results, tiebreaks_of
from .tasks import request_standings

User = AbstractBaseUser | AnonymousUser


def _require_organiser(user: User, club: Club) -> None:
    if not may_organise(user, club):
        raise PermissionDenied("only the club's organisers can run its tournaments")


def create_tournament(
    *,
    club: Club,
    user: User,
    name: str,
    format: str,
    rules: dict | None = None,
    tiebreaks: list[str] | None = None,
    swiss_rounds: int = 5,
    points_per_win: int = 1,
    is_public: bool = True,
) -> Tournament:
    _require_organiser(user, club)
    if format not in Tournament.Format.values:
        raise Refused(
            f"format must be one of {', '.join(Tournament.Format.values)}", item={"field": "format"}
        )
    unknown = [t for t in tiebreaks or [] if t not in REGISTRY]
    if unknown:
        raise Refused(f"unknown tiebreak(s): {', '.join(unknown)}", item={"field": "tiebreaks"})
    ruleset = games.parse_rules(rules)
    return Tournament.objects.create(
        club=club,
        name=name,
        format=format,
        rules=ruleset.as_dict(),
        tiebreaks=tiebreaks or [],
        swiss_rounds=swiss_rounds,
        points_per_win=points_per_win,
        is_public=is_public,
    )


def add_entry(
    tournament: Tournament, user: User, name: str, player_1: Player, player_2: Player
) -> Entry:
    _require_organiser(user, tournament.club)
    if tournament.rounds.exists():
        raise Refused("entries close when the first round is generated", item={"field": "name"})
    if player_1 == player_2 or {player_1.club_id, player_2.club_id} != {tournament.club_id}:
        raise Refused("an entry is two different players of the club", item={"field": "players"})
    taken = Entry.objects.filter(tournament=tournament).values_list("player_1", "player_2")
    if {player_1.pk, player_2.pk} & {p for pair in taken for p in pair}:
        raise Refused("a player can be in one entry only", item={"field": "players"})
    if tournament.entries.filter(name=name).exists():
        raise Refused(f"an entry is already called {name}", item={"field": "name"})
    seed = (tournament.entries.aggregate(m=Max("seed"))["m"] or 0) + 1
    return Entry.objects.create(
        tournament=tournament, name=name, player_1=player_1, player_2=player_2, seed=seed
    )


def withdraw_entry(entry: Entry, user: User) -> Entry:
    """The entry keeps its played results and gets no new fixtures (its scheduled league
    opponents get a bye instead)."""
    _require_organiser(user, entry.tournament.club)
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    return entry


def _unfinished(round_: Round) -> int:
    return (
        round_.fixtures.exclude(entry_b=None).exclude(match__status=Match.Status.FINISHED).count()
    )


def generate_next_round(tournament: Tournament, user: User) -> Round:
    """Pair and create the next round: its fixtures and their matches."""
    _require_organiser(user, tournament.club)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        last = tournament.rounds.order_by("-number").first()
        if last is not None and (left := _unfinished(last)):
            raise Refused(
                f"round {last.number} is unfinished: {left} match(es) still being played",
                item={"field": "round"},
            )
        entries = list(tournament.entries.order_by("seed"))
        if len(entries) < 2:
            raise Refused("a tournament needs at least 2 entries", item={"field": "entries"})
        number = (last.number if last else 0) + 1
        by_number = {i: e for i, e in enumerate(entries, 1)}
        pairings = _pairings(tournament, number, entries, by_number, last)
        if pairings is None:
            tournament.status = Tournament.Status.FINISHED
            tournament.save(update_fields=["status"])
        else:
            round_ = _create_round(tournament, number, pairings, user)
    if pairings is None:  # refused after the commit, so that the finished status is kept
        raise Refused(
            "every round has been played: the tournament is finished", item={"field": "round"}
        )
    return round_


def _create_round(tournament: Tournament, number: int, pairings, user: User) -> Round:
    """The round, its fixtures and their matches (inside the caller's transaction)."""
    round_ = Round.objects.create(tournament=tournament, number=number)
    for table, (a, b) in enumerate(pairings, 1):
        fixture = Fixture(round=round_, table=table, entry_a=a, entry_b=b)
        if b is not None:
            fixture.match = games.create_match(
                club=tournament.club,
                user=user,
                rules=tournament.rules,
                players=[a.player_1, b.player_1, a.player_2, b.player_2],
                name=f"{tournament.name} — R{number} M{table}",
            )
        fixture.save()
    tournament.status = Tournament.Status.RUNNING
    tournament.live_version += 1  # new matches in play: scoreboards must refetch
    tournament.live_updated_at = timezone.now()
    fields = ["status", "live_version", "live_updated_at"]
    if any(b is None for _, b in pairings):
        tournament.results_version += 1  # a bye is a result: the standings are behind
        fields.append("results_version")
        transaction.on_commit(lambda: request_standings(tournament.pk), robust=True)
    tournament.save(update_fields=fields)
    return round_


def _pairings(
    tournament, number, entries, by_number, last
) -> list[tuple[Entry, Entry | None]] | None:
    """The round's (entry, opponent) pairs, or None when the tournament is over."""
    active = [e for e in entries if not e.withdrawn]
    fmt = tournament.format
    if fmt in (Tournament.Format.ROUND_ROBIN, Tournament.Format.DOUBLE_ROUND_ROBIN):
        schedule = (
            berger_rounds if fmt == Tournament.Format.ROUND_ROBIN else double_berger_rounds
        )(len(entries))
        if number > len(schedule):
            return None
        return _with_withdrawals(schedule[number - 1], by_number)
    if fmt == Tournament.Format.SWISS:
        if number > tournament.swiss_rounds:
            return None
        _, results = load_results(tournament)
        rows = {
            r.entry: r.metrics
            for r in rank([e.pk for e in entries], results, tiebreaks_of(tournament))
        }
        met: dict[int, set[int]] = {e.pk: set() for e in entries}
        byes = set()
        for r in results:
            if r.b is None:
                byes.add(r.a)
            else:
                met[r.a].add(r.b)
                met[r.b].add(r.a)
        swiss = [
            SwissEntry(e.pk, rows[e.pk]["match_points"], frozenset(met[e.pk]), e.pk in byes)
            for e in active
        ]
        pk_entry = {e.pk: e for e in entries}
        return [(pk_entry[a], pk_entry[b] if b else None) for a, b in swiss_round(swiss)]
    # knockout
    if last is None:
        return _with_withdrawals(knockout_first_round(len(active)), dict(enumerate(active, 1)))
    winners = []
    fixtures = last.fixtures.order_by("table").select_related("match")
    for f in fixtures.prefetch_related("match__units"):
        if f.entry_b_id is None:
            winners.append(f.entry_a)
        else:
            winners.append(f.entry_a if f.match.winner_unit == 0 else f.entry_b)
    if len(winners) < 2:
        return None
    return [(a, b) for a, b in knockout_next_round(winners)]


def _with_withdrawals(
    pairs: list[Pairing], by_number: dict[int, Entry]
) -> list[tuple[Entry, Entry | None]]:
    out = []
    for a, b in pairs:
        ea, eb = by_number[a], by_number.get(b) if b is not None else None
        if eb is not None and eb.withdrawn:
            eb = None
        if ea.withdrawn:
            ea, eb = eb, None
        if ea is not None:
            out.append((ea, eb))
    return out
