"""Which backend-sensitive call sites each test reaches, and whether CI's second phase
still reaches every one (docs/testing.md, "What the second phase runs").

``pytest -p tests.services_probe -m "not integration" --services-probe=DIR`` (any
database, any number of xdist workers) records, per test, the lines of the site's own
code that call what PostgreSQL or Redis may answer otherwise than SQLite and LocMem:
row locks, bulk writes, aggregates and DISTINCT, upserts, raw SQL, a statement the
database refuses (by its error class), and the cache. At the end it prints each site with
how many tests reach it and how many of those ``--services-phase`` keeps, and lists the
sites that only unkept tests reach: each needs a kept test (a ``services`` mark) or a
reason in docs/testing.md. A tool, not a test: it asserts nothing.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = tuple(
    str(ROOT / app) + os.sep
    for app in ("clubs", "games", "tournaments", "ratings", "stats", "cuatrola_site")
)
SEEN: dict[str, set[str]] = defaultdict(set)  # site -> node ids
KEPT: set[str] = set()  # node ids --services-phase keeps
CURRENT: list[str] = []  # the running test's node id


def _own(name: str) -> bool:
    return name.startswith(APPS) and f"{os.sep}migrations{os.sep}" not in name


def _site(direct: bool) -> str | None:
    """The innermost frame in the site's own code (tests and migrations aside); with
    ``direct``, only the immediate caller (a cursor the site's code uses itself, not
    the ORM's)."""
    frame = sys._getframe(3)
    while frame is not None:
        if _own(frame.f_code.co_filename):
            return f"{os.path.relpath(frame.f_code.co_filename, ROOT)}:{frame.f_lineno}"
        if direct:
            return None
        frame = frame.f_back
    return None


def _record(kind: str, direct: bool = False) -> None:
    site = _site(direct) if CURRENT else None
    if site:
        SEEN[f"{site} {kind}"].add(CURRENT[0])


def _wrap(owner: type, name: str, kind: str | None = None, direct: bool = False) -> None:
    original = getattr(owner, name)

    @functools.wraps(original)
    def probed(*args, **kwargs):
        _record(kind or name, direct)
        return original(*args, **kwargs)

    setattr(owner, name, probed)


def _install() -> None:
    from django.core.cache.backends.locmem import LocMemCache
    from django.core.cache.backends.redis import RedisCache
    from django.db import utils
    from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
    from django.db.models.query import QuerySet

    for name in ("select_for_update", "bulk_create", "bulk_update", "aggregate", "annotate"):
        _wrap(QuerySet, name)
    for name in ("distinct", "update_or_create", "get_or_create", "raw"):
        _wrap(QuerySet, name)
    for cursor in (CursorWrapper, CursorDebugWrapper):  # the latter while queries are counted
        for name in ("execute", "executemany"):
            _wrap(cursor, name, "raw SQL", direct=True)
    for backend in (LocMemCache, RedisCache):
        for name in ("get", "set", "add", "incr", "touch", "delete", "get_many"):
            _wrap(backend, name, "cache")
    exit_ = utils.DatabaseErrorWrapper.__exit__

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is not None and issubclass(exc_type, self.wrapper.Database.Error):
            _record(f"refused: {exc_type.__name__}")
        return exit_(self, exc_type, exc_value, traceback)

    utils.DatabaseErrorWrapper.__exit__ = __exit__


def pytest_addoption(parser) -> None:
    parser.addoption("--services-probe", metavar="DIR", help="where workers leave their findings")


def pytest_configure(config) -> None:
    if config.getoption("--services-probe"):
        _install()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items) -> None:
    from tests.conftest import uses_services

    KEPT.update(item.nodeid for item in items if uses_services(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    CURRENT[:] = [item.nodeid]
    try:
        return (yield)
    finally:
        CURRENT.clear()


def pytest_sessionfinish(session) -> None:
    folder = session.config.getoption("--services-probe")
    if not folder:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    found = {site: sorted(ids) for site, ids in SEEN.items()}
    Path(folder, f"{worker}.json").write_text(json.dumps({"seen": found, "kept": sorted(KEPT)}))
    if worker != "main" or hasattr(session.config, "workerinput"):
        return
    seen: dict[str, set[str]] = defaultdict(set)
    kept: set[str] = set()
    for path in Path(folder).glob("*.json"):
        data = json.loads(path.read_text())
        kept.update(data["kept"])
        for site, ids in data["seen"].items():
            seen[site].update(ids)
    lost = []
    for site in sorted(seen):
        ids = seen[site]
        held = len(ids & kept)
        print(f"{held:4d}/{len(ids):<4d} {site}")
        if not held:
            lost.append(f"  {site}  e.g. {sorted(ids)[0]}")
    print(f"\n{len(lost)} of {len(seen)} sites reached only by tests the second phase leaves out:")
    print("\n".join(lost))
