"""Site-wide views: the home page and the health check."""

from django.conf import settings
from django.db.models import Count, Q
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from clubs.models import Club
from games.models import Match, WorkerHeartbeat
from tournaments.models import Tournament

from .health import broker_status, database_status


def home(request: HttpRequest) -> HttpResponse:
    """The clubs the visitor may read, each with the number of its matches it may read."""
    readable = Match.objects.readable_by(request.user).values("pk")
    clubs = Club.objects.readable_by(request.user).annotate(
        n_matches=Count("matches", filter=Q(matches__in=readable))
    )
    return render(request, "home.html", {"clubs": clubs})


def scoreboard(request: HttpRequest) -> HttpResponse:
    """The standalone room scoreboard (docs/scoreboard.html), served from the site.

    Without ``?tournament=`` it lists the tournaments the visitor may follow; a tournament
    that does not exist (or is hidden from the visitor, ``clubs.access``) is a 404 page at
    once rather than a scoreboard retrying for ever. With ``?api=`` the tournament lives on
    another site, which the scoreboard asks itself."""
    asked = request.GET.get("tournament")
    if asked is None:
        tournaments = (
            Tournament.objects.readable_by(request.user)
            .select_related("club")
            .order_by("status", "-pk")
        )
        return render(request, "scoreboard_choose.html", {"tournaments": tournaments[:50]})
    if "api" not in request.GET:
        found = asked.isdigit() and (
            Tournament.objects.readable_by(request.user).filter(pk=int(asked)).exists()
        )
        if not found:
            raise Http404(_("The tournament %(id)s does not exist.") % {"id": asked[:20]})
    return FileResponse(
        (settings.BASE_DIR / "docs" / "scoreboard.html").open("rb"),
        content_type="text/html; charset=utf-8",
    )


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker answer, 503 when either does not."""
    database = database_status()
    broker = broker_status()
    body = {"database": database, "broker": broker}
    if database["ok"]:
        body["worker_last_seen"] = WorkerHeartbeat.last_seen_iso()
    ok = database["ok"] and broker["ok"]
    body["status"] = "ok" if ok else "down"
    return JsonResponse(body, status=200 if ok else 503)


def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers ask for on pages that name no icon (a JSON answer,
    a file download): the site's SVG icon under its static (hashed) name."""
    response = redirect(static("favicon.svg"))
    response["Cache-Control"] = "public, max-age=86400"
    return response
