"""API keys: only their SHA-256 is stored, for users' tokens as for devices'.

``Authorization: Token <key>`` is a user's key (:class:`UserTokenAuthentication`),
``Authorization: Bearer <key>`` a device's (``clubs.devices``). A key that is unknown or
revoked is answered 401 with a ``WWW-Authenticate`` challenge; a request that sends no
key and lacks a session is refused with 403, as before.
"""

from __future__ import annotations

import hashlib
import secrets

from django.contrib.auth.models import User
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from .models import UserToken

SCHEMES = ("Token", "Bearer")


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_key() -> str:
    return secrets.token_urlsafe(32)


def create_user_token(user: User, name: str = "") -> tuple[UserToken, str]:
    """A new API key for ``user`` and the key itself (the only time it is known)."""
    key = new_key()
    token = UserToken.objects.create(user=user, name=name, prefix=key[:8], key_hash=hash_key(key))
    return token, key


def revoke_user_token(token: UserToken) -> UserToken:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def challenge(request: Request) -> str | None:
    """The ``WWW-Authenticate`` value for a refused request: the scheme it sent a key
    with (so a bad key is a 401), or None when it sent none (then DRF answers 403)."""
    header = authentication.get_authorization_header(request).split()
    if header:
        scheme = header[0].decode("latin-1")
        for known in SCHEMES:
            if scheme.lower() == known.lower():
                return f'{known} realm="api"'
    return None


class HashedKeyAuthentication(authentication.BaseAuthentication):
    """``Authorization: <keyword> <key>`` looked up by the key's hash."""

    keyword = ""
    #: the refusals, each a whole sentence the catalogue translates
    usage = "Authorization: <keyword> <key>"
    failure = "unknown or revoked key"

    def authenticate(self, request: Request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(self.usage)
        try:
            key = header[1].decode()
        except UnicodeDecodeError as exc:
            raise exceptions.AuthenticationFailed("the key is not text") from exc
        found = self.lookup(hash_key(key))
        if found is None:
            raise exceptions.AuthenticationFailed(self.failure)
        return found

    def lookup(self, key_hash: str):
        raise NotImplementedError

    def authenticate_header(self, request: Request) -> str | None:
        return challenge(request)


class UserTokenAuthentication(HashedKeyAuthentication):
    """``Authorization: Token <key>`` — a user's API key."""

    keyword = "Token"
    usage = "Authorization: Token <key>"
    failure = "unknown or revoked token"

    def lookup(self, key_hash: str):
        token = (
            UserToken.objects.select_related("user")
            .filter(key_hash=key_hash, revoked_at__isnull=True, user__is_active=True)
            .first()
        )
        return None if token is None else (token.user, token)


class UserTokenScheme(OpenApiAuthenticationExtension):
    """Describes users' API keys in the OpenAPI schema (drf-spectacular)."""

    target_class = UserTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": 'A user\'s API key, with the prefix "Token "',
        }
