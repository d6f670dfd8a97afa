"""A scorer's table: "Mi mesa" (the matches one may record now, one tap to the pad) and
the sign-in of a scorer's device by a QR code.

The QR code holds a one-time sign-in link, never the device's key (docs/access.md): the
link is signed, expires in ``SIGN_IN_MAX_AGE`` and is spent by its first use; the device
then holds a session of its device user, which the token's revocation ends.
"""

from __future__ import annotations

from collections.abc import Callable

import segno
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.access import container_of, may_organise, may_read, may_record
from clubs.devices import (
    SIGN_IN_MAX_AGE,
    SignInRefused,
    check_sign_in,
    redeem_sign_in,
    sign_in_code,
    signs_for,
)
from clubs.models import Club, DeviceToken

from .models import Match

#: the most matches "Mi mesa" lists (a club night has a dozen tables)
MY_TABLE_LIMIT = 50

#: where a match is played, told by the app that owns its container (tournaments: "Liga ·
#: Mesa 2 · jornada 1"): a sort key and the words, or None; this layer names no container
Place = tuple[tuple, str]
_place_finders: list[Callable[[Match], Place | None]] = []


def register_place(finder: Callable[[Match], Place | None]) -> None:
    """Declare how to tell where a match sits (called from the owning app's ``ready()``)."""
    if finder not in _place_finders:
        _place_finders.append(finder)


def place_of(match: Match) -> Place | None:
    for finder in _place_finders:
        if (place := finder(match)) is not None:
            return place
    return None


def recordable_now(user) -> list[Match]:
    """The unfinished matches ``user`` may record, newest first: its clubs' (where it
    scores or organises), and only its tournament's for a tournament's device."""
    candidates = Match.objects.filter(status=Match.Status.IN_PROGRESS).select_related("club")
    if not user.is_superuser:
        candidates = candidates.filter(club__memberships__user=user).distinct()
    candidates = candidates.prefetch_related("seats__player", "units").order_by("-updated_at")
    out = []
    for match in candidates[: MY_TABLE_LIMIT * 4]:
        if may_record(user, match):
            out.append(match)
            if len(out) == MY_TABLE_LIMIT:
                break
    return out


@login_required
def my_table(request: HttpRequest) -> HttpResponse:
    """ "Mi mesa": the matches this scorer or device may record now, a tournament's by
    its table."""
    rows = []
    for match in recordable_now(request.user):
        place = place_of(match)
        container = container_of(match)
        if place is not None:
            where = place[1]
        else:
            where = str(container) if container is not None else match.name
        rows.append(
            {
                "match": match,
                "names": [s.player.display_name for s in match.seats.all()],
                "where": where,
                "order": place[0] if place is not None else None,
            }
        )
    # a tournament's tables in their order (a scorer looks for their table); the others,
    # newest first, after them
    placed = sorted((r for r in rows if r["order"] is not None), key=lambda r: r["order"])
    rows = placed + [r for r in rows if r["order"] is None]
    device = DeviceToken.objects.filter(user=request.user).first()
    return render(request, "games/my_table.html", {"rows": rows, "device": device})


@login_required
def device_qr(request: HttpRequest, slug: str, token: int) -> HttpResponse:
    """Organisers: a QR code that signs a device in as ``token`` (one use, expires)."""
    club = get_object_or_404(Club.objects.readable_by(request.user), slug=slug)
    if not may_organise(request.user, club):
        raise PermissionDenied
    device = get_object_or_404(club.device_tokens, pk=token, revoked_at__isnull=True)
    code = sign_in_code(device, request.user)
    url = request.build_absolute_uri(
        reverse("games:device_sign_in", args=[club.slug]) + "?code=" + code
    )
    # segno escapes what it writes; the SVG is drawn here, from our own URL
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#1b1f24", light="#ffffff")
    context = {
        "club": club,
        "device": device,
        "url": url,
        "svg": mark_safe(svg),
        "minutes": SIGN_IN_MAX_AGE // 60,
    }
    return render(request, "games/device_qr.html", context)


@require_http_methods(["GET", "POST"])
def device_sign_in(request: HttpRequest, slug: str) -> HttpResponse:
    """What a scanned QR code opens: GET asks to confirm (a link preview or prefetch must
    not spend the link), POST signs the browser in as the device and opens "Mi mesa"."""
    club = get_object_or_404(Club, slug=slug)
    code = request.GET.get("code") or request.POST.get("code") or ""
    if not may_read(request.user, club) and not signs_for(code, club):
        # the phone is not signed in yet, so a private club takes its code; without one
        # of its codes the club does not exist (its name, or a 401, would say it does)
        raise Http404
    try:
        if request.method == "POST":
            token = redeem_sign_in(code, club)
            login(request, token.user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("games:my_table")
        token = check_sign_in(code, club)
    except SignInRefused as exc:
        reason = {
            "the sign-in link has expired: ask for a new QR code": _(
                "The sign-in link has expired: ask the organiser for a new QR code."
            ),
            "the sign-in link was used already: ask for a new QR code": _(
                "The sign-in link was used already: ask the organiser for a new QR code."
            ),
            "the device token is revoked": _("This device's key was revoked."),
            "the device token is another club's": _("This device belongs to another club."),
        }.get(exc.message, _("The sign-in link is not valid."))
        context = {"club": club, "reason": reason, "code": exc.message}
        return render(request, "games/device_sign_in.html", context, status=exc.status)
    context = {"club": club, "device": token, "code": code}
    return render(request, "games/device_sign_in.html", context)
