"""A first visit downloads each runtime file once: the service worker's caching revalidates what the
page already fetched (304) instead of downloading it again, and it keeps the snapshot that came; before ready
only what the snapshot's start needs is fetched."""

from __future__ import annotations

import functools
import threading
import time

from e2e.conftest import DESKTOP, ROOT, Watch, wait_ready
from scripts import serve


def test_a_first_visit_fetches_each_runtime_file_once_then_plays_offline_ready(browser):
    srv = serve.make_server(0, "/", ROOT)
    answers: list[tuple[str, int, int]] = []   # (path, status, body bytes)
    answered_at: list[tuple[str, float]] = []    # (path, when its answer began: ms since the epoch)
    lock = threading.Lock()

    class Logged(srv.RequestHandlerClass.func):
        def send_response(self, code, message=None):
            self._status = code
            with lock:
                answered_at.append((self.path.split("?", 1)[0], time.time() * 1000))
            super().send_response(code, message)

        def count(self, n):
            self._sent = getattr(self, "_sent", 0) + n

        def finish(self):
            super().finish()
            with lock:
                answers.append((self.path.split("?", 1)[0], getattr(self, "_status", 0), getattr(self, "_sent", 0)))

    srv.RequestHandlerClass = functools.partial(Logged, directory=ROOT)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        watch = Watch(page)
        page.goto(srv.url + "?test=1")
        wait_ready(page)
        assert page.evaluate("window.mtPythonStart") == "snapshot"
        # (the service worker registers once the page is ready: what it fetches is answered after this)
        ready_at = page.evaluate("performance.timeOrigin + performance.getEntriesByName('mt-ready')[0].startTime")
        page.wait_for_selector('html[data-offline-ready="1"]', state="attached", timeout=120_000)
        watch.check()
    finally:
        context.close()
        srv.shutdown()
    downloads: dict[str, int] = {}
    for path, status, sent in answers:
        if status == 200 and sent > 0:
            downloads[path] = downloads.get(path, 0) + 1
    runtime = {p: n for p, n in downloads.items() if p.startswith(("/vendor/", "/py/", "/static/"))}
    assert runtime.get("/vendor/pyodide/pyodide.asm.wasm") == 1, answers
    assert runtime.get("/vendor/pyodide/python-snapshot.bin") == 1, answers
    assert "/vendor/pyodide/python-snapshot.bin.gz" not in runtime   # the compressed .bin came: no plain file
    assert "/vendor/pyodide/python_stdlib.zip" not in runtime         # the cut-down one instead
    # the snapshot's start needs only the standard modules it had not imported; the whole cut-down zip (for a
    # start without the snapshot) is the service worker's, fetched for the next visits once the page is ready
    before_ready = {p for p, at in answered_at if at < ready_at}
    assert "/vendor/pyodide/python_stdlib.rest.zip" in before_ready
    assert "/vendor/pyodide/python_stdlib.game.zip" not in before_ready
    assert runtime.get("/vendor/pyodide/python_stdlib.game.zip") == 1
    twice = {p: n for p, n in runtime.items() if n > 1}
    assert not twice, f"downloaded more than once: {twice}"
    revalidated = {p for p, status, _ in answers if status == 304}
    assert "/vendor/pyodide/pyodide.asm.wasm" in revalidated   # the worker asked, the HTTP cache answered
