"""The game served as scripts/serve.py serves it, plus scripts of the suite's own added to each page.

The page's Content-Security-Policy allows scripts from its own origin and its two inline blocks by hash, so a
script the suite wants to run before the page's own (``watch.js``: console errors and page errors, which
WebKitWebDriver does not report; ``busy.js``, idle unless a test asks; bench/engines.py's freeze timer) must be a
file of the page's origin. This
server, and only this server, answers ``<prefix>__e2e__/<name>.js`` with it and writes
``<script src="<prefix>__e2e__/<name>.js"></script>`` into every page it sends (the built pages and
examples/host.html), right after the policy's ``<meta>``, before any script of the page. Nothing on disk
changes: scripts/serve.py, play.sh and dist/ send the page as it is built. The policy itself is untouched, and
the added script is subject to it like the page's own.

A benchmark that times the page's start (bench/engines.py) asks for its scripts ``inline`` instead: a
``<script src>`` in the head holds the parser until it has been fetched, on a return visit through the service
worker, which the page players get never does (on Firefox's return visits the page's own first script ran at
71-84 ms instead of 28-35 ms, and its first paint came at 107-132 ms instead of 53-69 ms). Inline, each script's
SHA-256 joins the policy's ``script-src``, which allows that script and nothing more.

It also notes the path of every request it answers (``requests``), so a test can tell how Python started
(the memory snapshot is fetched only by a snapshot start) from the outside.

A service worker caches the page as this server sent it; for offline runs, ``CACHE_ADDED_SCRIPTS`` (a
function to run in the page) puts the added scripts into the game's offline cache beside its own files.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import io
import os
import re
import sys
import threading
import urllib.error
import urllib.request

from scripts import build_page, build_py, csp, serve

HERE = os.path.dirname(os.path.abspath(__file__))
WATCH = os.path.join(HERE, "watch.js")
BUSY = os.path.join(HERE, "busy.js")   # idle unless a test sets sessionStorage "e2e-busy" (busy.js says what it does)
MARK = "__e2e__/"
_META = re.compile(rb'<meta http-equiv="Content-Security-Policy"[^>]*>')

# Run in the page once its offline cache is complete: the suite's scripts go into that cache (the service
# worker answers only from it, and knows nothing of them), so the page loaded offline has its watch too.
CACHE_ADDED_SCRIPTS = """async (urls) => {
  const scope = (await navigator.serviceWorker.ready).scope;
  const names = (await caches.keys()).filter((k) => k.startsWith("mexican-train:offline:" + scope + "#"));
  if (names.length !== 1) return "offline caches: " + JSON.stringify(names);
  const cache = await caches.open(names[0]);
  await cache.addAll(urls);
  return "";
}"""


def _make_handler(prefix: str, scripts: dict[str, str], requests: list[str], inline: bool = False):
    class Watched(serve.Handler):
        def send_head(self):
            local = self._local()
            if local is not None:
                requests.append(local)
            if local is not None and local.startswith("/" + MARK) and local[len(MARK) + 1:] in scripts:
                with open(scripts[local[len(MARK) + 1:]], "rb") as f:
                    return self._send(f.read(), "text/javascript; charset=utf-8")
            if local is not None and (serve._is_page(local) or local == "/examples/host.html"):
                if os.path.isdir(os.path.join(self.directory, "py", "mexican_train")):
                    with serve._build_lock:
                        build_py.ensure(os.path.join(self.directory, "py", "mexican_train.zip"),
                                        os.path.join(self.directory, "py", "mexican_train"))
                        build_page.ensure(self.directory)
                name = local.lstrip("/") or "index.html"
                with open(os.path.join(self.directory, name), "rb") as f:
                    page = f.read()
                found = _META.search(page)
                at = found.end() if found else page.index(b"<head>") + len(b"<head>")
                if inline:
                    return self._send(_with_inline(page, at, bool(found), scripts), "text/html; charset=utf-8")
                tags = b"".join(b'\n<script src="%s%s%s"></script>' % (prefix.encode(), MARK.encode(), n.encode())
                                for n in scripts)
                return self._send(page[:at] + tags + page[at:], "text/html; charset=utf-8")
            return super().send_head()

        def _send(self, body: bytes, kind: str):
            etag = '"%s"' % hashlib.sha256(body).hexdigest()[:20]
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return None
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("ETag", etag)
            self.end_headers()
            return io.BytesIO(body)

    return Watched


def _with_inline(page: bytes, at: int, has_policy: bool, scripts: dict[str, str]) -> bytes:
    """``page`` with each script's text in a ``<script>`` at ``at``; its policy's hashes made anew from the page's
    inline blocks (scripts/csp.py, as the build makes them), so each added script is allowed by its own."""
    texts = []
    for path in scripts.values():
        with open(path, "rb") as f:
            texts.append(f.read())
        assert b"</script" not in texts[-1].lower(), f"{path} would end its inline <script>"
    page = page[:at] + b"".join(b"\n<script>%s</script>" % text for text in texts) + page[at:]
    return csp.with_current_hashes(page.decode("utf-8")).encode("utf-8") if has_policy else page


class WatchedServer:
    """The game on http://127.0.0.1:<port><prefix>, in a thread, with ``scripts`` ({name: path}) added to its pages
    (``inline``: their text, each allowed by its hash, for a benchmark; the module docstring says why).

    ``url`` is the game's address; ``other_origin(path)`` the same server reached as ``localhost`` (another
    origin, for a host page); ``stop()`` closes the port for good (offline runs)."""

    def __init__(self, prefix: str = "/", scripts: dict[str, str] | None = None, inline: bool = False) -> None:
        self.scripts = scripts if scripts is not None else {"watch.js": WATCH, "busy.js": BUSY}
        self.inline = inline
        self.requests: list[str] = []
        self._srv = serve.make_server(0, prefix)
        self._srv.RequestHandlerClass = self._handler(prefix)
        self._srv.handle_error = self._quiet_about_gone_browsers
        self.port = self._srv.server_address[1]
        self.url = self._srv.url
        self._thread = threading.Thread(target=self._srv.serve_forever, daemon=True)
        self._thread.start()
        self.stopped = False

    def _handler(self, prefix: str):
        prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        watched = _make_handler(prefix, self.scripts, self.requests, self.inline)
        handler = type("BoundWatched", (watched,), {"prefix": prefix})
        return functools.partial(handler, directory=serve.ROOT)

    def _quiet_about_gone_browsers(self, request, client_address) -> None:
        # A browser closed while the service worker was still downloading: nothing to report.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            http.server.ThreadingHTTPServer.handle_error(self._srv, request, client_address)

    @property
    def added(self) -> list[str]:
        """The added scripts' URLs, relative to the game's page."""
        return [MARK + name for name in self.scripts]

    def other_origin(self, path: str) -> str:
        return f"http://localhost:{self.port}/{path.lstrip('/')}"

    def stop(self) -> None:
        """Stop answering, close the port, and check that nothing answers there any more."""
        if self.stopped:
            return
        self._srv.shutdown()
        self._srv.server_close()
        self.stopped = True
        try:
            urllib.request.urlopen(self.url, timeout=3)
        except (urllib.error.URLError, ConnectionError):
            return
        raise AssertionError(f"{self.url} still answers after the server was stopped")
