"""A compiled search older than its source is not used (accel.stale): after a pull or an
edit the package loads the ``.py`` and warns, rather than running yesterday's search;
compiled modules built from the sources beside them are used as before."""

from __future__ import annotations

import importlib.machinery
import json
import shutil
from pathlib import Path

from games.engine.analysis import accel

from .helpers import form_loaded

ENGINE = Path(accel.__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]  # e.g. .cpython-311-x86_64-linux-gnu.so


def sources(tmp_path: Path) -> Path:
    folder = tmp_path / "analysis"
    folder.mkdir()
    for stem in accel.COMPILED:
        for ext in (".py", ".pxd"):
            if (accel.HERE / f"{stem}{ext}").exists():
                shutil.copy(accel.HERE / f"{stem}{ext}", folder)
    return folder


def test_no_compiled_module_is_never_stale(tmp_path):
    assert not accel.stale(sources(tmp_path))


def test_a_build_is_current_until_a_source_changes(tmp_path):
    folder = sources(tmp_path)
    (folder / f"solver{SUFFIX}").write_bytes(b"")
    assert accel.stale(folder)  # no record of what it was built from: an old build
    (folder / accel.BUILT_FROM).write_text(json.dumps(accel.source_digests(folder)))
    assert not accel.stale(folder)
    with open(folder / "shortcuts.py", "a") as source:
        source.write("\n# edited after the build\n")
    assert accel.stale(folder)


def test_the_package_loads_the_source_beside_a_stale_build(tmp_path):
    # a copy of the engine whose solver "extension" is not even a library: importing it
    # would fail, so the package must not (and says why)
    shutil.copytree(
        ENGINE,
        tmp_path / "games" / "engine",
        ignore=shutil.ignore_patterns("*.so", accel.BUILT_FROM),
    )
    (tmp_path / "games" / "__init__.py").write_text("")
    (tmp_path / "games" / "engine" / "analysis" / f"solver{SUFFIX}").write_bytes(b"not a build")
    done = form_loaded(tmp_path, ANALYSIS_PURE=None)
    assert done.stdout.split() == ["False", "True"]
    assert "older than its source" in done.stderr
