"""Test-wide settings (static files from the finders: no collectstatic step in tests), the
demo data once per session (``demo_data``), and the suite's speed mechanisms (docs/testing.md)."""

import os

import hypothesis
import pytest
from django.conf import settings

from tests import demo

# A test that asks for one of these fixtures counts queries, and the count is the
# backend's (savepoints, COPY on PostgreSQL, SQLite's batches): CI's second phase keeps it.
QUERY_COUNT_FIXTURES = {"django_assert_num_queries", "django_assert_max_num_queries"}


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--services-phase",
        action="store_true",
        help="CI's second phase (.ci/run): only the tests whose outcome PostgreSQL, Redis "
        "or a worker can change (marked integration or services, or counting queries; "
        "docs/testing.md); the whole suite ran on SQLite in the first phase",
    )


def uses_services(item: pytest.Item) -> bool:
    """Whether a test's outcome can depend on PostgreSQL, Redis or a worker: said by its
    marks (docs/testing.md, "What the second phase runs"), not guessed from its use of the
    database, which the first phase already tests on SQLite."""
    if item.get_closest_marker("integration") or item.get_closest_marker("services"):
        return True
    return bool(QUERY_COUNT_FIXTURES & set(getattr(item, "fixturenames", ())))


# Hypothesis profiles, chosen by HYPOTHESIS_PROFILE: each scales the example counts the
# tests ask for (their @settings(max_examples=…)).
#   dev (the default, `make test`): as written;   quick: a fifth, to iterate;
#   ci (CI=true): half, the same examples each run (a regression check that keeps
#   .ci/run under its 8 minutes; a dev run explores anew each time);
#   thorough: ten times, for a nightly or manual run.
EXAMPLES_SCALE = {"dev": 1.0, "ci": 0.5, "quick": 0.2, "thorough": 10.0}
settings_profiles = {
    "dev": {},
    "ci": {"derandomize": True, "print_blob": True},
    "quick": {},
    "thorough": {"print_blob": True},
}
for _name, _options in settings_profiles.items():
    hypothesis.settings.register_profile(_name, deadline=None, **_options)
HYPOTHESIS_PROFILE = os.environ.get(
    "HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") == "true" else "dev"
)
hypothesis.settings.load_profile(HYPOTHESIS_PROFILE)


def _scale_examples(items: list[pytest.Item]) -> None:
    scale = EXAMPLES_SCALE[HYPOTHESIS_PROFILE]
    profile = hypothesis.settings.get_profile(HYPOTHESIS_PROFILE)
    done = set()
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is None or id(test) in done:
            continue
        done.add(id(test))
        test._hypothesis_internal_use_settings = hypothesis.settings(
            own,
            max_examples=max(1, round(own.max_examples * scale)),
            derandomize=profile.derandomize,
            print_blob=profile.print_blob,
        )


def _with_its_group(item: pytest.Item) -> None:
    """``--dist loadgroup`` sends a test to its group's worker by a ``@group`` suffix of
    its node id, which pytest-xdist 3.8 writes to ``item._nodeid``; pytest 9.2 keeps the id
    in ``item._id`` (a NodeId), so that suffix was lost and every group's tests ran on both
    workers (the fuzz module's demo server built twice). The suffix as xdist writes it."""
    names = sorted(
        {
            str(m.args[0] if m.args else m.kwargs.get("name", "default"))
            for m in item.iter_markers("xdist_group")
        }
    )
    if not names or "@" in item.nodeid.rpartition("]")[2]:
        return  # no group, or xdist's own suffix took
    grouped = f"{item.nodeid}@{'_'.join(names)}"
    if hasattr(item, "_id"):
        from _pytest.nodeid import NodeId

        item._id = NodeId.parse(grouped)
    else:
        item._nodeid = grouped


# first: pytest-xdist reads the xdist_group marks in its own hook of this name
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items: list[pytest.Item]) -> None:
    _scale_examples(items)
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("integration"):
            # one xdist worker runs them all, with the one celery worker they share
            item.add_marker(pytest.mark.xdist_group("integration"))
        if getattr(config.option, "loadgroup", False):  # an xdist worker of --dist loadgroup
            _with_its_group(item)
    if config.getoption("--services-phase"):
        kept = [item for item in items if uses_services(item)]
        if len(kept) < len(items):
            config.hook.pytest_deselected(items=[i for i in items if not uses_services(i)])
            items[:] = kept


def _scope_the_shared_cache_to_this_worker(worker: str) -> None:
    """The pytest processes of CI's second phase share its Redis cache (the xdist
    workers, and the integration run beside them): each keeps its keys under its own
    prefix (the servers and workers it starts too), and ``cache.clear()`` deletes only
    those, not the other processes' counts."""
    from django.core.cache.backends.redis import RedisCache

    settings.CACHES["default"]["KEY_PREFIX"] = worker
    os.environ["CACHE_KEY_PREFIX"] = worker  # read by cuatrola_site/settings.py

    def clear(self) -> None:
        client = self._cache.get_client(write=True)
        keys = list(client.scan_iter(match=f"{self.key_prefix}:*", count=1000))
        if keys:
            client.delete(*keys)

    RedisCache.clear = clear


def pytest_configure() -> None:
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = True
    # hashing strength is not under test; the default hasher costs ~0.25 s per user
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.WHITENOISE_AUTOREFRESH = True
    # The test client's login() authenticates without a request, which django-axes
    # refuses; tests/test_security.py turns the lockout back on to test it.
    settings.AXES_ENABLED = False
    if settings.SHARED_CACHE:
        _scope_the_shared_cache_to_this_worker(os.environ.get("PYTEST_XDIST_WORKER", "main"))


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with no rate-limit or lockout counts (the cache is Redis when
    CACHE_URL is set, as in CI's second pass, and outlives the test otherwise), and no
    match state kept by an earlier test's writes in this process."""
    from django.core.cache import cache

    from games.services import statecache

    cache.clear()
    statecache.forget_local()


@pytest.fixture(autouse=True)
def no_language_left_behind():
    """Each test starts in the site's language: a request in English (the test client's
    thread keeps the language a view activated) must not make the next test's messages
    English, whichever order pytest-xdist runs them in."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


def analysis_as_with_no_broker() -> dict:
    """Hand analysis on write as settings.py sets it with no broker: Cuatrola only, at most
    1 s a hand (with a broker, every game and 30 s a hand: minutes for the demo data)."""
    return {
        "ANALYSIS_ON_WRITE": ["cuatrola"],
        "ANALYSIS_BUDGET": min(float(settings.ANALYSIS_BUDGET), 1.0),
    }


@pytest.fixture(autouse=True)
def tasks_in_process_unless_integration(request, settings):
    """Outside tests/integration, tasks run in-process even when a broker is configured
    (CI's second pass): those tests check what the tasks do; the integration tests check
    that a separate worker does it. In-process, hand analysis on write is what it is with
    no broker (settings.py): Cuatrola only, a 1 s budget — not a worker's 30 s a hand."""
    from cuatrola_site.celery import app

    if request.node.get_closest_marker("integration"):
        yield
        return
    for name, value in analysis_as_with_no_broker().items():
        setattr(settings, name, value)
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager


@pytest.fixture(autouse=True)
def accept_language_is_the_visitors_choice(monkeypatch):
    """The site's pages ignore a browser's Accept-Language (cuatrola_site/locale.py): a
    test that asks for a language with ``HTTP_ACCEPT_LANGUAGE`` means a visitor who chose
    it with the ES/EN switch, so the test client sends a bare code ("en") as that choice
    (the language cookie) too. A browser's list ("en-US,en;q=0.9") stays only a header:
    what a first visit sends, answered in Spanish."""
    from django.test.client import RequestFactory

    base_environ = RequestFactory._base_environ

    def _base_environ(self, **request):
        environ = base_environ(self, **request)
        language = request.get("HTTP_ACCEPT_LANGUAGE")
        if language and "," not in language and ";" not in language:
            cookie = f"{settings.LANGUAGE_COOKIE_NAME}={language}"
            environ["HTTP_COOKIE"] = "; ".join(filter(None, [environ.get("HTTP_COOKIE"), cookie]))
        return environ

    monkeypatch.setattr(RequestFactory, "_base_environ", _base_environ)


@pytest.fixture(scope="session")
def demo_snapshot(django_db_setup, django_db_blocker) -> demo.Snapshot:
    """``load_demo``'s rows, built once per session (per xdist worker) before any test
    transaction opens (a session fixture is set up before function ones), its tasks
    in-process as the tests' own (``tasks_in_process_unless_integration``): in CI's
    second phase, with a broker configured, it analysed every hand for 30 s (6 minutes)."""
    from django.test import override_settings

    with django_db_blocker.unblock(), override_settings(**analysis_as_with_no_broker()):
        return demo.build()


@pytest.fixture
def demo_data(demo_snapshot, db) -> None:
    """The demo data as ``manage.py load_demo`` leaves it, committed (standings, ratings
    and statistics computed), in this test's database: use it instead of calling
    ``load_demo`` (seconds each time). Works with ``transaction=True`` too."""
    demo.restore(demo_snapshot)


@pytest.fixture
def commits(db, monkeypatch) -> None:
    """``transaction.on_commit`` callbacks run as on a real commit, inside the test's own
    transaction (rolled back at its end): when the outermost atomic block of the code
    under test exits without error, or at once outside any. The cheap stand-in for
    ``django_db(transaction=True)`` (a flush of every table after each test) when all
    the test needs of a commit is its callbacks (standings, ratings, statistics)."""
    from django.db import connections
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.transaction import Atomic

    connection = connections["default"]
    depth = len(connection.atomic_blocks)  # the test's own blocks

    def run_pending() -> None:
        while connection.run_on_commit and not connection.needs_rollback:
            _, callback, robust = connection.run_on_commit.pop(0)
            try:
                callback()
            except Exception:
                if not robust:
                    raise

    exit_ = Atomic.__exit__

    def __exit__(self, exc_type, exc_value, traceback):
        result = exit_(self, exc_type, exc_value, traceback)
        if exc_type is None and len(connection.atomic_blocks) == depth:
            run_pending()
        return result

    on_commit = BaseDatabaseWrapper.on_commit

    def on_commit_outside_blocks(self, func, robust=False):
        on_commit(self, func, robust)
        if self is connection and len(connection.atomic_blocks) == depth:
            run_pending()

    monkeypatch.setattr(Atomic, "__exit__", __exit__)
    monkeypatch.setattr(BaseDatabaseWrapper, "on_commit", on_commit_outside_blocks)
    run_pending()  # what fixtures before this one left waiting
