"""Organisers' setup pages: a new tournament, its settings and seeding, a round's date,
time and tables, undoing a round not yet played, withdrawing and readmitting an entry.

Every write goes through ``services``; a refusal renders the page it came from with the
message (in the visitor's language) and 409 when the tournament's state forbids it
(``services.Conflict``), 400 when the input is wrong.
"""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.access import may_organise
from clubs.models import Club
from games.refusals import as_sentence
from games.services import Refused

from . import services
from .forms import ScheduleForm, SeedingForm, SwapForm, TournamentForm, WithdrawForm
from .models import Entry, Round
from .views import organised as _organised
from .views import round_sheet, tournament_page


def _refused(request: HttpRequest, exc: Refused, page: Callable[[], HttpResponse]) -> HttpResponse:
    """The page again, with the refusal's message: 409 for a conflict, else 400."""
    messages.error(request, as_sentence(exc.message))
    response = page()
    response.status_code = exc.status
    return response


def _round(request: HttpRequest, pk: int, number: int) -> Round:
    t = _organised(request, pk)
    return get_object_or_404(t.rounds.select_related("tournament__club"), number=number)


@login_required
def new_tournament(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Nuevo torneo": the game, every rule option the engine declares for it, the format,
    points per win, tiebreaks and visibility."""
    club = get_object_or_404(Club.objects.readable_by(request.user), slug=slug)
    if not may_organise(request.user, club):
        raise PermissionDenied
    form = TournamentForm(request.POST or None)

    def page() -> HttpResponse:
        return render(request, "tournaments/settings.html", {"club": club, "form": form})

    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, form.every_error())
            response = page()
            response.status_code = 400
            return response
        try:
            t = services.create_tournament(club=club, user=request.user, **form.cleaned_data)
        except Refused as exc:
            return _refused(request, exc, page)
        return redirect("tournaments:tournament", pk=t.pk)
    return page()


@login_required
def edit_tournament(request: HttpRequest, pk: int) -> HttpResponse:
    """The settings (all before round 1; the name and visibility later too) and the
    seeding of the entries for the draw of round 1."""
    t = _organised(request, pk)
    initial = TournamentForm.initial_of(t)
    started = t.rounds.exists()
    data = request.POST if request.method == "POST" else None
    if data is not None and started:
        data = _locked_filled(data, initial)
    form = TournamentForm(data, initial=initial)
    if started and data is None:
        form.lock_all_but_name_and_visibility()
    entries = list(t.entries.order_by("seed"))

    def page() -> HttpResponse:
        context = {
            "club": t.club,
            "t": t,
            "form": form,
            "started": started,
            "seeding_form": None if started or not entries else SeedingForm(entries=entries),
        }
        return render(request, "tournaments/settings.html", context)

    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, form.every_error())
            response = page()
            response.status_code = 400
            return response
        try:  # unchanged settings pass after round 1; a changed one is a conflict
            services.update_tournament(t, request.user, **form.cleaned_data)
        except Refused as exc:
            return _refused(request, exc, page)
        messages.success(request, _("The tournament's settings were saved."))
        return redirect("tournaments:tournament", pk=t.pk)
    return page()


def _locked_filled(posted: QueryDict, initial: dict) -> QueryDict:
    """After round 1 the page sends only the name and visibility (the rest is disabled):
    the settings not sent keep their current values; one sent changed is refused."""
    data = posted.copy()
    for key, value in initial.items():
        if key in ("name", "is_public") or key in posted:
            continue
        if isinstance(value, list):
            data.setlist(key, [str(v) for v in value])
        elif value is True:
            data[key] = "on"
        elif value is not False:
            data[key] = str(value)
    return data


@login_required
@require_POST
def set_seeding(request: HttpRequest, pk: int) -> HttpResponse:
    t = _organised(request, pk)
    form = SeedingForm(request.POST, entries=t.entries.order_by("seed"))
    if not form.is_valid():
        messages.error(request, _("Give each entry a number from 1."))
        return redirect("tournaments:edit", pk=pk)
    try:
        services.set_seeding(t, request.user, form.order())
    except Refused as exc:
        return _refused(request, exc, lambda: edit_tournament(_as_get(request), pk))
    messages.success(request, _("The seeding was saved: round 1 is drawn in this order."))
    return redirect("tournaments:edit", pk=pk)


def _as_get(request: HttpRequest) -> HttpRequest:
    """The same request, read as a GET (to render a page after a refused POST)."""
    request.method = "GET"
    request.POST = QueryDict()
    return request


def _round_page(request: HttpRequest, pk: int, number: int) -> Callable[[], HttpResponse]:
    return lambda: round_sheet(_as_get(request), pk, number)


@login_required
@require_POST
def schedule_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = _round(request, pk, number)
    fixtures = round_.fixtures.prefetch_related("participants__entry").order_by("table")
    form = ScheduleForm(request.POST, fixtures=fixtures)
    if not form.is_valid():
        messages.error(request, form.every_error())
        return redirect("tournaments:round", pk=pk, number=number)
    try:
        services.schedule_round(
            round_,
            request.user,
            form.cleaned_data["date"],
            form.cleaned_data["time"],
            form.tables(),
        )
    except Refused as exc:
        return _refused(request, exc, _round_page(request, pk, number))
    messages.success(request, _("Round %(n)s: date, time and tables saved.") % {"n": number})
    return redirect("tournaments:round", pk=pk, number=number)


@login_required
@require_POST
def delete_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = _round(request, pk, number)
    try:
        services.delete_round(round_, request.user)
    except Refused as exc:
        return _refused(request, exc, _round_page(request, pk, number))
    messages.success(request, _("Round %(n)s was deleted.") % {"n": number})
    return redirect("tournaments:tournament", pk=pk)


@login_required
@require_POST
def redraw_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = _round(request, pk, number)
    try:
        services.redraw_round(round_, request.user)
    except Refused as exc:
        return _refused(request, exc, _round_page(request, pk, number))
    messages.success(request, _("Round %(n)s was drawn again.") % {"n": number})
    return redirect("tournaments:round", pk=pk, number=number)


@login_required
@require_POST
def swap_entries(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    round_ = _round(request, pk, number)
    entries = Entry.objects.filter(fixture_entries__fixture__round=round_)
    form = SwapForm(request.POST, entries=entries)
    if not form.is_valid():
        messages.error(request, _("Choose two entries of the round."))
        return redirect("tournaments:round", pk=pk, number=number)
    a, b = (entries.get(pk=form.cleaned_data[k]) for k in ("a", "b"))
    try:
        services.swap_entries(round_, request.user, a, b)
    except Refused as exc:
        return _refused(request, exc, _round_page(request, pk, number))
    messages.success(request, _("%(a)s and %(b)s swapped places.") % {"a": a, "b": b})
    return redirect("tournaments:round", pk=pk, number=number)


@login_required
def withdraw_entry(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """A confirmation page (GET) for a withdrawal, which its POST makes; the page says what
    the format's default does and until when it can be undone."""
    t = _organised(request, pk)
    e = get_object_or_404(t.entries, pk=entry)
    form = WithdrawForm(request.POST if request.method == "POST" else None)

    def page() -> HttpResponse:
        context = {
            "t": t,
            "entry": e,
            "form": form,
            "default": Entry.Results(services.default_withdrawal(e)).label,
        }
        return render(request, "tournaments/withdraw.html", context)

    if request.method != "POST":
        return page()
    if not form.is_valid():
        messages.error(
            request, _("Choose what becomes of the results and of the unplayed fixtures.")
        )
        response = page()
        response.status_code = 400
        return response
    try:
        done = services.withdraw_entry(
            e,
            request.user,
            form.cleaned_data["results"] or None,
            form.cleaned_data["unplayed"] or None,
        )
    except Refused as exc:
        return _refused(request, exc, page)
    messages.success(
        request,
        _("%(name)s withdrew: results %(results)s, unplayed fixtures %(unplayed)s.")
        % {
            "name": done.name,
            "results": done.get_withdrawal_results_display(),
            "unplayed": done.get_withdrawal_unplayed_display(),
        },
    )
    return redirect("tournaments:tournament", pk=pk)


@login_required
@require_POST
def readmit_entry(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    t = _organised(request, pk)
    e = get_object_or_404(t.entries, pk=entry)
    try:
        services.readmit_entry(e, request.user)
    except Refused as exc:
        return _refused(request, exc, lambda: tournament_page(_as_get(request), pk))
    messages.success(request, _("%(name)s is back in the tournament.") % {"name": e.name})
    return redirect("tournaments:tournament", pk=pk)
