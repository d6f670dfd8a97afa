"""What the API answers about a match: the stored summaries plus the live hand state."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Prefetch

from clubs.access import may_see_hands

from ..engine import HandState, MatchState
from ..engine.cuatrola.options import SEATS
from ..models import Hand, Match, Seat
from ..services import replay


def hand_state(hand: HandState, row: Hand) -> dict[str, Any]:
    """The hand being played: whose turn, the trick so far, what is known, and — when the
    deal is known — the legal cards, calls and cantes."""
    knowledge = hand.knowledge
    deal_known = hand.deal is not None
    return {
        "hand": row.number,
        "next_seq": row.next_seq,
        "phase": hand.phase,
        "dealer": hand.dealer,
        "mano": hand.mano,
        "trump_card": hand.trump_card.text,
        "to_act": hand.to_act,
        "calls": list(hand.calls),
        "declaration": hand.declaration,
        "declarer": hand.declarer,
        "sitting_out": hand.sitting_out,
        "trick": [{"seat": s, "card": c.text} for s, c in hand.current_trick],
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "seats": list(t.seats),
                "cards": [c.text for c in t.cards],
                "winner": t.winner,
            }
            for t in hand.tricks
        ],
        "tricks_won": list(hand.tricks_won),
        "points": list(hand.points()),
        "cantes": [
            {"after_trick": c.after_trick, "seat": c.seat, "suit": c.suit, "value": c.value}
            for c in hand.cantes
        ],
        "penalty": (
            {"seat": hand.penalty.seat, "rule": hand.penalty.rule} if hand.penalty else None
        ),
        "deal_known": deal_known,
        "known": {str(seat): [c.text for c in knowledge.held_now(seat)] for seat in range(SEATS)},
        "legal": {
            "calls": hand.legal_calls(),
            "cards": [c.text for c in hand.legal_plays()] if deal_known else None,
            "cantes": (
                [{"seat": seat, "suit": suit} for seat, suit in hand.legal_cantes()]
                if deal_known
                else None
            ),
        },
    }


def current_hand(match: Match, state: MatchState, rows: list[Hand]) -> dict[str, Any] | None:
    if not rows:
        return None
    row = rows[-1]
    if row.number <= len(state.hands):
        return hand_state(state.hands[row.number - 1], row)
    return {
        "hand": row.number,
        "next_seq": row.next_seq,
        "phase": "deal",
        "dealer": row.dealer,
        "to_act": None,
    }


def match_summary(match: Match) -> dict[str, Any]:
    """The match without its hands (lists)."""
    return {
        "id": match.pk,
        "club": match.club.slug,
        "game": match.game,
        "name": match.name,
        "played_on": match.played_on.isoformat() if match.played_on else None,
        "status": match.status,
        "score": match.score,
        "winner_side": match.winner_side,
        "seats": [
            {"seat": s.number, "player": {"id": s.player_id, "name": s.player.display_name}}
            for s in match.seats.all()  # prefetched by the callers
        ],
        "version": match.version,
        "updated_at": match.updated_at.isoformat(),
    }


def match_payload(
    match: Match, state: MatchState | None = None, viewer: User | AnonymousUser | None = None
) -> dict[str, Any]:
    """The whole match as ``viewer`` may see it: seats, score, every hand's summary and
    the hand in play — whose deal (the cards still held, the legal cards) only the match's
    scorer and organisers see (``may_see_hands``); no viewer is an anonymous one."""
    match = (
        Match.objects.select_related("club")
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("player")))
        .get(pk=match.pk)
    )
    if not may_see_hands(viewer or AnonymousUser(), match):
        state = replay(match, hide_deal_in_play=True)
    elif state is None:
        state = replay(match)
    rows = list(match.hands.order_by("number"))
    return {
        **match_summary(match),
        "rules": match.rules,
        "first_dealer": match.first_dealer,
        "scorer": match.scorer.get_username() if match.scorer else None,
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "trump_card": h.trump_card or None,
                "complete": h.complete,
                "events": h.next_seq,
                "result": h.summary,
            }
            for h in rows
        ],
        "current": current_hand(match, state, rows),
    }
