"""Build the optional compiled solver (``make analysis-fast``; docs/analysis.md).

Cython compiles the search's hot modules as they are, in place: each ``X.py`` gets an
extension module ``X.<abi>.so`` beside it, which Python's import prefers to the ``.py``.
The ``.py`` stays the source of truth: the ``.pxd`` beside it (Cython's "augmenting"
declarations) makes the solver a C struct with C calls and its small numbers C integers,
leaving every mask and table key a Python int; the values are the same
(tests/engine/analysis/test_accelerated.py compares the two forms), and without the
``.so`` files everything runs on Python alone. ``--clean`` removes them.

Needs Cython (requirements-fast.txt) and a C compiler; run from the repository root:
``python -m games.engine.analysis.build_fast [--clean]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from .accel import BUILT_FROM, source_digests
from .accel import COMPILED as MODULES

HERE = Path(__file__).resolve().parent


def built() -> list[Path]:
    """The compiled modules (and their generated C) lying beside the sources."""
    return sorted(p for m in MODULES for p in [*HERE.glob(f"{m}.*.so"), *HERE.glob(f"{m}.c")])


def clean() -> None:
    for path in built():
        path.unlink()
    (HERE / BUILT_FROM).unlink(missing_ok=True)


def build() -> None:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    root = HERE.parents[2]  # the repository: module names are relative to it
    os.chdir(root)
    with tempfile.TemporaryDirectory() as tmp:
        extensions = [
            Extension(
                f"games.engine.analysis.{m}",
                [str((HERE / f"{m}.py").relative_to(root))],
                extra_compile_args=["-O2"],
            )
            for m in MODULES
        ]
        modules = cythonize(
            extensions,
            build_dir=tmp,  # the generated C stays out of the tree
            language_level=3,
            quiet=True,
            compiler_directives={
                # the .py's annotations stay Python types: the .pxd says what is C
                "annotation_typing": False,
            },
        )
        # no package discovery: only these extensions, built in place
        dist = Distribution({"ext_modules": modules, "packages": [], "py_modules": []})
        cmd = dist.get_command_obj("build_ext")
        cmd.inplace = True
        cmd.build_temp = cmd.build_lib = tmp
        dist.run_command("build_ext")
    # what they were built from: a later change of a source makes the package load it
    # instead (accel.stale)
    (HERE / BUILT_FROM).write_text(json.dumps(source_digests(), indent=1, sort_keys=True))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args(argv)
    clean()
    if not args.clean:
        build()
    print("\n".join(str(p.relative_to(HERE.parents[2])) for p in built()) or "none built")


if __name__ == "__main__":
    sys.exit(main())
