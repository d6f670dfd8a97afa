"""The apps' dependencies run one way: clubs ← games ← tournaments ← ratings and stats
(the site's routing, settings and views in cuatrola_site/ may import them all; nothing
imports the two top apps, nor does either import the other)."""

import ast
from pathlib import Path

import pytest

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
