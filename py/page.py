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

import gc
import os
import sys

from mexican_train.i18n import set_language
from mexican_train.ui.dispatch import Page

try:
    from pyscript import window
    from pyscript.ffi import create_proxy, to_js
except ImportError:  # CPython: the tests import this module to check what importing it creates
    window = None


def expose() -> None:
    """Make ``window.mtApi`` and tell the page that Python has started."""
    # The page is built in one language (index.<lang>.html, <html lang>): Python speaks the same one.
    set_language(str(window.document.documentElement.lang or "en"))
    page = Page(tab=os.urandom(6).hex(), clock=lambda: float(window.Date.now()))

    def call(text: str) -> str:
        before = page.apps.active.session.match
        answer = page.call_text(text)
        if page.apps.active.session.match is not before:
            # Keep the cyclic garbage collector's full passes short: everything alive now (the runtime, the
            # modules, the match so far) is set aside from them. It is all freed by reference counting when
            # it goes (no cycles), so nothing leaks. Without this, a full pass over the heap took 100-400 ms
            # at a 4x slower CPU in the middle of a computer's thinking (python3 -m bench.longtasks).
            gc.freeze()
        return answer

    window.mtApi = to_js({"call": create_proxy(call), "python": sys.version.split()[0]})
    gc.freeze()
    window.dispatchEvent(window.CustomEvent.new("app:py-started"))   # static/js/python.js takes it from here


if window is not None:
    expose()
