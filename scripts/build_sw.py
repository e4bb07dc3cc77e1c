#!/usr/bin/env python3
"""Write sw.js, the offline service worker, beside index.html: the exact list of files the page needs.

    python3 -m scripts.build_sw [--root DIR]    # (re)write DIR/sw.js if it changed; DIR defaults to the repo
    python3 -m scripts.build_sw --list          # print the files the page needs, one per line

sw.js is generated (git-ignored) from scripts/sw.template.js with two values:

* ``FILES``: ``[url, hash]`` for every file the page loads, relative to sw.js
  (so the site works from any sub-path): the page itself (``./``), the web
  app manifest, everything under static/, the Python the page runs (the
  worker's and the page's glue, py/worker.py and py/page.py, and the package
  archive, found where the scripts name them), the PyScript files
  the page actually requests (core.js and its static imports, the ``error``
  plugin chunk PyScript imports even when switched off), the five
  files Pyodide fetches at boot and Python's memory snapshot. ``hash`` is a SHA-256 prefix of the file.
* ``VERSION``: a hash of all of that plus the template. Any change to any file
  changes sw.js, so the browser installs the new worker, which fills a new
  cache (copying files whose hash did not change from the old cache instead of
  downloading them again) and deletes the old one when it takes over.

The PyScript chunk names are content-hashed (``core-C9KDLldu.js``), so the
list is found by following core.js's imports, never written by hand.
scripts/serve.py calls ``ensure()`` whenever sw.js is requested, and
scripts/build_dist.py uses ``site_files()`` to decide what goes into dist/.
Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import html.parser
import json
import os
import posixpath
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TEMPLATE = os.path.join(HERE, "sw.template.js")
SW_NAME = "sw.js"
MANIFEST = "manifest.webmanifest"
# What pyodide.mjs fetches at boot (the browser's network log of a plain loadPyodide() shows these five; the lock
# file is fetched even with no packages), with the game's cut-down standard library in place of python_stdlib.zip
# (scripts/make_stdlib.mjs; static/js/pyodide-boot.js passes it as stdLibURL), and the memory snapshot of a
# started Python that scripts/setup.sh writes beside them (scripts/make_snapshot.mjs; static/js/snapshot.js
# fetches it), as it is and as a plain gzip file for hosts that do not compress, with the standard modules it
# had not imported (python_stdlib.rest.zip, the standard library of a start from the snapshot).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.game.zip", "pyodide-lock.json",
                 "python-snapshot.bin", "python-snapshot.bin.gz", "python_stdlib.rest.zip")
# Pairs of files the service worker caches one of: the first when the host sends it compressed, otherwise
# the second, a plain file with the same content gzipped (static/js/snapshot.js reads either).
EITHER = (("python-snapshot.bin", "python-snapshot.bin.gz"),)
# PyScript plugin chunks imported at boot although the page's config switches them off ("!error" only hides it).
PYSCRIPT_BOOT_PLUGINS = ("error",)

INLINED = ("static/css/app.css", "static/js/prefs.js")   # scripts/build_page.py inlines these into the pages
_hashes: dict[str, tuple[int, int, str]] = {}  # path -> (mtime_ns, size, hash): serve.py asks on every sw.js request


class _Refs(html.parser.HTMLParser):
    """The local URLs index.html refers to: src / href attributes, and PyScript's config (a ``<py-config>``, or
    a py script's ``config``): its interpreter and its ``files``."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []
        self.interpreter: str | None = None
        self._in_config = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("src", "href"):
            if a.get(name):
                self.urls.append(a[name])
        if tag == "script" and a.get("type") == "py" and a.get("config"):
            self._config(a["config"])
        self._in_config = tag == "py-config"

    def handle_endtag(self, tag):
        self._in_config = False

    def handle_data(self, data):
        if self._in_config and data.strip():
            self._config(data)

    def _config(self, text):
        config = json.loads(text)
        self.urls += list(config.get("files", {}))
        if config.get("interpreter"):
            self.interpreter = config["interpreter"]
            self.urls.append(config["interpreter"])


def _local(url: str) -> str | None:
    """A page URL (relative to index.html) as a site path, or None for data:, anchors and other hosts."""
    url = url.split("#", 1)[0].split("?", 1)[0]
    if not url or re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I) or url.startswith("//") or url.startswith("/"):
        return None
    path = posixpath.normpath(url)
    return None if path.startswith("..") or path == "." else path


def _pyscript_files(root: str, folder: str) -> set[str]:
    """core.js, its static imports, and the plugin chunks PyScript imports at boot (names relative to folder)."""
    base = os.path.join(root, folder)

    def read(name):
        with open(os.path.join(base, name), encoding="utf-8") as f:
            return f.read()

    def closure(start):
        seen, todo = set(), [start]
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += re.findall(r'from\s*"\./([^"]+\.js)"', read(name))
        return seen

    files = closure("core.js")
    core = "".join(read(n) for n in files)
    for plugin in PYSCRIPT_BOOT_PLUGINS:
        chunk = plugin_chunk(core, plugin)
        if not chunk:
            raise SystemExit(f"build_sw: cannot find PyScript's {plugin!r} plugin chunk in {folder}")
        files |= closure(chunk)
    return files


def plugin_chunk(code: str, plugin: str) -> str | None:
    """The file name of a PyScript plugin's chunk, from the code of PyScript's chunks that import it (``error:()=>
    import("./error-….js")``), or None."""
    m = re.search(r'\b%s:\(\)=>import\("\./([^"]+\.js)"\)' % re.escape(plugin), code)
    return m.group(1) if m else None


def site_files(root: str = ROOT) -> list[str]:
    """Every file the page needs, as paths relative to root (index.html first). Raises if one is missing."""
    # every language's page, the page a friend's device opens from an invitation (friend.html), PyScript's frame
    pages = {"index.html"} | {n for n in os.listdir(root)
                              if re.fullmatch(r"index\.[a-z]{2,3}\.html|friend(\.[a-z]{2,3})?\.html|pyscript\.html", n)}
    refs = _Refs()   # every language's page: each links its own manifest
    for page in sorted(pages):
        with open(os.path.join(root, page), encoding="utf-8") as f:
            refs.feed(f.read())
    files = set(pages)
    for url in refs.urls:
        path = _local(url)
        if path:
            files.add(path)
    for folder, dirs, names in os.walk(os.path.join(root, "static")):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in names:
            twin = name.endswith((".br", ".gz")) and os.path.exists(os.path.join(folder, name[:-3]))   # precompressed
            if not name.startswith(".") and not name.endswith((".map", "~")) and not twin:
                files.add(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    files -= set(INLINED)   # inside every page already
    # our modules importing from outside static/ (PyScript's own chunks are followed below, only those it loads)
    for path in sorted(p for p in files if p.endswith(".js") and p.startswith("static/")):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            # static and dynamic imports, and assets a module names relative to itself (new URL("..", import.meta.url))
            for spec in re.findall(r'(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew\s+URL\(\s*)"(\.{1,2}/[^"]+)"', f.read()):
                target = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
                if not target.startswith("..") and not spec.endswith("/"):   # a folder (an indexURL) is no file
                    files.add(target)
    # PyScript (its core.css is not loaded: the one rule the page needs, hiding <mpy-config>, is in its style)
    for path in [p for p in files if posixpath.basename(p) == "core.js"]:
        folder = posixpath.dirname(path)
        files |= {posixpath.join(folder, n) for n in _pyscript_files(root, folder)}
    # Pyodide's folder: the interpreter itself, or the pyodide.mjs it imports (static/js/pyodide-start.js)
    for path in {_local(refs.interpreter or "")} | {p for p in files if posixpath.basename(p) == "pyodide.mjs"}:
        if path and posixpath.basename(path) == "pyodide.mjs":
            files |= {posixpath.join(posixpath.dirname(path), n) for n in PYODIDE_FILES}
    missing = sorted(p for p in files if not os.path.isfile(os.path.join(root, p)))
    if missing:
        raise FileNotFoundError("build_sw: the page needs files that are not there: " + ", ".join(missing)
                                + " (run bash scripts/setup.sh, python3 -m scripts.build_py)")
    files.discard(SW_NAME)
    return ["index.html"] + sorted(files - {"index.html"})


def file_hash(path: str) -> str:
    st = os.stat(path)
    known = _hashes.get(path)
    if known and known[:2] == (st.st_mtime_ns, st.st_size):
        return known[2]
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    digest = h.hexdigest()[:16]
    _hashes[path] = (st.st_mtime_ns, st.st_size, digest)
    return digest


def url_of(path: str) -> str:
    """The URL the page uses for a site path, relative to sw.js: the page itself is its folder, "./"."""
    return "./" if path == "index.html" else "./" + path


def render(root: str = ROOT) -> tuple[str, str, list[list[str]]]:
    """(sw.js text, version, [[url, hash], ...]) for the site in root."""
    with open(TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    entries = [[url_of(p), file_hash(os.path.join(root, p))] for p in site_files(root)]
    h = hashlib.sha256(template.encode())
    for url, digest in entries:
        h.update(f"\0{url}\0{digest}".encode())
    version = h.hexdigest()[:12]
    listing = "[\n" + ",\n".join("  " + json.dumps(e) for e in entries) + "\n]"
    urls = {url for url, _ in entries}
    either = [[u + a, u + b] for url in urls for a, b in EITHER if url.endswith("/" + a)
              for u in [url[: -len(a)]] if u + b in urls]
    text = (template.replace("__VERSION__", version).replace("__FILES__", listing)
            .replace("__EITHER__", json.dumps(either)))
    return text, version, entries


def ensure(root: str = ROOT) -> bool:
    """Write root/sw.js if it is missing or differs; True if it was (re)written."""
    text, _, _ = render(root)
    target = os.path.join(root, SW_NAME)
    try:
        with open(target, encoding="utf-8") as f:
            if f.read() == text:
                return False
    except FileNotFoundError:
        pass
    tmp = target + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, target)
    return True


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=ROOT, help="the site folder (index.html inside); default: the repository")
    ap.add_argument("--list", action="store_true", help="print the files the page needs and exit")
    a = ap.parse_args(argv)
    root = os.path.abspath(a.root)
    if a.list:
        print("\n".join(site_files(root)))
        return 0
    changed = ensure(root)
    _, version, entries = render(root)
    size = sum(os.path.getsize(os.path.join(root, "index.html" if u == "./" else u[2:])) for u, _ in entries)
    print(f"{os.path.relpath(os.path.join(root, SW_NAME))}: {'written' if changed else 'up to date'}, "
          f"version {version}, {len(entries)} files, {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
