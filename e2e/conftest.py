"""Browser tests: the real page, served by scripts/serve.py, in Debian's Chromium through Playwright.

* One server (a thread) and one browser for the whole session.
* Most tests share one page (``app``): Python boots once (~3-6 s here) and each
  test starts its own match from the setup form. A few tests open pages of
  their own (first paint, reload and Continue).
* Every page fails its test on a console error, an uncaught page error, or a
  request to any host but 127.0.0.1 / localhost.
* The page is opened with ``?test=1``, which adds "CPU: Random" to the seat
  choices (a CPU that makes a random legal move), and deals are fixed by typing
  a deal number into the form (``?seed=N`` does the same from the address).

Run: ``python3 -m pytest -q e2e`` (needs ``bash scripts/setup.sh`` once).
"""

from __future__ import annotations

import os
import sys
import threading
from urllib.parse import urlsplit

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from scripts import build_py, build_snapshot, serve

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
LOCAL = {"127.0.0.1", "localhost", "::1", "[::1]"}
READY_MS = 90_000
DESKTOP = {"width": 1100, "height": 850}


class Watch:
    """Console errors, page errors and requests to other hosts seen by one page."""

    def __init__(self, page):
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda err: self.errors.append(f"page error: {err}"))
        page.on("request", self._request)

    def _console(self, msg):
        if msg.type == "error":
            self.errors.append(f"console.error: {msg.text}")

    def _request(self, request):
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL:
            self.foreign.append(request.url)

    def check(self):
        problems = self.errors + [f"request to another host: {u}" for u in self.foreign]
        self.errors, self.foreign = [], []
        if problems:
            pytest.fail("\n".join(problems))


# ------------------------------------------------------------------ the page answers asynchronously
# Python runs in a worker, so an answer reaches the screen a few tasks after the click or key that asked for it.
# The page keeps html[data-busy] at "1" from the moment an event leaves for Python until its answer is drawn;
# every input a test sends through Playwright (page, frame, locator, keyboard, mouse) waits here until every
# frame of the page is quiet again, so a test reads the screen the answer drew, as a player would see it.
QUIET = "() => !document.documentElement || document.documentElement.dataset.busy !== '1'"
QUIET_MS = 30_000
_INPUTS = ("click", "dblclick", "press", "fill", "type", "select_option", "check", "uncheck", "tap",
           "dispatch_event", "set_input_files", "press_sequentially", "set_checked")
_GONE = ("closed", "destroyed", "navigat", "detached", "crashed")


def _quiet(page):
    """Wait until no frame of ``page`` has an event on its way to Python or an answer not yet drawn."""
    if page is None or page.is_closed():
        return
    for frame in page.frames:
        try:
            frame.wait_for_function(QUIET, timeout=QUIET_MS, polling=10)
        except Exception as err:   # a frame that left or closed while it was asked has nothing left to draw
            if not any(word in str(err).lower() for word in _GONE):
                raise


def _after(method, owner):
    def input_then_wait(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        _quiet(owner(self))
        return result
    input_then_wait.__name__ = method.__name__
    input_then_wait.__doc__ = method.__doc__
    return input_then_wait


class _Waiting:
    """page.keyboard / page.mouse, waiting for the page to be quiet after each key or click."""

    _WAIT = ("press", "type", "insert_text", "click", "dblclick", "up")

    def __init__(self, inner, page):
        self._inner, self._page = inner, page

    def __getattr__(self, name):
        value = getattr(self._inner, name)
        if name not in self._WAIT:
            return value

        def wait_after(*args, **kwargs):
            result = value(*args, **kwargs)
            _quiet(self._page)
            return result
        return wait_after


def _patch_inputs():
    from playwright.sync_api import Frame, Locator, Page
    owners = {Page: lambda page: page, Frame: lambda frame: frame.page, Locator: lambda loc: loc.page}
    for cls, owner in owners.items():
        for name in _INPUTS:
            method = getattr(cls, name, None)
            if method is not None and not getattr(method, "_waits", False):
                patched = _after(method, owner)
                patched._waits = True
                setattr(cls, name, patched)
    if not isinstance(Page.__dict__.get("keyboard"), property) or getattr(Page.keyboard.fget, "_waits", False):
        return
    for name in ("keyboard", "mouse"):
        plain = Page.__dict__[name].fget

        def waiting(page, plain=plain):
            return _Waiting(plain(page), page)
        waiting._waits = True
        setattr(Page, name, property(waiting))


_patch_inputs()


@pytest.fixture(scope="session")
def server():
    if not os.path.exists(os.path.join(ROOT, "vendor", "pyodide", "pyodide.asm.wasm")):
        pytest.fail("vendor/ is missing: run bash scripts/setup.sh first")
    build_py.ensure()
    build_snapshot.ensure(brotli=False)   # the page's real path: a snapshot holding this very package
    srv = serve.make_server(0, "/", ROOT)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv.url
    srv.shutdown()
    srv.server_close()


def chromium(args=ARGS):
    """Debian's Chromium through Playwright, with these command-line flags, closed when the caller is done."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=args)
        yield b
        b.close()


@pytest.fixture(scope="session")
def browser():
    yield from chromium()


def wait_ready(page):
    page.wait_for_selector("html[data-py-ready]", state="attached", timeout=READY_MS)


def open_game(browser, url, init_script=None, route=None, **context_options):
    """A new context (own storage) with the game loaded from ``url`` and Python ready: (context, page, watch).

    ``init_script`` runs in every page of the context before the page's own scripts; ``route`` = (URL pattern,
    bytes) answers the requests of that pattern with those bytes (the page's and its workers').
    """
    context = browser.new_context(**{"viewport": DESKTOP, **context_options})
    if init_script:
        context.add_init_script(init_script)
    if route:
        pattern, body = route
        context.route(pattern, lambda r: r.fulfill(status=200, body=body, content_type="application/zip"))
    page = context.new_page()
    page.set_default_timeout(20_000)
    watch = Watch(page)
    page.goto(url)
    wait_ready(page)
    return context, page, watch


@pytest.fixture(scope="session")
def shared(browser, server):
    """One page for many tests: loaded once, Python booted once."""
    context, page, watch = open_game(browser, server + "?test=1")
    yield page, watch, context
    context.close()


@pytest.fixture
def app(shared):
    """The shared page, checked for errors after each test that uses it."""
    page, watch, _ = shared
    from e2e.game import Game
    watch.errors, watch.foreign = [], []
    page.set_viewport_size(DESKTOP)
    yield Game(page)
    watch.check()


@pytest.fixture
def fresh_page(browser, server):
    """A page of its own, in a new context (own storage), checked for errors at the end."""
    made = []

    def make(query="?test=1", viewport=None, context=None):
        ctx = context or browser.new_context(viewport=viewport or DESKTOP)
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        watch = Watch(page)
        made.append((ctx if context is None else None, page, watch))
        return page, watch, server + query

    yield make
    for ctx, page, watch in made:
        try:
            watch.check()
        finally:
            page.close()
            if ctx is not None:
                ctx.close()
