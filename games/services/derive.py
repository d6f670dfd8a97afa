"""The rows a match's events derive (hand headers and summaries, the next hand to deal,
each scoring unit's result, the match's status and live summary), written from the
engine's state by the write service, and the followers told."""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from ..analysis import analyses_on_write
from ..engine import Game, HandOutcome, find_game
from ..models import Hand, HandEvent, Match, MatchUnit
from ..results import against_the_others
from ..signals import match_result_changed, match_written
from ..tasks import analyse_match
from . import fold, statements

logger = logging.getLogger("games.services")
#: a broker that does not answer: give up quickly, the write is already committed
ANALYSIS_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
#: the ``MatchUnit`` columns :func:`unit_rows` derives
UNIT_COLUMNS = ("score", "is_winner", "hands_won", "counters")
UNIT_COLUMNS += ("place", "tied", "score_against", "hands_against")
UNIT_COLUMNS += MatchUnit.COUNTER_SLOTS


def unit_rows(game: Game, state: Any, outcomes: list[HandOutcome]) -> list[dict[str, Any]]:
    """What ``state`` derives for each scoring unit: score, winner, hands won (hands that
    went to the unit), the sum of the game's per-hand counters, and how it stands against
    the other units (``games.results.against_the_others``: what standings sum).
    ``outcomes``: those of the complete hands ``state`` holds in full (``fold.outcomes``;
    a cached state adds what its folded hands' tally holds)."""
    summed = fold.tally(game, state, outcomes)
    rows = [
        {"score": score, "is_winner": state.winner_unit == u, "hands_won": won}
        for u, (score, won) in enumerate(zip(state.score, summed.hands_won, strict=True))
    ]
    placed = against_the_others(
        [r["score"] for r in rows], [r["hands_won"] for r in rows], state.winner_unit
    )
    for row, counted, standing in zip(rows, summed.counters, placed, strict=True):
        row["counters"] = counted
        row.update(standing, **MatchUnit.counter_slots(game.counters, counted))
    return rows


def sync_rows(match: Match, state: Any) -> None:
    """Write what ``state`` derives: hand headers and summaries, the next hand to deal,
    each unit's result (after an undo or a rebuild: every hand may have changed; an
    event recorded live writes through :func:`sync_event`)."""
    game = find_game(state.game)
    rows = {h.number: h for h in match.hands.all()}
    outcomes = fold.outcomes(game, state)
    by_number = {o.number: o for o in outcomes}
    for engine_hand in state.hands:
        row = rows.get(engine_hand.number) or Hand(match=match, number=engine_hand.number)
        derive_hand(game, row, engine_hand, by_number)
        row.next_seq = row.events.count() if row.pk else 0
        row.save()
    # a hand row beyond the engine's hands can only be the next hand, still undealt
    for number, row in rows.items():
        if number > len(state.hands):
            row.header, row.deal, row.complete, row.summary = {}, None, False, None
            row.next_seq = row.events.count()
            row.save()
    if state.awaiting_deal:
        Hand.objects.get_or_create(
            match=match, number=len(state.hands) + 1, defaults={"dealer": state.next_dealer or 0}
        )
    sync_match(game, match, state, outcomes)


def derive_hand(game: Game, row: Hand, engine_hand: Any, outcomes: dict[int, HandOutcome]) -> None:
    """Set what the engine's hand derives on its row (not saved)."""
    row.dealer = engine_hand.dealer
    row.header = game.hand_header(engine_hand)
    row.deal = [[c.text for c in h] for h in engine_hand.deal] if engine_hand.deal else None
    row.complete = engine_hand.is_complete
    outcome = outcomes.get(engine_hand.number)
    row.summary = outcome.facts if outcome else None


def sync_match(
    game: Game, match: Match, state: Any, outcomes: list[HandOutcome] | None, writes: int = 1
) -> None:
    """Write what ``state`` derives on the match (each unit's result, the status, the hand
    in play) after ``writes`` events were stored, and tell the followers. ``outcomes``
    None: no hand's result changed, the unit rows and the status stay as they are."""
    units = _derive_match(game, match, state, outcomes, writes)
    MatchUnit.objects.bulk_update(units, UNIT_COLUMNS)
    match.save(update_fields=["status", "version", "updated_at", "live", "finished_at"])


def sync_event(match: Match, state: Any, hand: Hand, event: HandEvent) -> Hand:
    """Write what ``event`` (not saved yet), just applied to ``state`` as the next event
    of ``hand``, derives. Mid-hand only the hand's header and the match's live summary
    and version change; when it ends the hand (or re-scores it, complete), the hand's
    summary, the units' results and the match's status too, and the next hand's row is
    made. The event's insert and the hand's, the units' and the match's updates are one
    statement on PostgreSQL (:func:`.statements.store_event`): only the outcomes of the
    hands the state holds in full are computed, which keeps an event's cost flat
    whatever the match's length. The row of the match's latest hand, for the answer."""
    game = find_game(state.game)
    engine_hand = state.hands[hand.number - 1]
    if not engine_hand.is_complete:
        # the event scored nothing (a score moves when the last hand completes, or a late
        # penalty re-scores it, complete): no summary or unit result changed
        derive_hand(game, hand, engine_hand, {})
        _derive_match(game, match, state, None)
        statements.store_event(match, hand, event)
        return hand
    outcomes = fold.outcomes(game, state)
    derive_hand(game, hand, engine_hand, {o.number: o for o in outcomes})
    units = _derive_match(game, match, state, outcomes)
    statements.store_event(match, hand, event, units, UNIT_COLUMNS)
    if not state.awaiting_deal:
        return hand
    # the next hand's row; the match's lock, which every write of a hand holds, keeps
    # another from making it meanwhile (no savepoint, as get_or_create would take)
    number = len(state.hands) + 1
    latest = statements.hand_of(match, number)
    if latest is None:
        latest = Hand.objects.create(match=match, number=number, dealer=state.next_dealer or 0)
    return latest


def _derive_match(
    game: Game, match: Match, state: Any, outcomes: list[HandOutcome] | None, writes: int = 1
) -> list[MatchUnit]:
    """:func:`sync_match` but the saves: the unit rows whose result changed are returned,
    to be updated (rows missing are created here)."""
    changed_result, units = False, []
    if outcomes is not None:
        changed_result, units = _sync_units(game, match, state, outcomes)
    match_written.send(sender=Match, match_id=match.pk, result_changed=changed_result, match=match)
    if state.hands and (writes > 1 or state.hands[-1].is_complete):
        send_analysis(match)
    match.live = live_summary(state)
    match.version += writes  # the caller holds the row lock: no lost update
    return units


def _sync_units(
    game: Game, match: Match, state: Any, outcomes: list[HandOutcome]
) -> tuple[bool, list[MatchUnit]]:
    """Set each unit's result and the match's status (not saved; a missing unit row is
    created): did a finished result change? (Then the standings and statistics follow
    it, once committed.) And the rows with a changed result, to be updated."""
    units = {u.unit: u for u in statements.units_of(match)}
    before = (match.status, [units[u].score for u in sorted(units)])
    changed = []
    for unit, derived in enumerate(unit_rows(game, state, outcomes)):
        row = units.get(unit) or MatchUnit(match=match, unit=unit)
        if row.pk is None or any(getattr(row, k) != v for k, v in derived.items()):
            for key, value in derived.items():
                setattr(row, key, value)
            changed.append(row)
    stored = [r for r in changed if r.pk is not None]
    MatchUnit.objects.bulk_create([r for r in changed if r.pk is None])
    match.status = Match.Status.FINISHED if state.finished else Match.Status.IN_PROGRESS
    if state.finished and match.finished_at is None:
        match.finished_at = timezone.now()  # once: a correction keeps it
    result_changed = Match.Status.FINISHED in (before[0], match.status) and before != (
        match.status,
        list(state.score),
    )
    if result_changed:
        # robust: the write is committed, so a failing follower must not turn it into a 500
        match_id = match.pk
        transaction.on_commit(
            lambda: match_result_changed.send(sender=Match, match_id=match_id), robust=True
        )
    return result_changed, stored


def send_analysis(match: Match) -> None:
    """Once committed, send the analysis of the match's finished hands (games.analysis):
    after an import, the event that ends a hand, or a correction. Robust like the
    followers: the write is committed, a broker outage must not turn it into a 500 (the
    hands wait for ``manage.py analyse_hands``)."""
    if not analyses_on_write(match.game):
        return
    match_id = match.pk

    def send() -> None:
        try:
            analyse_match.apply_async((match_id,), retry_policy=ANALYSIS_RETRY)
        except OperationalError:
            logger.warning("analysis: could not send the analysis of match %s", match_id)

    transaction.on_commit(send, robust=True)


def live_summary(state: Any) -> dict[str, Any]:
    """What a scoreboard shows of the hand in play, stored on the match so that live
    reads need no replay: hand, phase, dealer, to_act, trick, and what the game adds
    (Cuatrola: trump card, declaration, declarer, tricks won)."""
    if state.awaiting_deal or not state.hands:
        number = len(state.hands) + 1
        return {
            "hand": number,
            "phase": "deal" if not state.finished else "finished",
            "dealer": state.next_dealer,
            "to_act": None,
            "trick": [],
        }
    hand = state.hands[-1]
    return {
        "hand": hand.number,
        "phase": "finished" if state.finished else hand.phase,
        "dealer": hand.dealer,
        **find_game(state.game).live_view(hand),
        "to_act": hand.to_act,
        "trick": [{"seat": s, "card": c.text} for s, c in hand.current_trick],
    }
