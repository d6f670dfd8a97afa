"""Which form of the search runs: compiled (``make analysis-fast``) or pure Python.

The compiled modules (build_fast.py) sit beside their ``.py`` and Python's import prefers
them. With ``ANALYSIS_PURE=1`` in the environment the package loads the ``.py`` anyway
(:func:`force_source`, before anything imports them: a benchmark's pure run on a machine
where they are built). :func:`pure_solver` loads a second, pure-Python copy of the solver
beside the compiled one, so a test can compare the two forms in one process.

A compiled module older than its source (the code pulled or edited after a build) would
run the old search silently, as Python's import still prefers it: build_fast.py records
a digest of the sources it compiled, and when they differ from the ``.py``/``.pxd`` now
beside them (or no digest was recorded) the package loads the sources and warns.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
PACKAGE = __package__ or "games.engine.analysis"
#: the modules build_fast.py compiles (kept here: the runtime must not import Cython's side)
COMPILED = ("ordering", "shortcuts", "solver")
#: the package name the pure copies of :func:`pure_solver` are loaded under: beside this
#: one, so that their imports of the engine above it (``..messages``) resolve
PURE = f"{PACKAGE.rpartition('.')[0]}._analysis_pure"
#: the digests of the sources the compiled modules were built from (build_fast.py)
BUILT_FROM = "compiled-sources.json"


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


def source_digests(folder: Path = HERE) -> dict[str, str]:
    """Each compiled module's ``.py`` and ``.pxd`` (if any), as sha256 digests."""
    digests = {}
    for stem in COMPILED:
        for path in (folder / f"{stem}.py", folder / f"{stem}.pxd"):
            if path.exists():
                digests[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


def stale(folder: Path = HERE) -> bool:
    """Are compiled modules lying in ``folder`` that were not built from its sources?"""
    built = [
        p for stem in COMPILED for p in folder.glob(f"{stem}.*") if p.suffix in (".so", ".pyd")
    ]
    if not built:
        return False
    try:
        recorded = json.loads((folder / BUILT_FROM).read_text())
    except (OSError, ValueError):
        return True  # built before digests were recorded, or the record is lost
    return recorded != source_digests(folder)


if os.environ.get("ANALYSIS_PURE"):
    force_source()
elif stale():
    warnings.warn(
        "the compiled hand-analysis search is older than its source: running the pure "
        "Python one (make analysis-fast rebuilds it, make analysis-pure removes it)",
        RuntimeWarning,
        stacklevel=1,
    )
    force_source()
