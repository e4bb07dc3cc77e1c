"""The page's Python when it runs on the page's own thread: the glue to ``mexican_train.ui.dispatch.Page``.

Python usually runs in PyScript's worker (py/worker.py). Where no worker can
be had, static/js/python.js adds ``<script type="py">`` of this file; the
package arrives as py/mexican_train.zip (scripts/build_py.py). The page then
talks to Python through one function, ``window.mtApi.call``: a call of the
declared protocol (``mexican_train.ui.protocol.Call``) as JSON text in, its
answer as JSON text out (static/js/bridge.js). Long jobs run one slice per
``think`` call here: between two, the page's thread is the page's.
"""

from __future__ import annotations

import sys

from mexican_train.ui.dispatch import gc_kept_short, open_page

try:
    from pyscript import window
    from pyscript.ffi import create_proxy, to_js
except ImportError:  # CPython: the tests import this module to check what importing it creates
    window = None


def expose() -> None:
    """Make ``window.mtApi`` and tell the page that Python has started."""
    # The page is built in one language (index.<lang>.html, <html lang>): Python speaks the same one.
    page = open_page(str(window.document.documentElement.lang or "en"), clock=lambda: float(window.Date.now()))

    def call(text: str) -> str:
        with gc_kept_short(page):
            return page.call_text(text)

    window.mtApi = to_js({"call": create_proxy(call), "python": sys.version.split()[0]})
    window.dispatchEvent(window.CustomEvent.new("app:py-started"))   # static/js/python.js takes it from here


if window is not None:
    expose()
