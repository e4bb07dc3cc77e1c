"""The page's Python in PyScript's worker: ``mexican_train.ui.dispatch.Page`` behind the functions the page awaits.

static/js/python.js starts this file with PyScript's ``PyWorker`` (the
interpreter is static/js/worker/py-worker.js: Python from its snapshot, the
package unpacked) and awaits what it exposes with ``pyscript.sync``, strings
both ways, never touching the page (there is no SharedArrayBuffer, so the
worker has no ``window`` or ``document``: everything it needs comes in the
calls, the storage's texts included). ``pyscript.sync`` is polyscript's
``xworker.sync``, taken from there: importing PyScript's Python package, which
this file needs nothing else of, was 47-87 ms of the worker's start on a phone
(scripts/patch_pyscript.py):

* ``ready(lang)``: make the Page, speaking the page's language; Python's version;
* ``call(text)``: one call of the protocol (``protocol.Call``), its answer; a ``think`` call runs the job in
  progress slice after slice for up to ``THINK_MS``, with a new task of the worker between two slices, so the
  page's ``interrupt`` gets in (the review's progress is answered once, after the call's last slice); so does
  a ``warm_up`` call, the idle-time work;
* ``interrupt()``: the page has an event waiting: the ``think`` or ``warm_up`` in flight answers after its
  current slice.
"""

from __future__ import annotations

import sys

import js

js.mtMark("mt-worker-py")   # PyScript's own start in the worker is over: this file begins
from polyscript import xworker  # noqa: E402
from pyodide.ffi import create_proxy  # noqa: E402

from mexican_train.ui.dispatch import Page, answer_text, call_data, gc_kept_short, open_page  # noqa: E402

THINK_MS = 250.0
"""How long one ``think`` call works (in slices of ``jobs.SLICE_MS``) before answering: longer calls save the
round trips (on a phone each costs the worker some 20 ms of waiting; at 50 ms a call a 13-round review made
~540 of them); the page's next event waits at most one slice for an ``interrupt``."""


class Worker:
    """The worker's Page and whether the page is waiting to send it something."""

    def __init__(self) -> None:
        self.page: Page | None = None
        self.interrupted = False

    def ready(self, lang: str) -> str:
        """Make the Page in the page's language; Python's version."""
        self.page = open_page(str(lang or "en"), clock=lambda: float(js.Date.now()))
        js.mtMark("mt-page-open")
        js.mtIdle()   # the rest of the package's files are written now, between the page's calls
        return sys.version.split()[0]

    async def call(self, text: str) -> str:
        """One call of the protocol; a ``think`` or ``warm_up`` goes on for up to THINK_MS unless the page
        interrupts it: its first slice and its last are calls of the Page, those between only its work
        (``Page.slice_on``), each in a task of its own."""
        page = self.page
        assert page is not None, "ready() first"
        self.interrupted = False
        data = call_data(text)
        with gc_kept_short(page):
            answer = page.call(data)
            kind = _kind(data)
            if page.goes_on(kind, answer):
                failed: list[BaseException] = []

                def one_slice() -> bool:
                    """The next slice, in a new task of the worker (the page's interrupt is heard between two)."""
                    if self.interrupted:
                        return False
                    try:
                        return page.slice_on(kind)
                    except BaseException as err:   # raised again below, as it was, not as the loop's JavaScript error
                        failed.append(err)
                        return False

                slices = create_proxy(one_slice)
                try:
                    await js.mtSlices(slices, THINK_MS)
                finally:
                    slices.destroy()
                if failed:
                    raise failed[0]
                if not self.interrupted:   # the call's answer, after one more slice (or the job's end put to use)
                    answer = page.call(data)
        return answer_text(answer)

    def interrupt(self) -> None:
        """The page has an event waiting: the ``think`` or ``warm_up`` in flight answers after its slice."""
        self.interrupted = True


def _kind(data: object) -> str:
    """The type of a call's event ("" when it has none)."""
    event = data.get("event") if isinstance(data, dict) else None
    kind = event.get("type") if isinstance(event, dict) else None
    return kind if isinstance(kind, str) else ""


worker = Worker()
sync = xworker.sync
sync.ready = worker.ready
sync.call = worker.call
sync.interrupt = worker.interrupt
