#!/usr/bin/env python3
"""Pack the Python package for the page: py/mexican_train/**.py -> py/mexican_train.zip.

The page maps this one archive into Pyodide (PyScript ``files`` with a ``"./*"``
target, unpacked by Pyodide itself), so a cold start costs one request for the
whole package instead of one per module, and a module added to the package is
picked up without touching index.html.

    python3 scripts/build_py.py           # build if stale, print what it did
    python3 scripts/build_py.py --check   # exit 1 if the archive is missing or stale

The archive is deterministic (sorted names, fixed timestamps), so rebuilding
unchanged sources gives the same bytes. scripts/serve.py rebuilds it on request
when a source is newer, so editing a module and reloading the page is enough.
"""

from __future__ import annotations

import io
import os
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "py", "mexican_train")
ARCHIVE = os.path.join(ROOT, "py", "mexican_train.zip")


def sources(package: str = PACKAGE) -> list[tuple[str, str]]:
    """(archive name, file path) of every module of the package, sorted."""
    found = []
    base = os.path.dirname(package)
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                found.append((os.path.relpath(path, base).replace(os.sep, "/"), path))
    return sorted(found)


def stale(archive: str = ARCHIVE, package: str = PACKAGE) -> bool:
    """True when the archive is missing, older than a source, or lists other modules."""
    if not os.path.exists(archive):
        return True
    files = sources(package)
    built = os.path.getmtime(archive)
    if any(os.path.getmtime(path) > built for _, path in files):
        return True
    try:
        with zipfile.ZipFile(archive) as z:
            return sorted(z.namelist()) != [name for name, _ in files]
    except zipfile.BadZipFile:
        return True


def build(archive: str = ARCHIVE, package: str = PACKAGE) -> int:
    """Write the archive (atomically); returns its size in bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, path in sources(package):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            with open(path, "rb") as f:
                z.writestr(info, f.read())
    data = buf.getvalue()
    tmp = archive + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, archive)
    return len(data)


def ensure(archive: str = ARCHIVE, package: str = PACKAGE) -> bool:
    """Build the archive if it is stale; True if it was rebuilt."""
    if stale(archive, package):
        build(archive, package)
        return True
    return False


def main(argv: list[str]) -> int:
    if "--check" in argv:
        if stale():
            print(f"{os.path.relpath(ARCHIVE, ROOT)} is missing or stale: run python3 scripts/build_py.py")
            return 1
        return 0
    if ensure():
        print(f"built {os.path.relpath(ARCHIVE, ROOT)}: {len(sources())} modules, {os.path.getsize(ARCHIVE)} bytes")
    else:
        print(f"{os.path.relpath(ARCHIVE, ROOT)} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
