"""Clubs, the people in them, their roles and their API keys.

This app is the bottom layer: ``games`` and ``tournaments`` build on it and it imports
neither. Who may read, record or organise is decided in :mod:`clubs.access`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .text import NameField

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User


class ReadableQuerySet(models.QuerySet):
    """The queryset of anything guarded by :mod:`clubs.access` (clubs, matches,
    tournaments): ``readable_by(user)`` keeps what ``access.may_read`` would allow."""

    def readable_by(self, user: User | AnonymousUser) -> ReadableQuerySet:
        from .access import readable  # the policy reads the models defined below

        return readable(self, user)


class Club(models.Model):
    """A card club. Its matches are public unless ``is_private``."""

    name = NameField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), unique=True)
    is_private = models.BooleanField(
        _("private"), default=False, help_text=_("Only members can see its matches.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    objects = ReadableQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in a club: organisers run it, scorers record matches."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        SCORER = "scorer", _("scorer")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_role_per_club_and_user")
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} @ {self.club}"


class Player(models.Model):
    """Someone who plays at the club; may or may not have a user account. A user linked
    to a player of a club reads that club's private matches (not its hands in play).
    ``asked_user``: a login an organiser named for this player, linked only once its
    owner says the player is them (*My matches*: ``clubs.members.answer_link``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    display_name = NameField(_("name"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    asked_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players_asking",
    )

    class Meta:
        ordering = ["display_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "display_name"], name="unique_player_name_in_club"
            )
        ]

    def __str__(self) -> str:
        return self.display_name


class DeviceToken(models.Model):
    """A key for a scorer's device (a tablet at a table): it can record in one club, and
    optionally only in one container's matches (a tournament's: that scope is kept by the
    app above, ``tournaments.TournamentDevice``, and reached through
    ``access.register_device_scope``, so this app names no layer above it). Only the key's
    SHA-256 is stored; the key is shown once, when it is created. Writes are made as the
    token's own device user."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="device_tokens")
    name = NameField(_("name"), max_length=80)
    prefix = models.CharField(max_length=8, help_text=_("The key's first characters"))
    key_hash = models.CharField(max_length=64, unique=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_token"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("device token")
        verbose_name_plural = _("device tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def scope(self):
        """The container (a tournament) the token is limited to, or None."""
        from .access import scope_of  # the policy imports this module

        return scope_of(self)


class UserToken(models.Model):
    """An API key of a user (``Authorization: Token <key>``). As for device tokens, only
    the key's SHA-256 is stored and the key is shown once, when it is created."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = NameField(_("name"), max_length=80, blank=True)
    prefix = models.CharField(max_length=8, help_text=_("The key's first characters"))
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.user} ({self.prefix}…)"


class LoginMadeHere(models.Model):
    """The club whose organiser made a login (``members.create_login`` or
    ``create_player_login``). Only that club may make the login a set-password link
    (``access.password_link_refusal``): a login someone made themselves, and then linked
    to a club's player or made its scorer by username, stays theirs alone."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="made_by_club"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="logins_made")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("login made by a club")
        verbose_name_plural = _("logins made by a club")

    def __str__(self) -> str:
        return f"{self.user} ({self.club})"
