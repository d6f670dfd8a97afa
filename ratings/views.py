"""The club's ratings page: one sortable table per game, and how the rating works."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from clubs.models import Club
from games.engine import games

from .method import PARAMETERS
from .models import Rating
from .tables import RatingsTable


def ladder_rows(club: Club, game: str) -> list[dict]:
    """The club's ratings in ``game``, best first, ranked (equal ratings share a rank)."""
    ratings = Rating.objects.filter(player__club=club, game=game).select_related("player")
    rows, previous = [], None
    for i, r in enumerate(ratings.order_by("-ordinal", "player_id"), start=1):
        rank = rows[-1]["rank"] if previous == r.ordinal else i
        previous = r.ordinal
        rows.append(
            {
                "rank": rank,
                "player": r.player.display_name,
                "name": r.player.display_name.casefold(),
                "player_id": r.player_id,
                "club_slug": club.slug,
                "ordinal": r.ordinal,
                "mu": r.mu,
                "sigma": r.sigma,
                "matches": r.matches,
                "wins": r.wins,
            }
        )
    return rows


def club_ratings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club.objects.readable_by(request.user), slug=slug)
    recorded = [g for g in games() if g.recordable]
    name = request.GET.get("game", recorded[0].name)
    game = next((g for g in recorded if g.name == name), None)
    if game is None:
        raise Http404(_("This site rates no game called %(name)s.") % {"name": name})
    table = RatingsTable(ladder_rows(club, game.name))
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "club": club,
        "game": game,
        "games": recorded,
        "table": table,
        "parameters": PARAMETERS,
    }
    return render(request, "ratings/club.html", context)
