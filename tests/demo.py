"""The demo data (``manage.py load_demo``) built once per test session and copied into each
test that asks for it (the ``demo_data`` fixture in tests/conftest.py).

``load_demo`` replays some twenty matches through the engine and the write path (seconds);
copying its ~6,500 rows back in is a few bulk inserts (a tenth of that). The copy is the
committed state, as ``make run`` leaves it: the on-commit work (standings, ratings,
statistics) has run. Primary keys are the ones a fresh database gives (sequences from 1),
so the ids the docs' examples name hold (tests/test_docs_curl.py).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models import Model
from django.test import TestCase


@dataclass
class Snapshot:
    """The rows ``load_demo`` adds: per model, its INSERT statement and the rows' values
    as the database takes them (prepared once, at build time)."""

    rows: dict[type[Model], tuple[str, list[list]]]

    @property
    def size(self) -> int:
        return sum(len(values) for _, values in self.rows.values())


def _tables() -> list[type[Model]]:
    """Every model with a table of its own (auto-created many-to-many ones included)."""
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy and not model._meta.swapped
    ]


@contextmanager
def _tasks_in_process() -> Iterator[None]:
    """The on-commit tasks (standings, ratings, statistics) run here, not on a broker's
    worker (CI's second phase has one; the build runs before the tests' own fixture that
    makes tasks eager)."""
    from cuatrola_site.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = eager


def build() -> Snapshot:
    """Run ``load_demo`` (with its on-commit callbacks) in a transaction that is rolled
    back, keeping the rows it wrote. Called with no test transaction open."""
    models = _tables()
    with transaction.atomic():
        before = {m: set(m._base_manager.values_list("pk", flat=True)) for m in models}
        empty = [m for m in models if not before[m]]
        # ids from 1 as on a fresh database (PostgreSQL's sequences outlive a rollback)
        sequences = connection.introspection.sequence_list()
        own = {m._meta.db_table for m in empty}
        reset = [s for s in sequences if s["table"] in own]
        for sql in connection.ops.sequence_reset_by_name_sql(no_style(), reset):
            with connection.cursor() as cursor:
                cursor.execute(sql)
        # (in this order: the callbacks run at the capture's exit, still in process)
        with _tasks_in_process(), TestCase.captureOnCommitCallbacks(execute=True):
            call_command("load_demo", stdout=io.StringIO())
        rows = {}
        for model in models:
            objs = [o for o in model._base_manager.order_by("pk") if o.pk not in before[model]]
            if objs:
                rows[model] = _prepared(model, objs)
        transaction.set_rollback(True)
    return Snapshot(rows)


def _prepared(model: type[Model], objs: list[Model]) -> tuple[str, list[list]]:
    fields = model._meta.local_concrete_fields
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    insert = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"
    values = [[f.get_db_prep_save(getattr(o, f.attname), connection) for f in fields] for o in objs]
    return insert, values


def restore(snapshot: Snapshot) -> None:
    """Insert the snapshot's rows as they were (no signals, no ``auto_now``), then move
    the sequences past them. Foreign keys are checked at commit, so the order of the
    tables does not matter."""
    with transaction.atomic(), connection.cursor() as cursor:
        for insert, values in snapshot.rows.values():
            cursor.executemany(insert, values)
        statements = connection.ops.sequence_reset_sql(no_style(), list(snapshot.rows))
        if statements:
            with connection.cursor() as cursor:
                for sql in statements:
                    cursor.execute(sql)
