"""Which form of the search runs: compiled (``make analysis-fast``) or pure Python.

The compiled modules (build_fast.py) sit beside their ``.py`` and Python's import prefers
them. With ``ANALYSIS_PURE=1`` in the environment the package loads the ``.py`` anyway
(:func:`force_source`, before anything imports them: a benchmark's pure run on a machine
where they are built). :func:`pure_solver` loads a second, pure-Python copy of the solver
beside the compiled one, so a test can compare the two forms in one process.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
PACKAGE = __package__ or "games.engine.analysis"
#: the modules build_fast.py compiles (kept here: the runtime must not import Cython's side)
COMPILED = ("ordering", "shortcuts", "solver")
#: the package name the pure copies of :func:`pure_solver` are loaded under: beside this
#: one, so that their imports of the engine above it (``..messages``) resolve
PURE = f"{PACKAGE.rpartition('.')[0]}._analysis_pure"


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds the given module names as their ``.py`` in this folder, never an extension."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names  # full module name -> file stem

    def find_spec(
        self, name: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        stem = self.names.get(name)
        if stem is None:
            return None
        return importlib.util.spec_from_file_location(name, HERE / f"{stem}.py")


def force_source() -> None:
    """Make this package import its compiled modules' ``.py`` (call before importing them)."""
    sys.meta_path.insert(0, _SourceOnly({f"{PACKAGE}.{m}": m for m in COMPILED}))


def is_compiled(module: ModuleType) -> bool:
    """Was ``module`` loaded from an extension (a ``.so``/``.pyd``), not a ``.py``?"""
    return isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader)


def pure_solver() -> ModuleType:
    """A pure-Python copy of the ``solver`` module and the modules it imports, under
    another package name (its classes are not this package's; positions and specs pass
    between the two as they are plain values)."""
    if PURE not in sys.modules:
        package = ModuleType(PURE)
        package.__path__ = []  # a package: its submodules come from the finder below
        sys.modules[PURE] = package
        stems = ("ordering", "position", "prepared", "shortcuts", "solver", "space", "tables")
        sys.meta_path.insert(0, _SourceOnly({f"{PURE}.{m}": m for m in stems}))
    return importlib.import_module(f"{PURE}.solver")


if os.environ.get("ANALYSIS_PURE"):
    force_source()
