"""A club's own pages: create and edit it, its members and their roles, its players, and
a new organiser's signup. The club page itself (matches, tournaments) is in the
tournaments app, which may read every layer.

Every decision is :mod:`clubs.access`'s: a club the user may not read is 404, a write
the user may not make is 403; the writes are in :mod:`clubs.members`.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import members
from .access import may_create_club, may_organise
from .forms import (
    ClubForm,
    MemberForm,
    NewLoginForm,
    PlayerForm,
    PlayerLoginForm,
    PlayerMergeForm,
    RoleForm,
    SignupForm,
)
from .models import Club, Membership, Player
from .passwords import set_password_link
from .uniqueness import save_or_form_error


def organised_club(request: HttpRequest, slug: str) -> Club:
    """The club for a write: 404 when the user may not read it, 403 when they may read
    it but not organise it."""
    club = get_object_or_404(Club.objects.readable_by(request.user), slug=slug)
    if not may_organise(request.user, club):
        raise PermissionDenied(_("Only the club's organisers can do this."))
    return club


def _club_url(club: Club) -> str:
    return f"/clubs/{club.slug}/"


@login_required
def create_club(request: HttpRequest) -> HttpResponse:
    if not may_create_club(request.user):
        raise PermissionDenied(_("A scorer's device cannot create clubs."))
    form = ClubForm(request.POST or None)
    club = None
    if request.method == "POST" and form.is_valid():
        club = save_or_form_error(
            form, lambda: members.create_club(request.user, **form.cleaned_data)
        )
    if club is not None:
        messages.success(
            request, _("Club %(name)s created: you are its organiser.") % {"name": club}
        )
        return redirect(_club_url(club))
    status = 400 if form.errors else 200
    return render(request, "clubs/club_form.html", {"form": form, "club": None}, status=status)


@login_required
def edit_club(request: HttpRequest, slug: str) -> HttpResponse:
    club = organised_club(request, slug)
    form = ClubForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid() and save_or_form_error(form, form.save):
        messages.success(request, _("Club saved."))
        return redirect(_club_url(club))
    status = 400 if form.errors else 200
    return render(request, "clubs/club_form.html", {"form": form, "club": club}, status=status)


def _members_page(request, club, status=200, **forms) -> HttpResponse:
    context = {
        "club": club,
        "people": members.people(club),
        "member_form": forms.get("member_form") or MemberForm(club=club, prefix="add"),
        "login_form": forms.get("login_form") or NewLoginForm(prefix="new"),
        "roles": Membership.Role.choices,
    }
    return render(request, "clubs/members.html", context, status=status)


@login_required
def member_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's organisers and scorers, and the forms that add them."""
    return _members_page(request, organised_club(request, slug))


@login_required
@require_POST
def add_member(request: HttpRequest, slug: str) -> HttpResponse:
    club = organised_club(request, slug)
    form = MemberForm(request.POST, club=club, prefix="add")
    if not form.is_valid():
        return _members_page(request, club, status=400, member_form=form)
    membership = save_or_form_error(
        form, lambda: members.add_member(club, request.user, form.user, form.cleaned_data["role"])
    )
    if membership is None:
        return _members_page(request, club, status=400, member_form=form)
    messages.success(
        request,
        _("%(user)s is now %(role)s.")
        % {"user": membership.user, "role": membership.get_role_display()},
    )
    return redirect("clubs:members", slug=club.slug)


@login_required
@require_POST
def create_login(request: HttpRequest, slug: str) -> HttpResponse:
    """A new login: its password is on this answer only (never stored in a message)."""
    club = organised_club(request, slug)
    form = NewLoginForm(request.POST, prefix="new")
    if not form.is_valid():
        return _members_page(request, club, status=400, login_form=form)
    created = save_or_form_error(
        form,
        lambda: members.create_login(
            club, request.user, form.cleaned_data["username"], form.cleaned_data["role"]
        ),
    )
    if created is None:
        return _members_page(request, club, status=400, login_form=form)
    membership, password = created
    return _login_created(request, club, membership.user, password, membership=membership)


def _login_created(request, club, user, password, **context) -> HttpResponse:
    """The page that shows a new login's password once, and a link to choose another."""
    # or they choose their own: a one-time link, spent when the password changes
    link = set_password_link(request, user)
    context |= {
        "club": club,
        "new_user": user,
        "password": password,
        "link": link,
    }
    response = render(request, "clubs/login_created.html", context, status=201)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def withdraw_ask(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Take back the request waiting for a player's login (members.name_login)."""
    club = organised_club(request, slug)
    player = get_object_or_404(club.players.select_related("asked_user"), pk=pk)
    if members.withdraw_ask(player, request.user):
        messages.success(
            request,
            _("The request to %(user)s is withdrawn.") % {"user": player.asked_user},
        )
    return redirect("clubs:edit_player", slug=club.slug, pk=player.pk)


@login_required
@require_POST
def create_player_login(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A new login for a player of the club, linked to them: they see *My matches*."""
    club = organised_club(request, slug)
    player = get_object_or_404(club.players.select_related("user", "asked_user"), pk=pk)
    form = PlayerLoginForm(request.POST, prefix="login")
    if form.is_valid():
        try:
            # a username another request took first: the form's error, as create_login's
            created = save_or_form_error(
                form,
                lambda: members.create_player_login(
                    player, request.user, form.cleaned_data["username"]
                ),
            )
        except members.PlayerHasLogin as exc:
            messages.error(request, str(exc))
            return _player_page(request, club, player, status=409)
        except Player.DoesNotExist:  # merged into another meanwhile
            raise Http404 from None
        if created is not None:
            player, password = created
            return _login_created(request, club, player.user, password, player=player)
    return _player_page(request, club, player, status=400, login_form=form)


def _membership(club: Club, pk: int) -> Membership:
    return get_object_or_404(members.people(club), pk=pk)


@login_required
@require_POST
def change_role(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = organised_club(request, slug)
    membership = _membership(club, pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose organiser or scorer."))
        return _members_page(request, club, status=400)
    try:
        members.change_role(membership, request.user, form.cleaned_data["role"])
    except Membership.DoesNotExist:  # removed meanwhile
        raise Http404 from None
    except members.LastOrganiser as exc:
        messages.error(request, str(exc))
        return _members_page(request, club, status=409)
    messages.success(
        request,
        _("%(user)s is now %(role)s.")
        % {"user": membership.user, "role": membership.get_role_display()},
    )
    return redirect("clubs:members", slug=club.slug)


@login_required
@require_POST
def remove_member(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = organised_club(request, slug)
    membership = _membership(club, pk)
    try:
        members.remove_member(membership, request.user)
    except Membership.DoesNotExist:  # removed meanwhile
        raise Http404 from None
    except members.LastOrganiser as exc:
        messages.error(request, str(exc))
        return _members_page(request, club, status=409)
    messages.success(request, _("%(user)s left the club.") % {"user": membership.user})
    if membership.user_id == request.user.pk:  # no longer an organiser: back to the club
        return redirect(_club_url(club))
    return redirect("clubs:members", slug=club.slug)


@login_required
def add_player(request: HttpRequest, slug: str) -> HttpResponse:
    club = organised_club(request, slug)
    form = PlayerForm(request.POST or None, club=club, by=request.user)
    player = None
    if request.method == "POST" and form.is_valid():
        player = save_or_form_error(form, form.save)
    if player is not None:
        messages.success(request, _("Player %(name)s added.") % {"name": player})
        _asked(request, player)
        if "another" in request.POST:
            return redirect("clubs:add_player", slug=club.slug)
        if "with_login" in request.POST:  # their page, at the form that creates it
            url = reverse("clubs:edit_player", args=[club.slug, player.pk])
            return redirect(f"{url}#login")
        return redirect(_club_url(club))
    status = 400 if form.errors else 200
    context = {"club": club, "form": form, "player": None}
    return render(request, "clubs/player_form.html", context, status=status)


@login_required
def edit_player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player's name and login; the merge form posts to the tournaments app, which
    moves the player's seats and entries."""
    club = organised_club(request, slug)
    player = get_object_or_404(club.players.select_related("user", "asked_user"), pk=pk)
    form = PlayerForm(request.POST or None, instance=player, club=club, by=request.user)
    if request.method == "POST" and form.is_valid() and save_or_form_error(form, form.save):
        messages.success(request, _("Player saved."))
        _asked(request, player)
        return redirect(_club_url(club))
    return _player_page(request, club, player, status=400 if form.errors else 200, form=form)


def _asked(request: HttpRequest, player: Player) -> None:
    """Say that the login named for ``player`` is asked, not linked (members.name_login)."""
    if player.asked_user_id is not None:
        messages.info(
            request,
            _(
                "%(user)s is asked to confirm under “My matches” that they are %(name)s: "
                "until then their login is not linked."
            )
            % {"user": player.asked_user, "name": player},
        )


def _player_page(request, club, player, status=200, **forms) -> HttpResponse:
    context = {
        "club": club,
        "player": player,
        "form": forms.get("form") or PlayerForm(instance=player, club=club, by=request.user),
        "merge_form": PlayerMergeForm(player=player),
        "login_form": forms.get("login_form") or PlayerLoginForm(prefix="login"),
    }
    return render(request, "clubs/player_form.html", context, status=status)


def signup(request: HttpRequest) -> HttpResponse:
    """A new login: for someone who will start a club (then: create your club), or who
    plays or scores at one (then: *My matches*, which says to ask the organiser)."""
    if request.user.is_authenticated:
        return redirect("clubs:create")
    form = SignupForm(request.POST or None)
    user = None
    if request.method == "POST" and form.is_valid():
        user = save_or_form_error(form, form.save)
    if user is not None:
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        if form.cleaned_data.get("purpose") == "play":
            messages.success(
                request,
                _(
                    "Welcome, %(user)s. Tell your club's organiser your username, "
                    "%(user)s: they name it for your player (you confirm it here), or make "
                    "you a scorer."
                )
                % {"user": user},
            )
            return redirect("my_matches")
        messages.success(request, _("Welcome, %(user)s. Now create your club.") % {"user": user})
        return redirect("clubs:create")
    status = 400 if form.errors else 200
    return render(request, "registration/signup.html", {"form": form}, status=status)
