"""Writes of the tournaments app: tournaments, entries, withdrawals, rounds, forfeits and
fixtures filled from paper records.

Matches are created and recorded through ``games.services`` (the one writer of matches);
the draw and the standings are the pure modules ``pairing`` and ``standings``; the shape of
a table (entries per table, players per entry, who sits where) comes from the game
registry, so nothing here knows a game's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, Max, Q
from django.utils import timezone
from django.utils.translation import gettext

from clubs.access import may_organise, may_record, record_refusal
from clubs.models import Club, Player
from games import services as games
from games.engine import Record, check_record, find_game
from games.models import Match
from games.services import Refused

from .models import Entry, EntryPlayer, Fixture, FixtureEntry, Round, Tournament
from .pairing import DrawEntry, DrawRequest, Table, generator_for
from .standings import Scheme, rank, without_annulled
from .standings_store import load_results, scheme_of
from .tasks import request_standings

User = AbstractBaseUser | AnonymousUser
ROUND_ROBINS = (Tournament.Format.ROUND_ROBIN, Tournament.Format.DOUBLE_ROUND_ROBIN)


def _require_organiser(user: User, club: Club) -> None:
    if not may_organise(user, club):
        raise PermissionDenied("only the club's organisers can run its tournaments")


def table_shape(game: str, rules: dict | None) -> tuple[object, int, int]:
    """The game's parsed rules, its entries per table (scoring units) and players per
    entry; Refused naming ``game`` or ``rules`` when the registry refuses them."""
    try:
        g = find_game(game)
    except KeyError:
        raise Refused(f"game {game!r} is not played on this site", item={"field": "game"}) from None
    try:
        ruleset = g.parse_rules(rules)
    except (TypeError, ValueError) as exc:
        raise Refused(str(exc), item={"field": "rules"}) from exc
    units = g.units(ruleset)
    return ruleset, units, g.seats(ruleset) // units


def create_tournament(
    *,
    club: Club,
    user: User,
    name: str,
    format: str,
    game: str = "cuatrola",
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
    ruleset, table_size, entry_size = table_shape(game, rules)
    try:
        generator_for(format, table_size)
    except ValueError as exc:
        raise Refused(str(exc), item={"field": "format"}) from exc
    try:
        Scheme(tuple(tiebreaks or ()), points_per_win, table_size, game)
    except ValueError as exc:
        raise Refused(str(exc), item={"field": "tiebreaks"}) from exc
    return Tournament.objects.create(
        club=club,
        name=name,
        game=game,
        format=format,
        rules=ruleset.as_dict(),
        tiebreaks=tiebreaks or [],
        swiss_rounds=swiss_rounds,
        points_per_win=points_per_win,
        is_public=is_public,
        table_size=table_size,
        entry_size=entry_size,
    )


def add_entry(tournament: Tournament, user: User, name: str, *players: Player) -> Entry:
    """An entry of ``players`` (a pair, or one player at tables of three)."""
    _require_organiser(user, tournament.club)
    if tournament.rounds.exists():
        raise Refused("entries close when the first round is generated", item={"field": "name"})
    n = tournament.entry_size
    if (
        len(players) != n
        or len({p.pk for p in players}) != n
        or {p.club_id for p in players} != {tournament.club_id}
    ):
        what = "two different players" if n == 2 else f"{n} player(s)"
        raise Refused(f"an entry is {what} of the club", item={"field": "players"})
    taken = EntryPlayer.objects.filter(entry__tournament=tournament, player__in=players)
    if taken.exists():
        raise Refused("a player can be in one entry only", item={"field": "players"})
    if tournament.entries.filter(name=name).exists():
        raise Refused(f"an entry is already called {name}", item={"field": "name"})
    with transaction.atomic():
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
        raise Refused(gettext("Choose another player of this club."), item={"field": "into"})
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
            gettext("%(a)s and %(b)s both play in %(t)s: they are two players.")
            % {"a": merged, "b": survivor, "t": shared.entry.tournament},
            item={"field": "into"},
        )
    with transaction.atomic():
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
        raise Refused(f"{entry.name} has already withdrawn", item={"field": "entry"})
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
                f"scores: {len(sides)} whole numbers from 0, one per entry in table order",
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
        fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
        sides = list(fixture.participants.select_related("entry").order_by("position"))
        _store_decision(fixture, user, decision, sides, ids, scores)
        _touch(t)
    transaction.on_commit(lambda: request_standings(t.pk), robust=True)
    return fixture


def _touch(t: Tournament) -> None:
    """A result changed (a decision, a withdrawal): in the same transaction, the results
    version moves on (the standings are behind: tournaments/tasks.py) and so does the live
    validator (scoreboards must refetch)."""
    Tournament.objects.filter(pk=t.pk).update(
        live_version=F("live_version") + 1,
        live_updated_at=timezone.now(),
        results_version=F("results_version") + 1,
    )


# ------------------------------------------------------------------ rounds
def _unfinished(round_: Round) -> int:
    return (
        round_.fixtures.filter(decision="")
        .exclude(match=None)
        .exclude(match__status=Match.Status.FINISHED)
        .count()
    )


def generate_next_round(tournament: Tournament, user: User) -> Round:
    """Draw and create the next round: its fixtures and their matches."""
    _require_organiser(user, tournament.club)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        last = tournament.rounds.order_by("-number").first()
        if last is not None and (left := _unfinished(last)):
            raise Refused(
                f"round {last.number} is unfinished: {left} match(es) still being played",
                item={"field": "round"},
            )
        entries = list(tournament.entries.prefetch_related("members__player").order_by("seed"))
        starters = [e for e in entries if not e.withdrawn_before_start]
        if len(starters) < tournament.table_size:
            raise Refused(
                f"a tournament needs at least {tournament.table_size} entries",
                item={"field": "entries"},
            )
        number = (last.number if last else 0) + 1
        tables = _draw(tournament, number, starters, last)
        if tables is None:
            tournament.status = Tournament.Status.FINISHED
            tournament.save(update_fields=["status"])
        else:
            round_ = _create_round(tournament, number, tables, user)
    if tables is None:  # refused after the commit, so that the finished status is kept
        raise Refused(
            "every round has been played: the tournament is finished", item={"field": "round"}
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
    drawn = FixtureEntry.objects.filter(fixture__round__tournament=t).values_list(
        "fixture_id", "entry_id"
    )
    tables_so_far: dict[int, list[int]] = {}
    for fixture_id, entry_id in drawn:
        tables_so_far.setdefault(fixture_id, []).append(entry_id)
    for members in tables_so_far.values():
        if len(members) == 1:
            byes[members[0]] += 1
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


def _create_round(t: Tournament, number: int, tables: list[list[Entry]], user: User) -> Round:
    """The round, its fixtures and their matches (inside the caller's transaction). A
    table with a withdrawn entry is decided at once, without a match."""
    round_ = Round.objects.create(tournament=t, number=number)
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
    fields = ["status", "live_version", "live_updated_at"]
    if decided:  # a bye or a decided fixture is a result: the standings are behind
        t.results_version += 1
        fields.append("results_version")
        transaction.on_commit(lambda: request_standings(t.pk), robust=True)
    t.save(update_fields=fields)
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
            f"this fixture was decided by the organiser ({fixture.decision})",
            item={"field": "fixture"},
        )
    if record.game != t.game:
        raise Refused(
            f"the record is of {record.game}, the tournament of {t.game}", item={"field": "game"}
        )
    result = check_record(record)
    if not result["valid"]:
        error = result["error"]
        item = {k: v for k, v in error.items() if k not in ("rule", "message")}
        raise Refused(error["message"], error["rule"], item)
    if record.rules.as_dict() != match.rules:
        raise Refused(
            f"the record's rules are not the tournament's: {match.rules}", item={"field": "rules"}
        )
    expected = list(match.seats.order_by("number").values_list("player__display_name", flat=True))
    if record.seats is not None and list(record.seats) != expected:
        raise Refused(
            f"the record's seats are not the fixture's: expected {', '.join(expected)} "
            "in seat order",
            item={"field": "seats", "expected": expected},
        )
    if record.hands and record.hands[0].dealer != match.first_dealer:
        raise Refused(
            f"the fixture's match is dealt first by seat {match.first_dealer}",
            item={"field": "dealer", "hand": 1},
        )
    games.record_hands(match, record, user)
    match.refresh_from_db()
    return match
