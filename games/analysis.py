"""Stored hand analysis (issue 22, docs/analysis.md "On the site"): every finished hand's
analysis with every card seen, computed by ``games.engine.analysis`` from the replayed
hand and kept as a :class:`~games.models.HandAnalysis` row per hand.

A row is *current* while the hand's event log is the one it was computed from (the
digest ``log``): a corrected hand (undo, re-entry) gets a new digest, its old row is
shown nowhere and the next run recomputes it. Only this module writes the rows.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from datetime import timedelta
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, Max, OuterRef, Q
from django.utils import timezone

from .engine import find_game
from .engine.analysis import VERSION, analyse_hand
from .engine.analysis.positions import reason_not_analysed
from .models import Hand, HandAnalysis, HandEvent, Match


def log_digest(match: Match, dealer: int, events: list[tuple[int, Any]]) -> str:
    """The digest of what a hand's analysis depends on: the match's game and rules, the
    hand's dealer and its events in order."""
    text = json.dumps([match.game, match.rules, dealer, events], sort_keys=True, default=str)
    return hashlib.sha1(text.encode()).hexdigest()


def hand_digests(match: Match) -> dict[int, tuple[Hand, str]]:
    """Every complete hand of the match by number, with the digest of its log now (one
    query for the events)."""
    events: dict[int, list[tuple[int, Any]]] = defaultdict(list)
    rows = HandEvent.objects.filter(hand__match=match, hand__complete=True).order_by("seq")
    for hand_id, seq, data in rows.values_list("hand_id", "seq", "data"):
        events[hand_id].append((seq, data))
    hands = match.hands.filter(complete=True).order_by("number")
    return {h.number: (h, log_digest(match, h.dealer, events[h.pk])) for h in hands}


def default_budget() -> float:
    """CPU seconds of search per hand (``ANALYSIS_BUDGET``) before "not solved"."""
    return float(settings.ANALYSIS_BUDGET)


def is_current(row: HandAnalysis, digest: str, budget: float) -> bool:
    """The row was computed from this log by this analyser (``VERSION``), and a "not
    solved" row with at least this budget (a larger budget tries again)."""
    if row.log != digest or row.version != VERSION:
        return False
    return row.reason != "not solved" or (row.budget or 0) >= budget


def analyse_match(match_id: int, budget: float | None = None) -> dict[str, int]:
    """Make every complete hand's analysis of the match current; drop the rows of hands
    no longer complete. Idempotent: a current row is left as it is. Returns counts."""
    from .services import replay  # services schedules this module's task

    budget = default_budget() if budget is None else budget
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return {"analysed": 0, "current": 0}
    digests = hand_digests(match)
    HandAnalysis.objects.filter(hand__match=match).exclude(hand__number__in=list(digests)).delete()
    stored = {
        a.hand.number: a
        for a in HandAnalysis.objects.filter(hand__match=match).select_related("hand")
    }
    stale = [
        n
        for n, (_h, d) in digests.items()
        if n not in stored or not is_current(stored[n], d, budget)
    ]
    counts = {"analysed": 0, "current": len(digests) - len(stale)}
    confirm_current(match, digests, [stored[n] for n in digests if n in stored and n not in stale])
    if not stale:
        return counts
    engine_hands = {h.number: h for h in replay(match).hands}
    for number in stale:
        hand, digest = digests[number]
        result = analyse_hand(match.game, engine_hands[number], budget=budget)
        fields = {
            "log": digest,
            "seq": hand.next_seq,
            "analysed": result["analysed"],
            "reason": result.get("reason", ""),
            "budget": budget,
            "side": result.get("side"),
            "value": result.get("value", ""),
            "par": result.get("par"),
            "actual": result.get("actual"),
            "plays": result.get("plays", []),
            "version": VERSION,
        }
        try:
            with transaction.atomic():
                HandAnalysis.objects.update_or_create(hand=hand, defaults=fields)
        except IntegrityError:  # another worker stored this hand's row first: the same
            continue
        counts["analysed"] += 1
    return counts


def unanalysed_matches(at_most: int) -> list[int]:
    """Up to ``at_most`` matches (oldest first) with a finished hand that has its deal
    and, by cheap columns, no current analysis: no row; a row of fewer or more events
    than the hand has now (``seq``); an event entered after the row was computed (a
    correction that kept the count: undo then re-entry); a row of an older analyser
    (``VERSION``); a "not solved" row of a smaller budget than now.
    :func:`analyse_match` then checks each hand's digest exactly.

    Only the games the write path analyses (:func:`analyses_on_write`; the others wait
    for ``manage.py analyse_hands``), and only matches untouched for a lease
    (``ANALYSIS_SWEEP_LEASE_SECONDS``): the write path's own task may still be running."""
    quiet = timezone.now() - timedelta(seconds=settings.ANALYSIS_SWEEP_LEASE_SECONDS)
    later = HandEvent.objects.filter(
        hand=OuterRef("pk"), entered_at__gt=OuterRef("analysis__computed_at")
    )
    stale = (
        Q(analysis__isnull=True)
        | ~Q(analysis__seq=F("next_seq"))
        | Q(Exists(later))
        | Q(analysis__version__lt=VERSION)
        | Q(analysis__reason="not solved", analysis__budget__lt=default_budget())
    )
    hands = Hand.objects.filter(
        stale,
        complete=True,
        deal__isnull=False,
        match__game__in=list(settings.ANALYSIS_ON_WRITE),
        match__updated_at__lt=quiet,
    )
    ids = hands.values_list("match_id", flat=True).distinct().order_by("match_id")
    return list(ids[:at_most])


def sweep_lost(at_most: int | None = None) -> list[int]:
    """Send the analysis of the matches :func:`unanalysed_matches` finds (a send lost
    with the broker, a worker killed mid-hand); each match at most once a lease (a key
    in the cache), so sweeps meanwhile leave a queued or running task alone. Returns the
    matches sent. Idempotent: the task skips every hand already current."""
    from .tasks import analyse_match as task  # the task module imports this one

    at_most = settings.ANALYSIS_SWEEP_AT_MOST if at_most is None else at_most
    lease = settings.ANALYSIS_SWEEP_LEASE_SECONDS
    sent = []
    for match_id in unanalysed_matches(at_most):
        if not cache.add(f"analysis-sweep:{match_id}", 1, timeout=lease):
            continue  # sent by a sweep less than a lease ago
        task.delay(match_id)
        sent.append(match_id)
    return sent


def confirm_current(
    match: Match, digests: dict[int, tuple[Hand, str]], rows: list[HandAnalysis]
) -> None:
    """Bring the cheap columns of rows found current by their digest up to date (``seq``,
    ``computed_at``): an undone event entered again just as it was leaves the digest as
    it was but the events newer, and :func:`unanalysed_matches` would otherwise send the
    match again every lease."""
    newest = dict(
        HandEvent.objects.filter(hand__match=match, hand__complete=True)
        .values("hand_id")
        .annotate(last=Max("entered_at"))
        .values_list("hand_id", "last")
    )
    for row in rows:
        hand = digests[row.hand.number][0]
        last = newest.get(hand.pk)
        if row.seq != hand.next_seq or (last is not None and last > row.computed_at):
            row.seq = hand.next_seq
            row.save(update_fields=["seq", "computed_at"])


def current_analyses(
    match: Match, digests: dict[int, tuple[Hand, str]] | None = None
) -> dict[int, HandAnalysis]:
    """The match's analyses that are current, by hand number (a stale one is left out);
    ``digests``: :func:`hand_digests` of the match when the caller has them already."""
    digests = hand_digests(match) if digests is None else digests
    out = {}
    for row in HandAnalysis.objects.filter(hand__match=match).select_related("hand"):
        number = row.hand.number
        if number in digests and row.log == digests[number][1] and row.version == VERSION:
            out[number] = row
    return out


def known_reasons(match: Match) -> dict[int, str]:
    """The finished hands that no analysis will ever cover, by number, with the reason
    the analysis would give (``"void"``, ``"penalty"``, ``"no deal"``): read from the
    rows, so said at once, whether or not a worker ran and whatever the game. The
    engine's own check decides, in its order, on what the rows hold (one query each
    for the hands and their penalties)."""
    penalised = set(
        HandEvent.objects.filter(hand__match=match, hand__complete=True, kind="penalty")
        .values_list("hand_id", flat=True)
        .distinct()
    )
    out = {}
    rows = match.hands.filter(complete=True).values_list("pk", "number", "header", "deal")
    for pk, number, header, deal in rows:
        facts = SimpleNamespace(
            void=bool((header or {}).get("void")),
            is_complete=True,
            penalty=True if pk in penalised else None,
            deal=deal,
        )
        reason = reason_not_analysed(facts)
        if reason is not None:
            out[number] = reason
    return out


def pending(match: Match) -> dict[str, Any]:
    """A finished hand with its deal and no current analysis yet: who will make it —
    ``"worker"`` (the write path sent it; the sweep catches a lost send) or
    ``"analyse_hands"`` (the write path leaves this game's hands alone here,
    ``ANALYSIS_ON_WRITE``: only that command makes them)."""
    who = "worker" if analyses_on_write(match.game) else "analyse_hands"
    return {"analysed": False, "reason": "pending", "waits_for": who}


def analysis_payload(
    row: HandAnalysis | None,
    number: int,
    waiting: dict[str, Any] | None = None,
    players: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A hand's analysis as the API shows it (ANALYSIS.md's object); ``waiting``
    (:func:`pending`) when not yet computed for the hand's current log; ``players``: the
    counted side's (``side_players``, :func:`counted_seats` by name)."""
    if row is None:
        return {"number": number, **(waiting or {"analysed": False, "reason": "pending"})}
    if not row.analysed:
        out = {"number": number, "analysed": False, "reason": row.reason}
        if row.reason == "not solved":
            out["budget"] = row.budget
        return out
    return {
        "number": number,
        "analysed": True,
        "side": row.side,
        "side_players": players or [],
        "value": row.value,
        "par": row.par,
        "actual": row.actual,
        "plays": row.plays,
    }


def match_analysis(match: Match) -> tuple[list[dict[str, Any]], str]:
    """Every complete hand's analysis payload, in hand order, and a digest of what they
    show (the API's ETag): each hand's log digest and the row current for it, if any,
    with the moment it was computed (a "not solved" row tried again changes it). A hand
    :func:`known_reasons` lists says its reason whether or not a row was stored. The
    counted side's players are named (``side_players``): their names are in the digest
    too, so a renamed player is no 304."""
    digests = hand_digests(match)
    rows = current_analyses(match, digests)
    known = known_reasons(match)
    numbers = sorted(digests)
    shown = [
        (n, digests[n][1], rows[n].pk, rows[n].computed_at.isoformat())
        if n in rows and n not in known
        else (n, known.get(n))
        for n in numbers
    ]
    waiting = pending(match)
    names = list(match.seats.order_by("number").values_list("player__display_name", flat=True))
    tag = hashlib.sha1(json.dumps([shown, waiting["waits_for"], names]).encode()).hexdigest()
    game = find_game(match.game)
    rules = game.parse_rules(match.rules)

    def players(row: HandAnalysis | None) -> list[dict[str, Any]]:
        seats = counted_seats(game, rules, row) if row is not None and row.analysed else []
        return [{"seat": s, "name": names[s]} for s in seats if s < len(names)]

    return [
        {"number": n, "analysed": False, "reason": known[n]}
        if n in known
        else analysis_payload(rows.get(n), n, waiting, players(rows.get(n)))
        for n in numbers
    ], tag


def analyses_on_write(game: str) -> bool:
    """Whether the write path sends the analysis of a match of ``game``
    (``ANALYSIS_ON_WRITE``: with no worker, only the games whose hands solve in
    milliseconds; the others wait for ``manage.py analyse_hands``)."""
    return game in settings.ANALYSIS_ON_WRITE


def counted_seats(game: Any, rules: Any, row: HandAnalysis) -> list[int]:
    """The seats the value counts for (ANALYSIS.md's counted side, ``side`` a unit of the
    game: a side, or a seat of three-player Subastao): the unit's seats that played a
    card (a declarer's partner sits out, C5, and is not counted)."""
    played = {p["seat"] for p in row.plays}
    return [s for s in game.unit_seats(rules, row.side) if s in played]


def counted_players(game: Any, rules: Any, row: HandAnalysis, names: list[str]) -> str:
    """Who the value counts for, by name (the pages': :func:`counted_seats`)."""
    return " & ".join(names[s] for s in counted_seats(game, rules, row) if s < len(names))


def cante_changes(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Where the value changes between a trick's last card and the next trick's lead: a
    cante not sung, or a smaller one, by the side that won the trick (ANALYSIS.md: the
    card's ``value`` counts the best cante, the next card's ``best`` the one sung), so
    part of par − actual that is no card's cost. ``change``: next ``best`` − ``value``,
    from the counted side (negative: it lost)."""
    out = []
    for before, after in pairwise(plays):
        if after["trick"] != before["trick"] and after["best"] != before["value"]:
            change = after["best"] - before["value"]
            out.append({"after_trick": before["trick"], "change": change, "size": abs(change)})
    return out


def hand_view(row: HandAnalysis, counted: str = "") -> dict[str, Any]:
    """What the match page and the replay show of a hand's stored analysis: par beside
    the actual result, or why not analysed; ``counted``: whom the value counts for, by
    name; ``marks``: every costly card (by card, a card is played once a hand) with the
    best alternative and what it would have gained; ``cantes``: :func:`cante_changes`."""
    marks = {}
    for play in row.plays if row.analysed else []:
        if play["cost"] > 0:
            others = [c for c in play["best_cards"] if c != play["card"]]
            marks[play["card"]] = {"best": others[0], "gain": play["cost"], "cards": others}
    return {
        "analysed": row.analysed,
        "reason": row.reason,
        "budget": row.budget,
        "value": row.value,
        "par": row.par,
        "actual": row.actual,
        # the sizes choose the plural of "points"/"tricks" (the template signs the value)
        "par_size": abs(row.par or 0),
        "actual_size": abs(row.actual or 0),
        "counted": counted,
        "marks": marks,
        "cantes": cante_changes(row.plays) if row.analysed and row.value == "margin" else [],
    }


def hand_views(match: Match, names: list[str]) -> dict[int, dict[str, Any]]:
    """What every finished hand of the match shows of its analysis, by hand number: its
    :func:`hand_view`; the reason at once for a hand :func:`known_reasons` lists (no
    deal, void, penalty), whether or not a worker has seen it; else :func:`pending`.
    ``names``: the seats' players, in seat order."""
    game = find_game(match.game)
    rules = game.parse_rules(match.rules)
    digests = hand_digests(match)
    rows = current_analyses(match, digests)
    known = known_reasons(match)
    waiting = pending(match)
    views = {}
    for number in digests:
        if number in known:
            views[number] = {"analysed": False, "reason": known[number], "marks": {}}
        elif number in rows:
            row = rows[number]
            who = counted_players(game, rules, row, names) if row.analysed else ""
            views[number] = hand_view(row, who)
        else:
            views[number] = {**waiting, "marks": {}}
    return views


def mark_story(stories: list[dict[str, Any]], views: dict[int, dict[str, Any]]) -> None:
    """Put each finished hand's analysis (:func:`hand_views`) on its story
    (``replays.match_story``) and each costly card's mark on its play."""
    for story in stories:
        if not story.get("result"):
            continue  # the hand in play: never analysed (its cards may be hidden)
        view = views.get(story["number"], {"analysed": False, "reason": "pending", "marks": {}})
        story["analysis"] = view
        for trick in story["tricks"]:
            for play in trick["plays"]:
                play["costly"] = view["marks"].get(play["card"])


def shown_analysis(match: Match, number: int | None, names: list[str]) -> dict[str, Any] | None:
    """The replay's hand ``number``: its :func:`hand_views` entry once it is over, None
    while it is played."""
    if number is None or not match.hands.filter(number=number, complete=True).exists():
        return None
    return hand_views(match, names).get(number)
