#!/usr/bin/env python3
"""Write the complete static site to dist/, ready to upload to any static host.

    python3 -m scripts.build_dist             # -> dist/
    python3 -m scripts.build_dist --out DIR   # somewhere else (DIR is replaced)

dist/ holds exactly the files the page needs and nothing else: index.html and a page for
each other language (index.<lang>.html, scripts/build_page.py),
manifest.webmanifest, static/ (scripts, styles, icons), py/page.py and
py/mexican_train.zip (the game's Python, packed by scripts/build_py.py), the
PyScript and Pyodide files the page loads (vendor/, 13.8 MB in all; Python's
memory snapshot, which holds the game's modules, is remade first when the
package changed: scripts/build_snapshot.py, ~1 min) and sw.js,
the offline service worker with its precache list (scripts/build_sw.py). The
list comes from scripts/build_sw.py's ``site_files``, so what is uploaded is
exactly what the service worker caches. Beside the big text, wasm and snapshot
files go precompressed twins (``name.br``, ``name.gz``) for hosts that serve
them (nginx's gzip_static / brotli_static; see the README's "Putting it on a website").

Every URL in the site is relative: upload the folder's contents to any path
(``https://example.org/games/mexican-train/``) and open that address. The host
must send ``.wasm`` as ``application/wasm`` (most do); the service worker, and
so offline play, needs HTTPS (or localhost). Needs vendor/ (bash
scripts/setup.sh) but no network. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
from scripts import build_sw
from scripts.build import run as build_steps
from scripts.static_host import COMPRESSIBLE

PRECOMPRESS = os.path.join(HERE, "precompress.mjs")
TWIN_SUFFIXES = (".br", ".gz")
TWIN_MIN_BYTES = 1024   # below this a compressed body saves less than its headers cost

DIST = os.path.join(ROOT, "dist")


def build(out: str = DIST, root: str = ROOT) -> list[str]:
    """Write the site into ``out`` (replacing it); returns the files written, relative to out."""
    out = os.path.abspath(out)
    if os.path.commonpath([out, os.path.abspath(root)]) == out:
        raise SystemExit(f"build_dist: refusing to replace {out}: it holds the repository")
    # what the page loads, current (the snapshot holds the game: remade, ~1 min, when the package changed);
    # the site's own sw.js is written below, for the files copied
    build_steps(root, through="pages")
    files = build_sw.site_files(root)
    tmp = out + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    for path in files:
        target = os.path.join(tmp, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(root, path), target)
    build_sw.ensure(tmp)
    twins = write_twins(tmp, root, files + [build_sw.SW_NAME])
    shutil.rmtree(out, ignore_errors=True)
    os.replace(tmp, out)
    return files + [build_sw.SW_NAME] + twins


def wants_twins(path: str, size: int) -> bool:
    """Whether a site file gets precompressed twins: text, wasm and the raw memory snapshot, from 1 KB."""
    return size >= TWIN_MIN_BYTES and (path.endswith(COMPRESSIBLE) or path.endswith(".bin"))


def write_twins(site: str, root: str, files: list[str]) -> list[str]:
    """Precompressed twins (name.br, name.gz) beside the big files of ``site``, as nginx's gzip_static
    and brotli_static serve them (the README's "Putting it on a website"). Twins already made beside the source in ``root``
    (vendor/, by scripts/setup.sh) are copied; the rest are made by scripts/precompress.mjs (Node's
    zlib). Returns the twins written, relative to ``site``; none without Node (hosts that compress on
    the fly do not need them)."""
    written, todo = [], []
    for path in files:
        target = os.path.join(site, path)
        if not wants_twins(path, os.path.getsize(target)):
            continue
        source = os.path.join(root, path)
        have = [s for s in TWIN_SUFFIXES if os.path.isfile(source + s) and not os.path.isfile(target + s)
                and os.path.getmtime(source + s) >= os.path.getmtime(source)]
        for suffix in have:   # copied after the file itself, so the twin is the newer of the two
            shutil.copyfile(source + suffix, target + suffix)
        if len(have) < len(TWIN_SUFFIXES) and not all(os.path.isfile(target + s) for s in TWIN_SUFFIXES):
            todo.append(path)
    if todo and shutil.which("node"):
        subprocess.run(["node", PRECOMPRESS, *todo], cwd=site, check=True, stdout=subprocess.DEVNULL)
    elif todo:
        print("build_dist: no node: no precompressed twins for " + ", ".join(todo), file=sys.stderr)
    for path in files:
        written += [path + s for s in TWIN_SUFFIXES if os.path.isfile(os.path.join(site, path + s))
                    and path + s not in files]
    return written


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DIST, help="the folder to write (replaced); default: dist/")
    a = ap.parse_args(argv)
    files = build(a.out)
    size = sum(os.path.getsize(os.path.join(a.out, f)) for f in files)
    print(f"{os.path.relpath(os.path.abspath(a.out))}/: {len(files)} files, {size / 1e6:.1f} MB; "
          f"upload its contents to any static host (HTTPS for offline play)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
