"""The offline service worker's file list, the deployable folder, the manifest and the icons (no browser)."""

from __future__ import annotations

import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
import urllib.request
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from scripts import build_dist, build_page, build_sw, csp, make_icons, serve

needs_vendor = pytest.mark.skipif(not os.path.exists(os.path.join(ROOT, "vendor", "pyodide", "pyodide.asm.wasm")),
                                  reason="vendor/ is missing: run bash scripts/setup.sh")


def index_html() -> str:
    """The built English page (scripts/build_page.py), rebuilt first if a source changed."""
    build_page.ensure()
    with open(os.path.join(ROOT, "index.html"), encoding="utf-8") as f:
        return f.read()


def sw_files(text: str) -> list[list[str]]:
    return json.loads(re.search(r"const FILES = (\[.*?\n\]);", text, re.S).group(1))


def sw_version(text: str) -> str:
    return re.search(r'const VERSION = "([0-9a-f]+)";', text).group(1)


class Refs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("host") / "some" / "sub" / "path"
    files = build_dist.build(str(out))
    return out, files


@needs_vendor
def test_the_page_needs_its_shell_its_python_and_only_the_runtime_files_it_loads():
    files = build_sw.site_files()
    assert files[0] == "index.html"
    for must in ("manifest.webmanifest", "static/js/app.js", "static/js/boot.js", "static/js/offline.js",
                 "static/icons/icon-192.png", "static/icons/icon-512.png",
                 "py/page.py", "py/mexican_train.zip", "vendor/pyscript/core.js"):
        assert must in files, must
    assert "vendor/pyscript/core.css" not in files   # its one needed rule is in the page's inline style
    pyodide = sorted(f for f in files if f.startswith("vendor/pyodide/"))
    assert pyodide == sorted("vendor/pyodide/" + n for n in build_sw.PYODIDE_FILES)
    pyscript = {f.rsplit("/", 1)[1] for f in files if f.startswith("vendor/pyscript/")}
    # core.js, its hashed core chunk, the error plugin chunk (imported at boot even when switched off)
    assert len(pyscript) == 3 and any(re.fullmatch(r"core-[\w-]+\.js", n) for n in pyscript)
    assert any(n.startswith("error-") for n in pyscript)
    assert not any(n.startswith(("codemirror", "xterm", "py-editor", "toml", "zip")) for n in pyscript)
    assert "sw.js" not in files and not any("/." in f or f.endswith(".map") for f in files)


def test_every_url_in_the_page_is_relative():
    refs = Refs()
    text = index_html()
    refs.feed(text)
    assert refs.urls
    for url in refs.urls:
        assert url.startswith("./") or url.startswith("#") or url.startswith("data:"), url
    config = json.loads(re.search(r"<py-config>(.*?)</py-config>", text, re.S).group(1))
    assert config["interpreter"].startswith("./") and all(k.startswith("./") for k in config.get("files", {}))
    scripts = os.path.join(ROOT, "static", "js")
    for name in [os.path.relpath(os.path.join(d, n), scripts) for d, _dirs, names in os.walk(scripts) for n in names]:
        with open(os.path.join(scripts, name), encoding="utf-8") as f:
            source = f.read()
        assert not re.search(r"""(fetch|register|import)\s*\(\s*["']/""", source), name
        assert not re.search(r"""from\s*["']/""", source), name


class HeadTags(html.parser.HTMLParser):
    """The tags of <head> with their attributes."""

    def __init__(self):
        super().__init__()
        self.tags, self.in_head = [], True

    def handle_starttag(self, tag, attrs):
        if tag == "body":
            self.in_head = False
        elif self.in_head:
            self.tags.append((tag, dict(attrs)))


def test_nothing_is_fetched_before_the_first_paint():
    head = HeadTags()
    head.feed(index_html())
    assert [t for t, a in head.tags if t == "style"] == ["style"], "the page's styles, inline"
    for tag, attrs in head.tags:
        assert not (tag == "link" and attrs.get("rel") in ("stylesheet", "preload", "modulepreload")), attrs
        if tag == "script" and "src" in attrs:   # no script the parser must fetch and wait for
            assert "defer" in attrs or "async" in attrs or attrs.get("type") == "module", attrs


def test_the_policy_allows_the_pages_inline_style_and_script_by_hash_and_nothing_else_inline():
    page = index_html()
    assert csp.with_current_hashes(page) == page, "stale hashes"
    hashes = csp.inline_hashes(page)
    assert len(hashes["script-src"]) == 1 and len(hashes["style-src"]) == 1
    policy = csp.META.search(page).group(1)
    assert "'unsafe-inline'" not in policy and "'unsafe-hashes'" not in policy
    # a change of one character in either block makes the policy stale, and --check says so
    edited = page.replace("[hidden] { display: none !important; }", "[hidden] { display: none  !important; }")
    assert edited != page and csp.with_current_hashes(edited) != edited
    edited = page.replace('var KEY = "mexican-train:prefs:ui";', 'var KEY = "mexican-train:prefs:UI";')
    assert edited != page and csp.with_current_hashes(edited) != edited


def test_the_csp_check_fails_on_stale_hashes_and_the_hashes_are_sha256_of_each_block(tmp_path):
    page = tmp_path / "index.html"
    text = ('<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'self\'; '
            'script-src \'self\' \'sha256-stale=\'; object-src \'none\'">'
            "<style>p { color: red; }</style><script>window.x = 1;</script>"
            '<script type="py">print(1)</script><script src="./a.js"></script></head></html>')
    page.write_text(text, encoding="utf-8")
    assert csp.main(["--check", str(page)]) == 1
    page.write_text(csp.with_current_hashes(text), encoding="utf-8")
    assert csp.main(["--check", str(page)]) == 0
    policy = csp.META.search(page.read_text(encoding="utf-8")).group(1)
    # digests from openssl: echo -n 'window.x = 1;' | openssl dgst -sha256 -binary | base64 (and the style's)
    assert policy == ("default-src 'self'; script-src 'self' 'sha256-U1BU0BfAhaBREBgsEDDctSYokOF3U7hQUIj6mrtukfw='; "
                      "object-src 'none'; style-src 'sha256-pckGv9YvNcB5xy+Y4fbqhyo+ib850wyiuWeNbZvLi00='")


@needs_vendor
def test_sw_js_lists_every_file_with_its_hash_and_a_version_that_follows_any_change(dist):
    out, _ = dist
    text = (out / "sw.js").read_text()
    entries = sw_files(text)
    urls = [u for u, _ in entries]
    assert urls[0] == "./" and all(u.startswith("./") for u in urls)
    version = sw_version(text)
    # one byte changed in one file: a new version, and only that file's hash differs
    target = out / "static" / "js" / "text.js"
    target.write_text(target.read_text() + "\n// release 2\n")
    try:
        text2, version2, entries2 = build_sw.render(str(out))
        assert version2 != version and sw_version(text2) == version2
        changed = [a[0] for a, b in zip(entries, entries2) if a != b]
        assert changed == ["./static/js/text.js"]
    finally:
        target.write_text(target.read_text().replace("\n// release 2\n", ""))
    assert build_sw.render(str(out))[1] == version
    # the cache names carry the scope and the version; old caches of this scope only are deleted
    assert 'PREFIX = "mexican-train:offline:" + SCOPE' in text and "skipWaiting" in text and "clients.claim" in text


@needs_vendor
def test_dist_holds_exactly_the_files_the_page_needs_and_the_worker_caches(dist):
    out, files = dist
    on_disk = sorted(str(p.relative_to(out)).replace(os.sep, "/") for p in out.rglob("*") if p.is_file())
    assert on_disk == sorted(files)
    cached = {("index.html" if u == "./" else u[2:]) for u, _ in sw_files((out / "sw.js").read_text())}
    twins = {p for p in on_disk if p.endswith((".br", ".gz")) and p[:-3] in on_disk}
    assert cached == set(on_disk) - {"sw.js"} - (twins - {"vendor/pyodide/python-snapshot.bin.gz"})
    # precompressed twins of the big files, for hosts that serve them; the snapshot's .gz is also a plain file
    for big in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python-snapshot.bin", "index.html"):
        assert big + ".br" in twins and big + ".gz" in twins, big
    assert "vendor/pyodide/python-snapshot.bin.gz" in cached and "vendor/pyodide/python_stdlib.zip" not in on_disk
    assert not any(p.startswith(("tests/", "node_modules/", "scripts/", "py/mexican_train/")) for p in on_disk)
    for path in on_disk:  # byte for byte the repository's files (sw.js and the twins made here aside)
        if path != "sw.js" and os.path.exists(os.path.join(ROOT, path)):
            with open(os.path.join(ROOT, path), "rb") as a, open(out / path, "rb") as b:
                assert a.read() == b.read(), path


def test_build_dist_refuses_to_replace_the_repository():
    with pytest.raises(SystemExit):
        build_dist.build(ROOT)


def test_the_manifest_installs_from_any_sub_path():
    with open(os.path.join(ROOT, "manifest.webmanifest"), encoding="utf-8") as f:
        manifest = json.load(f)
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    sizes = {}
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http"))
        assert os.path.exists(os.path.join(ROOT, icon["src"]))
        sizes[icon["sizes"]] = icon["type"]
    assert sizes["192x192"] == "image/png" and sizes["512x512"] == "image/png"


def test_the_png_icons_are_what_the_svg_draws():
    made = make_icons.icons()
    for size in make_icons.SIZES:
        data = made[f"icon-{size}.png"]
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
        assert (width, height, depth, colour) == (size, size, 8, 6)
        with open(os.path.join(make_icons.ICONS, f"icon-{size}.png"), "rb") as f:
            assert f.read() == data, "run python3 -m scripts.make_icons"


@needs_vendor
def test_the_dev_server_writes_a_fresh_sw_js_when_asked(dist):
    out, _ = dist
    srv = serve.make_server(0, "/x/", str(out))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        (out / "sw.js").unlink()
        with urllib.request.urlopen(srv.url + "sw.js") as res:
            body = res.read().decode()
            assert res.headers["Cache-Control"] == "no-cache"
            assert res.headers["Content-Type"].startswith("text/javascript")
        assert sw_version(body) == build_sw.render(str(out))[1]
        zip_before = (out / "py" / "mexican_train.zip").read_bytes()
        with urllib.request.urlopen(srv.url + "py/mexican_train.zip") as res:
            assert res.read() == zip_before  # a built site has no package to rebuild the archive from
        with urllib.request.urlopen(srv.url + "manifest.webmanifest") as res:
            assert res.headers["Content-Type"] == "application/manifest+json"
    finally:
        srv.shutdown()
        srv.server_close()


@needs_vendor
def test_the_package_archive_holds_every_module_and_pyscripts_bytecode_for_the_pages_python(tmp_path):
    from scripts import build_py
    archive = tmp_path / "mexican_train.zip"
    build_py.build(str(archive))
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
        sources = [name for name, _ in build_py.sources()]
        modules = [name for name in sources if name.endswith(".py")]
        assert {n for n in names if n.endswith(".py")} == set(modules)
        # every language's compiled catalogue travels with the package (gettext reads it in the page)
        catalogues = {n for n in sources if n.endswith(".mo")}
        assert {n for n in names if n.endswith(".mo")} == catalogues
        assert {n.split("/")[2] for n in catalogues} >= {"es", "fr"}
        with open(os.path.join(ROOT, "vendor", "pyodide", "pyodide-lock.json"), encoding="utf-8") as f:
            version = json.load(f)["info"]["python"]                # the page's Python, e.g. 3.14.2
        tag = "cpython-" + "".join(version.split(".")[:2])
        # the game's modules as sources only: the snapshot holds them imported (build_py's docstring says why)
        assert not any(n.startswith("mexican_train/") and n.endswith(".pyc") for n in names)
        # PyScript's own package, which every start imports, as bytecode of the page's Python version
        pyscript = [n for n in names if n.startswith("pyscript/__pycache__/")]
        assert len(pyscript) >= 10 and all(n.endswith(f".{tag}.pyc") for n in pyscript), pyscript
    first = archive.read_bytes()
    build_py.build(str(archive))
    assert archive.read_bytes() == first   # deterministic: same sources, same bytes


# Checks each PyScript .pyc in the archive the way Python's import does before using one (magic number,
# flags, the hash of the source PyScript writes), with the page's Python: Pyodide under Node.
PYSCRIPT_PYC_CHECK = """
import { readFileSync } from "node:fs";
import { pyscriptSources } from "%(compiler)s";
const { loadPyodide } = await import("%(pyodide)s");
const sources = pyscriptSources("%(pyscript)s");
const py = await loadPyodide({ indexURL: "%(pyodide_dir)s" });
py.unpackArchive(new Uint8Array(readFileSync("%(archive)s")), "zip", { extractDir: "/tmp/unpacked" });
py.globals.set("sources_json", JSON.stringify(sources));
process.stdout.write(py.runPython(`
import importlib.util, json, os, sys
from importlib._bootstrap_external import _classify_pyc, _validate_hash_pyc
verdicts = {}
for name, text in json.loads(sources_json).items():
    if not name.endswith(".py"):
        continue
    cached = importlib.util.cache_from_source("/tmp/unpacked/" + name)
    if not os.path.exists(cached):
        verdicts[name] = "missing"
        continue
    data = open(cached, "rb").read()
    try:
        flags = _classify_pyc(data, name, {})
        _validate_hash_pyc(data, importlib.util.source_hash(text.encode()), name, {})
        verdicts[name] = "checked" if flags == 0b11 else f"flags {flags:#b}"
    except ImportError as err:
        verdicts[name] = f"refused: {err}"
        continue
    try:   # a newer PyScript's source, one character longer
        _validate_hash_pyc(data, importlib.util.source_hash(text.encode() + b"#"), name, {})
        verdicts[name] = "accepted for another source"
    except ImportError:
        pass
json.dumps(verdicts)
`));
"""


@needs_vendor
@pytest.mark.skipif(shutil.which("node") is None, reason="node is missing: run bash scripts/setup.sh")
def test_the_archive_holds_checked_bytecode_python_accepts_for_the_package_pyscript_writes(tmp_path):
    from scripts import build_py
    archive = tmp_path / "mexican_train.zip"
    build_py.build(str(archive))
    script = tmp_path / "check.mjs"
    script.write_text(PYSCRIPT_PYC_CHECK % {
        "compiler": os.path.join(ROOT, "scripts", "compile_pyc.mjs"),
        "pyodide": os.path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"),
        "pyodide_dir": os.path.join(ROOT, "node_modules", "pyodide") + "/",
        "pyscript": build_py.PYSCRIPT, "archive": str(archive)})
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    verdicts = json.loads(done.stdout)
    # the files PyScript writes are its published stdlib package, one for one
    published = os.path.join(ROOT, "node_modules", "@pyscript", "core", "src", "stdlib", "pyscript")
    assert set(verdicts) == {"pyscript/" + n for n in os.listdir(published) if n.endswith(".py")}
    # each is checked against its source: accepted for it, refused for one a character longer, so a newer
    # PyScript never runs old bytecode
    assert set(verdicts.values()) == {"checked"}, verdicts
    with zipfile.ZipFile(archive) as z:
        assert all(n.startswith("mexican_train/") or n.startswith("pyscript/__pycache__/") for n in z.namelist())
