"""What the menu and the landing after signing in offer a user, by what they are in the
clubs: *My table* for those who record (organisers, scorers, devices), *My matches* for
a login linked to a player. A scorer who signs in lands on *My table*, a player who only
plays on *My matches*; a ``next`` page asked for wins over both."""

from __future__ import annotations

from functools import cached_property

from django.contrib.auth.views import LoginView
from django.http import HttpRequest
from django.shortcuts import resolve_url
from django.utils.functional import SimpleLazyObject

from .models import Membership


class Menu:
    """The user's entries, each asked of the database once and only when shown."""

    def __init__(self, user) -> None:
        self.user = user

    @cached_property
    def roles(self) -> set[str]:
        if not self.user.is_authenticated:
            return set()
        return set(Membership.objects.filter(user=self.user).values_list("role", flat=True))

    @cached_property
    def device(self) -> bool:
        return self.user.is_authenticated and hasattr(self.user, "device_token")

    @cached_property
    def name(self) -> str:
        """Who is signed in, as the menu says it: a device by its table's name."""
        return self.user.device_token.name if self.device else self.user.get_username()

    @cached_property
    def plays(self) -> bool:
        """Linked to a player of some club: *My matches*."""
        return self.user.is_authenticated and self.user.players.exists()

    @cached_property
    def records(self) -> bool:
        """*My table*: those who record, and anyone signed in who is no club's player yet
        (where a scorer's first match appears once they are made one)."""
        if not self.user.is_authenticated:
            return False
        return self.user.is_superuser or self.device or bool(self.roles) or not self.plays

    def landing(self) -> str | None:
        """Where signing in leads when no page was asked for (None: the default)."""
        if self.device or (Membership.Role.SCORER in self.roles and len(self.roles) == 1):
            return "games:my_table"
        if self.plays and not self.roles:
            return "my_matches"
        return None


def menu(request: HttpRequest) -> dict:
    """Context processor: ``menu`` (lazy: a page that shows no menu asks nothing)."""
    return {"menu": SimpleLazyObject(lambda: Menu(request.user))}


class LandingLoginView(LoginView):
    """Django's login, landing a scorer on *My table* and a player on *My matches*."""

    def get_default_redirect_url(self) -> str:
        if self.next_page:
            return resolve_url(self.next_page)
        landing = Menu(self.request.user).landing()
        return resolve_url(landing) if landing else super().get_default_redirect_url()
