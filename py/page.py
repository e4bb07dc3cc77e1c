"""The page's Python side: the one live Session, JSON in and out, saved after every change.

index.html loads this file with ``<script type="py">``; the package itself
arrives as py/mexican_train.zip (see scripts/build_py.py). JavaScript talks to
Python only through ``window.mtApi``, with JSON strings both ways:

=====================  ===========================================================
``dispatch(event)``    an event for ``controller.handle`` (see its docstring), or
                       one of the page's own: ``{"type": "continue_saved"}``,
                       ``{"type": "import", "text": ...}``, ``{"type":
                       "save_changed"}`` (another tab wrote the save: a storage
                       event), ``{"type": "take_over"}`` (carry on here from the
                       latest save); returns the view model
                       (``viewmodel.view_model``) plus ``notice`` and ``blocked``
                       (true while this tab leaves another tab's save alone)
``boot()``             what the setup screen offers: ``{"saved": {"text"} | null,
                       "message": str | null}``
``export_match()``     the match file of the match in play ("" when none)
``timings()``          test hook (bench/page_speed.py): ``{"cpu": [[kind, ms], ...]}``,
                       the Python time of each recent CPU step (its choice, over
                       all its slices, and the move applied), oldest first;
                       reading it empties it
=====================  ===========================================================

Thinking in slices: a CPU's decision (``{"type": "cpu"}``) and the hint (the
``hint`` command) are jobs this App keeps outside the pure Session. Each call
runs the job for at most ``SLICE_MS`` of Python time; while it is unfinished
the view model says ``"thinking": "cpu"`` (or ``"hint"``) and the page, after
yielding to the browser, sends ``{"type": "think"}`` to run the next slice.
The finished decision is played (or the hint shown) as in one call: the
choice does not depend on where the slices end. A job belongs to the
position it was started on and is dropped when the match moves on.

Everything above the browser glue at the bottom is plain Python (``App``),
tested on CPython with a dict storage and a fake clock (tests/test_page.py).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
import traceback
from typing import Any

from mexican_train.errors import MexicanTrainError
from mexican_train.i18n import _
from mexican_train.ui import controller, storage
from mexican_train.ui import strings as S
from mexican_train.ui.viewmodel import view_model


SLICE_MS = 8.0
"""Python time one call may spend on a CPU's decision or the hint before the page gets the thread back."""


class Job:
    """Thinking in progress: ``kind`` (``cpu`` or ``hint``), the match it is for, its steps, the ms spent."""

    def __init__(self, kind: str, match: Any, steps: Any) -> None:
        self.kind = kind
        self.match = match
        self.steps = steps
        self.spent = 0.0

    def run(self, budget_ms: float) -> tuple[bool, Any]:
        """Run steps until ``budget_ms`` have passed or the job is done: ``(done, result)``."""
        started = time.perf_counter()
        try:
            while True:
                next(self.steps)
                if (time.perf_counter() - started) * 1000 >= budget_ms:
                    return False, None
        except StopIteration as done:
            return True, done.value
        finally:
            self.spent += (time.perf_counter() - started) * 1000


class App:
    """The current Session and its save. ``store`` has get_item/set_item/remove_item; ``clock()`` gives ms."""

    def __init__(self, store, clock, tab: str, slice_ms: float = SLICE_MS):
        self.store = store
        self.clock = clock
        self.tab = tab
        self.session = controller.Session()
        self.stamp = None  # the save stamp this tab last read or wrote
        self.blocked = False  # another tab saved since: stop saving over it
        self.notice: str | None = None  # a lasting message about saving
        self.cpu_ms: list = []  # recent CPU steps: [kind, ms of choice + move], for timings()
        self.slice_ms = slice_ms
        self.job: Job | None = None  # a CPU's decision or the hint, being worked out a slice at a time

    # -- the setup screen -----------------------------------------------------------
    def boot(self) -> dict:
        """Read the save once at start: offer it (Continue) or say why it cannot be read."""
        saved, message = storage.load(self.store)
        self.stamp = storage.stamp(self.store)
        return {"saved": self.summary(saved) if saved else None, "message": message}

    @staticmethod
    def summary(session: controller.Session) -> dict:
        """One line naming a saved match, for its Continue button."""
        match = session.match
        names = _(S.AND).join(p.name for p in match.players)
        if match.over:
            return {"text": _(S.SAVED_MATCH_OVER).format(players=names)}
        vm = view_model(session)
        return {"text": _(S.SAVED_MATCH).format(players=names, round=vm["round"]["text"])}

    # -- events -------------------------------------------------------------------------
    def dispatch(self, event: dict) -> dict:
        """Apply one event from the page and return what to draw."""
        before = self.session
        kind = event.get("type") if isinstance(event, dict) else None
        error = None
        try:
            if kind == "continue_saved":
                saved, message = storage.load(self.store)
                if saved is None:
                    return self._vm(before, message)
                self._take_over(saved)
                return self._vm(saved)
            if kind == "save_changed":
                self._other_tab_check()
                return self._vm(before._replace(announce=()))
            if kind == "take_over":
                saved, message = storage.load(self.store)
                if message:
                    return self._vm(before._replace(announce=()), message)
                if saved is None and before.match is None:
                    return self._vm(before)
                self._take_over(saved or before)
                return self._vm(self.session if saved else before._replace(announce=()))
            if kind == "import":
                try:
                    imported = storage.import_text(str(event.get("text") or ""))
                except MexicanTrainError as err:
                    return self._vm(before, _(S.ERROR_IMPORT).format(reason=err))
                self._take_over(imported)
                return self._vm(imported)
            if kind in ("cpu", "think") or (kind == "command" and event.get("name") == "hint"):
                after = self._think(before, kind if kind != "command" else "hint")
                if after is None:  # still thinking, nothing changed: no view model to build or draw
                    return {"same": True, "thinking": self.job.kind if self.job else None}
            else:
                after = controller.handle(before, event)
        except Exception as err:  # a bug: keep the match as it was, say so, show the traceback in the console
            traceback.print_exc()
            return self._vm(before._replace(announce=()), _(S.ERROR_INTERNAL).format(reason=type(err).__name__))
        if kind == "new_match":
            if after.match is None:  # bad settings: keep whatever was being played, show why
                return self._vm(after, error)
            self._take_over(after)
            return self._vm(after)
        self.session = after
        if after.match is not None and (after.match is not before.match
                                        or controller.app_state(after) != controller.app_state(before)):
            self._save(after)
        return self._vm(after)

    # -- thinking in slices -------------------------------------------------------------
    def _think(self, session: controller.Session, kind: str) -> controller.Session | None:
        """Start (``cpu``, ``hint``) or go on with (``think``) a job for one slice; play it once it is done.

        None while the job is unfinished (the Session is unchanged)."""
        session = session._replace(announce=(), error=None)
        job = self._current_job(session)
        if kind != "think" and (job is None or job.kind != kind):
            steps = controller.cpu_thinking(session) if kind == "cpu" else controller.hint_thinking(session)
            job = self.job = Job(kind, session.match, steps) if steps is not None else None
        if job is None or not self._may_go_on(session, job):
            return session
        done, result = job.run(self.slice_ms)
        if not done:
            return None
        self.job = None
        if job.kind == "hint":
            return controller.show_hint(session, *result)
        started = time.perf_counter()
        after = controller.cpu_play(session, result)
        seat_kind = session.match.players[session.match.seat].kind
        spent = job.spent + (time.perf_counter() - started) * 1000
        self.cpu_ms = self.cpu_ms[-499:] + [[seat_kind, round(spent, 3)]]
        return after

    def _current_job(self, session: controller.Session) -> Job | None:
        """The job in progress, if it is still for the position on screen (else it is dropped)."""
        if self.job is not None and self.job.match is not session.match:
            self.job = None
        return self.job

    @staticmethod
    def _may_go_on(session: controller.Session, job: Job) -> bool:
        """A CPU thinks only while it may act (not paused, hidden or behind a dialog's question); a hint
        only while its person may act."""
        if job.kind == "cpu":
            return controller.cpu_to_move(session)
        return controller.human_to_move(session) is not None

    def export_match(self) -> str:
        """The match file of the match in play, or "" when there is none."""
        return storage.export_text(self.session) if self.session.match is not None else ""

    # -- saving ---------------------------------------------------------------------------
    def _take_over(self, session: controller.Session) -> None:
        """This tab now owns the save (a new match, Continue, Import): write it whatever was there."""
        self.session = session
        self.blocked = False
        self.notice = None
        self._save(session, force=True)

    def _other_tab_check(self) -> None:
        """Another tab may have written the save: if so, stop saving over it and say so at once."""
        if self.session.match is None or self.blocked:
            return
        current = storage.stamp(self.store)
        if current is not None and current != self.stamp:
            self.blocked = True
            self.notice = _(S.ERROR_OTHER_TAB)

    def _save(self, session: controller.Session, force: bool = False) -> None:
        if self.blocked and not force:
            return
        if not force:
            current = storage.stamp(self.store)
            if current is not None and current != self.stamp:
                self.blocked = True
                self.notice = _(S.ERROR_OTHER_TAB)
                return
        saved_at = int(self.clock())
        problem = storage.save(self.store, session, self.tab, saved_at)
        if problem:
            self.notice = problem
        else:
            self.stamp = (self.tab, saved_at)
            self.notice = None

    def _vm(self, session: controller.Session, error: str | None = None) -> dict:
        vm = view_model(session)
        if error:
            vm["error"] = error
        vm["notice"] = self.notice
        vm["blocked"] = self.blocked
        job = self._current_job(session) if session.match is not None else None
        vm["thinking"] = job.kind if job is not None and self._may_go_on(session, job) else None
        return vm


# -- the browser glue (skipped on CPython) ----------------------------------------------------
try:
    from pyscript import window
    from pyscript.ffi import create_proxy, to_js
except ImportError:  # CPython: the tests import App
    window = None


class BrowserStorage:
    """window.localStorage with the three methods storage.py expects (it catches what they raise)."""

    def get_item(self, key: str):
        value = window.localStorage.getItem(key)
        return value if isinstance(value, str) else None

    def set_item(self, key: str, value: str) -> None:
        window.localStorage.setItem(key, value)

    def remove_item(self, key: str) -> None:
        window.localStorage.removeItem(key)


def _expose() -> None:
    app = App(BrowserStorage(), clock=lambda: window.Date.now(), tab=os.urandom(6).hex())

    def dispatch(text):
        before = app.session.match
        answer = json.dumps(app.dispatch(json.loads(text)), separators=(",", ":"))
        if app.session.match is not before:
            # Keep the cyclic garbage collector's full passes short: everything alive now (the runtime,
            # the modules, the match so far) is set aside from them. It is all freed by reference
            # counting when it goes (no cycles), so nothing leaks. Without this, a full pass over the
            # heap took 100-400 ms at a 4x slower CPU in the middle of a computer's thinking
            # (python3 -m bench.longtasks).
            gc.freeze()
        return answer

    def boot():
        return json.dumps(app.boot())

    def timings():
        cpu, app.cpu_ms = app.cpu_ms, []
        return json.dumps({"cpu": cpu})

    api = {"dispatch": create_proxy(dispatch), "boot": create_proxy(boot),
           "export_match": create_proxy(app.export_match), "timings": create_proxy(timings),
           "python": sys.version.split()[0]}
    window.mtApi = to_js(api)
    gc.freeze()
    window.dispatchEvent(window.CustomEvent.new("app:py-ready"))


if window is not None:
    _expose()
