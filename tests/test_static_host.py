"""scripts/serve.py answers the way a static host does: compressed, with an ETag and 304, with the right types."""

from __future__ import annotations

import gzip
import http.client
import os
import threading

import pytest

from scripts import serve, static_host


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<!doctype html><title>t</title>" + "<p>hello</p>" * 100)
    (root / "app.js").write_text("console.log('x');\n" * 200)
    (root / "big.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 40)
    (root / "pack.zip").write_bytes(b"PK" + os.urandom(4000))
    (root / "mem.bin").write_bytes(b"\1" * 5000)
    (root / "mem.bin.gz").write_bytes(gzip.compress(b"\1" * 5000))
    (root / "mem.bin.br").write_bytes(b"brotli-stand-in")
    srv = serve.make_server(0, "/", str(root))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield srv.server_address[1], root
    srv.shutdown()


def get(port, path, **headers):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res, body


def test_text_and_wasm_are_gzipped_when_the_browser_accepts_gzip(site):
    port, root = site
    for path, kind in (("/", "text/html"), ("/app.js", "text/javascript"), ("/big.wasm", "application/wasm")):
        res, body = get(port, path, **{"Accept-Encoding": "gzip, deflate"})
        assert res.status == 200 and res.getheader("Content-Encoding") == "gzip", path
        assert res.getheader("Content-Type").startswith(kind) and res.getheader("Vary") == "Accept-Encoding"
        name = "index.html" if path == "/" else path[1:]
        assert gzip.decompress(body) == (root / name).read_bytes()
        assert int(res.getheader("Content-Length")) == len(body)


def test_nothing_is_compressed_for_a_browser_that_does_not_ask_nor_archives_for_any(site):
    port, root = site
    res, body = get(port, "/app.js")
    assert res.getheader("Content-Encoding") is None and body == (root / "app.js").read_bytes()
    res, body = get(port, "/pack.zip", **{"Accept-Encoding": "gzip, br"})
    assert res.getheader("Content-Encoding") is None and res.getheader("Content-Type") == "application/zip"
    res, _ = get(port, "/app.js", **{"Accept-Encoding": "gzip;q=0, identity"})
    assert res.getheader("Content-Encoding") is None


def test_a_precompressed_twin_is_sent_brotli_first_and_only_while_it_is_not_older_than_its_file(site):
    port, root = site
    res, body = get(port, "/mem.bin", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert res.getheader("Content-Encoding") == "br" and body == b"brotli-stand-in"
    res, body = get(port, "/mem.bin", **{"Accept-Encoding": "gzip"})
    assert res.getheader("Content-Encoding") == "gzip" and gzip.decompress(body) == b"\1" * 5000
    assert res.getheader("Content-Type") == "application/octet-stream"
    res, body = get(port, "/mem.bin.gz", **{"Accept-Encoding": "gzip, br"})   # the twin itself: a plain file
    assert res.getheader("Content-Encoding") is None and res.getheader("Content-Type") == "application/gzip"
    old = os.stat(root / "mem.bin").st_mtime - 10
    os.utime(root / "mem.bin.br", (old, old))
    try:
        res, _ = get(port, "/mem.bin", **{"Accept-Encoding": "br, gzip"})
        assert res.getheader("Content-Encoding") == "gzip"   # a stale .br is not sent; the .gz still fits
    finally:
        os.utime(root / "mem.bin.br")


def test_each_representation_has_its_etag_and_a_matching_if_none_match_gets_304_without_a_body(site):
    port, _ = site
    tags = set()
    for accept in ("br", "gzip", ""):
        res, _ = get(port, "/mem.bin", **{"Accept-Encoding": accept})
        tags.add(res.getheader("ETag"))
    assert len(tags) == 3 and all(t.startswith('"') and t.endswith('"') for t in tags)
    res, _ = get(port, "/app.js", **{"Accept-Encoding": "gzip"})
    tag = res.getheader("ETag")
    res, body = get(port, "/app.js", **{"Accept-Encoding": "gzip", "If-None-Match": tag})
    assert res.status == 304 and body == b"" and res.getheader("ETag") == tag
    res, body = get(port, "/app.js", **{"Accept-Encoding": "gzip", "If-None-Match": 'W/' + tag + ', "x"'})
    assert res.status == 304
    res, body = get(port, "/app.js", **{"Accept-Encoding": "gzip", "If-None-Match": '"other"'})
    assert res.status == 200 and body
    modified = res.getheader("Last-Modified")   # Chromium revalidates with the date alone in places
    res, body = get(port, "/app.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": modified})
    assert res.status == 304 and body == b""
    res, body = get(port, "/app.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"})
    assert res.status == 200 and body


def test_missing_files_are_404_and_accept_encoding_is_read_as_the_rfc_says(site):
    assert get(site[0], "/nothing.js", **{"Accept-Encoding": "gzip"})[0].status == 404
    assert static_host.accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert static_host.accepted("br;q=0, gzip;q=0.5") == {"gzip"}
    assert static_host.accepted(None) == set()
    assert static_host.etag_matches("*", '"a"') and not static_host.etag_matches(None, '"a"')
