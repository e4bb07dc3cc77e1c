"""Answer GET and HEAD for a file the way a static host does: compressed, with an ETag, with the right type.

Used by scripts/serve.py (play, browser tests) and bench/phone_speed.py (the phone yardstick), so that
what the tests and the figures see is what a visitor of a real host gets:

* **Content-Encoding**: a precompressed twin beside the file (``name.br``, ``name.gz``, written by
  scripts/precompress.mjs) is sent when the browser accepts its encoding and the twin is at least as
  new as the file (brotli first); otherwise text and WebAssembly (``COMPRESSIBLE``) are gzipped on
  the fly, as GitHub Pages, Netlify or nginx's ``gzip on`` do, and archives and images go as they are.
  ``Vary: Accept-Encoding`` says so to caches.
* **ETag** and **Last-Modified**: the tag is strong, from the file's mtime and size and the encoding
  sent; ``If-None-Match`` with a matching tag (or, without one, ``If-Modified-Since`` not older than
  the file) is answered ``304 Not Modified`` without a body.
* **Content-Type**: explicit for every type the site uses (``.wasm`` must be ``application/wasm``
  for streaming compilation; ``.mjs`` is JavaScript), whatever /etc/mime.types says.

Standard library only.
"""

from __future__ import annotations

import email.utils
import gzip
import http.server
import io
import os
import threading
from typing import BinaryIO

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".bin": "application/octet-stream",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}
# What static hosts compress on the fly: text and WebAssembly; never archives or images.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".py", ".svg", ".txt", ".webmanifest")
# Precompressed twins, in order of preference, and the Content-Encoding each is sent with.
TWINS = (("br", ".br"), ("gzip", ".gz"))
GZIP_LEVEL = 6   # nginx's and most hosts' on-the-fly level is lower still (nginx: 1); 6 is Python's default

_gzipped: dict[tuple[str, int, int], bytes] = {}   # (path, mtime_ns, size) -> gzip body, made once
_gzip_lock = threading.Lock()


def content_type(path: str) -> str | None:
    """The Content-Type for ``path`` by its extension, or None to let the caller guess."""
    return TYPES.get(os.path.splitext(path)[1].lower())


def accepted(header: str | None) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (``q=0`` refuses one)."""
    codings = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            codings.add(name)
    return codings


def representation(path: str, accept_encoding: str | None) -> tuple[str | None, str, int, object]:
    """How to send ``path``: (encoding or None, ETag, length, source), where source is a file path or bytes."""
    st = os.stat(path)
    ok = accepted(accept_encoding)
    for encoding, suffix in TWINS:
        twin = path + suffix
        if encoding in ok and not path.endswith(suffix):
            try:
                tst = os.stat(twin)
            except OSError:
                continue
            if tst.st_mtime_ns >= st.st_mtime_ns:
                return encoding, _etag(st, encoding), tst.st_size, twin
    if "gzip" in ok and path.lower().endswith(COMPRESSIBLE) and st.st_size > 256:
        key = (path, st.st_mtime_ns, st.st_size)
        with _gzip_lock:
            body = _gzipped.get(key)
            if body is None:
                with open(path, "rb") as f:
                    body = gzip.compress(f.read(), GZIP_LEVEL, mtime=0)
                _gzipped[key] = body
        return "gzip", _etag(st, "gzip"), len(body), body
    return None, _etag(st, None), st.st_size, path


def _etag(st: os.stat_result, encoding: str | None) -> str:
    # Each representation has its own tag: a cache must never take a gzip body for a brotli one.
    return '"%x-%x%s"' % (st.st_mtime_ns // 1000, st.st_size, "-" + encoding if encoding else "")


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """True if an ``If-None-Match`` header names ``etag`` (weak comparison, as RFC 9110 asks) or is ``*``."""
    if not if_none_match:
        return False
    tags = [t.strip() for t in if_none_match.split(",")]
    return "*" in tags or any(t.removeprefix("W/") == etag for t in tags)


def not_modified(if_none_match: str | None, if_modified_since: str | None, etag: str, path: str) -> bool:
    """Whether a conditional GET gets 304: by the ETag, or, without If-None-Match, by the date (RFC 9110 13.2.2).

    Chromium revalidates with If-Modified-Since alone in places (seen: a service worker's ``cache:
    "no-cache"`` fetch of what the page had fetched), so a host answering only If-None-Match sends the
    whole file again."""
    if if_none_match:
        return etag_matches(if_none_match, etag)
    if not if_modified_since:
        return False
    try:
        since = email.utils.parsedate_to_datetime(if_modified_since).timestamp()
    except (TypeError, ValueError, IndexError, OverflowError):
        return False
    return int(os.stat(path).st_mtime) <= since


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler that sends files as a static host does (module docstring).

    Subclasses may override ``extra_headers(path)`` for caching policy and ``count(n)`` to see the
    body bytes sent (bench/phone_speed.py counts them)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def extra_headers(self, path: str) -> dict[str, str]:
        return {}

    def count(self, nbytes: int) -> None:
        pass

    def send_head(self):  # type: ignore[override]
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            # directories: SimpleHTTPRequestHandler's redirect to "dir/" and its index.html
            index = os.path.join(path, "index.html")
            if not self.path.split("?", 1)[0].endswith("/") or not os.path.isfile(index):
                return super().send_head()
            path = index
        if not os.path.isfile(path) or path.endswith("/"):
            self.send_error(404, "File not found")
            return None
        encoding, etag, length, source = representation(path, self.headers.get("Accept-Encoding"))
        headers = {"ETag": etag, "Vary": "Accept-Encoding", **self.extra_headers(path)}
        if not_modified(self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since"), etag, path):
            self.send_response(304)
            for k, v in headers.items():
                self.send_header(k, v)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", content_type(path) or self.guess_type(path))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(length))
        self.send_header("Last-Modified", email.utils.formatdate(os.stat(path).st_mtime, usegmt=True))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        if isinstance(source, bytes):
            return io.BytesIO(source)
        return open(source, "rb")

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        while True:
            chunk = source.read(1 << 16)
            if not chunk:
                break
            outputfile.write(chunk)
            self.count(len(chunk))
