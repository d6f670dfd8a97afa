"""Pages of the games app: the record checker, match pages and the scoring pad."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.access import may_record, may_see_hands

from .engine import RecordFormatError, check_text, find_game, load_record
from .forms import RecordCheckForm
from .models import Match, Seat
from .pad import pad_config, rules_text
from .replays import match_story, unit_labels
from .services import export_record, replay


def _seat_names(content: bytes) -> list[str]:
    """The record's seat names, or the seat numbers when it has none (or is unreadable)."""
    try:
        seats = load_record(content).seats
    except RecordFormatError:
        seats = None
    return seats or [f"{n}" for n in range(4)]


def check_record_page(request: HttpRequest) -> HttpResponse:
    """Upload or paste a card-record and see what the checker says, hand by hand."""
    result, status, seats = None, 200, None
    if request.method == "POST":
        form = RecordCheckForm(request.POST, request.FILES)
        if form.is_valid():
            content = form.cleaned_data["content"]
            result, _exit = check_text(content, form.cleaned_data["name"])
            seats = _seat_names(content)
            for hand in result.get("hands", []):
                if hand.get("declarer") is not None:
                    hand["declarer_name"] = seats[hand["declarer"]]
        else:
            status = 400
    else:
        form = RecordCheckForm()
    # sides by their players' names where the record has two sides of two (Cuatrola)
    sides = (
        [f"{seats[0]} & {seats[2]}", f"{seats[1]} & {seats[3]}"]
        if seats and len(seats) == 4
        else None
    )
    context = {"form": form, "result": result, "sides": sides}
    return render(request, "games/check_record.html", context, status=status)


def _readable_match(request: HttpRequest, pk: int) -> Match:
    """The match, or 404 when it does not exist or ``clubs.access`` hides it."""
    return get_object_or_404(
        Match.objects.readable_by(request.user)
        .select_related("club")
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("player")), "units"),
        pk=pk,
    )


def match_record(request: HttpRequest, pk: int) -> HttpResponse:
    """The match's card-record as a file to keep (the API's export, as a download); the
    hand in play without its deal for those who may not see the hands."""
    match = _readable_match(request, pk)
    record = export_record(match, hide_deal_in_play=not may_see_hands(request.user, match))
    response = HttpResponse(record.dumps(), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{match.game}-{match.pk}.json"'
    return response


def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A match: the scoring units (sides, or seats), the score and every hand, trick by
    trick."""
    match = _readable_match(request, pk)
    names = [s.player.display_name for s in match.seats.all()]
    state = replay(match, hide_deal_in_play=not may_see_hands(request.user, match))
    game = find_game(match.game)
    labels = unit_labels(game, state.rules, names)
    context = {
        "match": match,
        "game_title": game.title,
        "names": names,
        "sides": labels,
        "units": [
            {"label": labels[u.unit], "score": u.score, "winner": u.is_winner}
            for u in match.units.all()
        ],
        # in the order the game lists its options (PostgreSQL's jsonb keeps no key order)
        "rules_text": rules_text(state.rules.as_dict()),
        "auction": "bid" in game.turn_kinds,
        "hands": match_story(game, state, names),
        "can_score": may_record(request.user, match),
    }
    return render(request, "games/match.html", context)


@login_required
def scoring_pad(request: HttpRequest, pk: int) -> HttpResponse:
    """The scorer's pad: enter the deal, calls, cards and cantes as they happen."""
    match = _readable_match(request, pk)
    if not may_record(request.user, match):
        raise PermissionDenied
    names = [s.player.display_name for s in match.seats.all()]
    game = find_game(match.game)
    context = {"match": match, "config": pad_config(game, match, names), "game_title": game.title}
    return render(request, "games/score.html", context)
