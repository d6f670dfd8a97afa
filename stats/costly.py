"""A player's points lost to costly cards (issue 22 item 5, docs/analysis.md): over the
finished hands analysed with every card seen (``games.HandAnalysis``) in the matches the
reader may read, the cost of the player's own cards (``cost``: what the card lost against
the best card at that point, from the player's side), per hand, with the count.

Only hands valued as a points margin count (a ``cuatrola``/``quintola`` is valued in
tricks, not points); a hand in which the player played no card (sitting out) does not.
The figures are the analyses as last stored: a corrected hand counts as analysed again.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from clubs.access import AnyUser
from clubs.models import Player
from games.engine import find_game
from games.models import HandAnalysis, Match, Seat


def costly_cards(user: AnyUser, player: Player) -> list[dict[str, Any]]:
    """Per game the player played analysed hands of: ``hands`` analysed, ``lost`` (the
    points his costly cards lost, together) and ``per_hand``."""
    readable = Match.objects.readable_by(user)
    seat_of = dict(
        Seat.objects.filter(player=player, match__in=readable).values_list("match_id", "number")
    )
    rows = HandAnalysis.objects.filter(
        hand__match_id__in=list(seat_of), hand__complete=True, analysed=True, value="margin"
    ).values_list("hand__match_id", "hand__match__game", "plays")
    hands: dict[str, int] = defaultdict(int)
    lost: dict[str, int] = defaultdict(int)
    for match_id, game, plays in rows:
        own = [p["cost"] for p in plays if p["seat"] == seat_of[match_id]]
        if own:
            hands[game] += 1
            lost[game] += sum(own)
    return [
        {
            "title": find_game(g).title,
            "hands": hands[g],
            "lost": lost[g],
            "per_hand": round(lost[g] / hands[g], 1),
        }
        for g in sorted(hands)
    ]
