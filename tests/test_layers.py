"""The apps' dependencies run one way: clubs ← games ← tournaments ← ratings and stats
(the site's routing, settings and views in cuatrola_site/ may import them all; nothing
imports the two top apps, nor does either import the other). Nor do they reach up by
a string (a lazy model reference, a migration's ``to=``) or by a migration dependency:
``manage.py migrate clubs`` runs on an empty database alone."""

import ast
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.db.migrations.loader import MigrationLoader

ROOT = Path(__file__).resolve().parents[1]
ABOVE = {
    "clubs": {"games", "tournaments", "ratings", "stats", "cuatrola_site"},
    "games": {"tournaments", "ratings", "stats", "cuatrola_site"},
    "tournaments": {"ratings", "stats", "cuatrola_site"},
    "ratings": {"stats", "cuatrola_site"},
    "stats": {"ratings", "cuatrola_site"},
}


def imported_packages(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("app", sorted(ABOVE))
def test_an_app_imports_no_app_above_it(app):
    wrong = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & ABOVE[app])
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    }
    assert {path: names for path, names in wrong.items() if names} == {}


def _module_strings(path: Path) -> set[str]:
    return {
        node.value
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def _model_labels(labels: set[str]) -> set[str]:
    """``app.model`` (lower case) of every model of the apps ``labels``."""
    return {m._meta.label_lower for m in django_apps.get_models() if m._meta.app_label in labels}


@pytest.mark.parametrize("app", sorted(ABOVE))
def test_no_model_of_an_app_above_is_named_by_string(app):
    """A lazy reference ("tournaments.Tournament") or a migration's ``to=`` reaches up as
    surely as an import does, without the import check seeing it."""
    above = _model_labels(ABOVE[app])
    wrong = {
        str(path.relative_to(ROOT)): sorted(s for s in _module_strings(path) if s.lower() in above)
        for path in (ROOT / app).rglob("*.py")
    }
    assert {path: names for path, names in wrong.items() if names} == {}


@pytest.mark.parametrize("app", sorted(ABOVE))
def test_no_migration_depends_on_an_app_above(app):
    """Not directly, nor through the migrations it depends on: each app migrates with only
    the apps below it."""
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    leaves = [node for node in graph.leaf_nodes() if node[0] == app]
    needed = {node for leaf in leaves for node in graph.forwards_plan(leaf)}
    assert sorted(node for node in needed if node[0] in ABOVE[app]) == []


def test_clubs_migrates_alone_on_an_empty_database(tmp_path):
    """``manage.py migrate clubs`` on a new database: clubs' tables, and no table nor
    migration of an app above it."""
    db = tmp_path / "alone.sqlite3"
    run = subprocess.run(
        [sys.executable, "manage.py", "migrate", "clubs"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": f"sqlite:///{db}"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    with sqlite3.connect(db) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        applied = {row[0] for row in conn.execute("SELECT DISTINCT app FROM django_migrations")}
    assert {"clubs_club", "clubs_player", "clubs_devicetoken", "clubs_usertoken"} <= tables
    assert applied == {"admin", "auth", "clubs", "contenttypes"}
    assert not any(t.startswith(tuple(f"{a}_" for a in ABOVE["clubs"])) for t in tables)


def _game_packages() -> set[str]:
    from games.engine import games

    return {type(game).__module__.rsplit(".", 1)[0] for game in games()}


GAME_PACKAGES = _game_packages()


def test_nothing_outside_the_engine_imports_a_game_package():
    """The layers above reach a game through the registry (``find_game``/``games()``) and
    the interface, never its package (tests and bench/ may)."""
    wrong = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if parts[0] in {".venv", "tests", "bench"} or parts[:2] == ("games", "engine"):
            continue
        modules = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module)
            elif isinstance(node, ast.Import):
                modules |= {alias.name for alias in node.names}
        hits = sorted(
            m for m in modules if any(m == p or m.startswith(f"{p}.") for p in GAME_PACKAGES)
        )
        if hits:
            wrong[str(path.relative_to(ROOT))] = hits
    assert wrong == {}


def test_the_engine_exports_the_interface_and_no_games_own_types():
    import games.engine as engine

    own = {
        name: getattr(engine, name).__module__
        for name in engine.__all__
        if any(
            getattr(getattr(engine, name), "__module__", "").startswith(p) for p in GAME_PACKAGES
        )
    }
    assert own == {}


def _games_own_words() -> set[str]:
    """The games' names and the facts one game counts and another does not (its cantes,
    declarations, bids): what only the engine may name, the rest reading them from the
    game's metadata (``fact_titles``, ``fact_kinds``, ``fact_averages``, ``fact_bonus``)."""
    from games.engine import games

    keys = []
    for game in games():
        averaged = {fact for _title, *facts in game.fact_averages.values() for fact in facts}
        keys.append(set(game.fact_keys) | set(game.fact_titles) | set(game.fact_kinds) | averaged)
    own = set().union(*keys) - set.intersection(*keys)
    return {g.name for g in games()} | own


@pytest.mark.parametrize("app", ["stats", "ratings"])
def test_the_statistics_and_ratings_name_no_game_nor_a_games_own_fact(app):
    """A figure only one game has ("decl_belote", "tutes", "bid_points") or a game's name
    written in the statistics or the ratings would be a second reading of the engine's."""
    own = _games_own_words()
    wrong = {
        str(path.relative_to(ROOT)): sorted(_module_strings(path) & own)
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    }
    assert {path: names for path, names in wrong.items() if names} == {}


#: what may still name a game outside the engine, and why (path prefix → words)
NAMES_ALLOWED = {
    # a deployment's choice of the games analysed on write (fast enough at Cuatrola only
    # without a worker): configuration, read by name as a setting is
    "cuatrola_site/settings.py": {"cuatrola", "subastao", "belote"},
    # the demo club's content: one event of each game, each found through the registry
    # (find_game), as a user would pick it by name
    "tournaments/management/commands/load_demo.py": {"cuatrola", "subastao", "belote"},
}
#: words of the games' notation that every game writes, though one game also counts a
#: fact by that name: "suit" is a cante's or a declaration's field, and Belote's contract
NOTATION_FIELDS = {"suit"}


@pytest.mark.parametrize("app", ["games", "clubs", "tournaments", "cuatrola_site"])
def test_the_site_names_no_game_nor_a_games_own_fact_outside_the_engine(app):
    """A game's name or its own fact written in the models, forms, pad, API, pages or
    settings is a second reading of the engine's: they take the registry's default game,
    the game's event kinds and the engine's words (tests and bench/ may name games)."""
    own = _games_own_words() - NOTATION_FIELDS
    wrong = {}
    for path in (ROOT / app).rglob("*.py"):
        name = path.relative_to(ROOT).as_posix()
        if "migrations" in path.parts or name.startswith("games/engine/"):
            continue
        allowed = set().union(*(w for p, w in NAMES_ALLOWED.items() if name.startswith(p)))
        if hits := sorted(_module_strings(path) & own - allowed):
            wrong[name] = hits
    assert wrong == {}
