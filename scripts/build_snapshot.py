#!/usr/bin/env python3
"""Keep Python's memory snapshot made from the current game: vendor/pyodide/python-snapshot.bin.

    python3 -m scripts.build_snapshot            # remake it if stale, with both twins (~1 min)
    python3 -m scripts.build_snapshot --quick    # the same without the brotli twin (~6-15 s)
    python3 -m scripts.build_snapshot --check    # exit 1 if it is stale

The snapshot (scripts/make_snapshot.mjs) holds the game's modules that page.py imports, imported from
py/mexican_train.zip, and the bytecode of the Python a restored Python runs first. It is stale when anything it
was made from changed: the archive (its tag, scripts/build_py.py), page.py (which modules it imports), worker.py
and static/js/restored-python.js (texts it holds compiled), the Pyodide files and cut-down standard
library it was taken with, or make_snapshot.mjs itself. What it was made from is kept beside it in
python-snapshot.json (not part of the site).

A stale snapshot is never wrong in the page: the page compares the snapshot's tag with the archive's
and imports the game anew when they differ (static/js/pyodide-start.js); it only loses the time the
snapshot saves. So scripts/serve.py, which rebuilds the archive on request when a module changes,
leaves the snapshot as it is (remaking it takes seconds); scripts/play.sh remakes it quickly at start
(``--quick``), and scripts/setup.sh and scripts/build_dist.py remake it with its brotli twin.
Without Node the snapshot is left as it is.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys

from scripts import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAKER = os.path.join(HERE, "make_snapshot.mjs")
SNAPSHOT = "python-snapshot.bin"
INFO = "python-snapshot.json"
REST = "python_stdlib.rest.zip"   # the standard modules the snapshot had not imported, written with it


def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def inputs(root: str = ROOT, vendor: str | None = None) -> dict[str, str | None]:
    """What the snapshot is made from, as it is now: the archive's tag and hashes of the other inputs."""
    pyodide = os.path.join(vendor or os.path.join(root, "vendor"), "pyodide")
    files = {"page": os.path.join(root, "py", "page.py"), "worker": os.path.join(root, "py", "worker.py"),
             "restored": os.path.join(root, "static", "js", "restored-python.js"), "maker": MAKER,
             "stdlib": os.path.join(pyodide, "python_stdlib.game.zip"),
             "runtime": os.path.join(pyodide, "pyodide.asm.mjs")}
    found: dict[str, str | None] = {"package": build_py.tag(os.path.join(root, "py", "mexican_train.zip"))}
    found.update({key: _sha256(path) if os.path.exists(path) else None for key, path in files.items()})
    return found


def recorded(root: str = ROOT, vendor: str | None = None) -> dict:
    """python-snapshot.json: what the snapshot on disk was made from ({} when unknown)."""
    path = os.path.join(vendor or os.path.join(root, "vendor"), "pyodide", INFO)
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def stale(root: str = ROOT, vendor: str | None = None) -> bool:
    """True when the snapshot (or its plain .gz file, or its zip of the standard modules left) is missing or was
    made from other inputs."""
    pyodide = os.path.join(vendor or os.path.join(root, "vendor"), "pyodide")
    if not all(os.path.exists(os.path.join(pyodide, name)) for name in (SNAPSHOT, SNAPSHOT + ".gz", REST)):
        return True
    return recorded(root, vendor).get("inputs") != inputs(root, vendor)


def ensure(root: str = ROOT, vendor: str | None = None, brotli: bool = True) -> bool:
    """Remake the snapshot if it is stale (and its brotli twin if asked and missing); True if remade."""
    pyodide = os.path.join(vendor or os.path.join(root, "vendor"), "pyodide")
    node = shutil.which("node")
    if node is None or not os.path.exists(os.path.join(pyodide, "pyodide.mjs")):
        print("build_snapshot: no node or no vendor/pyodide: the snapshot is left as it is (run scripts/setup.sh)",
              file=sys.stderr)
        return False
    archive = os.path.join(root, "py", "mexican_train.zip")
    build_py.ensure(archive, os.path.join(root, "py", "mexican_train"))
    target = os.path.join(pyodide, SNAPSHOT)
    if not stale(root, vendor):
        twin = target + ".br"
        if brotli and not (os.path.exists(twin) and os.path.getmtime(twin) >= os.path.getmtime(target)):
            subprocess.run([node, os.path.join(HERE, "precompress.mjs"), target], check=True, stdout=subprocess.DEVNULL)
        return False
    now = inputs(root, vendor)
    scripts = [os.path.join(root, "py", name) for name in ("page.py", "worker.py")]
    command = [node, MAKER, pyodide, archive, *scripts] + ([] if brotli else ["--no-brotli"])
    subprocess.run(command, check=True)
    info = recorded(root, vendor)
    info["inputs"] = now
    path = os.path.join(pyodide, INFO)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(info, f, indent=1)
        f.write("\n")
    os.replace(path + ".tmp", path)
    return True


def main(argv: list[str]) -> int:
    if "--check" in argv:
        if stale():
            print("vendor/pyodide/python-snapshot.bin is missing or stale: run python3 -m scripts.build_snapshot")
            return 1
        return 0
    made = ensure(brotli="--quick" not in argv)
    print("python-snapshot.bin: " + ("remade" if made else "up to date"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
