"""Writes of the tournaments app: tournaments, entries, withdrawals, rounds, forfeits and
fixtures filled from paper records.

Matches are created and recorded through ``games.services`` (the one writer of matches);
the draw and the standings are the pure modules ``pairing`` and ``standings``; the shape of
a table (entries per table, players per entry, who sits where) comes from the game
registry, so nothing here knows a game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, time
from functools import partial
from math import ceil

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, Max, Q
from django.utils import timezone

from clubs.access import may_organise, may_record, record_refusal
from clubs.models import Club, Player
from games import services as games
from games.engine import Record, check_record, find_game
from games.engine.messages import Items, Seat, msg
from games.models import HandEvent, Match, default_game_name
from games.refusals import localize
from games.services import Refused, Stale

from .models import (
    Entry,
    EntryPlayer,
    Fixture,
    FixtureEntry,
    Round,
    StandingsSnapshot,
    Tournament,
)
from .pairing import DrawEntry, DrawRequest, Table, generator_for
from .signals import visibility_changed
from .standings import Scheme, rank, without_annulled
from .standings_store import load_results, scheme_of
from .tasks import request_standings, results_changed

User = AbstractBaseUser | AnonymousUser
#: what may change only before round 1 is drawn (the draw and the standings follow them)
SETTINGS_BEFORE_START = (
    "game",
    "rules",
    "format",
    "swiss_rounds",
    "tiebreaks",
    "points_per_win",
    "points_per_loss",
)
ROUND_ROBINS = (Tournament.Format.ROUND_ROBIN, Tournament.Format.DOUBLE_ROUND_ROBIN)


class Conflict(Refused):
    """Refused because of what the tournament already holds (a drawn round, a recorded
    hand), not because of the input: HTTP 409. Its message is English, made by msg() like
    every refusal here; the pages and the API's ``detail`` translate it on display."""

    status = 409


def _require_organiser(user: User, club: Club) -> None:
    if not may_organise(user, club):
        raise PermissionDenied("only the club's organisers can run its tournaments")


def table_shape(game: str, rules: dict | None) -> tuple[object, int, int]:
    """The game's parsed rules, its entries per table (scoring units) and players per
    entry; Refused naming ``game`` or ``rules`` when the registry refuses them."""
    try:
        g = find_game(game)
    except KeyError:
        raise Refused(
            msg("game {game!r} is not played on this site", game=game), item={"field": "game"}
        ) from None
    try:
        ruleset = g.parse_rules(rules)
    except (TypeError, ValueError) as exc:
        raise Refused(str(exc), item={"field": "rules"}) from exc
    units = g.units(ruleset)
    return ruleset, units, g.seats(ruleset) // units


def _validated(
    format: str,
    game: str,
    rules: dict | None,
    tiebreaks: list[str] | None,
    points_per_win: int,
    points_per_loss: int = 0,
) -> tuple[object, int, int]:
    """The parsed rules, table size and entry size of a tournament's settings; Refused
    naming the field that the registry, the draw or the standings refuse."""
    if format not in Tournament.Format.values:
        raise Refused(
            msg("format must be one of {items}", items=", ".join(Tournament.Format.values)),
            item={"field": "format"},
        )
    ruleset, table_size, entry_size = table_shape(game, rules)
    try:
        generator_for(format, table_size)
    except ValueError as exc:
        raise Refused(str(exc), item={"field": "format"}) from exc
    try:
        Scheme(tuple(tiebreaks or ()), points_per_win, table_size, game, points_per_loss)
    except ValueError as exc:
        field = "points_per_loss" if "lost match" in str(exc) else "tiebreaks"
        raise Refused(str(exc), item={"field": field}) from exc
    return ruleset, table_size, entry_size


def create_tournament(
    *,
    club: Club,
    user: User,
    name: str,
    format: str,
    game: str | None = None,
    rules: dict | None = None,
    tiebreaks: list[str] | None = None,
    swiss_rounds: int = 5,
    points_per_win: int = 1,
    points_per_loss: int = 0,
    is_public: bool = True,
) -> Tournament:
    _require_organiser(user, club)
    game = default_game_name() if game is None else game
    ruleset, table_size, entry_size = _validated(
        format, game, rules, tiebreaks, points_per_win, points_per_loss
    )
    return Tournament.objects.create(
        club=club,
        name=name,
        game=game,
        format=format,
        rules=ruleset.as_dict(),
        tiebreaks=tiebreaks or [],
        swiss_rounds=swiss_rounds,
        points_per_win=points_per_win,
        points_per_loss=points_per_loss,
        is_public=is_public,
        table_size=table_size,
        entry_size=entry_size,
    )


def update_tournament(t: Tournament, user: User, **changes: object) -> Tournament:
    """Change a tournament's settings: the name and visibility at any time, the others
    (``SETTINGS_BEFORE_START``) only before round 1 is drawn (Conflict, 409, after)."""
    _require_organiser(user, t.club)
    unknown = set(changes) - {"name", "is_public", *SETTINGS_BEFORE_START}
    if unknown:
        raise Refused(
            msg("not a setting: {items}", items=Items(sorted(unknown))), item={"field": "settings"}
        )
    merged = {k: changes.get(k, getattr(t, k)) for k in SETTINGS_BEFORE_START}
    ruleset, table_size, entry_size = _validated(
        merged["format"],
        merged["game"],
        merged["rules"],
        merged["tiebreaks"],
        merged["points_per_win"],
        merged["points_per_loss"],
    )
    merged["rules"] = ruleset.as_dict()
    merged["tiebreaks"] = merged["tiebreaks"] or []
    changed = [k for k in SETTINGS_BEFORE_START if merged[k] != getattr(t, k)]
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if changed and t.rounds.exists():
            raise Conflict(
                msg("Round 1 has been drawn: only the name and the visibility can change now."),
                item={"field": changed[0]},
            )
        if entry_size != t.entry_size and t.entries.exists():
            raise Conflict(
                msg(
                    "The entries already made have {old} player(s) each and these rules "
                    "need {new}: remove them first.",
                    old=t.entry_size,
                    new=entry_size,
                ),
                item={"field": "rules"},
            )
        opened_or_closed = "is_public" in changes and bool(changes["is_public"]) != t.is_public
        for k in ("name", "is_public"):
            if k in changes:
                setattr(t, k, changes[k])
        for k in SETTINGS_BEFORE_START:
            setattr(t, k, merged[k])
        t.table_size, t.entry_size = table_size, entry_size
        t.save()
        if opened_or_closed:
            # robust: the change is committed, a failing follower must not make it a 500
            transaction.on_commit(partial(_visibility_changed, t), robust=True)
    return t


def _visibility_changed(t: Tournament) -> None:
    visibility_changed.send(
        Tournament, tournament_id=t.pk, club_id=t.club_id, game=t.game, is_public=t.is_public
    )


def set_seeding(t: Tournament, user: User, order: Sequence[Entry]) -> None:
    """The entries' seeds in ``order`` (1 first): the draw of round 1 follows them (the
    Berger table's numbers, the Swiss and knockout ranking). Only before round 1."""
    _require_organiser(user, t.club)
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.rounds.exists():
            raise Conflict(
                msg("Round 1 has been drawn: the seeding can no longer change."),
                item={"field": "seeding"},
            )
        ids = [e.pk for e in order]
        if sorted(ids) != sorted(t.entries.values_list("pk", flat=True)):
            raise Refused(
                msg("The seeding lists every entry of the tournament once."),
                item={"field": "seeding"},
            )
        # two steps, so that the unique seeds never collide midway
        top = len(ids) + (t.entries.aggregate(m=Max("seed"))["m"] or 0)
        t.entries.update(seed=F("seed") + top)
        for seed, pk in enumerate(ids, 1):
            Entry.objects.filter(pk=pk).update(seed=seed)


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


# ------------------------------------------------------------------ withdrawals, forfeits
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
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
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


def _decide_unplayed(fixture: Fixture, user: User | None, t: Tournament) -> None:
    """Decide a fixture with a withdrawn entry: void if any withdrawn entry's choice is void
    (or every entry has withdrawn), else a forfeit by the withdrawn ones."""
    sides = list(fixture.participants.select_related("entry"))
    out = [p for p in sides if p.entry.withdrawn]
    if len(out) == len(sides) or any(
        p.entry.withdrawal_unplayed == Entry.Unplayed.VOID for p in out
    ):
        _store_decision(fixture, user, Fixture.Decision.VOID, sides, set(), None)
    else:
        _store_decision(
            fixture, user, Fixture.Decision.FORFEIT, sides, {p.entry_id for p in out}, None
        )


def default_forfeit_score(t: Tournament) -> int:
    """The game points a forfeit win counts as by default: the match's target (rules
    ``target``: 11 in Cuatrola, 300 in Subastao)."""
    target = t.rules.get("target") if isinstance(t.rules, dict) else None
    return target if isinstance(target, int) else 0


def _store_decision(
    fixture: Fixture,
    user: User | None,
    decision: str,
    sides: list[FixtureEntry],
    forfeited: set[int],
    scores: Sequence[int] | None,
) -> None:
    target = default_forfeit_score(fixture.round.tournament)
    for i, p in enumerate(sides):
        p.forfeited = p.entry_id in forfeited
        if decision != Fixture.Decision.FORFEIT:
            p.awarded_score = None
        elif scores is not None:
            p.awarded_score = scores[i]
        else:
            p.awarded_score = 0 if p.forfeited else target
    FixtureEntry.objects.bulk_update(sides, ["forfeited", "awarded_score"])
    fixture.decision = decision
    fixture.decided_by = user if user is not None and user.is_authenticated else None
    fixture.decided_at = timezone.now() if decision else None
    fixture.save(update_fields=["decision", "decided_by", "decided_at"])


def decide_fixture(
    fixture: Fixture,
    user: User,
    decision: str,
    forfeited: Sequence[Entry] = (),
    scores: Sequence[int] | None = None,
) -> Fixture:
    """The organiser decides a fixture without (or over) its match.

    ``forfeit``: the entries in ``forfeited`` (some, not all) forfeited; ``scores`` (one per
    entry, in unit order) are the game points it counts as — by default the match's target
    for the others and 0 for those who forfeited. ``void``: it counts for nobody (not in a
    knockout). ``""`` (played): the match decides again.
    """
    t = fixture.round.tournament
    _require_organiser(user, t.club)
    sides = fixture.ordered()
    if len(sides) < 2:
        raise Refused("a bye has nothing to decide", item={"field": "fixture"})
    if decision not in Fixture.Decision.values:
        raise Refused("decision: forfeit, void or played", item={"field": "decision"})
    ids = {e.pk for e in forfeited}
    if decision == Fixture.Decision.FORFEIT:
        if not ids or not ids < {p.entry_id for p in sides}:
            raise Refused(
                "a forfeit names the entries of this fixture that forfeited, not all of them",
                item={"field": "forfeited"},
            )
        if scores is not None and (
            len(scores) != len(sides) or any(type(s) is not int or s < 0 for s in scores)
        ):
            raise Refused(
                msg(
                    "scores: {n_sides} whole numbers from 0, one per entry in table order",
                    n_sides=len(sides),
                ),
                item={"field": "scores"},
            )
    elif ids or scores is not None:
        raise Refused(
            "only a forfeit names who forfeited and its scores", item={"field": "forfeited"}
        )
    if decision == Fixture.Decision.VOID and t.format == Tournament.Format.KNOCKOUT:
        raise Refused(
            "a knockout fixture cannot be void: somebody goes through", item={"field": "decision"}
        )
    if decision == Fixture.Decision.PLAYED and fixture.match_id is None:
        raise Refused("this fixture has no match to decide it", item={"field": "decision"})
    with transaction.atomic():
        fixture = (
            Fixture.objects.select_for_update(of=("self",))
            .select_related("round")
            .get(pk=fixture.pk)
        )
        sides = list(fixture.participants.select_related("entry").order_by("position"))
        _store_decision(fixture, user, decision, sides, ids, scores)
        _touch(t, fixture.round.number)
    transaction.on_commit(lambda: request_standings(t.pk), robust=True)
    return fixture


def _touch(t: Tournament, round_number: int | None = None) -> None:
    """A result changed (a decision in round ``round_number``; None: a withdrawal, a
    round deleted): in the same transaction, the results version moves on (the standings
    are behind, from that round or wholly: tournaments/tasks.py) and so does the live
    validator (scoreboards must refetch)."""
    Tournament.objects.filter(pk=t.pk).update(
        live_version=F("live_version") + 1,
        live_updated_at=timezone.now(),
        **results_changed(round_number),
    )


# ------------------------------------------------------------------ rounds
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
    return None if why is None else localize(why)


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


def _draw(
    t: Tournament, number: int, starters: list[Entry], last: Round | None
) -> list[list[Entry]] | None:
    """The round's tables of entries (in seat/unit order), or None when the format is over."""
    generator = generator_for(t.format, t.table_size)
    if t.format in ROUND_ROBINS:  # the schedule of those who started; withdrawn stay in it
        by_number = dict(enumerate(starters, 1))
        tables = generator.draw(DrawRequest(number, tuple(DrawEntry(n) for n in by_number)))
        return _entries(tables, by_number)
    active = [e for e in starters if not e.withdrawn]
    if t.format == Tournament.Format.KNOCKOUT:
        if last is None:
            by_number = dict(enumerate(active, 1))
            request = DrawRequest(number, tuple(DrawEntry(n) for n in by_number))
        else:  # who went through, withdrawn or not: a withdrawn one's next fixture is a forfeit
            by_number = dict(enumerate(_advancing(t, last), 1))
            request = DrawRequest(number, (), advancing=tuple(by_number))
            if sum(e is not None for e in by_number.values()) < 2:
                return None
        tables = generator.draw(request)
        if tables is None:
            return None
        # a bracket slot nobody won (every entry of that table withdrew) gives a bye
        seated = [[by_number[n] for n in table if by_number[n] is not None] for table in tables]
        return [table for table in seated if table]
    # score groups: match points so far, who sat together, byes
    loaded = load_results(t)
    entries = loaded.entries
    counted = without_annulled(loaded.results, loaded.annulled)
    rows = {r.entry: r.metrics for r in rank([e.pk for e in entries], counted, scheme_of(t))}
    met: dict[int, set[int]] = {e.pk: set() for e in entries}
    byes: dict[int, int] = dict.fromkeys(met, 0)
    first: dict[int, int] = dict.fromkeys(met, 0)  # sat first at a table of two (seat 0)
    drawn = (
        FixtureEntry.objects.filter(fixture__round__tournament=t)
        .order_by("fixture", "position")
        .values_list("fixture_id", "entry_id")
    )
    tables_so_far: dict[int, list[int]] = {}
    for fixture_id, entry_id in drawn:
        tables_so_far.setdefault(fixture_id, []).append(entry_id)
    for members in tables_so_far.values():
        if len(members) == 1:
            byes[members[0]] += 1
        if len(members) == 2:
            first[members[0]] += 1
        for a in members:
            met[a].update(b for b in members if b != a)
    by_seed = {e.seed: e for e in active}
    seed_of = {e.pk: e.seed for e in entries}
    request = DrawRequest(
        number,
        tuple(
            DrawEntry(
                e.seed,
                rows[e.pk]["match_points"],
                frozenset(seed_of[o] for o in met[e.pk]),
                byes[e.pk],
                first[e.pk],
            )
            for e in active
        ),
        rounds=t.swiss_rounds,
    )
    return _entries(generator.draw(request), by_seed)


def _entries(tables: list[Table] | None, by_number: dict[int, Entry]) -> list[list[Entry]] | None:
    return None if tables is None else [[by_number[n] for n in table] for table in tables]


def _advancing(t: Tournament, last: Round) -> list[Entry | None]:
    """Who goes through from the last knockout round, in bracket (table) order (None for a
    table nobody won: every entry of it withdrew)."""
    winners = {}
    for r in load_results(t).results:
        if r.round == last.number:
            best = min(range(len(r.participants)), key=lambda i: r.placings[i])
            winners[frozenset(r.entries)] = r.participants[best].entry
    out: list[Entry | None] = []
    fixtures = last.fixtures.prefetch_related("participants__entry").order_by("table")
    for f in fixtures:
        entries = f.entries()
        winner = winners.get(frozenset(e.pk for e in entries))
        out.append(next((e for e in entries if e.pk == winner), None))
    return out


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


# ------------------------------------------------------------------ paper records
def import_fixture_record(fixture: Fixture, record: Record, user: User) -> Match:
    """A paper record of ``fixture`` recorded into the fixture's match, event by event
    through the one write service (``games.services.record_hands``), as live entry.

    Refused (400) when the record is invalid (the checker's rule and location), is of
    another game or ruleset, names other players than the fixture's seats (``seats`` may
    be left out: the fixture says who sat where), or deals first from another seat;
    ``Stale`` (409) when the match already has events; nothing is written then.
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
    if record.rules.as_dict() != match.rules:
        raise Refused(
            msg("the record's rules are not the tournament's: {rules}", rules=match.rules),
            item={"field": "rules"},
        )
    expected = list(match.seats.order_by("number").values_list("player__display_name", flat=True))
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
