"""What the API answers about a match: the stored results plus the live hand state, for
any game (the match's game says what its hands show: ``Game.hand_view``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Prefetch

from clubs.access import may_record, may_see_hands

from ..engine import Game, find_game
from ..models import Hand, HandEvent, Match, Seat
from ..services import hand_outcomes, replay, state_of


def hand_state(game: Game, hand: Any, row: Hand) -> dict[str, Any]:
    """The hand being played: what every game shares (whose turn, the trick so far, the
    tricks) and what the game adds (the auction, the trump, what is known, the legal
    moves when the deal is known…)."""
    return {
        "hand": row.number,
        "next_seq": row.next_seq,
        "phase": hand.phase,
        "dealer": hand.dealer,
        "to_act": hand.to_act,
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
        **game.hand_view(hand),
    }


def current_hand(match: Match, state: Any, rows: list[Hand]) -> dict[str, Any] | None:
    if not rows:
        return None
    row = rows[-1]
    if row.number <= len(state.hands):
        return hand_state(find_game(match.game), state.hands[row.number - 1], row)
    return {
        "hand": row.number,
        "next_seq": row.next_seq,
        "phase": "deal",
        "dealer": row.dealer,
        "to_act": None,
    }


def units_of(match: Match) -> list[dict[str, Any]]:
    """Each scoring unit's seats, score and whether it won (``units`` prefetched)."""
    game = find_game(match.game)
    rules = game.parse_rules(match.rules)
    return [_unit(game, rules, u.unit, u.score, u.is_winner) for u in match.units.all()]


def _unit(game: Game, rules: Any, unit: int, score: int, winner: bool) -> dict[str, Any]:
    return {"unit": unit, "seats": game.unit_seats(rules, unit), "score": score, "winner": winner}


def match_summary(match: Match) -> dict[str, Any]:
    """The match without its hands (lists). ``score`` is the list of the units' scores and
    ``winner_side`` the winning unit, as before there were other games than Cuatrola."""
    units = units_of(match)
    winner = next((u["unit"] for u in units if u["winner"]), None)
    return {
        "id": match.pk,
        "club": match.club.slug,
        "game": match.game,
        "name": match.name,
        "played_on": match.played_on.isoformat() if match.played_on else None,
        "status": match.status,
        "score": [u["score"] for u in units],
        "winner_unit": winner,
        "winner_side": winner,
        "units": units,
        "seats": [
            {"seat": s.number, "player": {"id": s.player_id, "name": s.player.display_name}}
            for s in match.seats.all()  # prefetched by the callers
        ],
        "version": match.version,
        "updated_at": match.updated_at.isoformat(),
    }


def match_payload(
    match: Match, state: Any | None = None, viewer: User | AnonymousUser | None = None
) -> dict[str, Any]:
    """The whole match as ``viewer`` may see it: seats, score, every hand's summary and
    the hand in play — whose deal (the cards still held, the legal cards) only the match's
    scorer and organisers see (``may_see_hands``); no viewer is an anonymous one."""
    match = (
        Match.objects.select_related("club")
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("player")), "units")
        .get(pk=match.pk)
    )
    viewer = viewer or AnonymousUser()
    if not may_see_hands(viewer, match):
        state = replay(match, hide_deal_in_play=True)
    elif state is None:
        state = state_of(match)
    recorder = may_record(viewer, match)
    rows = list(match.hands.order_by("number"))
    return {
        **match_summary(match),
        "rules": match.rules,
        "first_dealer": match.first_dealer,
        # a login's name, for those who record the match: a visitor learns no username
        "scorer": match.scorer.get_username() if match.scorer and recorder else None,
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "header": h.header,
                "trump_card": h.header.get("trump_card"),
                "complete": h.complete,
                "events": h.next_seq,
                "result": h.summary,
            }
            for h in rows
        ],
        "current": current_hand(match, state, rows),
    }


def event_answer(
    match: Match, state: Any, latest: Hand | None, viewer: User | AnonymousUser
) -> dict[str, Any]:
    """What a posted event is answered with: the match's status and version, each unit's
    score, and the hand in play as ``viewer`` may see it — not every hand (GET the match
    for those). ``match`` and ``state`` are what the write left (the unit rows are what
    ``state`` derives, so they are read from it) and ``latest`` the row of the match's
    latest hand when the write holds it: no query, unless the viewer may not see the hand
    in play's deal (then the match is replayed without it)."""
    game = find_game(match.game)
    if not may_see_hands(viewer, match):
        state = replay(match, hide_deal_in_play=True)
    row = latest or match.hands.order_by("number").last()
    winner = state.winner_unit
    units = [_unit(game, state.rules, u, score, winner == u) for u, score in enumerate(state.score)]
    return {
        "id": match.pk,
        "game": match.game,
        "status": match.status,
        "score": list(state.score),
        "winner_unit": winner,
        "winner_side": winner,
        "units": units,
        "version": match.version,
        "updated_at": match.updated_at.isoformat(),
        "current": current_hand(match, state, [row] if row else []),
    }


def last_hand(game: Game, state: Any) -> dict[str, Any] | None:
    """The latest complete hand: what it added to each unit and the penalty that ended
    it, if one did (the pad says why the score jumped)."""
    outcomes = hand_outcomes(game, state, last=1)
    if not outcomes:
        return None
    outcome = outcomes[-1]
    penalty = game.hand_story(state.hands[outcome.number - 1]).get("penalty")
    return {"number": outcome.number, "delta": list(outcome.delta), "penalty": penalty}


def last_entry(match: Match, state: Any) -> dict[str, Any] | None:
    """The match's last stored event, for the pad to name what an undo takes back: its
    hand and number (what the undo names, ``last_seq``), the event (a deal without its
    cards), the trick of a play and whether its hand is complete (undoing it reopens the
    hand and changes the score)."""
    event = (
        HandEvent.objects.filter(hand__match=match)
        .order_by("-hand__number", "-seq")
        .select_related("hand")
        .first()
    )
    if event is None:
        return None
    trick = None
    if event.kind == "play" and event.hand.number <= len(state.hands):
        hand = state.hands[event.hand.number - 1]
        # the match's last card is in the trick on the table, or closed the last trick
        trick = len(hand.tricks) + (1 if hand.current_trick else 0)
    return {
        "hand": event.hand.number,
        "seq": event.seq,
        "event": {k: v for k, v in event.data.items() if k != "deal"},
        "trick": trick,
        "complete": event.hand.complete,
    }


def legal_payload(match: Match, state: Any) -> dict[str, Any]:
    """What the table may record next, each action in the game's event notation; the
    seats that play the hand (a seat sitting out can neither sing nor revoke), the
    auction so far, and the latest complete hand."""
    game = find_game(match.game)
    hand = state.hands[-1] if state.hands and not state.awaiting_deal else None
    row = match.hands.order_by("-number").only("number", "next_seq").first()
    seats = range(game.seats(state.rules))
    story = game.hand_story(hand) if hand else {}
    out = {story.get("roles", {}).get("sitting_out")}
    return {
        "hand": row.number if row else None,
        "next_seq": row.next_seq if row else None,
        "phase": "finished" if state.finished else hand.phase if hand else "deal",
        "to_act": hand.to_act if hand else None,
        "deal_known": hand.deal is not None if hand else False,
        "actions": game.legal_actions(state),
        "in_hand": [s for s in seats if s not in out],
        "speech": story.get("speech", []),
        "last_hand": last_hand(game, state),
        "last_entry": last_entry(match, state),
    }
