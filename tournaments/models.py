"""Clubs, the people in them and their roles."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    """A card club. Its matches are public unless ``is_private``."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), unique=True)
    is_private = models.BooleanField(
        _("private"), default=False, help_text=_("Only members can see its matches.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

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
    """Someone who plays at the club; may or may not have a user account."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    display_name = models.CharField(_("name"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
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
