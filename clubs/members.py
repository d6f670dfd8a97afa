"""Writes of a club's own rows: the club, its members' roles, its players.

Each function asks :mod:`clubs.access` first (PermissionDenied: 403) and refuses what
would leave the club without an organiser (:class:`LastOrganiser`: 409), so that the
club can always be run from the site. Rows of the layers above (seats, entries) are
never touched here: merging players is ``tournaments.services.merge_players``.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from .access import may_create_club, may_organise
from .models import Club, LoginMadeHere, Membership, Player

User = AbstractBaseUser | AnonymousUser


class LastOrganiser(Exception):
    """The change would leave the club with no organiser. HTTP 409."""


def people(club: Club):
    """The club's members as people (device tokens' users are listed with the devices)."""
    return (
        club.memberships.filter(user__device_token__isnull=True)
        .select_related("user")
        .order_by("role", "user__username")
    )


def _require_organiser(user: User, club: Club) -> None:
    if not may_organise(user, club):
        raise PermissionDenied(_("Only the club's organisers can do this."))


def create_club(user: User, *, name: str, slug: str, is_private: bool) -> Club:
    """A new club, with ``user`` as its organiser."""
    if not may_create_club(user):
        raise PermissionDenied(_("Log in to create a club."))
    with transaction.atomic():
        club = Club.objects.create(name=name, slug=slug, is_private=is_private)
        Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    return club


def add_member(club: Club, by: User, user: AbstractBaseUser, role: str) -> Membership:
    """``user`` joins ``club`` with ``role`` (the form has checked they are not in it)."""
    _require_organiser(by, club)
    return Membership.objects.create(club=club, user=user, role=role)


def _new_user(username: str, club: Club) -> tuple[AbstractBaseUser, str]:
    """A login made by ``club``'s organiser, recorded as the club's (its password link)."""
    password = secrets.token_urlsafe(9)
    user = get_user_model().objects.create_user(username=username, password=password)
    LoginMadeHere.objects.create(user=user, club=club)
    return user, password


def create_login(club: Club, by: User, username: str, role: str) -> tuple[Membership, str]:
    """A new user with a random password (returned: it is shown once) and ``role``."""
    _require_organiser(by, club)
    with transaction.atomic():
        user, password = _new_user(username, club)
        membership = Membership.objects.create(club=club, user=user, role=role)
    return membership, password


#: requests one club may have waiting for one login: naming usernames is open to anyone
#: who starts a club, and each request is shown to the login asked. Per club, so that no
#: club can fill a login's requests and keep its own club from asking
MAX_ASKED = 3


def may_ask(user: AbstractBaseUser, club: Club, player: Player) -> bool:
    """Whether ``user`` may be asked for ``player`` of ``club`` (a new one: no pk yet)
    too: fewer than :data:`MAX_ASKED` other requests of the club waiting."""
    waiting = Player.objects.filter(club=club, asked_user=user).exclude(pk=player.pk)
    return waiting.count() < MAX_ASKED


def name_login(player: Player, by: User, user: AbstractBaseUser | None) -> bool:
    """The login an organiser names for ``player`` (not saved). The organiser's own is
    linked at once; another is only asked (``asked_user``, replacing what was asked)
    until its owner says on *My matches* that the player is them (:func:`answer_link`):
    naming a username must not tie someone to a club's player, its results and its
    private matches unasked. None unlinks the player. A request waiting is withdrawn on
    its own (:func:`withdraw_ask`), never by a save of the player that leaves its login
    as it was; the organiser's own login, linked, ends it. Whether ``asked_user``
    changed (the row's other writer is the login's answer: saved only when it did)."""
    asked = player.asked_user_id
    if user is None:
        player.user = None
    elif user.pk == player.user_id:
        return False
    elif user.pk == by.pk:
        player.user, player.asked_user = user, None
    else:
        player.asked_user = user
    return player.asked_user_id != asked


def withdraw_ask(player: Player, by: User) -> bool:
    """The organiser takes back the request waiting for ``player``'s login, if it still
    waits for the login they saw (not answered meanwhile): whether it did."""
    _require_organiser(by, player.club)
    waiting = Player.objects.filter(pk=player.pk, asked_user_id=player.asked_user_id)
    return player.asked_user_id is not None and waiting.update(asked_user=None) == 1


def answer_link(player_pk: int, user: AbstractBaseUser, accept: bool) -> Player:
    """``user``'s answer to the organiser who named their login for a player: linked, or
    not asked any more. Player.DoesNotExist (404) when it was not asked of them, or no
    longer is (answered, withdrawn or the player merged meanwhile): the row is locked, so
    of two answers at once the second finds nothing to answer."""
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player_pk, asked_user=user)
        player.asked_user = None
        if accept:
            player.user = user
        player.save(update_fields=["user", "asked_user"])
    return player


class PlayerHasLogin(Exception):
    """The player is linked to a login already. HTTP 409."""


def create_player_login(player: Player, by: User, username: str) -> tuple[Player, str]:
    """A new user linked to ``player`` (no role in the club: a player reads the club's
    matches and their own page), with a random password returned to be shown once."""
    _require_organiser(by, player.club)
    with transaction.atomic():
        # the row locked: two organisers creating a login for one player make one
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.user_id is not None:
            raise PlayerHasLogin(
                _("%(player)s already has a login: %(user)s.")
                % {"player": player, "user": player.user}
            )
        user, password = _new_user(username, player.club)
        # the login made for them is theirs: a request waiting for another goes
        player.user, player.asked_user = user, None
        player.save(update_fields=["user", "asked_user"])
    return player, password


def _locked(membership: Membership) -> tuple[Membership, bool]:
    """``membership`` as it now is, and whether the club has another organiser, with the
    club's organisers and ``membership`` locked in id order: two organisers removing or
    demoting each other at once each locked the other's row first (a deadlock, a 500),
    and each saw the other still organiser (no organiser left). Locked together, the
    second waits and sees the first one's change. ``Membership.DoesNotExist`` when it
    was removed meanwhile."""
    rows = list(
        Membership.objects.select_for_update()
        .filter(Q(club_id=membership.club_id, role=Membership.Role.ORGANISER) | Q(pk=membership.pk))
        .order_by("pk")
    )
    current = next((m for m in rows if m.pk == membership.pk), None)
    if current is None:
        raise Membership.DoesNotExist
    others = any(m.role == Membership.Role.ORGANISER for m in rows if m.pk != membership.pk)
    return current, others


def change_role(membership: Membership, by: User, role: str) -> Membership:
    _require_organiser(by, membership.club)
    with transaction.atomic():
        current, others = _locked(membership)
        if current.role == Membership.Role.ORGANISER and role != current.role and not others:
            raise LastOrganiser(
                _("%(user)s is the club's only organiser: make someone else organiser first.")
                % {"user": membership.user}
            )
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def remove_member(membership: Membership, by: User) -> None:
    _require_organiser(by, membership.club)
    with transaction.atomic():
        current, others = _locked(membership)
        if current.role == Membership.Role.ORGANISER and not others:
            raise LastOrganiser(
                _(
                    "%(user)s is the club's only organiser and cannot be removed: make "
                    "someone else organiser first."
                )
                % {"user": membership.user}
            )
        membership.delete()
