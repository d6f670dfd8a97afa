"""Club and tournament pages: thin views over ``services``, ``standings`` and ``tables``."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest, PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Case, Prefetch, When
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubs.access import may_organise, may_record
from clubs.devices import create_device_token, revoke_device_token
from clubs.filters import PlayerFilter
from clubs.forms import PlayerForm, PlayerMergeForm
from clubs.models import Club
from clubs.views import organised_club
from clubs.way_back import with_back
from games.engine import RecordFormatError, find_game, load_record
from games.models import Match, Seat
from games.refusals import as_sentence
from games.services import Refused, Stale

from . import exports, services
from .forms import (
    DecideForm,
    DeviceTokenForm,
    DrawForm,
    EntryForm,
    ScheduleForm,
    SwapForm,
    TournamentForm,
)
from .models import Fixture, Tournament
from .player_sections import player_sections
from .standings_store import (
    fixture_rows,
    fresh_snapshot,
    parse_round_number,
    scheme_of,
    tiebreaks_of,
)
from .tables import short_name, standings_table


def _readable_club(request: HttpRequest, slug: str) -> Club:
    """The club, or 404 when it does not exist or ``clubs.access`` hides it."""
    return get_object_or_404(Club.objects.readable_by(request.user), slug=slug)


MATCHES_PER_PAGE = 25


def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A club: its tournaments, matches (live first, then the newest; a page at a time)
    and players (searched and filtered) — those the visitor may read (a private
    tournament's matches only for those who may read it)."""
    club = _readable_club(request, slug)
    readable = club.matches.readable_by(request.user)
    matches = readable.prefetch_related(
        Prefetch("seats", Seat.objects.select_related("player")), "units"
    ).order_by(
        Case(When(status=Match.Status.IN_PROGRESS, then=0), default=1),
        "-updated_at",
        "-id",
    )
    page = Paginator(matches, MATCHES_PER_PAGE).get_page(request.GET.get("page"))
    organiser = may_organise(request.user, club)
    form = TournamentForm(request.POST or None) if organiser else None
    if request.method == "POST" and form is not None and form.is_valid():
        try:
            t = services.create_tournament(club=club, user=request.user, **form.cleaned_data)
        except Refused as exc:
            messages.error(request, as_sentence(exc.message))
        else:
            return redirect("tournaments:tournament", pk=t.pk)
    players = PlayerFilter(request.GET or None, queryset=club.players.all())
    context = {
        "club": club,
        "tournaments": club.tournaments.readable_by(request.user),
        "matches": page,
        "live_count": readable.filter(status=Match.Status.IN_PROGRESS).count(),
        "players": players.qs,
        "player_filter": players,
        "organiser": organiser,
        "can_record": may_record(request.user, club),
        "form": form,
        "device_tokens": club.device_tokens.select_related("tournament_scope__tournament")
        if organiser
        else None,
    }
    return render(request, "tournaments/club.html", context)


@login_required
def merge_player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Organisers: a player entered twice is merged into the one kept (GET: the form on
    the player's edit page)."""
    club = organised_club(request, slug)
    player = get_object_or_404(club.players, pk=pk)
    if request.method != "POST":
        return redirect("clubs:edit_player", slug=slug, pk=pk)
    form = PlayerMergeForm(request.POST, player=player)
    status = 400  # a choice that is not another player of the club
    if form.is_valid():
        survivor = form.cleaned_data["into"]
        try:
            services.merge_players(player, survivor, request.user)
        except Refused as exc:
            form.add_error("into", as_sentence(exc.message))
            status = 409  # the two sat at one match or play in one tournament
        else:
            messages.success(
                request,
                _("%(merged)s merged into %(kept)s: every match and entry kept.")
                % {"merged": player, "kept": survivor},
            )
            return redirect("tournaments:player", slug=slug, pk=survivor.pk)
    context = {
        "club": club,
        "player": player,
        "form": PlayerForm(instance=player, club=club, by=request.user),
        "merge_form": form,
    }
    return render(request, "clubs/player_form.html", context, status=status)


@login_required
@require_POST
def add_device_token(request: HttpRequest, slug: str) -> HttpResponse:
    """Organisers: a key for a scorer's device, shown once."""
    club = _readable_club(request, slug)  # 404 for a club the user may not read
    if not may_organise(request.user, club):
        raise PermissionDenied
    form = DeviceTokenForm(request.POST, club=club)
    if not form.is_valid():
        messages.error(request, form.every_error())
    else:
        name = form.cleaned_data["name"]
        token, key = create_device_token(club, request.user, name, form.cleaned_data["tournament"])
        messages.success(
            request,
            _("Device token for %(name)s — copy the key now, it will not be shown again: %(key)s")
            % {"name": name, "key": key},
        )
        # the QR code that signs the device in, so the key need not be typed on a phone
        return redirect("games:device_qr", slug=slug, token=token.pk)
    return redirect("tournaments:club", slug=slug)


@login_required
@require_POST
def revoke_device_token_view(request: HttpRequest, slug: str, token: int) -> HttpResponse:
    club = _readable_club(request, slug)  # 404 for a club the user may not read
    revoke_device_token(get_object_or_404(club.device_tokens, pk=token), request.user)
    messages.success(request, _("The device token was revoked."))
    return redirect("tournaments:club", slug=slug)


def _readable(request: HttpRequest, pk: int) -> Tournament:
    """The tournament, or 404 when it does not exist or ``clubs.access`` hides it."""
    readable = Tournament.objects.readable_by(request.user).select_related("club")
    return get_object_or_404(readable, pk=pk)


def organised(request: HttpRequest, pk: int) -> Tournament:
    """The tournament for its organisers: 404 when the visitor may not read it, 403 when
    they may read but not organise it (before any form is read)."""
    t = _readable(request, pk)
    if not may_organise(request.user, t.club):
        raise PermissionDenied
    return t


def _text(status: int, message: str) -> HttpResponse:
    """A download's refusal: plain text (a page's is the site's error page)."""
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def tournament_page(
    request: HttpRequest, pk: int, entry_form: EntryForm | None = None
) -> HttpResponse:
    """Rounds and fixtures with scores, and the standings (latest, or after a round);
    ``entry_form``: an entry refused, shown again as it was sent, with its reason.

    ``?after_round=N`` answers as the API does: 400 when N is not a round number, 404 when
    there are no standings after round N (on the page and in the downloads alike)."""
    t = _readable(request, pk)
    snapshots = {s.after_round: s for s in t.snapshots.all()}
    asked = request.GET.get("after_round")
    if asked is not None:
        try:
            after = parse_round_number(asked)
        except ValueError:
            message = _("after_round: a round number (1 to 5 digits).")
            if "_export" in request.GET:  # a download's refusal is text, a page's a page
                return _text(400, message)
            back = reverse("tournaments:tournament", args=[pk])
            raise with_back(BadRequest(message), back, t.name) from None
        if after not in snapshots:
            raise Http404(_("No standings after round %(n)s.") % {"n": after})
        snapshot = snapshots[after]
    else:
        snapshot = snapshots[max(snapshots)] if snapshots else None
    if snapshot is not None:
        snapshot = fresh_snapshot(snapshot)  # a stale one is ranked now
    export = request.GET.get("_export")
    if export is not None and export not in exports.FORMATS:
        return _text(
            400,
            _("Unknown download format. Choose one of: %(formats)s.")
            % {"formats": ", ".join(exports.FORMATS)},
        )
    table = None
    if snapshot is not None:
        table = standings_table(snapshot.rows, scheme_of(t), snapshot.after_round)
        RequestConfig(request, paginate=False).configure(table)
        if export is not None:
            return exports.standings_download(
                table,
                export,
                t.name,
                pgettext("file name", "tournament-%(pk)s") % {"pk": t.pk},
                snapshot.after_round,
            )
    elif export is not None:
        raise Http404(_("No standings yet: they appear when a match finishes."))
    organiser = may_organise(request.user, t)
    context = {
        "t": t,
        "rounds": fixture_rows(t),
        "table": table,
        "snapshot": snapshot,
        "snapshots": sorted(snapshots),
        "export_formats": exports.FORMATS,
        "organiser": organiser,
        "entries": t.entries.prefetch_related("members__player"),
        "entry_form": entry_form or EntryForm(club=t.club, size=t.entry_size)
        if organiser and not t.rounds.exists()
        else None,
        "draw_refusal": services.draw_refusal(t) if organiser else None,
        "draw_form": DrawForm(auto_id="draw_%s") if organiser else None,
        "readmittable": {
            e.pk
            for e in t.entries.filter(withdrawn=True, withdrawn_after_round__gte=t.rounds.count())
        }
        if organiser
        else set(),
        "individual": t.entry_size == 1,
        "tiebreak_names": ", ".join(short_name(k) for k in tiebreaks_of(t)),
    }
    return render(request, "tournaments/tournament.html", context)


@login_required
@require_POST
def add_entry(request: HttpRequest, pk: int) -> HttpResponse:
    t = organised(request, pk)
    form = EntryForm(request.POST, club=t.club, size=t.entry_size)
    status = 400
    if form.is_valid():
        try:
            services.add_entry(t, request.user, form.cleaned_data["name"], *form.players())
        except Refused as exc:
            form.add_error(None, as_sentence(exc.message))
            status = exc.status
        else:
            return redirect("tournaments:tournament", pk=pk)
    # the form again at the foot of the page, with what was chosen and why it was refused
    # beside it (a message at the top of the page was a phone's screens away from it)
    request.method, request.POST = "GET", QueryDict()
    response = tournament_page(request, pk, entry_form=form)
    response.status_code = status
    return response


@login_required
@require_POST
def next_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the next round (with its date and time, if given); a refusal shows the
    tournament again with the reason, 409."""
    t = organised(request, pk)
    form = DrawForm(request.POST)
    day = at = None
    if form.is_valid():
        day, at = form.cleaned_data["date"], form.cleaned_data["time"]
    try:
        round_ = services.generate_next_round(t, request.user, day, at)
    except Refused as exc:
        messages.error(request, as_sentence(exc.message))
        request.method, request.POST = "GET", QueryDict()
        response = tournament_page(request, pk)
        response.status_code = exc.status
        return response
    messages.success(request, _("Round %(n)s is ready.") % {"n": round_.number})
    return redirect("tournaments:tournament", pk=pk)


def round_sheet(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A round as a printable table sheet; organisers decide fixtures (forfeit, void) and
    scorers fill a fixture's match from its paper record."""
    t = _readable(request, pk)
    round_ = get_object_or_404(t.rounds, number=number)
    rows = fixture_rows(t, round_)[0]["fixtures"]
    organiser = may_organise(request.user, t)
    recorder = may_record(request.user, t.club)
    for row in rows:
        f = row["fixture"]
        row["decide_form"] = (
            DecideForm(entries=row["entries"], prefix=f"f{f.pk}")
            if organiser and len(row["entries"]) > 1
            else None
        )
        row["can_import"] = (
            recorder and f.match is not None and not f.decision and not row["has_events"]
        )
    context = {
        "t": t,
        "round": round_,
        "rows": rows,
        "organiser": organiser,
        "recorder": recorder,
        "individual": t.entry_size == 1,  # an entry is its player: named once
    }
    if organiser:
        fixtures = [row["fixture"] for row in rows]
        initial = {"date": round_.date, "time": round_.time}
        context["schedule_form"] = ScheduleForm(initial=initial, fixtures=fixtures)
        # undone only while it is the last round and no hand of it is recorded
        context["can_undo"] = not any(row["has_events"] for row in rows) and (
            not t.rounds.filter(number__gt=round_.number).exists()
        )
        context["swap_form"] = SwapForm(entries=[e for row in rows for e in row["entries"]])
    return render(request, "tournaments/round_sheet.html", context)


@login_required
@require_POST
def decide_fixture(request: HttpRequest, pk: int, fixture: int) -> HttpResponse:
    t = organised(request, pk)
    f = get_object_or_404(
        Fixture.objects.filter(round__tournament=t).select_related("round"), pk=fixture
    )
    entries = f.entries()
    form = DecideForm(request.POST, entries=entries, prefix=f"f{f.pk}")
    if not form.is_valid():
        messages.error(request, form.every_error())
    else:
        try:
            services.decide_fixture(
                f, request.user, form.cleaned_data["decision"], form.forfeited(), form.scores()
            )
        except Refused as exc:
            messages.error(request, as_sentence(exc.message))
        else:
            messages.success(request, _("Table %(n)s decided.") % {"n": f.table})
    return redirect("tournaments:round", pk=pk, number=f.round.number)


@login_required
@require_POST
def import_fixture_record(request: HttpRequest, pk: int, fixture: int) -> HttpResponse:
    """A paper record into a fixture's match (see ``services.import_fixture_record``)."""
    t = _readable(request, pk)
    f = get_object_or_404(
        Fixture.objects.filter(round__tournament=t).select_related("round", "match"), pk=fixture
    )
    if not may_record(request.user, f.match or t.club):  # before the record is read
        raise PermissionDenied
    upload = request.FILES.get("file")
    text = upload.read() if upload is not None else request.POST.get("record", "")
    try:
        record = load_record(text)
        services.import_fixture_record(f, record, request.user)
    except RecordFormatError as exc:
        messages.error(request, _("Not a readable record: %(error)s") % {"error": exc})
    except Refused as exc:
        rule = f"{exc.rule}: " if exc.rule else ""
        said = as_sentence(exc.message, game=find_game(record.game), names=record.seats or ())
        messages.error(request, f"{rule}{said}")
    except Stale:
        messages.error(request, _("This match already has events: undo them first."))
    else:
        messages.success(request, _("Table %(n)s recorded from its paper record.") % {"n": f.table})
    return redirect("tournaments:round", pk=pk, number=f.round.number)


def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """A knockout tournament's rounds as a bracket: one column per round, each table
    beside the two it comes from."""
    t = _readable(request, pk)
    if t.format != Tournament.Format.KNOCKOUT:
        raise Http404(_("Only a knockout tournament has a bracket."))
    rounds = list(reversed(fixture_rows(t)))
    return render(request, "tournaments/bracket.html", {"t": t, "rounds": rounds})


def player_matches(user, player) -> tuple[list[dict], int, int]:
    """The player's matches ``user`` may read, newest first (partner, opponents, score,
    won or lost), and how many were won and lost: the player page and *My matches*."""
    seats = (
        Seat.objects.filter(player=player, match__in=Match.objects.readable_by(user))
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
    return rows, won, lost


def player_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's matches the visitor may read, newest first: partner, opponents, score,
    won or lost."""
    club = _readable_club(request, slug)
    player = get_object_or_404(club.players.select_related("user"), pk=pk)
    rows, won, lost = player_matches(request.user, player)
    return render(
        request,
        "tournaments/player.html",
        {
            "club": club,
            "player": player,
            "rows": rows,
            "won": won,
            "lost": lost,
            "organiser": may_organise(request.user, club),
            "sections": player_sections(request, club, player),
        },
    )
