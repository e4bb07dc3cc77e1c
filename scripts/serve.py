#!/usr/bin/env python3
"""Serve the game from the repository root, for play and for the browser tests.

    python3 -m scripts.serve [--port 8000] [--prefix /sub/dir/] [--root DIR] [--example]

Standard library only.

* Files go out as a static host sends them (scripts/static_host.py): gzip or
  brotli where the browser accepts it (a precompressed twin ``name.br`` /
  ``name.gz`` when there is one, text and wasm gzipped on the fly otherwise),
  an ETag answered with 304, and explicit Content-Types (.wasm must be
  application/wasm for streaming compilation).
* ``--port 0`` picks a free port. The first line on stdout is ``PORT <n>``,
  the second the address to open.
* ``--prefix`` mounts the site under a sub-path (every URL in the page is
  relative, so it must work there unchanged).
* The page's own files are sent with ``Cache-Control: no-cache`` (revalidated
  on every load, so an edit shows on reload); vendor/ is left to the
  browser's usual caching. sw.js, if one is added, is always no-cache.
* A request for a page, ``py/mexican_train.zip`` or ``sw.js`` first runs the
  build's steps the page fetches (scripts/build.py, ``SERVED``), each only when
  a source is newer than its output: the catalogues, the package (Python's
  memory snapshot, which holds the game's modules, then no longer matches it:
  the page notices and imports the game anew; play.sh remakes the snapshot at
  start), the pages, and for ``sw.js`` the offline service worker, so the
  worker installs the new release. Editing and reloading is enough. A page
  under the worker is served from its cache: after an edit, the first reload
  installs the new version (the page offers a reload), the next one shows it;
  ``?nosw`` in the address skips the worker.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import re
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
from scripts import build
from scripts.static_host import StaticHandler

_build_lock = threading.Lock()


class Handler(StaticHandler):
    prefix = "/"

    def _local(self) -> str | None:
        clean = self.path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(self.prefix):
            return None
        return "/" + clean[len(self.prefix):]

    def translate_path(self, path):
        local = self._local()
        if local is None:
            return "/nonexistent/\0"  # -> 404
        return super().translate_path(local)

    def send_head(self):
        local = self._local()
        root = self.directory
        # from the sources in the repository; a built site (dist/) has only its sw.js to write
        steps = build.SERVED if os.path.isdir(os.path.join(root, "py", "mexican_train")) else ("sw",)
        if local == "/sw.js" or (steps is build.SERVED and (local == "/py/mexican_train.zip" or _is_page(local))):
            with _build_lock:
                try:
                    build.run(root, only=steps, through="sw" if local == "/sw.js" else "pages")
                except (OSError, SystemExit) as err:  # vendor/ missing: no worker, the page plays online
                    if local != "/sw.js":
                        raise
                    self.send_error(404, str(err).splitlines()[0][:200])
                    return None
        return super().send_head()

    def end_headers(self):
        local = self._local() or ""
        if not local.startswith("/vendor/") or local.endswith("sw.js"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if os.environ.get("SERVE_LOG"):
            super().log_message(fmt, *args)


def _is_page(local: str | None) -> bool:
    """A request for one of the built pages: the site's folder, index.html or index.<lang>.html."""
    return local is not None and bool(re.fullmatch(r"/(index(\.[a-z]{2,3})?\.html)?", local))


def make_server(port: int = 0, prefix: str = "/", root: str = ROOT) -> http.server.ThreadingHTTPServer:
    """A server bound to 127.0.0.1 (not started); tests run it in a thread."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("BoundHandler", (Handler,), {"prefix": prefix})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=root))
    server.daemon_threads = True
    server.url = f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    return server


def make_example_server(game_url: str, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A second origin serving examples/ (the example host page), for the game served at ``game_url``."""
    server = make_server(port, "/", os.path.join(ROOT, "examples"))
    server.url = f"{server.url}host.html?game={game_url}"
    return server


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    ap.add_argument("--prefix", default="/", help="serve the site under this sub-path")
    ap.add_argument("--root", default=ROOT, help="folder to serve (default: the repository root)")
    ap.add_argument("--example", action="store_true",
                    help="also serve examples/host.html on the next port: a games site on another origin that "
                         "embeds the game, shows its events and pauses it (docs/embed.md)")
    a = ap.parse_args()
    srv = make_server(a.port, a.prefix, os.path.abspath(a.root))
    print(f"PORT {srv.server_address[1]}", flush=True)
    print(srv.url, flush=True)
    servers = [srv]
    if a.example:
        host = make_example_server(srv.url, srv.server_address[1] + 1 if a.port else 0)
        print(f"the example host page, on another origin: {host.url}", flush=True)
        threading.Thread(target=host.serve_forever, daemon=True).start()
        servers.append(host)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        for server in servers:
            server.server_close()


if __name__ == "__main__":
    main()
