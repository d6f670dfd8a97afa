"""Device tokens: creation, revocation, authentication and throttling."""

from __future__ import annotations

import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from cuatrola_site.security import SharedRateThrottle

from .models import Club, DeviceToken, Membership, Tournament
from .roles import is_organiser

KEYWORD = "Bearer"


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create_device_token(
    club: Club, user, name: str, tournament: Tournament | None = None
) -> tuple[DeviceToken, str]:
    """A new token and its key (the only time the key is known)."""
    if not is_organiser(user, club):
        raise PermissionDenied("only the club's organisers create device tokens")
    if tournament is not None and tournament.club_id != club.pk:
        raise PermissionDenied("the tournament is another club's")
    key = secrets.token_urlsafe(32)
    with transaction.atomic():
        device_user = get_user_model().objects.create(
            username=f"device-{secrets.token_hex(6)}", is_active=True
        )
        device_user.set_unusable_password()
        device_user.save()
        Membership.objects.create(club=club, user=device_user, role=Membership.Role.SCORER)
        token = DeviceToken.objects.create(
            club=club,
            tournament=tournament,
            name=name,
            prefix=key[:8],
            key_hash=_hash(key),
            user=device_user,
            created_by=user,
        )
    return token, key


def revoke_device_token(token: DeviceToken, user) -> DeviceToken:
    if not is_organiser(user, token.club):
        raise PermissionDenied("only the club's organisers revoke device tokens")
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def in_scope(request, match) -> bool:
    """A tournament-scoped device token writes only to that tournament's matches."""
    token = getattr(request, "auth", None)
    if not isinstance(token, DeviceToken) or token.tournament_id is None:
        return True
    fixture = getattr(match, "fixture", None)
    return fixture is not None and fixture.round.tournament_id == token.tournament_id


class DeviceTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Bearer <key>`` — a device token."""

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != KEYWORD.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Authorization: Bearer <device key>")
        try:
            key = header[1].decode()
        except UnicodeDecodeError as exc:
            raise exceptions.AuthenticationFailed("the device key is not text") from exc
        token = (
            DeviceToken.objects.select_related("user")
            .filter(key_hash=_hash(key), revoked_at__isnull=True)
            .first()
        )
        if token is None:
            raise exceptions.AuthenticationFailed("unknown or revoked device token")
        return token.user, token

    def authenticate_header(self, request) -> str:
        return KEYWORD


class DeviceTokenThrottle(SharedRateThrottle):
    """Requests per device token (scope ``device``), counted in the shared cache."""

    scope = "device"

    def get_cache_key(self, request, view):
        if not isinstance(getattr(request, "auth", None), DeviceToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class DeviceTokenScheme(OpenApiAuthenticationExtension):
    """Describes device tokens in the OpenAPI schema (drf-spectacular)."""

    target_class = DeviceTokenAuthentication
    name = "deviceToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A device token an organiser created for a scorer's device",
        }
