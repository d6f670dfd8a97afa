"""Device tokens: creation, revocation, authentication and throttling."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension

from .access import device_scope, may_organise
from .models import Club, DeviceToken, Membership
from .tokens import HashedKeyAuthentication, hash_key, new_key


def create_device_token(
    club: Club, user, name: str, tournament: Model | None = None
) -> tuple[DeviceToken, str]:
    """A new token and its key (the only time the key is known); ``tournament`` limits
    it to that tournament's matches (the scope the tournaments app registers)."""
    if not may_organise(user, club):
        raise PermissionDenied("only the club's organisers create device tokens")
    scope = device_scope()
    if tournament is not None and (scope is None or not isinstance(tournament, scope.model)):
        raise PermissionDenied("a device token cannot be limited to that")
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
            name=name,
            prefix=key[:8],
            key_hash=hash_key(key),
            user=device_user,
            created_by=user,
        )
        if tournament is not None:
            scope.attach(token, tournament)
    return token, key


def revoke_device_token(token: DeviceToken, user) -> DeviceToken:
    """Revoke the key; the device user is deactivated too, which ends the sessions a
    sign-in link opened (Django's backend refuses an inactive user's session)."""
    if not may_organise(user, token.club):
        raise PermissionDenied("only the club's organisers revoke device tokens")
    if token.revoked_at is None:
        with transaction.atomic():
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
            token.user.is_active = False
            token.user.save(update_fields=["is_active"])
    return token


# ---------------------------------------------------------------- sign-in links (QR codes)
SIGN_IN_SALT = "clubs.devices.sign-in"
#: how long a sign-in link (the QR code an organiser shows) may wait to be used
SIGN_IN_MAX_AGE = 15 * 60


class SignInRefused(Exception):
    """A sign-in link that does not sign anyone in: 401 when it is expired, used, forged
    or its token revoked; 403 when it is another club's."""

    def __init__(self, message: str, status: int = 401):
        super().__init__(message)
        self.message, self.status = message, status


def _stamp(token: DeviceToken) -> str:
    # the link names the token's last sign-in: once used, that moves, and the link is spent
    return token.last_used_at.isoformat() if token.last_used_at else "-"


def sign_in_code(token: DeviceToken, user) -> str:
    """A one-time code (signed, expires in SIGN_IN_MAX_AGE) that signs a browser in as the
    token's device. It holds no key: only the token's id and its last sign-in."""
    if not may_organise(user, token.club):
        raise PermissionDenied("only the club's organisers hand out device sign-in links")
    if token.revoked_at is not None:
        raise PermissionDenied("the device token is revoked")
    return signing.dumps({"t": token.pk, "s": _stamp(token)}, salt=SIGN_IN_SALT)


def check_sign_in(code: str, club: Club) -> DeviceToken:
    """The token ``code`` signs in as, without using the code up; SignInRefused else."""
    try:
        data = signing.loads(code, salt=SIGN_IN_SALT, max_age=SIGN_IN_MAX_AGE)
    except signing.SignatureExpired as exc:
        raise SignInRefused("the sign-in link has expired: ask for a new QR code") from exc
    except signing.BadSignature as exc:
        raise SignInRefused("the sign-in link is not valid") from exc
    token = (
        DeviceToken.objects.select_related("user", "club")
        .filter(pk=data.get("t") if isinstance(data, dict) else None)
        .first()
    )
    if token is None:
        raise SignInRefused("the sign-in link is not valid")
    if token.club_id != club.pk:
        raise SignInRefused("the device token is another club's", status=403)
    if token.revoked_at is not None or not token.user.is_active:
        raise SignInRefused("the device token is revoked")
    if data.get("s") != _stamp(token):
        raise SignInRefused("the sign-in link was used already: ask for a new QR code")
    return token


def signs_for(code: str, club: Club) -> bool:
    """Is ``code`` a sign-in code this site signed for a device of ``club`` (spent, expired
    or revoked as it may be)? What a browser that may not read a private club must hold
    to be told anything about it (else 404: the club does not exist for it)."""
    try:
        data = signing.loads(code, salt=SIGN_IN_SALT)
    except signing.BadSignature:
        return False
    pk = data.get("t") if isinstance(data, dict) else None
    return isinstance(pk, int) and DeviceToken.objects.filter(pk=pk, club=club).exists()


def redeem_sign_in(code: str, club: Club) -> DeviceToken:
    """Use ``code`` up (one sign-in per link) and give the token it signs in as."""
    with transaction.atomic():
        token = check_sign_in(code, club)
        # the row lock makes two browsers racing with one link see each other's stamp
        locked = DeviceToken.objects.select_for_update().get(pk=token.pk)
        if _stamp(locked) != _stamp(token):
            raise SignInRefused("the sign-in link was used already: ask for a new QR code")
        locked.last_used_at = timezone.now()
        locked.save(update_fields=["last_used_at"])
    return token


class DeviceTokenAuthentication(HashedKeyAuthentication):
    """``Authorization: Bearer <key>`` — a device token. What it may do is the access
    policy's (``clubs.access``): its device user is a scorer of the club, and only of its
    tournament when the token is scoped to one."""

    keyword = "Bearer"
    usage = "Authorization: Bearer <key>"
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
