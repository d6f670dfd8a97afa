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
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from .engine.analysis import analyse_hand
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
    """The row was computed from this log, and a "not solved" row with at least this
    budget (a larger budget tries again)."""
    if row.log != digest:
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
        }
        try:
            with transaction.atomic():
                HandAnalysis.objects.update_or_create(hand=hand, defaults=fields)
        except IntegrityError:  # another worker stored this hand's row first: the same
            continue
        counts["analysed"] += 1
    return counts


def current_analyses(match: Match) -> dict[int, HandAnalysis]:
    """The match's analyses that are current, by hand number (a stale one is left out)."""
    digests = hand_digests(match)
    out = {}
    for row in HandAnalysis.objects.filter(hand__match=match).select_related("hand"):
        number = row.hand.number
        if number in digests and row.log == digests[number][1]:
            out[number] = row
    return out


def analysis_payload(row: HandAnalysis | None, number: int) -> dict[str, Any]:
    """A hand's analysis as the API and pages show it (ANALYSIS.md's object);
    ``"pending"`` when not yet computed for the hand's current log."""
    if row is None:
        return {"number": number, "analysed": False, "reason": "pending"}
    if not row.analysed:
        out = {"number": number, "analysed": False, "reason": row.reason}
        if row.reason == "not solved":
            out["budget"] = row.budget
        return out
    return {
        "number": number,
        "analysed": True,
        "side": row.side,
        "value": row.value,
        "par": row.par,
        "actual": row.actual,
        "plays": row.plays,
    }


def match_analysis(match: Match) -> list[dict[str, Any]]:
    """Every complete hand's analysis payload, in hand order."""
    rows = current_analyses(match)
    numbers = match.hands.filter(complete=True).order_by("number").values_list("number", flat=True)
    return [analysis_payload(rows.get(n), n) for n in numbers]


def analyses_on_write(game: str) -> bool:
    """Whether the write path sends the analysis of a match of ``game``
    (``ANALYSIS_ON_WRITE``: with no worker, only the games whose hands solve in
    milliseconds; the others wait for ``manage.py analyse_hands``)."""
    return game in settings.ANALYSIS_ON_WRITE


def hand_view(row: HandAnalysis) -> dict[str, Any]:
    """What the match page and the replay show of a hand's stored analysis: par beside
    the actual result, or why not analysed; ``marks``: every costly card (by card, a card
    is played once a hand) with the best alternative and what it would have gained."""
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
        "marks": marks,
    }


def hand_views(match: Match) -> dict[int, dict[str, Any]]:
    """:func:`hand_view` of every current analysis of the match, by hand number; a
    finished hand without its deal says so even before a worker has seen it (the
    analysis of a game the write path leaves to ``analyse_hands``)."""
    views = {n: hand_view(row) for n, row in current_analyses(match).items()}
    undealt = match.hands.filter(complete=True, deal__isnull=True).values_list("number", flat=True)
    for number in undealt:
        views.setdefault(number, {"analysed": False, "reason": "no deal", "marks": {}})
    return views


def mark_story(stories: list[dict[str, Any]], views: dict[int, dict[str, Any]]) -> None:
    """Put each finished hand's analysis on its story (``replays.match_story``) and each
    costly card's mark on its play (``pending`` for a finished hand not analysed yet)."""
    for story in stories:
        if not story.get("result"):
            continue  # the hand in play: never analysed (its cards may be hidden)
        view = views.get(story["number"], {"analysed": False, "reason": "pending", "marks": {}})
        story["analysis"] = view
        for trick in story["tricks"]:
            for play in trick["plays"]:
                play["costly"] = view["marks"].get(play["card"])


def shown_analysis(match: Match, number: int | None) -> dict[str, Any] | None:
    """The replay's hand ``number``: its :func:`hand_view` once it is over (``pending``
    until analysed), None while it is played."""
    if number is None or not match.hands.filter(number=number, complete=True).exists():
        return None
    pending = {"analysed": False, "reason": "pending", "marks": {}}
    return hand_views(match).get(number, pending)
