"""Club and tournament pages: thin views over ``services``, ``standings`` and ``tables``."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubs.access import may_organise, may_record
from clubs.devices import create_device_token, revoke_device_token
from clubs.models import Club
from games.engine import find_game
from games.models import Match, Seat
from games.services import Refused

from . import exports, services
from .forms import DeviceTokenForm, EntryForm, TournamentForm
from .models import Tournament
from .standings_store import parse_round_number, tiebreaks_of
from .tables import standings_table


def _readable_club(request: HttpRequest, slug: str) -> Club:
    """The club, or 404 when it does not exist or ``clubs.access`` hides it."""
    return get_object_or_404(Club.objects.readable_by(request.user), slug=slug)


def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A club: its tournaments, matches (live first) and players — those the visitor may
    read (a private tournament's matches only for those who may read it)."""
    club = _readable_club(request, slug)
    matches = (
        club.matches.readable_by(request.user)
        .prefetch_related(Prefetch("seats", Seat.objects.select_related("player")), "units")
        .order_by("status", "-updated_at")[:100]
    )
    organiser = may_organise(request.user, club)
    form = TournamentForm(request.POST or None) if organiser else None
    if request.method == "POST" and form is not None and form.is_valid():
        try:
            t = services.create_tournament(club=club, user=request.user, **form.cleaned_data)
        except Refused as exc:
            messages.error(request, exc.message)
        else:
            return redirect("tournaments:tournament", pk=t.pk)
    context = {
        "club": club,
        "tournaments": club.tournaments.readable_by(request.user),
        "matches": matches,
        "live": [m for m in matches if m.status == Match.Status.IN_PROGRESS],
        "players": club.players.all(),
        "can_record": may_record(request.user, club),
        "form": form,
        "device_tokens": club.device_tokens.select_related("tournament") if organiser else None,
    }
    return render(request, "tournaments/club.html", context)


@login_required
@require_POST
def add_device_token(request: HttpRequest, slug: str) -> HttpResponse:
    """Organisers: a key for a scorer's device, shown once."""
    club = get_object_or_404(Club, slug=slug)
    if not may_organise(request.user, club):
        raise PermissionDenied
    form = DeviceTokenForm(request.POST, club=club)
    if not form.is_valid():
        messages.error(request, form.first_error())
    else:
        name = form.cleaned_data["name"]
        _token, key = create_device_token(club, request.user, name, form.cleaned_data["tournament"])
        messages.success(
            request,
            _("Device token for %(name)s — copy the key now, it will not be shown again: %(key)s")
            % {"name": name, "key": key},
        )
    return redirect("tournaments:club", slug=slug)


@login_required
@require_POST
def revoke_device_token_view(request: HttpRequest, slug: str, token: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    revoke_device_token(get_object_or_404(club.device_tokens, pk=token), request.user)
    messages.success(request, _("The device token was revoked."))
    return redirect("tournaments:club", slug=slug)


def _readable(request: HttpRequest, pk: int) -> Tournament:
    """The tournament, or 404 when it does not exist or ``clubs.access`` hides it."""
    readable = Tournament.objects.readable_by(request.user).select_related("club")
    return get_object_or_404(readable, pk=pk)


def tournament_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Rounds and fixtures with scores, and the standings (latest, or after a round)."""
    t = _readable(request, pk)
    snapshots = {s.after_round: s for s in t.snapshots.all()}
    try:
        snapshot = snapshots.get(parse_round_number(request.GET.get("after_round", "")))
    except ValueError:  # none asked for, or not a round number: the latest
        snapshot = None
    snapshot = snapshot or (snapshots[max(snapshots)] if snapshots else None)
    export = request.GET.get("_export")
    if export is not None and export not in exports.FORMATS:
        return HttpResponseBadRequest(
            _("Unknown download format. Choose one of: %(formats)s.")
            % {"formats": ", ".join(exports.FORMATS)},
            content_type="text/plain; charset=utf-8",
        )
    table = None
    if snapshot is not None:
        table = standings_table(snapshot.rows, tiebreaks_of(t))
        RequestConfig(request, paginate=False).configure(table)
        if export is not None:
            return exports.standings_download(table, export, t.name, f"tournament-{t.pk}")
    elif export is not None:
        raise Http404(_("No standings yet: they appear when a match finishes."))
    rounds = t.rounds.prefetch_related(
        "fixtures__entry_a", "fixtures__entry_b", "fixtures__match__units"
    ).order_by("-number")
    organiser = may_organise(request.user, t)
    context = {
        "t": t,
        "rounds": rounds,
        "table": table,
        "snapshot": snapshot,
        "snapshots": sorted(snapshots),
        "export_formats": exports.FORMATS,
        "organiser": organiser,
        "entries": t.entries.select_related("player_1", "player_2"),
        "entry_form": EntryForm(club=t.club) if organiser and not t.rounds.exists() else None,
    }
    return render(request, "tournaments/tournament.html", context)


@login_required
@require_POST
def add_entry(request: HttpRequest, pk: int) -> HttpResponse:
    t = _readable(request, pk)
    form = EntryForm(request.POST, club=t.club)
    if form.is_valid():
        try:
            services.add_entry(
                t,
                request.user,
                form.cleaned_data["name"],
                form.cleaned_data["player_1"],
                form.cleaned_data["player_2"],
            )
        except Refused as exc:
            messages.error(request, exc.message)
    else:
        messages.error(request, _("Check the pair's name and players."))
    return redirect("tournaments:tournament", pk=pk)


@login_required
@require_POST
def withdraw_entry(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    t = _readable(request, pk)
    services.withdraw_entry(get_object_or_404(t.entries, pk=entry), request.user)
    messages.success(
        request, _("The pair was withdrawn: it keeps its results and gets no new fixtures.")
    )
    return redirect("tournaments:tournament", pk=pk)


@login_required
@require_POST
def next_round(request: HttpRequest, pk: int) -> HttpResponse:
    t = _readable(request, pk)
    try:
        round_ = services.generate_next_round(t, request.user)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Round %(n)s is ready.") % {"n": round_.number})
    return redirect("tournaments:tournament", pk=pk)


def round_sheet(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A round as a printable table sheet."""
    t = _readable(request, pk)
    round_ = get_object_or_404(t.rounds, number=number)
    fixtures = round_.fixtures.select_related(
        "entry_a__player_1", "entry_a__player_2", "entry_b__player_1", "entry_b__player_2", "match"
    ).prefetch_related("match__units")
    return render(
        request, "tournaments/round_sheet.html", {"t": t, "round": round_, "fixtures": fixtures}
    )


def player_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's matches the visitor may read, newest first: partner, opponents, score,
    won or lost."""
    club = _readable_club(request, slug)
    player = get_object_or_404(club.players, pk=pk)
    seats = (
        Seat.objects.filter(player=player, match__in=Match.objects.readable_by(request.user))
        .select_related("match")
        .prefetch_related(
            Prefetch("match__seats", Seat.objects.select_related("player")), "match__units"
        )
        .order_by("-match__updated_at")
    )
    rows, won, lost = [], 0, 0
    for seat in seats:
        match = seat.match
        names = [s.player.display_name for s in match.seats.all()]
        game = find_game(match.game)
        rules = game.parse_rules(match.rules)
        unit = game.unit_of_seat(rules, seat.number)
        others = [u for u in range(game.units(rules)) if u != unit]
        outcome = None
        if match.status == Match.Status.FINISHED:
            outcome = "won" if match.winner_unit == unit else "lost"
            won += outcome == "won"
            lost += outcome == "lost"
        score = match.score
        rows.append(
            {
                "match": match,
                "partner": " & ".join(
                    names[s] for s in game.unit_seats(rules, unit) if s != seat.number
                ),
                "opponents": " · ".join(
                    " & ".join(names[s] for s in game.unit_seats(rules, u)) for u in others
                ),
                # the player's unit first, then the others in unit order
                "score": (score[unit], *(score[u] for u in others)),
                "outcome": outcome,
            }
        )
    return render(
        request,
        "tournaments/player.html",
        {"club": club, "player": player, "rows": rows, "won": won, "lost": lost},
    )
