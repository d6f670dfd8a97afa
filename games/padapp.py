"""The scoring pad as an installable web app: its manifest and its service worker.

The worker is a static file (static/js/pad-worker.js: no inline script, whatever the
Content-Security-Policy) served from the site's root, because a service worker only
controls the pages under the path it is served from, and the pads live under
``/matches/``, Mi mesa under ``/my-table/``.
"""

from __future__ import annotations

import json

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET


@require_GET
def pad_worker(request: HttpRequest) -> HttpResponse:
    """static/js/pad-worker.js, from the root (its scope), never kept stale by a cache."""
    path = finders.find("js/pad-worker.js")
    if not path:
        raise Http404("the pad's service worker is not installed")
    with open(path, "rb") as source:
        response = HttpResponse(source.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def pad_manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: the pad opens on Mi mesa, full screen, in the reader's
    language."""
    manifest = {
        "name": _("Cuatrola club · scoring pad"),
        "short_name": _("Scoring pad"),
        "lang": get_language() or "es",
        "start_url": reverse("games:my_table"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#f7f5f0",
        "theme_color": "#1d2433",
        # the site's mark (static/favicon.svg) at the sizes an installed app is drawn at
        "icons": [
            {"src": static("img/pad-icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("img/pad-icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(
        json.dumps(manifest, ensure_ascii=False), content_type="application/manifest+json"
    )
