"""The access policy: who may read, record, organise, undo and see the hands in play.

Every page and every API view asks these functions (or ``readable_by``, the same
decision as a queryset); nothing else decides. The rules:

- **Read.** A public club's things are readable by anyone, unless they sit in a
  *container* that is not public (a private tournament, and the matches of its
  fixtures). What is not public is readable by the club's people — its members (any
  role) and the users linked to its players — and by superusers. A device token scoped
  to a tournament counts as the club's only inside that tournament.
  What a user may not read does not exist for them: pages and API answer **404**, not
  403, so that a private club, tournament or match does not reveal that it exists.
- **Record** (create and import matches, post events): the club's organisers and
  scorers (device tokens are scorers), a tournament-scoped device token only in its
  tournament's matches; superusers. Refused to a reader with **403**.
- **Organise** (the club itself, its members and players, tournaments, rounds, device
  tokens): the club's organisers and superusers. Anyone logged in (not a device) may
  create a club, and is then its organiser.
- **Undo, and see the hands in play**: organisers, and the match's scorer (any who may
  record it when the match names no scorer). Everyone else sees the cards of a hand
  once they are played or the hand has ended, never the deal of the hand in play.

Containers are registered by the app that owns them (``register_container``), and so is
the scope a device token may be limited to (``register_device_scope``: the tournaments
app keeps it), so this app, the bottom layer, imports none of the apps built on it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import CharField, F, IntegerField, Model, Q, QuerySet, Value
from django.db.models.functions import Cast
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .models import Club, DeviceToken, LoginMadeHere, Membership, Player
from .prepared import prepared_cursor

WRITE_ROLES = frozenset({Membership.Role.ORGANISER, Membership.Role.SCORER})
AnyUser = User | AnonymousUser


# ------------------------------------------------------------------------------ containers
@dataclass(frozen=True)
class Container:
    """How a guarded model reaches the container it sits in (something with ``pk`` and
    ``is_public``): ``lookup`` in a query ("" for the container itself), ``of`` from an
    instance (None when it sits in none)."""

    lookup: str
    of: Callable[[Any], Any | None]


_containers: dict[type[Model], Container] = {}


def register_container(model: type[Model], lookup: str, of: Callable[[Any], Any]) -> None:
    """Declare that ``model``'s rows may sit in a container that can be closed to the
    public (called from the owning app's ``ready()``)."""
    _containers[model] = Container(lookup, of)


def _container_spec(model: type[Model]) -> Container | None:
    for cls in model.__mro__:
        if cls in _containers:
            return _containers[cls]
    return None


#: the attributes of a row read through :func:`with_container`: its container's pk (None:
#: it sits in none) and whether that container is public
CONTAINER_PK = "access_container_pk"
CONTAINER_PUBLIC = "access_container_public"


def with_container(queryset: QuerySet) -> QuerySet:
    """``queryset`` whose rows say the container they sit in (:data:`CONTAINER_PK`,
    :data:`CONTAINER_PUBLIC`): :func:`may_read` and :func:`may_record` then decide with
    no query of their own, and a follower of a write knows whether there is a container
    to tell. Unchanged for a model that sits in none (or is a container)."""
    spec = _container_spec(queryset.model)
    if spec is None or not spec.lookup:
        return queryset
    public = F(_path(spec.lookup, "is_public"))
    return queryset.annotate(**{CONTAINER_PK: F(spec.lookup), CONTAINER_PUBLIC: public})


def container_of(obj: Model) -> Any | None:
    """The container ``obj`` sits in (a tournament), or None."""
    spec = _container_spec(type(obj))
    if spec is None:
        return None
    try:
        return spec.of(obj)
    except ObjectDoesNotExist:
        return None


def _container_facts(obj: Model) -> tuple[Any, bool] | None:
    """The pk of the container ``obj`` sits in and whether it is public (None: it sits
    in none): what ``obj`` was read :func:`with_container` with, else looked up."""
    if hasattr(obj, CONTAINER_PK):
        pk = getattr(obj, CONTAINER_PK)
        return None if pk is None else (pk, getattr(obj, CONTAINER_PUBLIC))
    container = container_of(obj)
    return None if container is None else (container.pk, container.is_public)


@dataclass(frozen=True)
class DeviceScope:
    """What a device token may be limited to: ``model`` (a container), ``lookup`` from
    the token to it in a query, ``attach`` to record a token's scope."""

    model: type[Model]
    lookup: str
    attach: Callable[[DeviceToken, Any], None]


_device_scope: list[DeviceScope] = []


def register_device_scope(
    model: type[Model], lookup: str, attach: Callable[[DeviceToken, Any], None]
) -> None:
    """Declare the container a device token may be limited to (one app does: the owning
    app's ``ready()``)."""
    _device_scope[:] = [DeviceScope(model, lookup, attach)]


def device_scope() -> DeviceScope | None:
    """The registered device scope, or None when no app above offers one."""
    return _device_scope[0] if _device_scope else None


def scope_of(token: DeviceToken) -> Any | None:
    """The container ``token`` is limited to, or None (club-wide)."""
    spec = device_scope()
    if spec is None:
        return None
    found: Any = token
    try:
        for name in spec.lookup.split("__"):
            found = getattr(found, name)
    except ObjectDoesNotExist:
        return None
    return found


def _club_of(obj: Model) -> Club:
    return obj if isinstance(obj, Club) else obj.club


# ------------------------------------------------------------------------------ grants
@dataclass
class Grants:
    """What a user holds: a role per club, the clubs whose private things it reads, and
    for a tournament-scoped device its tournament (it then holds nothing club-wide)."""

    roles: dict[int, str] = field(default_factory=dict)
    clubs: frozenset[int] = frozenset()
    scoped: frozenset[int] = frozenset()


def grants(user: AnyUser) -> Grants:
    """The user's grants, loaded once per user object (one request)."""
    if not user.is_authenticated:
        return Grants()
    cached = getattr(user, "_access_grants", None)
    if cached is not None:
        return cached
    return remember_grants(user, _grant_rows(user))


def grants_read(user: AnyUser) -> bool:
    """Has this user object's request read its grants already (:func:`grants`)?"""
    return getattr(user, "_access_grants", None) is not None


def remember_grants(user: AnyUser, rows: list[tuple[str, int, str | None, int | None]]) -> Grants:
    """The grants ``rows`` say (:func:`_grant_rows`'s, or those of
    :func:`grants_statement` run within another statement), kept on ``user`` as
    :func:`grants` keeps them: the user's for the rest of the request."""
    roles: dict[int, str] = {}
    players: set[int] = set()
    scoped: frozenset[int] = frozenset()
    token = None
    for kind, club, role, scope in rows:
        if kind == "member":
            roles[club] = role
        elif kind == "player":
            players.add(club)
        else:
            token = (club, scope)
    if token is not None and token[1] is not None:
        # a tournament's device: a scorer there, and a visitor everywhere else
        roles.pop(token[0], None)
        players.discard(token[0])
        scoped = frozenset({token[1]})
    result = Grants(roles, frozenset(roles) | frozenset(players), scoped)
    user._access_grants = result
    return result


#: a pk no user has: the grants' statement is compiled once with it, then run with the
#: user's (compiling the union cost ~1 ms of an event's CPU, running it ~0.05 ms)
_ANY_USER = ANY_USER = -1


def grants_statement(alias: str) -> tuple[str, tuple[Any, ...]]:
    """The SQL of a user's grant rows (``(kind, club, role, scope)``, as
    :func:`remember_grants` takes them) and its parameters, the user's pk given as
    :data:`ANY_USER`: for a statement that reads them with another (an event's lock
    of its match, games/services/statements.py), one round trip instead of two."""
    return _grants_statement(alias, device_scope())


def _grant_rows(user: AnyUser) -> list[tuple[str, int, str | None, int | None]]:
    """The user's memberships, players and device token (one: it is the user's own) as
    ``(kind, club, role, scope)`` rows, in one query (every request of a user reads
    them: three queries were three of an event's thirteen)."""
    alias = Membership.objects.db
    sql, params = grants_statement(alias)
    with prepared_cursor(alias) as cursor:
        cursor.execute(sql, [user.pk if p == _ANY_USER else p for p in params])
        return cursor.fetchall()


@functools.lru_cache(maxsize=8)
def _grants_statement(alias: str, spec: DeviceScope | None) -> tuple[str, tuple[Any, ...]]:
    """The SQL of :func:`_grant_rows` and its parameters, for a user pk of
    :data:`_ANY_USER` (per database and registered device scope)."""
    text, number = CharField(), IntegerField()

    def rows(queryset: QuerySet, kind: str, role: Any, scope: Any) -> QuerySet:
        # every column an expression: Django keeps their order (a union matches by place)
        return (
            queryset.filter(user_id=_ANY_USER)
            .order_by()
            .values_list(Value(kind, output_field=text), F("club_id"), role, scope)
        )

    # typed NULLs: PostgreSQL takes an untyped one for text, which a bigint does not match
    no_role, no_scope = Cast(Value(None), text), Cast(Value(None), number)
    combined = rows(Membership.objects, "member", F("role"), no_scope).union(
        rows(Player.objects, "player", no_role, no_scope), all=True
    )
    if spec is not None:
        device = rows(DeviceToken.objects, "device", no_role, F(spec.lookup))
        combined = combined.union(device, all=True)
    return combined.query.get_compiler(using=alias).as_sql()


def role_in(user: AnyUser, club: Club) -> str | None:
    """The user's club-wide role in ``club``, or None."""
    return grants(user).roles.get(club.pk)


# ------------------------------------------------------------------------------ questions
def may_read(user: AnyUser, obj: Model) -> bool:
    """May ``user`` see ``obj`` (a club, tournament, match, player) at all?"""
    club = _club_of(obj)
    container = _container_facts(obj)
    if not club.is_private and (container is None or container[1]):
        return True
    if user.is_superuser:
        return True
    held = grants(user)
    return club.pk in held.clubs or (container is not None and container[0] in held.scoped)


def may_record(user: AnyUser, obj: Model) -> bool:
    """May ``user`` record ``obj``'s events (a match), or create and import matches in
    ``obj`` (a club)?"""
    if user.is_superuser:
        return True
    held = grants(user)
    if held.roles.get(_club_of(obj).pk) in WRITE_ROLES:
        return True
    if not held.scoped:  # no query for the container when it cannot matter
        return False
    container = _container_facts(obj)
    return container is not None and container[0] in held.scoped


def record_refusal(user: AnyUser, obj: Model) -> str:
    """Why :func:`may_record` said no, in the API's words: a tournament's device token is
    told the limit it holds rather than being mistaken for a stranger to the club."""
    scoped = sorted(grants(user).scoped)
    if scoped:
        which = ", ".join(str(pk) for pk in scoped)
        return (
            f"this device token is limited to tournament {which}: "
            "it records only that tournament's matches"
        )
    return "only the club's organisers and scorers can record here"


def may_organise(user: AnyUser, obj: Model) -> bool:
    """May ``user`` run ``obj`` (a club, or a tournament of it)?"""
    if user.is_superuser:
        return True
    return grants(user).roles.get(_club_of(obj).pk) == Membership.Role.ORGANISER


def may_create_club(user: AnyUser) -> bool:
    """Any person logged in may start a club (and becomes its organiser); a scorer's
    device may not."""
    return user.is_authenticated and not DeviceToken.objects.filter(user=user).exists()


def may_undo(user: AnyUser, match: Model) -> bool:
    """Organisers, and the match's scorer (any who may record it when it names none)."""
    if may_organise(user, match):
        return True
    return may_record(user, match) and match.scorer_id in (None, getattr(user, "pk", None))


def may_see_hands(user: AnyUser, match: Model) -> bool:
    """May ``user`` see the cards still held in the hand in play (the deal, the legal
    cards)? The same people as may undo: the match's scorer and organisers."""
    return may_undo(user, match)


def password_link_refusal(user: AnyUser, club: Club, login: User) -> str | None:
    """Why an organiser (``user``) of ``club`` may not make a set-password link for
    ``login`` (a player's or a member's login of the club), or None when they may.

    Whoever opens the link chooses the login's password, so it is made only for a login
    that is the club's alone: made by this club's organisers (``LoginMadeHere``), a player
    or scorer of this club and of no other. A login its owner made (which an organiser
    may link to a player or a role by its username), an organiser here or elsewhere, a
    login with a role or a player in another club, a device and the site's staff would
    be handed over with it — a takeover of a person, another club or the site. Another
    club is named only when ``user`` may read it."""
    who = {"user": login.get_username()}
    if login.is_staff or login.is_superuser:
        return (
            _(
                "%(user)s is staff of this site: a link would hand over the site. Staff change "
                "their password with manage.py changepassword."
            )
            % who
        )
    if DeviceToken.objects.filter(user=login).exists():
        return _("%(user)s is a table's device: it signs in with its QR code.") % who
    roles = Membership.objects.filter(user=login).exclude(club=club, role=Membership.Role.SCORER)
    held = [*roles.select_related("club").order_by("role", "pk")]  # organiser first
    held += Player.objects.filter(user=login).exclude(club=club).select_related("club")
    if not held:
        if LoginMadeHere.objects.filter(user=login, club=club).exists():
            return None
        # made by its owner (or by a club it has left), then linked here by its username:
        # the organiser's link would take it from the person who made it
        return _(_MADE_ELSEWHERE) % who
    first = held[0]
    organiser = getattr(first, "role", None) == Membership.Role.ORGANISER
    if not may_read(user, first.club):
        said = _ORGANISER_ELSEWHERE if organiser else _MEMBER_ELSEWHERE
        return _(said) % who
    said = _ORGANISER_OF if organiser else _MEMBER_OF
    return _(said) % (who | {"club": first.club.name})


_ORGANISER_OF = gettext_noop(
    "%(user)s is an organiser of %(club)s: a link made here would hand that club over. "
    "They change their password themselves, or the site's staff do (manage.py "
    "changepassword)."
)
_ORGANISER_ELSEWHERE = gettext_noop(
    "%(user)s is an organiser of another club: a link made here would hand that club "
    "over. They change their password themselves, or the site's staff do (manage.py "
    "changepassword)."
)
_MEMBER_OF = gettext_noop(
    "%(user)s also belongs to %(club)s: a link made here would hand over their place "
    "there. They change their password themselves, or the site's staff do (manage.py "
    "changepassword)."
)
_MADE_ELSEWHERE = gettext_noop(
    "%(user)s was not made by this club: its owner made it, or linked it here. Only they "
    "change its password, or the site's staff do (manage.py changepassword)."
)
_MEMBER_ELSEWHERE = gettext_noop(
    "%(user)s also belongs to another club: a link made here would hand over their "
    "place there. They change their password themselves, or the site's staff do "
    "(manage.py changepassword)."
)


# ------------------------------------------------------------------------------ queries
def _path(prefix: str, name: str) -> str:
    return f"{prefix}__{name}" if prefix else name


def readable(queryset: QuerySet, user: AnyUser) -> QuerySet:
    """``queryset`` narrowed to the rows ``may_read`` allows — the same rule, as SQL."""
    if user.is_superuser:
        return queryset
    model = queryset.model
    club = "" if issubclass(model, Club) else "club"
    spec = _container_spec(model)
    public = Q(**{_path(club, "is_private"): False})
    if spec is not None:
        is_public = _path(spec.lookup, "is_public")
        public &= (
            Q(**{is_public: True})
            if not spec.lookup
            else (Q(**{_path(spec.lookup, "isnull"): True}) | Q(**{is_public: True}))
        )
    held = grants(user)
    allowed = public
    if held.clubs:
        allowed |= Q(**{_path(club, "pk__in"): sorted(held.clubs)})
    if held.scoped and spec is not None:
        allowed |= Q(**{_path(spec.lookup, "pk__in"): sorted(held.scoped)})
    return queryset.filter(allowed)
