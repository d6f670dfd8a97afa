"""Who may do what in a club. Plain functions over a user and a club."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from .models import Club, Membership

WRITE_ROLES = (Membership.Role.ORGANISER, Membership.Role.SCORER)


def role_in(user: User | AnonymousUser, club: Club) -> str | None:
    """The user's role in the club, or None."""
    if not user.is_authenticated:
        return None
    cache = getattr(user, "_club_roles", None)
    if cache is None:
        cache = dict(Membership.objects.filter(user=user).values_list("club_id", "role"))
        user._club_roles = cache
    return cache.get(club.pk)


def can_read(user: User | AnonymousUser, club: Club) -> bool:
    """A public club's matches are readable by anyone; a private club's by its members."""
    return not club.is_private or user.is_superuser or role_in(user, club) is not None


def can_record(user: User | AnonymousUser, club: Club) -> bool:
    """Organisers and scorers of the club may create matches and record events."""
    return user.is_superuser or role_in(user, club) in WRITE_ROLES


def is_organiser(user: User | AnonymousUser, club: Club) -> bool:
    return user.is_superuser or role_in(user, club) == Membership.Role.ORGANISER
