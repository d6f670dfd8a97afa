"""The way back from a forgotten password: the site sends no e-mail, so the club's
organiser makes a one-time set-password link for a login of the club's (a player or a
scorer of this club alone: ``clubs.access.password_link_refusal``), with a confirmation
first, and hands it over.

The link is Django's password-reset link (the user's id and a token), made by
:data:`set_password_tokens`: its token is spent once the password changes (the old
password stops working when the new one is set) or after ``PASSWORD_RESET_TIMEOUT``,
and, unlike Django's own, it also dies when the login's place in the clubs changes
(a role, a player, staff): a link made for a scorer who is then made an organiser
elsewhere opens nothing. The page Django offered at ``/accounts/password_reset/`` (an
e-mail form) is replaced by one that says to ask the club's organiser.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.contrib.auth.views import PasswordResetConfirmView
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from .access import password_link_refusal
from .models import Club, Membership, Player


class SetPasswordTokens(PasswordResetTokenGenerator):
    """Django's reset tokens, salted apart and bound to the login's place in the clubs."""

    key_salt = "clubs.passwords.SetPasswordTokens"

    def _make_hash_value(self, user, timestamp: int) -> str:
        roles = sorted(
            Membership.objects.filter(user=user).values_list("club_id", "role").order_by()
        )
        players = sorted(Player.objects.filter(user=user).values_list("club_id", flat=True))
        place = f"{roles}{players}{user.is_staff}{user.is_superuser}{user.is_active}"
        return super()._make_hash_value(user, timestamp) + place


set_password_tokens = SetPasswordTokens()


def set_password_link(request: HttpRequest, user) -> str:
    """The absolute one-time link where ``user``'s password is chosen."""
    path = reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": set_password_tokens.make_token(user),
        },
    )
    return request.build_absolute_uri(path)


class SetPasswordView(PasswordResetConfirmView):
    """Django's page that sets the password from the link, with the site's tokens."""

    token_generator = set_password_tokens


def forgotten_password(request: HttpRequest) -> HttpResponse:
    """What to do without a password: ask the club's organiser (staff: the command)."""
    return render(request, "registration/forgotten_password.html")


@login_required
def password_link(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """An organiser's one-time set-password link for a login of the club: the question
    first (GET), the link on the answer to its POST. 404 for a login that is not the
    club's, 403 naming why for one the link would hand over (another club's, staff)."""
    from .views import organised_club  # the views import this module's link

    club = organised_club(request, slug)
    users = get_user_model().objects.filter(Q(memberships__club=club) | Q(players__club=club))
    login = get_object_or_404(users.distinct(), pk=pk)
    refusal = password_link_refusal(request.user, club, login)
    if refusal is not None:
        raise PermissionDenied(refusal)
    context = {"club": club, "login": login, "back": _back(club, login)}
    if request.method == "POST":
        context["link"] = set_password_link(request, login)
    response = render(request, "clubs/password_link.html", context)
    response["Cache-Control"] = "no-store"
    return response


def _back(club: Club, login) -> str:
    """The page the organiser came from: the player's, else the members'."""
    player = club.players.filter(user=login).first()
    if player is not None:
        return reverse("clubs:edit_player", args=[club.slug, player.pk])
    return reverse("clubs:members", args=[club.slug])
