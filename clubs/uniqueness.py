"""One answer for a unique constraint that two requests can race for.

A form or a serializer checks that a name is free, but two requests sent at once both
pass the check and the database refuses the second row (``IntegrityError``). Each
constraint a user can race is registered here once, with the field it belongs to and the
sentence that says so; the API's exception handler (``games.api.errors``: 409) and the
pages' :func:`save_or_form_error` (the form's error) both read it, so no view needs a
try/except of its own. A constraint not registered stays an error (500): it is a bug.

The constraint is known by its name on PostgreSQL (``diag.constraint_name``) and by its
columns on SQLite, whose message names only those (or, for an index on an expression, the
index's name).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django import forms
from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_noop as N_

T = TypeVar("T")


@dataclass(frozen=True)
class Unique:
    """A unique constraint a user can race: ``field`` names the input it belongs to and
    ``message`` (English, translated when shown) says what is taken."""

    name: str
    table: str
    columns: tuple[str, ...]
    field: str
    message: str
    form_field: str = ""  # the page form's name for the field, when not ``field``


class Taken(Exception):
    """A row another request created first holds the value. HTTP 409."""

    status = 409

    def __init__(self, unique: Unique):
        super().__init__(unique.message)
        self.unique = unique
        self.message = unique.message
        self.item = {"field": unique.field}


UNIQUES = (
    Unique(
        "auth_user_username_key",
        "auth_user",
        ("username",),
        "username",
        N_("A user with that username already exists."),
    ),
    # clubs 0005: "Ana" and "ana" are one login (an index on LOWER(username), named on
    # SQLite too: its message names an expression index, not columns)
    Unique(
        "username_unique_ignoring_case",
        "auth_user",
        (),
        "username",
        N_("A user with that username already exists."),
    ),
    # the table came from the tournaments app; clubs 0004 renamed its constraint
    Unique(
        "clubs_club_slug_key",
        "clubs_club",
        ("slug",),
        "slug",
        N_("A club already uses this short name: choose another."),
    ),
    Unique(
        "unique_player_name_in_club",
        "clubs_player",
        ("club_id", "display_name"),
        "name",
        N_("A player of this club already has this name."),
        form_field="display_name",
    ),
    Unique(
        "one_role_per_club_and_user",
        "clubs_membership",
        ("club_id", "user_id"),
        "username",
        N_("This login is already in the club."),
    ),
)
_BY_NAME = {u.name: u for u in UNIQUES}
_BY_COLUMNS = {(u.table, u.columns): u for u in UNIQUES if u.columns}
_SQLITE_PREFIX = "UNIQUE constraint failed: "
_SQLITE_INDEX = re.compile(r"index '([^']+)'")  # an index on expressions has no columns


def taken(error: IntegrityError) -> Unique | None:
    """The registered constraint that ``error`` broke, if it is one."""
    name = getattr(getattr(error.__cause__, "diag", None), "constraint_name", None)
    if name:
        return _BY_NAME.get(name)
    text = str(error)
    if not text.startswith(_SQLITE_PREFIX):
        return None
    index = _SQLITE_INDEX.fullmatch(text[len(_SQLITE_PREFIX) :])
    if index is not None:
        return _BY_NAME.get(index[1])
    qualified = [c.strip().split(".", 1) for c in text[len(_SQLITE_PREFIX) :].split(",")]
    if any(len(q) != 2 for q in qualified) or len({t for t, _ in qualified}) != 1:
        return None
    return _BY_COLUMNS.get((qualified[0][0], tuple(c for _, c in qualified)))


def refuse_taken(write: Callable[[], T]) -> T:
    """``write()`` in a savepoint; a registered constraint it breaks is :class:`Taken`
    (the savepoint is rolled back, nothing half-written), anything else goes on."""
    try:
        with transaction.atomic():
            return write()
    except IntegrityError as error:
        unique = taken(error)
        if unique is None:
            raise
        raise Taken(unique) from error


def save_or_form_error(form: forms.BaseForm, write: Callable[[], T]) -> T | None:
    """``write()``, or None with the form's error on the field when another request took
    the value first (the page shows the form again, as for a value taken earlier)."""
    try:
        return refuse_taken(write)
    except Taken as exc:
        name = exc.unique.form_field or exc.unique.field
        field = name if name in form.fields else None
        form.add_error(field, gettext(exc.message))
        return None
