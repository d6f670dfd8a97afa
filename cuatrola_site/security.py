"""Limits that hold in production: the client's address, API throttles counted in the
shared cache, the login lockout page, and the refusal to serve with the default key.

Settings are in the "Security" block of settings.py; the README's Production table
documents the variables.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.checks import Tags, register
from django.core.checks import Warning as CheckWarning
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from redis.exceptions import RedisError
from rest_framework import throttling

from clubs.models import DeviceToken, UserToken

log = logging.getLogger(__name__)

LOCAL_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


def client_address(request: HttpRequest) -> str:
    """The address that limits count by.

    ``REMOTE_ADDR`` unless ``NUM_PROXIES`` trusted proxies stand in front of the site:
    then the address the outermost of them saw, which each proxy appends to
    ``X-Forwarded-For``. Entries to its left were written by the client and are
    ignored, so a forged header gains nothing (DRF's default, ``NUM_PROXIES`` unset,
    counted the whole header and gave each forged value a fresh allowance)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.NUM_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies <= 0 or not forwarded:
        return remote
    addresses = [a.strip() for a in forwarded.split(",")]
    return addresses[-min(proxies, len(addresses))] or remote


class SharedRateThrottle(throttling.SimpleRateThrottle):
    """A rate limit counted by one atomic increment in the shared cache.

    DRF's own throttle reads a request history, decides and writes it back: workers
    answering at once read the same history and all let their request through. Here
    each request increments a counter (Redis ``INCR``) and only the first
    ``num_requests`` of a window pass. The window starts at a client's first request
    and lasts the rate's period; the next one starts afresh."""

    def get_ident(self, request) -> str:
        return client_address(request)

    def allow_request(self, request, view) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        try:
            count = self._increment()
        except RedisError:
            # the cache being down must not take the API with it: let the request
            # through and say so in the log
            log.warning("rate limit not counted: the cache is unreachable", exc_info=True)
            return True
        if count <= self.num_requests:
            return True
        return self.throttle_failure()

    def _increment(self) -> int:
        started = f"{self.key}:start"
        self.cache.add(started, self.now, self.duration)
        for _ in range(2):
            self.cache.add(self.key, 0, self.duration)
            try:
                count = self.cache.incr(self.key)
            except ValueError:  # the window ended between add and incr: open the next
                continue
            if count == 1:
                # Redis's INCR on a key that expired after Django's existence check
                # creates it without expiry; make sure this window ends.
                self.cache.touch(self.key, self.duration)
            return count
        return 1

    def wait(self) -> float:
        started = self.cache.get(f"{self.key}:start", self.now)
        return max(0.0, started + self.duration - self.now)


class AnonThrottle(SharedRateThrottle):
    """Anonymous requests per client address (scope ``anon``)."""

    scope = "anon"

    def get_cache_key(self, request, view) -> str | None:
        if request.user and request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """django-axes's answer to a locked-out address: 429 with the site's page."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(
        request,
        "registration/locked_out.html",
        {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes},
        status=429,
    )


def refuse_insecure_secret_key() -> None:
    """Serving (gunicorn, runserver, ASGI) with the checkout's fallback key would let
    anyone who read the code forge sessions and password-reset links: refuse unless
    DEBUG is on. Management commands and the tests do not serve, so they run."""
    if not settings.DEBUG and settings.SECRET_KEY == settings.INSECURE_SECRET_KEY:
        raise ImproperlyConfigured(
            "SECRET_KEY is the insecure development default and DEBUG is off: set "
            "SECRET_KEY in the environment (or DEBUG=true for local development)."
        )


@register(Tags.caches, Tags.security, deploy=True)
def check_shared_cache(app_configs, **kwargs) -> list[CheckWarning]:
    """``manage.py check --deploy``: rate limits need a cache shared by the workers."""
    if settings.CACHES["default"]["BACKEND"] in LOCAL_CACHES:
        return [
            CheckWarning(
                "CACHE_URL is not set: each worker process counts API rate limits apart.",
                hint="Set CACHE_URL=redis://host:6379/1 (a Redis database of its own).",
                id="cuatrola.W001",
            )
        ]
    return []


class DeviceTokenThrottle(SharedRateThrottle):
    """Requests per device token (scope ``device``), counted in the shared cache."""

    scope = "device"

    def get_cache_key(self, request, view):
        if not isinstance(getattr(request, "auth", None), DeviceToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class UserTokenThrottle(SharedRateThrottle):
    """Requests per user API key (scope ``user_token``): a program with a key is limited
    as a device is, not left unlimited (1,300 in a burst all answered, issue 18)."""

    scope = "user_token"

    def get_cache_key(self, request, view):
        if not isinstance(getattr(request, "auth", None), UserToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class RefuseTraceMiddleware:
    """``TRACE`` (and ``CONNECT``) are no method of this site: 405 before any view, which
    would otherwise answer them as a ``GET`` (a function view takes any method)."""

    REFUSED = frozenset({"TRACE", "CONNECT"})
    ALLOWED = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE"

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in self.REFUSED:
            return HttpResponseNotAllowed(self.ALLOWED.split(", "))
        return self.get_response(request)
