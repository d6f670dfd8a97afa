"""Every refusal the site can answer with has its Spanish: the code is scanned for the
messages it refuses with — the templates of ``msg(…)`` and the texts given to the
exceptions an answer is made of (a service's Refused/Stale, DRF's ValidationError,
NotFound, ParseError…, the engine's RuleError and RecordFormatError and the ValueErrors
its parsers raise) — and each must be in the Spanish catalogue (games/refusals.py reads an
English message back by its template). A message built with an f-string keeps no template
to translate by: it must be written with ``msg``."""

from __future__ import annotations

import ast
import gettext
import string
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.mo"
APPS = ["games", "clubs", "tournaments", "stats", "ratings", "cuatrola_site"]

#: call → the position of its message argument
TEMPLATES = {"msg": 0, "msg_from": 0}
REFUSALS = {
    **dict.fromkeys(
        [
            "Refused",
            "Stale",
            "Conflict",
            "ValidationError",
            "NotFound",
            "ParseError",
            "PermissionDenied",
            "AuthenticationFailed",
            "RecordFormatError",
            "TooLarge",
            "ValueError",
        ],
        0,
    ),
    "error_body": 0,  # the API's body, made outside a view (cuatrola_site/errors.py)
    **dict.fromkeys(["RuleError", "expect", "_error", "_body"], 1),
    "refuse_other_keys": 2,  # a body's key it does not take (games/api/serializers.py)
}
#: ValueErrors that are a programmer's mistake, never a refusal anyone reads (a table
#: declared twice, a bot asked to move in a finished match)
INTERNAL = {
    ("games/engine/core/recordhand.py", "summary field"),
    ("games/models.py", "at most"),
    ("games/simulation.py", "mode must be"),
    ("stats/facts.py", ""),
    ("tournaments/metrics.py", "standings metric"),
    ("tournaments/standings_query.py", "no unit sum"),
    ("games/engine/strategy.py", "no legal card"),
    ("games/engine/cuatrola/strategy.py", "the match is over"),
    ("games/engine/subastao/strategy.py", "the match is over"),
    ("games/engine/belote/strategy.py", "the match is over"),
}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _constants(tree: ast.Module) -> dict[str, list[ast.Constant]]:
    """The texts the module names (``UNDO_REFUSAL = "…"``, each class's ``failure = "…"``)."""
    named: dict[str, list[ast.Constant]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in node.targets:
                if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                    named.setdefault(target.id, []).append(node.value)
    return named


def _internal(path: str, text: str) -> bool:
    return any(path == p and text.startswith(prefix) for p, prefix in INTERNAL)


def refusal_messages() -> tuple[set[tuple[str, str]], list[str]]:
    """(path, message) of every refusal message in the code, and the f-strings found
    where a message belongs (``path:line``)."""
    found: set[tuple[str, str]] = set()
    formatted: list[str] = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if {"migrations", "management", "tests"} & set(path.parts):
                continue
            where = str(path.relative_to(ROOT))
            tree = ast.parse(path.read_text())
            named = _constants(tree)
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                name = _name(node.func)
                index = TEMPLATES.get(name, REFUSALS.get(name))
                if index is None or len(node.args) <= index:
                    continue
                arg = node.args[index]
                values = arg.values if isinstance(arg, ast.Dict) else [arg]
                values = [v.elts[0] if isinstance(v, ast.List) and v.elts else v for v in values]
                # a constant of the module or of its classes, by its name
                values = [c for v in values for c in named.get(_name(v) or "", [v])]
                for value in values:
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        if not _internal(where, value.value):
                            found.add((where, value.value))
                    elif isinstance(value, ast.JoinedStr) and not _internal(
                        where, ast.unparse(value)[2:]
                    ):
                        formatted.append(f"{where}:{value.lineno}")
    return found, formatted


def _catalogue() -> dict[str, str]:
    with MO.open("rb") as f:
        return gettext.GNUTranslations(f)._catalog


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_the_scan_finds_the_refusals_it_is_about():
    found, _ = refusal_messages()
    texts = {text for _, text in found}
    # one of each kind: a template, a service's refusal, DRF's, the engine's parsers'
    assert "{card} is dealt twice" in texts
    assert "no such statistics scope or key" in texts
    assert "undo takes hand with to_seq or last_seq (and reopen) only" in texts
    assert "rules must be an object" in texts
    assert len(found) > 250


def test_no_refusal_is_made_with_an_f_string():
    _, formatted = refusal_messages()
    assert formatted == []


def test_every_refusal_has_its_spanish():
    catalogue = _catalogue()
    found, _ = refusal_messages()
    missing = sorted(f"{path}: {text}" for path, text in found if not catalogue.get(text))
    assert missing == []


def test_every_spanish_refusal_fills_from_its_english_parameters():
    catalogue = _catalogue()
    found, _ = refusal_messages()
    wrong = sorted(
        text
        for _, text in found
        if catalogue.get(text) and "{" in text and not _fields(catalogue[text]) <= _fields(text)
    )
    assert wrong == []
