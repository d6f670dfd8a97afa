"""Site-wide views: the home page, the room scoreboard and the health check."""

import json

from csp.decorators import csp_update
from django.conf import settings
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.html import escape
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from clubs.models import Club
from games.cardnames import card_phrase
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


def scoreboard_strings() -> dict:
    """The scoreboard's words in the reader's language (``%(name)s`` filled in by its
    script); the page itself carries them in Spanish for when it is opened as a file."""
    return {
        "title": _("Scoreboard"),
        "connecting": _("connecting…"),
        "standings": _("Standings"),
        "noMatches": _("No matches in play."),
        "table": _("Table %(table)s · round %(round)s"),
        "toAct": _("%(name)s to play"),
        "bid": _("bid %(bid)s"),
        "bidBy": _("bid %(bid)s by %(name)s"),
        "hand": _("Hand %(n)s"),
        "trump": _("trump"),
        "card": card_phrase(),
        "name": _("Name"),
        "points": _("Pts"),
        "diff": _("Diff"),
        "live": _("live · %(time)s"),
        "offline": _("offline, retrying…"),
        "missing": _("Missing ?tournament=ID (and ?api=URL when opened as a file)."),
        "notFound": _("The tournament %(id)s does not exist."),
        "noStandings": _("The standings appear when the first match ends."),
        "phases": {
            "deal": _("dealing"),
            "calling": _("calling"),
            "bidding": _("bidding"),
            "trump": _("choosing trump"),
            "playing": _("playing"),
            "complete": _("hand complete"),
        },
    }


@csp_update({"connect-src": ["http:", "https:"]})  # ?api= may name another site to poll
def scoreboard(request: HttpRequest) -> HttpResponse:
    """The standalone room scoreboard (docs/scoreboard.html), served from the site with
    its words in the reader's language (the page stays usable as a file, in Spanish).

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
    page = (settings.BASE_DIR / "docs" / "scoreboard.html").read_text(encoding="utf-8")
    strings = json.dumps(scoreboard_strings(), ensure_ascii=False).replace("<", "\\u003c")
    page = page.replace(
        '<script type="application/json" id="scoreboard-strings">{}</script>',
        f'<script type="application/json" id="scoreboard-strings">{strings}</script>',
        1,
    ).replace('<html lang="es">', f'<html lang="{get_language()}">', 1)
    words = scoreboard_strings()  # the words a reader sees before the script runs
    for spanish, said in [
        ("<title>Marcador</title>", f"<title>{escape(words['title'])}</title>"),
        ('<h1 id="title">Marcador</h1>', f'<h1 id="title">{escape(words["title"])}</h1>'),
        (
            '<span id="status">conectando…</span>',
            f'<span id="status">{escape(words["connecting"])}</span>',
        ),
        (
            '<h2 id="standings-title">Clasificación</h2>',
            f'<h2 id="standings-title">{escape(words["standings"])}</h2>',
        ),
    ]:
        page = page.replace(spanish, said, 1)
    # the page stands alone (it also works opened as a file): its one style and one script
    # are inline, and carry this response's CSP nonce
    nonce = escape(request.csp_nonce)
    page = page.replace("<style>", f'<style nonce="{nonce}">', 1)
    page = page.replace("<script>", f'<script nonce="{nonce}">', 1)
    return HttpResponse(page, content_type="text/html; charset=utf-8")


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
