"""Entries and the players in them: adding an entry, merging two players who were one
person, and withdrawing or readmitting an entry (its unplayed fixtures decided through
:mod:`.decisions`)."""

from __future__ import annotations

from math import ceil

from django.db import transaction
from django.db.models import Max, Q

from clubs.models import Player
from games import services as games
from games.engine.messages import msg
from games.models import Match
from games.services import Refused

from ..models import Entry, EntryPlayer, Fixture, FixtureEntry, Tournament
from ..tasks import request_standings
from .base import ROUND_ROBINS, Conflict, User, _require_organiser
from .decisions import _decide_unplayed, _store_decision, _touch


def add_entry(tournament: Tournament, user: User, name: str, *players: Player) -> Entry:
    """An entry of ``players`` (a pair, or one player at tables of three); an empty
    ``name`` is the players' names joined by " & "."""
    _require_organiser(user, tournament.club)
    with transaction.atomic():
        # the tournament locked: two entries added at once get their own seeds, and a
        # name or player taken by the other is refused, not an IntegrityError
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.rounds.exists():
            raise Refused("entries close when the first round is generated", item={"field": "name"})
        n = tournament.entry_size
        if (
            len(players) != n
            or len({p.pk for p in players}) != n
            or {p.club_id for p in players} != {tournament.club_id}
        ):
            what = (
                msg("an entry is two different players of the club")
                if n == 2
                else msg("an entry is {n} player(s) of the club", n=n)
            )
            raise Refused(what, item={"field": "players"})
        taken = (
            EntryPlayer.objects.filter(entry__tournament=tournament, player__in=players)
            .select_related("player", "entry")
            .first()
        )
        if taken is not None:
            raise Refused(
                msg(
                    "{player} is already in the entry {entry}: a player can be in one entry only",
                    player=taken.player.display_name,
                    entry=taken.entry.name,
                ),
                item={"field": "players"},
            )
        # no name given: the pair is known by its players ("Ana & Blas")
        name = name.strip() or " & ".join(p.display_name for p in players)[:120]
        if tournament.entries.filter(name=name).exists():
            raise Refused(
                msg("an entry is already called {name}", name=name), item={"field": "name"}
            )
        games.lock_players(players)  # none merged away meanwhile (games.services)
        seed = (tournament.entries.aggregate(m=Max("seed"))["m"] or 0) + 1
        entry = Entry.objects.create(tournament=tournament, name=name, seed=seed)
        EntryPlayer.objects.bulk_create(
            EntryPlayer(entry=entry, player=p, position=i) for i, p in enumerate(players)
        )
    return entry


# ------------------------------------------------------------------ players
def merge_players(merged: Player, survivor: Player, user: User) -> Player:
    """``merged`` was the same person as ``survivor``: its seats (``games.services``) and
    tournament entries move to ``survivor``, which takes its login if it had none, and
    ``merged`` is deleted — in one transaction. Every match, event and result is kept.
    Refused (nothing written) when the two sat at one match or are in one tournament."""
    _require_organiser(user, merged.club)
    if survivor.club_id != merged.club_id or survivor.pk == merged.pk:
        raise Refused(msg("Choose another player of this club."), item={"field": "into"})
    with transaction.atomic():
        # Both rows locked, always in id order: two opposite merges sent at once
        # (x into y, y into x) would otherwise each delete the other's survivor, or
        # deadlock. The second to get the locks finds a player gone and changes nothing.
        locked = list(
            Player.objects.select_for_update()
            .filter(pk__in=(merged.pk, survivor.pk))
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        if len(locked) != 2:
            raise Conflict(
                msg(
                    "{a} or {b} was merged or removed meanwhile: reload the page and choose again.",
                    a=str(merged),
                    b=str(survivor),
                ),
                item={"field": "into"},
            )
        merged.refresh_from_db()  # what they are now, under the locks
        survivor.refresh_from_db()
        mine = EntryPlayer.objects.filter(player=merged)
        shared = (
            EntryPlayer.objects.filter(
                player=survivor, entry__tournament__in=mine.values("entry__tournament")
            )
            .select_related("entry__tournament")
            .first()
        )
        if shared is not None:
            raise Refused(
                msg(
                    "{a} and {b} both play in {t}: they are two players.",
                    a=str(merged),
                    b=str(survivor),
                    t=str(shared.entry.tournament),
                ),
                item={"field": "into"},
            )
        games.move_seats(merged, survivor)
        mine.update(player=survivor)
        if survivor.user_id is None and merged.user_id is not None:
            survivor.user_id = merged.user_id
            survivor.save(update_fields=["user"])
        merged.delete()
    return survivor


# ------------------------------------------------------------------ withdrawals
def default_withdrawal(entry: Entry) -> str:
    """What becomes of a withdrawing entry's results when the organiser does not say.

    Round robins follow FIDE's General Regulations for Competitions: results are annulled
    when the entry has played fewer than half of its scheduled games, kept otherwise.
    Swiss and knockout keep them (FIDE for Swiss; Tabbycat keeps a removed team's
    results): its opponents were drawn by them.
    """
    t = entry.tournament
    if t.format not in ROUND_ROBINS:
        return Entry.Results.KEEP
    starters = t.entries.exclude(withdrawn=True, withdrawn_after_round=0).count()
    scheduled = (starters - 1) * (2 if t.format == Tournament.Format.DOUBLE_ROUND_ROBIN else 1)
    decided = Q(fixture__decision=Fixture.Decision.FORFEIT) | Q(
        fixture__decision="", fixture__match__status=Match.Status.FINISHED
    )
    played = FixtureEntry.objects.filter(decided, entry=entry).count()
    return Entry.Results.ANNUL if played < ceil(scheduled / 2) else Entry.Results.KEEP


def withdraw_entry(
    entry: Entry, user: User, results: str | None = None, unplayed: str | None = None
) -> Entry:
    """Withdraw ``entry``: it gets no new fixtures and is listed last, marked.

    ``results``: ``keep`` or ``annul`` its results (default: :func:`default_withdrawal`).
    ``unplayed``: its fixtures left to play — the open one of the current round and, in a
    round robin, its scheduled ones — become ``forfeit`` wins for the opponents (default
    when results are kept) or are ``void``; annulled results void them all (a forfeit
    against an entry whose results do not count would count for nobody).
    """
    t = entry.tournament
    _require_organiser(user, t.club)
    if entry.withdrawn:
        raise Refused(msg("{name} has already withdrawn", name=entry.name), item={"field": "entry"})
    if results not in (None, *Entry.Results.values):
        raise Refused("results: keep or annul", item={"field": "results"})
    if unplayed not in (None, *Entry.Unplayed.values):
        raise Refused("unplayed: forfeit or void", item={"field": "unplayed"})
    results = results or default_withdrawal(entry)
    if results == Entry.Results.ANNUL:
        if unplayed == Entry.Unplayed.FORFEIT:
            raise Refused(
                "annulled results void the unplayed fixtures: choose void, or keep the results",
                item={"field": "unplayed"},
            )
        unplayed = Entry.Unplayed.VOID
    unplayed = unplayed or Entry.Unplayed.FORFEIT
    if t.format == Tournament.Format.KNOCKOUT and unplayed == Entry.Unplayed.VOID:
        raise Refused(
            "in a knockout the opponent goes through: the unplayed fixture is a forfeit",
            item={"field": "unplayed"},
        )
    with transaction.atomic():
        # the tournament locked first, as a draw locks it: a round drawn at the same moment
        # is then either seen here (its open fixture decided below) or drawn after, without
        # the entry; unlocked, the round counted and the fixtures read missed it, and the
        # entry withdrawn after round n kept an open fixture in round n + 1
        Tournament.objects.select_for_update().get(pk=t.pk)
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.withdrawn:  # a second click of the same withdrawal
            raise Conflict(
                msg("{name} has already withdrawn", name=entry.name), item={"field": "entry"}
            )
        entry.withdrawn = True
        entry.withdrawn_after_round = t.rounds.count()
        entry.withdrawal_results = results
        entry.withdrawal_unplayed = unplayed
        entry.save(
            update_fields=[
                "withdrawn",
                "withdrawn_after_round",
                "withdrawal_results",
                "withdrawal_unplayed",
            ]
        )
        open_fixtures = Fixture.objects.filter(
            round__tournament=t, participants__entry=entry, decision=""
        ).exclude(match=None)
        for fixture in open_fixtures.exclude(match__status=Match.Status.FINISHED):
            _decide_unplayed(fixture, user, t)
        _touch(t)
    transaction.on_commit(lambda: request_standings(t.pk), robust=True)
    return entry


def readmit_entry(entry: Entry, user: User) -> Entry:
    """Undo a withdrawal while no round has been drawn since it (Conflict, 409, after:
    that round was drawn without the entry, or with a forfeit for it).

    Its fixtures that a match can still decide — decided (forfeit or void) but with a
    match not finished — go back to the match: the withdrawal decided them. A fixture
    without a match, or whose match finished, stays as it is.
    """
    t = entry.tournament
    _require_organiser(user, t.club)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)  # as withdraw_entry: a draw waits
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if not entry.withdrawn:
            raise Conflict(
                msg("{name} has not withdrawn.", name=entry.name), item={"field": "entry"}
            )
        drawn = t.rounds.count()
        if drawn > entry.withdrawn_after_round:
            raise Conflict(
                msg(
                    "Round {n} was drawn after {name} withdrew: the withdrawal stays.",
                    n=drawn,
                    name=entry.name,
                ),
                item={"field": "entry"},
            )
        entry.withdrawn = False
        entry.withdrawn_after_round = None
        entry.withdrawal_results = entry.withdrawal_unplayed = ""
        entry.save(
            update_fields=[
                "withdrawn",
                "withdrawn_after_round",
                "withdrawal_results",
                "withdrawal_unplayed",
            ]
        )
        reopened = (
            Fixture.objects.filter(round__tournament=t, participants__entry=entry)
            .exclude(decision="")
            .exclude(match=None)
            .exclude(match__status=Match.Status.FINISHED)
        )
        for fixture in reopened:
            sides = list(fixture.participants.select_related("entry"))
            if any(p.entry.withdrawn for p in sides):  # another withdrawal still decides it
                _decide_unplayed(fixture, user, t)
            else:
                _store_decision(fixture, user, Fixture.Decision.PLAYED, sides, set(), None)
        _touch(t)
    transaction.on_commit(lambda: request_standings(t.pk), robust=True)
    return entry
