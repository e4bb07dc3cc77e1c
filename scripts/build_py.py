#!/usr/bin/env python3
"""Pack the Python package for the page: py/mexican_train/**.py -> py/mexican_train.zip.

The page unpacks this one archive into Python's working folder
(static/js/pyodide-start.js), so a cold start costs one request for the whole
package instead of one per module, and a module added to the package is
picked up without touching index.html.

The game's modules travel as sources only: the page's Python nearly always
starts from its memory snapshot, which holds them imported already, so their
bytecode would be 380 KB more to download for nothing (it saved ~95 ms of
compiling only on the usual start-up, taken on slow networks, where those
bytes cost more: 2 s at Slow 4G's 190 kB/s). The archive holds
``pyscript/__pycache__/*.pyc``, hash-based bytecode of the Python package
PyScript writes as source into the same folder at every start (from
vendor/pyscript, compiled by the page's own Python: scripts/compile_pyc.mjs
runs Pyodide from node_modules under Node), so PyScript's own import, which
every start runs, skips compiling. Without Node or node_modules the archive
holds the sources only, and says so.

    python3 -m scripts.build_py           # build if stale, print what it did
    python3 -m scripts.build_py --check   # exit 1 if the archive is missing or stale

The archive is deterministic (sorted names, fixed timestamps), so rebuilding
unchanged sources gives the same bytes. Its zip comment is its *tag*,
``mexican_train sha256:<hex>``, a hash of every entry: Python's memory snapshot
records the tag of the archive whose modules it imported
(scripts/build_snapshot.py), and the page compares the two before it restores the snapshot
(static/js/pyodide-start.js). scripts/serve.py rebuilds it on request
when a source is newer, so editing a module and reloading the page is enough.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile

from scripts import catalogs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "py", "mexican_train")
ARCHIVE = os.path.join(ROOT, "py", "mexican_train.zip")
COMPILER = os.path.join(ROOT, "scripts", "compile_pyc.mjs")
PYSCRIPT = os.path.join(ROOT, "vendor", "pyscript")   # PyScript as the page loads it (scripts/setup.sh)


def pyscript_chunk(pyscript: str = PYSCRIPT) -> str | None:
    """PyScript's core chunk (core-<hash>.js), which holds its Python package; None before setup."""
    if not os.path.isdir(pyscript):
        return None
    chunks = sorted(n for n in os.listdir(pyscript) if n.startswith("core-") and n.endswith(".js"))
    return os.path.join(pyscript, chunks[0]) if chunks else None


def sources(package: str = PACKAGE) -> list[tuple[str, str]]:
    """(archive name, file path) of every module of the package, sorted."""
    found = []
    base = os.path.dirname(package)
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if name.endswith((".py", ".mo")):   # modules, and the compiled catalogues (scripts/catalogs.py)
                path = os.path.join(folder, name)
                found.append((os.path.relpath(path, base).replace(os.sep, "/"), path))
    return sorted(found)


def stale(archive: str = ARCHIVE, package: str = PACKAGE) -> bool:
    """True when the archive is missing, has no tag, is older than a source, or lists other modules."""
    if not os.path.exists(archive) or tag(archive) is None:
        return True
    files = sources(package)
    built = os.path.getmtime(archive)
    chunk = pyscript_chunk()
    if any(os.path.getmtime(path) > built for _, path in files) or (chunk and os.path.getmtime(chunk) > built):
        return True
    try:
        with zipfile.ZipFile(archive) as z:
            return sorted(n for n in z.namelist() if n.endswith((".py", ".mo"))) != [name for name, _ in files]
    except zipfile.BadZipFile:
        return True


def bytecode() -> tuple[str, dict[str, bytes]] | None:
    """(cache tag, {module file: .pyc bytes}) of PyScript's own package (pyscript/*.py, once vendor/pyscript is
    there) from the page's Python, or None (with a warning) without Node. The game's modules are not compiled:
    the module's docstring says why."""
    node = shutil.which("node")
    if node is None or not os.path.exists(os.path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs")):
        print("build_py: no node or node_modules/pyodide: the archive holds sources only (run scripts/setup.sh)",
              file=sys.stderr)
        return None
    command = [node, COMPILER] + (["--pyscript", PYSCRIPT] if pyscript_chunk() else [])
    done = subprocess.run(command, input="{}", capture_output=True, text=True, check=False)
    if done.returncode != 0:
        print(f"build_py: compiling with Pyodide failed, sources only:\n{done.stderr[-2000:]}", file=sys.stderr)
        return None
    result = json.loads(done.stdout)
    compiled = {**result["pyc"], **result["pyscript"]}
    return result["cache_tag"], {name: base64.b64decode(pyc) for name, pyc in compiled.items()}


def pyc_name(name: str, cache_tag: str) -> str:
    """Where Python looks for the bytecode of module file ``name``: pkg/__pycache__/mod.<tag>.pyc."""
    folder, file = name.rsplit("/", 1)
    return f"{folder}/__pycache__/{file[:-3]}.{cache_tag}.pyc"


TAG_PREFIX = "mexican_train sha256:"


def entries_tag(entries: list[tuple[str, bytes]]) -> str:
    """The archive's tag: a SHA-256 of its entries' names and bytes, in the order they are written."""
    h = hashlib.sha256()
    for name, data in entries:
        h.update(b"%d:%s\0%d:" % (len(name.encode()), name.encode(), len(data)))
        h.update(data)
    return TAG_PREFIX + h.hexdigest()


def tag(archive: str = ARCHIVE) -> str | None:
    """The tag in ``archive``'s zip comment, or None (no archive, or one written without a tag)."""
    try:
        with zipfile.ZipFile(archive) as z:
            comment = z.comment.decode("ascii", "replace")
    except (OSError, zipfile.BadZipFile):
        return None
    return comment if comment.startswith(TAG_PREFIX) else None


def build(archive: str = ARCHIVE, package: str = PACKAGE) -> int:
    """Write the archive (atomically); returns its size in bytes."""
    texts, catalogues = {}, []
    for name, path in sources(package):
        if name.endswith(".mo"):
            with open(path, "rb") as f:
                catalogues.append((name, f.read()))
            continue
        with open(path, encoding="utf-8") as f:
            texts[name] = f.read()
    compiled = bytecode()
    entries = [(name, text.encode("utf-8")) for name, text in texts.items()] + catalogues
    if compiled:
        tag, pycs = compiled
        entries += [(pyc_name(name, tag), data) for name, data in pycs.items()]
    entries.sort()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.comment = entries_tag(entries).encode("ascii")
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    data = buf.getvalue()
    tmp = archive + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, archive)
    return len(data)


def ensure(archive: str = ARCHIVE, package: str = PACKAGE) -> bool:
    """Build the archive if it is stale (compiling the catalogues first); True if it was rebuilt."""
    catalogs.ensure()
    if stale(archive, package):
        build(archive, package)
        return True
    return False


def main(argv: list[str]) -> int:
    if "--check" in argv:
        if stale():
            print(f"{os.path.relpath(ARCHIVE, ROOT)} is missing or stale: run python3 -m scripts.build_py")
            return 1
        return 0
    if ensure():
        with zipfile.ZipFile(ARCHIVE) as z:
            pycs = sum(1 for n in z.namelist() if n.endswith(".pyc"))
        print(f"built {os.path.relpath(ARCHIVE, ROOT)}: {len(sources())} modules, {pycs} compiled, "
              f"{os.path.getsize(ARCHIVE)} bytes")
    else:
        print(f"{os.path.relpath(ARCHIVE, ROOT)} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
