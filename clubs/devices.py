"""Device tokens: creation, revocation, authentication and throttling."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension

from .access import may_organise
from .models import Club, DeviceToken, Membership
from .tokens import HashedKeyAuthentication, hash_key, new_key


def create_device_token(
    club: Club, user, name: str, tournament: Model | None = None
) -> tuple[DeviceToken, str]:
    """A new token and its key (the only time the key is known); ``tournament`` limits
    it to that tournament's matches."""
    if not may_organise(user, club):
        raise PermissionDenied("only the club's organisers create device tokens")
    if tournament is not None and tournament.club_id != club.pk:
        raise PermissionDenied("the tournament is another club's")
    key = new_key()
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
            key_hash=hash_key(key),
            user=device_user,
            created_by=user,
        )
    return token, key


def revoke_device_token(token: DeviceToken, user) -> DeviceToken:
    if not may_organise(user, token.club):
        raise PermissionDenied("only the club's organisers revoke device tokens")
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


class DeviceTokenAuthentication(HashedKeyAuthentication):
    """``Authorization: Bearer <key>`` — a device token. What it may do is the access
    policy's (``clubs.access``): its device user is a scorer of the club, and only of its
    tournament when the token is scoped to one."""

    keyword = "Bearer"
    failure = "unknown or revoked device token"

    def lookup(self, key_hash: str):
        token = (
            DeviceToken.objects.select_related("user")
            .filter(key_hash=key_hash, revoked_at__isnull=True)
            .first()
        )
        return None if token is None else (token.user, token)


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
