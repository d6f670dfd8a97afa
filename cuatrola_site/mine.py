"""*My matches*: what a login linked to a player finds in the menu — for each club where
they play, the matches in play and the latest, and the way to the pages that already tell
the rest (all their matches, their statistics, their rating). Nothing is worked out here
that those pages work out."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import members
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
    # the players an organiser named this login for: linked only once they say so
    asked = Player.objects.filter(asked_user=request.user).select_related("club")
    return render(request, "my_matches.html", {"blocks": blocks, "asked": asked})


@login_required
@require_POST
def answer_link(request: HttpRequest, pk: int) -> HttpResponse:
    """Yes (``answer=yes``: this login is that player) or no to an organiser's request;
    404 when it is not, or no longer, asked of this login."""
    answer = request.POST.get("answer")
    if answer not in ("yes", "no"):
        raise BadRequest(_("answer: yes or no."))
    accept = answer == "yes"
    try:
        player = members.answer_link(pk, request.user, accept)
    except Player.DoesNotExist:
        raise Http404(_("That request is not, or no longer, waiting for your answer.")) from None
    if accept:
        said = _("Your login is now %(name)s's at %(club)s.")
    else:
        said = _("Not linked: you are not %(name)s at %(club)s.")
    messages.success(request, said % {"name": player, "club": player.club.name})
    return redirect("my_matches")
