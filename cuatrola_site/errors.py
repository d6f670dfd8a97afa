"""Django's error views (``handler400``, ``handler404``, ``handler500``).

Errors raised before or outside a DRF view — an unrouted path, a body over Django's limit
met by a middleware, a database that does not answer — would otherwise be Django's HTML
pages. Under ``/api/`` they are the API's one JSON shape (``games.api.errors``); pages keep
HTML. A database that does not answer is 503 (with ``Retry-After``), not 500: the request
was fine and is worth repeating. None of these views touches the database.
"""

from __future__ import annotations

import sys

from django.core.exceptions import BadRequest, RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.translation import gettext as _

from games.api.errors import error_body, reader_language
from games.api.parsers import RequestTooLarge
from games.engine.messages import msg

RETRY_AFTER_SECONDS = 5
DATABASE_DOWN = "the database is not answering: try again shortly"


def _body(request: HttpRequest, message: str) -> dict:
    """The API's error body, ``detail`` in the request's language."""
    return error_body(message, lang=reader_language(request))


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _page(
    status: int, title: str, message: str, detail: str = "", back: tuple[str, str] | None = None
) -> HttpResponse:
    """The site's branded error page, rendered without a request: no context processor
    runs (the user, the session and the messages may need the database). ``back``: a
    link to the page the address came from (its path and its words)."""
    try:
        html = render_to_string(
            "errors/page.html",
            {
                "status": status,
                "title": title,
                "message": message,
                "detail": detail,
                "back": back,
            },
        )
    except Exception:  # an error page must answer whatever else is broken
        html = (
            f'<!doctype html><html><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"</head><body><h1>{escape(title)}</h1><p>{escape(message)}</p></body></html>"
        )
    return HttpResponse(html, status=status)


def _detail(exception: Exception | None) -> str:
    """What a view said in its own words (``Http404(_("…"))``, ``PermissionDenied("…")``);
    not Django's generic texts, which name models, nor a resolver's list of patterns."""
    if exception is None or not exception.args or not isinstance(exception.args[0], str):
        return ""
    text = exception.args[0]
    return "" if "matches the given query" in text else text


def _back(exception: Exception | None) -> tuple[str, str] | None:
    """The way back a view gave its exception (``exc.back = (path, words)``): a path on
    this site only."""
    back = getattr(exception, "back", None)
    if not back or not back[0].startswith("/") or back[0].startswith("//"):
        return None
    return back


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        message = str(RequestTooLarge().detail)
        if is_api(request):
            return JsonResponse(_body(request, message), status=413)
        return _page(413, _("Too large"), _("The request is too large."))
    if is_api(request):
        return JsonResponse(_body(request, "the request is malformed"), status=400)
    # a view's BadRequest says what was wrong in the reader's words; a SuspiciousOperation
    # (a bad host, a tampered cookie) says nothing a visitor should read
    detail = _detail(exception) if isinstance(exception, BadRequest) else ""
    return _page(
        400,
        _("Bad request"),
        _("The request could not be understood."),
        detail,
        _back(exception),
    )


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return JsonResponse(_body(request, _detail(exception) or "permission denied"), status=403)
    return _page(
        403,
        _("Not allowed"),
        _("You may see this, but not do this. Ask one of the club's organisers."),
        _detail(exception),
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return JsonResponse(_body(request, "Not found."), status=404)
    return _page(
        404,
        _("Page not found"),
        _("There is nothing here: the address may be mistyped, or the page is not public."),
        _detail(exception),
        _back(exception),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    # Django calls this inside its ``except`` block: the exception is the current one
    exception = sys.exc_info()[1]
    if isinstance(exception, OperationalError | InterfaceError):
        if is_api(request):
            response = JsonResponse(_body(request, DATABASE_DOWN), status=503)
        else:
            response = _page(
                503,
                _("Service unavailable"),
                _("The database is not answering. Try again in a few seconds."),
            )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    if is_api(request):
        return JsonResponse(_body(request, "server error"), status=500)
    return _page(
        500,
        _("Something went wrong"),
        _("The server failed to answer. Try again; if it keeps failing, tell the club."),
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form refused by the CSRF check (``CSRF_FAILURE_VIEW``): most often a page left open
    past a login or a logout; the site's page, saying what to do."""
    if is_api(request):
        return JsonResponse(
            _body(request, msg("CSRF check failed: {reason}", reason=reason)), status=403
        )
    return _page(
        403,
        _("Not allowed"),
        _(
            "The form was out of date (a login or a logout since it was opened). "
            "Reload the page and send it again."
        ),
    )
