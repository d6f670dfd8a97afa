"""The statements of an event recorded live, compiled once per process.

An event's transaction was five ORM statements, and the ORM's CPU around them (building
each query, compiling it, saving the rows field by field) cost more than the whole of
``GET /api/v1/me/`` (docs/performance.md, "Recording through the API"). The reads are
the same querysets as before, compiled once with placeholder values and run with the
request's (as ``clubs.access`` runs its grants), their rows made into model instances
the way Django's own iterator does; the write that an event makes in the middle of a
hand — the event's insert, the hand's and the match's updates — is one statement (a
``WITH`` of data-modifying parts), its SQL built once from the models' metadata and its
values prepared by the models' own fields; at a hand's end the units' results are a
part of the same statement, and only the next hand's row is the ORM's. On PostgreSQL
these statements are prepared once per connection (``clubs.prepared``). Undos, rebuilds
and imports write through the ORM (:mod:`.derive`, :mod:`.records`)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any

from django.db import connections
from django.db.models import Model, QuerySet, TextField
from django.db.models.expressions import RawSQL
from django.db.models.query import get_related_populators
from django.utils import timezone

from clubs.access import (
    ANY_USER,
    grants_read,
    grants_statement,
    remember_grants,
    with_container,
)
from clubs.prepared import prepared_cursor

from ..models import Hand, HandEvent, Match, MatchUnit

#: placeholder values the reads are compiled with, then replaced by the request's: a pk
#: and a hand number (within their columns' range, or Django compiles no condition)
_PK, _NUMBER = 2_000_000_017, 32_017


@functools.lru_cache(maxsize=16)
def _compiled(alias: str, name: str) -> tuple[str, tuple[Any, ...], Callable[[tuple], Model]]:
    """The SQL of read ``name`` (:data:`READS`), its parameters (with the placeholders)
    and what makes a row of its result into its model's instance (the related ones and
    the annotations set on it, as ``QuerySet.__iter__`` sets them)."""
    compiler = READS[name]().query.get_compiler(using=alias)
    sql, params = compiler.as_sql()
    select, info, annotations = compiler.select, compiler.klass_info, compiler.annotation_col_map
    start, end = info["select_fields"][0], info["select_fields"][-1] + 1
    names = [column[0].target.attname for column in select[start:end]]
    related = get_related_populators(info, select, alias)
    columns = [column[0] for column in select[: compiler.col_count]]
    converters = list(compiler.get_converters(columns).items())
    model = info["model"]

    def build(row: list) -> Model:
        connection = connections[alias]  # this thread's (the compiler's was another's)
        for position, (functions, expression) in converters:
            for function in functions:
                row[position] = function(row[position], expression, connection)
        obj = model.from_db(alias, names, row[start:end])
        for populator in related:
            populator.populate(row, obj)
        for attr, position in (annotations or {}).items():
            setattr(obj, attr, row[position])
        return obj

    return sql, params, build


def _fetch(alias: str, name: str, values: dict[int, Any], many: bool) -> list[Any]:
    """The rows of read ``name`` (only its first unless ``many``) with its placeholders
    replaced by ``values``, as instances."""
    sql, params, build = _compiled(alias, name)
    with prepared_cursor(alias) as cursor:
        # the driver's typed integers too (an Int2 for a small column): the same type
        cursor.execute(sql, [type(p)(values[p]) if p in values else p for p in params])
        rows = cursor.fetchall() if many else [row] if (row := cursor.fetchone()) else []
    return [build(list(row)) for row in rows]


def _one(alias: str, name: str, values: dict[int, Any]) -> Any:
    """The first row of read ``name`` (:func:`_fetch`), or None when there is none."""
    rows = _fetch(alias, name, values, many=False)
    return rows[0] if rows else None


def _match_read() -> QuerySet:
    """The match's row locked (its alone), with its club and what it sits in."""
    return with_container(
        Match.objects.select_for_update(of=("self",)).select_related("club")
    ).filter(pk=_PK)


def _match_and_grants_read() -> QuerySet:
    """:func:`_match_read` and, in the same row, the user's grant rows (``clubs.access``'s
    statement, its user the placeholder ``ANY_USER``) as a JSON array of arrays: one
    round trip for the lock and the policy's facts (PostgreSQL's ``json_agg``)."""
    sql, params = grants_statement(Match.objects.db)
    rows = (
        "SELECT CAST(COALESCE(json_agg(json_build_array(g.kind, g.club, g.role, g.scope)), "
        f"'[]') AS text) FROM ({sql}) AS g(kind, club, role, scope)"
    )
    return _match_read().annotate(grant_rows=RawSQL(rows, params, output_field=TextField()))


#: the reads, as the querysets they replace
READS: dict[str, Callable[[], QuerySet]] = {
    "match": lambda: _match_read().order_by()[:1],
    "match and grants": lambda: _match_and_grants_read().order_by()[:1],
    # a hand by its number, by pk (the model's ordering joins the match)
    "hand": lambda: Hand.objects.filter(match_id=_PK, number=_NUMBER).order_by("pk")[:1],
    "latest hand": lambda: Hand.objects.filter(match_id=_PK).order_by("-number")[:1],
    # each scoring unit's result row (a hand's end rewrites them)
    "units": lambda: MatchUnit.objects.filter(match_id=_PK).order_by("unit"),
}


def locked_match(match_id: int, user: Any = None) -> Match | None:
    """The match ``match_id`` (None: there is none), its row locked for the transaction,
    read with its club and its container (``clubs.access.with_container``) and, on
    PostgreSQL, ``user``'s grants when the request has not read them yet (kept on the
    user as ``clubs.access.grants`` keeps them: the policy asks no statement of its
    own). Elsewhere (SQLite has no ``json_agg``) the policy reads them itself."""
    alias = Match.objects.db
    authenticated = user is not None and user.is_authenticated
    if not authenticated or grants_read(user) or connections[alias].vendor != "postgresql":
        return _one(alias, "match", {_PK: match_id})
    match = _one(alias, "match and grants", {_PK: match_id, ANY_USER: user.pk})
    if match is not None:
        remember_grants(user, [tuple(row) for row in json.loads(match.grant_rows)])
    return match


def hand_of(match: Match, number: int | None) -> Hand | None:
    """Hand ``number`` of ``match`` (None: the latest), or None when there is none."""
    if number is None:
        return _one(Hand.objects.db, "latest hand", {_PK: match.pk})
    return _one(Hand.objects.db, "hand", {_PK: match.pk, _NUMBER: number})


def units_of(match: Match) -> list[MatchUnit]:
    """The result rows of ``match``'s scoring units, by unit."""
    return _fetch(MatchUnit.objects.db, "units", {_PK: match.pk}, many=True)


#: what the one write of an event sets: the event's columns, then the hand's, the match's
EVENT_FIELDS = ("hand", "seq", "kind", "seat", "card", "data", "entered_by", "entered_at")
HAND_FIELDS = ("dealer", "header", "deal", "next_seq", "complete", "summary")
MATCH_FIELDS = ("updated_at", "finished_at", "status", "version", "live")


@functools.lru_cache(maxsize=16)
def _write_sql(alias: str, units: int, unit_fields: tuple[str, ...]) -> list[tuple[str, int]]:
    """The event's insert, its hand's update, the update of ``units`` result rows (a
    hand's end; ``unit_fields`` theirs) and its match's update, each with the number of
    values it takes: on PostgreSQL one statement (three round trips and three ORM saves
    were a third of an event's CPU; the parts of a ``WITH`` touch their tables and see
    one snapshot, the match's row locked by the transaction and the hand read under that
    lock), elsewhere (SQLite has no ``INSERT`` in a ``WITH``) one each."""
    connection = connections[alias]
    quote = connection.ops.quote_name

    def columns(model: type[Model], names: tuple[str, ...]) -> list[str]:
        return [quote(model._meta.get_field(n).column) for n in names]

    def update(model: type[Model], names: tuple[str, ...]) -> str:
        assign = ", ".join(f"{c} = %s" for c in columns(model, names))
        table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
        return f"UPDATE {table} SET {assign} WHERE {pk} = %s"

    insert = (
        f"INSERT INTO {quote(HandEvent._meta.db_table)} "
        f"({', '.join(columns(HandEvent, EVENT_FIELDS))}) "
        f"VALUES ({', '.join(['%s'] * len(EVENT_FIELDS))})"
    )
    parts = [
        (insert, len(EVENT_FIELDS)),
        (update(Hand, HAND_FIELDS), len(HAND_FIELDS) + 1),
    ]
    if units:
        parts.append(_rows_update(MatchUnit, unit_fields, units, connection))
    parts.append((update(Match, MATCH_FIELDS), len(MATCH_FIELDS) + 1))
    if connection.vendor != "postgresql":
        return parts
    names = ["event", "hand", "units"][: len(parts) - 1]
    ctes = ", ".join(f"{name} AS ({sql})" for name, (sql, _) in zip(names, parts, strict=False))
    return [(f"WITH {ctes} {parts[-1][0]}", sum(n for _, n in parts))]


def _rows_update(
    model: type[Model], names: tuple[str, ...], count: int, connection: Any
) -> tuple[str, int]:
    """The update of ``count`` rows of ``model``, fields ``names`` set per row, as
    ``QuerySet.bulk_update`` writes it (a ``CASE`` on the pk per column, cast to the
    column's type) but built once: its values are, per field, each row's pk and value,
    then the pks. ``bulk_update`` compiled it anew every time, 2 ms of a hand's end."""
    quote = connection.ops.quote_name
    pk = quote(model._meta.pk.column)
    whens = " ".join(["WHEN %s THEN %s"] * count)
    assign = ", ".join(
        f"{quote(field.column)} = CAST(CASE {pk} {whens} END AS {field.cast_db_type(connection)})"
        for field in (model._meta.get_field(n) for n in names)
    )
    table, keys = quote(model._meta.db_table), ", ".join(["%s"] * count)
    return f"UPDATE {table} SET {assign} WHERE {pk} IN ({keys})", count * (2 * len(names) + 1)


@functools.lru_cache(maxsize=16)
def _fields(model: type[Model], names: tuple[str, ...]) -> list[Any]:
    """``model``'s fields ``names`` (looked up once: four models' on every event)."""
    return [model._meta.get_field(n) for n in names]


def _prepared(obj: Model, names: tuple[str, ...], connection: Any) -> list[Any]:
    """The values of ``obj``'s fields ``names`` as its model's fields send them."""
    return [
        f.get_db_prep_save(getattr(obj, f.attname), connection) for f in _fields(type(obj), names)
    ]


def store_event(
    match: Match,
    hand: Hand,
    event: HandEvent,
    units: Sequence[MatchUnit] = (),
    unit_fields: tuple[str, ...] = (),
) -> None:
    """Insert ``event`` (not saved yet) and save ``hand``, the result rows ``units``
    (their fields ``unit_fields``: a hand's end) and ``match`` as they now are (their
    derived fields set), in one statement on PostgreSQL; ``match.updated_at`` and
    ``event.entered_at`` are set to now, as ``auto_now`` would. The caller holds the
    match's lock."""
    alias = Match.objects.db
    connection = connections[alias]
    match.updated_at = event.entered_at = timezone.now()
    values = _prepared(event, EVENT_FIELDS, connection)
    values += [*_prepared(hand, HAND_FIELDS, connection), hand.pk]
    if units:
        prepared = [_prepared(unit, unit_fields, connection) for unit in units]
        for column in range(len(unit_fields)):
            for unit, row in zip(units, prepared, strict=True):
                values += [unit.pk, row[column]]
        values += [unit.pk for unit in units]
    values += [*_prepared(match, MATCH_FIELDS, connection), match.pk]
    with prepared_cursor(alias) as cursor:
        for sql, count in _write_sql(alias, len(units), tuple(unit_fields)):
            cursor.execute(sql, values[:count])
            values = values[count:]
