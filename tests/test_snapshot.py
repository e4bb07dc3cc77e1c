"""Python's memory snapshot holds the game's modules: it must never stand for code other than the package's.

The package archive carries a tag (a hash of its entries, in its zip comment: scripts/build_py.py); the
snapshot records the tag of the archive it imported (scripts/make_snapshot.mjs) and what else it was
made from (scripts/build_snapshot.py), so the build remakes it when anything changed and the page can
tell a snapshot of another build from its own (e2e/test_page.py plays that case).
"""

from __future__ import annotations

import importlib
import io
import json
import os
import random
import sys
import zipfile

import pytest

from scripts import build_py, build_snapshot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_archive_tag_is_a_hash_of_its_entries_and_changes_with_any_of_them():
    entries = [("mexican_train/__init__.py", b"x = 1\n"), ("mexican_train/a.py", b"")]
    tag = build_py.entries_tag(entries)
    assert tag.startswith(build_py.TAG_PREFIX) and len(tag) == len(build_py.TAG_PREFIX) + 64
    assert build_py.entries_tag(list(entries)) == tag
    assert build_py.entries_tag([entries[0], ("mexican_train/a.py", b" ")]) != tag
    assert build_py.entries_tag([entries[0], ("mexican_train/b.py", b"")]) != tag
    # names and contents cannot slide into each other
    assert build_py.entries_tag([("ab", b"c")]) != build_py.entries_tag([("a", b"bc")])


def test_an_archive_without_a_tag_has_none_and_counts_as_stale(tmp_path):
    plain = tmp_path / "old.zip"
    with zipfile.ZipFile(plain, "w") as z:
        z.writestr("mexican_train/__init__.py", "")
    assert build_py.tag(str(plain)) is None
    assert build_py.tag(str(tmp_path / "missing.zip")) is None
    assert build_py.stale(str(plain))


def _site(root, tag="mexican_train sha256:" + "0" * 64):
    """A repository-shaped folder with what build_snapshot compares: the archive, page.py, vendor files."""
    os.makedirs(root / "py", exist_ok=True)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.comment = tag.encode()
        z.writestr("mexican_train/__init__.py", "")
    (root / "py" / "mexican_train.zip").write_bytes(buf.getvalue())
    (root / "py" / "page.py").write_text("import mexican_train\n")
    (root / "py" / "worker.py").write_text("import mexican_train\n")
    os.makedirs(root / "static" / "js", exist_ok=True)
    (root / "static" / "js" / "restored-python.js").write_text("export const AFTER_RESTORE = [];\n")
    pyodide = root / "vendor" / "pyodide"
    os.makedirs(pyodide, exist_ok=True)
    for name in ("python_stdlib.game.zip", "pyodide.asm.mjs", "python-snapshot.bin", "python-snapshot.bin.gz",
                 "python_stdlib.rest.zip"):
        (pyodide / name).write_bytes(b"x")
    (pyodide / build_snapshot.INFO).write_text(json.dumps({"inputs": build_snapshot.inputs(str(root))}))
    return pyodide


def test_the_snapshot_is_stale_when_the_archive_page_py_worker_py_its_first_python_or_the_runtime_changes(tmp_path):
    pyodide = _site(tmp_path)
    assert not build_snapshot.stale(str(tmp_path))
    (tmp_path / "py" / "page.py").write_text("import mexican_train.ui\n")        # page.py imports other modules
    assert build_snapshot.stale(str(tmp_path))
    _site(tmp_path)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:                                          # another build of the game
        z.comment = ("mexican_train sha256:" + "1" * 64).encode()
    (tmp_path / "py" / "mexican_train.zip").write_bytes(buf.getvalue())
    assert build_snapshot.stale(str(tmp_path))
    _site(tmp_path)
    (pyodide / "pyodide.asm.mjs").write_bytes(b"another Pyodide")                 # another runtime
    assert build_snapshot.stale(str(tmp_path))
    _site(tmp_path)   # the texts the snapshot holds compiled: a restored Python would compile their new ones
    (tmp_path / "py" / "worker.py").write_text("import mexican_train  # edited\n")
    assert build_snapshot.stale(str(tmp_path))
    _site(tmp_path)
    (tmp_path / "static" / "js" / "restored-python.js").write_text("export const AFTER_RESTORE = ['1'];\n")
    assert build_snapshot.stale(str(tmp_path))
    _site(tmp_path)
    (pyodide / "python-snapshot.bin.gz").unlink()                                  # the plain file is part of it
    assert build_snapshot.stale(str(tmp_path))
    _site(tmp_path)
    (pyodide / build_snapshot.INFO).unlink()                                       # made by an unknown build
    assert build_snapshot.stale(str(tmp_path))


@pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, "vendor", "pyodide", build_snapshot.INFO)),
                    reason="no snapshot: run bash scripts/setup.sh")
def test_the_snapshot_on_disk_records_the_tag_of_an_archive_and_the_modules_page_py_imports():
    info = build_snapshot.recorded()
    assert info["package"].startswith(build_py.TAG_PREFIX)
    assert "mexican_train.ui.controller" in info["modules"] and "mexican_train.players.strong" in info["modules"]
    # and the texts it holds compiled: Pyodide's 4, the page's 5 (static/js/restored-python.js), page.py, worker.py
    assert info["precompiled"] == 11


def test_importing_the_pages_modules_creates_no_random_generator_a_snapshot_would_freeze():
    # make_snapshot.mjs imports them and copies the memory: a generator made at import would then start
    # from the same state on every visit. (The hidden one of `random` is reseeded after a restore.)
    sys.path.insert(0, os.path.join(ROOT, "py"))
    try:
        importlib.import_module("page")
    finally:
        sys.path.remove(os.path.join(ROOT, "py"))
    hidden = random._inst
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("mexican_train", "page"):
            for attr, value in vars(module).items():
                assert not (isinstance(value, random.Random) and value is not hidden), f"{name}.{attr}"
