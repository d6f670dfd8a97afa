"""Site-wide views: the home page and the health check."""

from django.conf import settings
from django.db.models import Count, Q
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from clubs.models import Club
from games.models import Match, WorkerHeartbeat

from .health import broker_status, database_status


def home(request: HttpRequest) -> HttpResponse:
    """The clubs the visitor may read, each with the number of its matches it may read."""
    readable = Match.objects.readable_by(request.user).values("pk")
    clubs = Club.objects.readable_by(request.user).annotate(
        n_matches=Count("matches", filter=Q(matches__in=readable))
    )
    return render(request, "home.html", {"clubs": clubs})


def scoreboard(request: HttpRequest) -> FileResponse:
    """The standalone room scoreboard (docs/scoreboard.html), served from the site."""
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
