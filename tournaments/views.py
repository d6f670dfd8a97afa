"""Club pages."""

from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.models import Match, Seat

from .models import Club
from .roles import can_read, can_record


def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A club: its matches (live first) and its players."""
    club = get_object_or_404(Club, slug=slug)
    if not can_read(request.user, club):
        raise PermissionDenied
    matches = club.matches.prefetch_related(
        Prefetch("seats", Seat.objects.select_related("player"))
    ).order_by("status", "-updated_at")[:100]
    context = {
        "club": club,
        "matches": matches,
        "live": [m for m in matches if m.status == Match.Status.IN_PROGRESS],
        "players": club.players.all(),
        "can_record": can_record(request.user, club),
    }
    return render(request, "tournaments/club.html", context)
