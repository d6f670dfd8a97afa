"""*My matches*: what a login linked to a player finds in the menu — for each club where
they play, the matches in play and the latest, and the way to the pages that already tell
the rest (all their matches, their statistics, their rating). Nothing is worked out here
that those pages work out."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from clubs.models import Club, Player
from tournaments.views import player_matches

#: the finished matches listed per player (the player page lists them all)
LATEST = 5


@login_required
def my_matches(request: HttpRequest) -> HttpResponse:
    players = Player.objects.filter(
        user=request.user, club__in=Club.objects.readable_by(request.user)
    ).select_related("club")
    blocks = []
    for player in players:
        rows, won, lost = player_matches(request.user, player)
        blocks.append(
            {
                "player": player,
                "club": player.club,
                "live": [r for r in rows if r["outcome"] is None],
                "latest": [r for r in rows if r["outcome"] is not None][:LATEST],
                "played": won + lost,
                "won": won,
                "lost": lost,
            }
        )
    return render(request, "my_matches.html", {"blocks": blocks})
