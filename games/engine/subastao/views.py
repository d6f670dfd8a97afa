"""What the site shows of a Subastao hand: its header, the API's and the scoreboard's
views, the legal actions in the event notation and the match page's account (the site's
hooks of :class:`~games.engine.game.Game`; the counters the standings sum are the facts'
``COUNTERS``)."""

from __future__ import annotations

from typing import Any

from ..core import views as common
from .events import PASS, event_to_dict
from .hand import HandState
from .match import MatchState


def speech(hand: HandState) -> list[dict[str, Any]]:
    """The auction with the seat of each bid: from the first speaker on, skipping the seats
    that have passed (S2)."""
    out, passed, seat = [], set(), hand.first
    for bid in hand.bids:
        out.append({"seat": seat, "bid": bid})
        if bid == PASS:
            passed.add(seat)
        if len(passed) == hand.seats:
            break
        nxt = (seat + 1) % hand.seats
        while nxt in passed and nxt != seat:
            nxt = (nxt + 1) % hand.seats
        seat = nxt
    return out


def hand_header(hand: HandState) -> dict[str, Any]:
    """The contract: the standing (then winning) bid and its bidder, the named trump; a
    void hand says so."""
    out: dict[str, Any] = {}
    if hand.bid is not None:
        out["bid"], out["bidder"] = hand.bid, hand.bidder
    if hand.trump is not None:
        out["trump"] = hand.trump
    if hand.void:
        out["void"] = True
    return out


def _tute(hand: HandState) -> dict[str, Any] | None:
    t = hand.tute
    return {"seat": t.seat, "rank": t.rank, "after_trick": t.after_trick} if t else None


def hand_view(hand: HandState) -> dict[str, Any]:
    """The auction, the contract, the points, what is known of each seat and — when the
    deal is known — the legal cards and cantes (bids and trumps always)."""
    deal_known = hand.deal is not None
    return {
        "first": hand.first,
        "bids": list(hand.bids),
        "speech": speech(hand),
        "bid": hand.bid,
        "bidder": hand.bidder,
        "void": hand.void,
        "trump": hand.trump,
        "tricks_won": list(hand.tricks_won),
        "points": list(hand.points()),
        "cantes": common.cantes_view(hand),
        "tute": _tute(hand),
        "penalty": common.penalty_view(hand),
        **common.seen(hand, hand.seats),
        "legal": {
            "bids": hand.legal_bids(),
            "trumps": hand.legal_trumps(),
            "cards": common.legal_cards(hand),
            "cantes": [event_to_dict(c) for c in hand.legal_cantes()] if deal_known else None,
        },
    }


#: the scoreboard: the bid, its bidder, the trump and the tricks won
live_view = common.live_view_of(bid="bid", bidder="bidder", trump="trump")


def legal_actions(match: MatchState) -> list[dict[str, Any]]:
    """The deal, the bids, the trump, the cards and the cantes (pairs, tutes) the table may
    record next (S1–S5)."""
    return common.next_actions(match, ({"kind": "deal"},), _in_hand)


def _in_hand(hand: HandState, seat: int) -> list[dict[str, Any]]:
    out = [{"kind": "bid", "bid": bid, "seat": seat} for bid in hand.legal_bids()]
    out += [{"kind": "trump", "suit": suit, "seat": seat} for suit in hand.legal_trumps()]
    return out + common.plays(hand, seat) + [event_to_dict(c) for c in hand.legal_cantes()]


def hand_story(hand: HandState) -> dict[str, Any]:
    """The bids (each by its seat), the contract (bid and trump) and its bidder, a void
    hand, the cantes and the tute, each trick's card points and the penalty."""
    contract = None
    if hand.bid is not None:
        contract = f"{hand.bid}" + (f" · {hand.deck.suit_name(hand.trump)}" if hand.trump else "")
    cantes = common.cantes_story(hand)
    if hand.tute is not None:
        t = hand.tute
        cantes.append(
            {"after_trick": t.after_trick, "seat": t.seat, "suit": None, "text": "tute", "value": 0}
        )
    points = hand.deck.points
    return {
        "speech": [{"seat": s["seat"], "text": str(s["bid"])} for s in speech(hand)],
        "facts": {"declaration": contract, "trump": hand.trump, "void": hand.void},
        "roles": {"declarer": hand.bidder, "tute": hand.tute.seat if hand.tute else None},
        "cantes": cantes,
        "trick_points": [sum(points[c] for c in t.cards) for t in hand.tricks],
        "penalty": (
            {"seat": hand.penalty.seat, "rule": hand.penalty.rule} if hand.penalty else None
        ),
    }
