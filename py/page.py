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
                       latest save), ``{"type": "replace_unreadable", "hash": ...}``
                       (the player's yes to replacing the unreadable save
                       ``held.hash``); returns the view model
                       (``viewmodel.view_model``) plus ``notice``, ``blocked``
                       (true while this tab leaves another tab's save alone),
                       ``unsaved`` (moves not saved while saving fails, else
                       null) and ``held`` (``{"hash", "text"}``: an unreadable
                       save this tab replaces only after the player's yes)
``boot()``             what the setup screen offers: ``{"saved": {"text", "over"} | null,
                       "message": str | null, "stuck": bool, "behind": str | null}``
                       (``stuck``: an unreadable save stays in its place; ``behind``:
                       how far behind the save is, noted before a reload)
``export_match()``     the match file of the match on screen ("" when none)
``warm_up()``          a few ms of ``warm_up_steps`` (the page calls it while idle on
                       the first screen); true while there is more to do
``coach(event)``       the coach's screens (statistics, daily deal, replay,
                       review): ``mexican_train.ui.coach.Coach.handle``; the
                       daily deal is a second App saved under its own key, and
                       ``dispatch`` goes to the App on screen (``make_apps``)
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
from collections.abc import Iterator
from typing import Any

from mexican_train.errors import MexicanTrainError
from mexican_train.i18n import _, join_and, plural, set_language
from mexican_train.ui import controller, records, storage
from mexican_train.ui.coach import Coach
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
    """The current Session and its save. ``store`` has get_item/set_item/remove_item; ``clock()`` gives ms.

    ``memo`` (optional, same three methods: the tab's sessionStorage) keeps a note of how far behind
    the save is while saves fail, so that a reload can say so.
    """

    def __init__(self, store, clock, tab: str, slice_ms: float = SLICE_MS, memo=None):
        self.store = store
        self.clock = clock
        self.tab = tab
        self.memo = memo
        self.session = controller.Session()
        self.stamp = None  # the save stamp this tab last read or wrote
        self.blocked = False  # another tab saved since: stop saving over it
        self.notice: str | None = None  # a lasting message about saving
        self.cpu_ms: list = []  # recent CPU steps: [kind, ms of choice + move], for timings()
        self.slice_ms = slice_ms
        self.job: Job | None = None  # a CPU's decision or the hint, being worked out a slice at a time
        # Saving that fails, and the unreadable save that must not be overwritten without a yes:
        self.base_actions = 0  # actions of the match in play when it was started, opened or continued here
        self.saved_actions: int | None = None  # its actions in the last save written or read (None: never)
        self.unsaved: int | None = None  # moves not saved while saving fails (None: saving works)
        self.held: dict | None = None  # an unreadable save in the way: {"hash", "text"} for the page's question
        self.replace_ok: str | None = None  # the fingerprint of the unreadable save the player agreed to replace
        self.kept_note: str | None = None  # an unreadable save found during play and kept aside: said until a new match
        self.kept: set[str] = set()  # fingerprints of unreadable saves this tab has copied aside
        self.written: str | None = None  # the text of the save this tab last wrote (found again: no need to parse it)
        self.match_id: str | None = None  # the match's name in the save, under which the statistics count it

    # -- the setup screen -----------------------------------------------------------
    def boot(self) -> dict:
        """Read the save (at start, and when another tab changed it with no match in play here): offer it
        (Continue) or say why it cannot be read; and, after a reload, how far behind it is."""
        loaded = storage.load(self.store)
        self.stamp = storage.stamp(self.store)
        return {"saved": self.summary(loaded.session) if loaded.session else None, "message": loaded.message,
                "stuck": loaded.stuck, "behind": self._behind_text()}

    def _behind_text(self) -> str | None:
        note = storage.read_behind(self.memo, self.stamp)
        if note is None:
            return None
        pair = S.SAVE_BEHIND if note["same"] else S.SAVE_BEHIND_OTHER
        return plural(pair, note["moves"], reason=note["reason"])

    @staticmethod
    def summary(session: controller.Session) -> dict:
        """One line naming a saved match, for its Continue button, and whether that match is over (a
        preset's autostart replaces a finished match, never one still in play)."""
        session = controller.with_local_names(session)
        match = session.match
        names = join_and(p.name for p in match.players)
        if match.over:
            return {"text": _(S.SAVED_MATCH_OVER).format(players=names), "over": True}
        vm = view_model(session)
        return {"text": _(S.SAVED_MATCH).format(players=names, round=vm["round"]["text"]), "over": False}

    # -- events -------------------------------------------------------------------------
    def dispatch(self, event: dict) -> dict:
        """Apply one event from the page and return what to draw."""
        before = self.session
        kind = event.get("type") if isinstance(event, dict) else None
        error = None
        try:
            if kind == "continue_saved":
                saved, message, _stuck = storage.load(self.store)
                if saved is None:
                    return self._vm(before, message)
                saved = controller.with_local_names(saved)
                self._take_over(saved, from_save=True)
                return self._vm(saved)
            if kind == "save_changed":
                self._other_tab_check()
                return self._vm(before._replace(announce=()))
            if kind == "take_over":
                saved, message, _stuck = storage.load(self.store)
                if message:
                    return self._vm(before._replace(announce=()), message)
                if saved is None and before.match is None:
                    return self._vm(before)
                saved = controller.with_local_names(saved) if saved is not None else None
                self._take_over(saved or before, from_save=saved is not None)
                return self._vm(self.session if saved else before._replace(announce=()))
            if kind == "replace_unreadable":
                self._replace_unreadable(str(event.get("hash") or ""))
                return self._vm(before._replace(announce=()))
            if kind == "import":
                try:
                    imported = storage.import_text(str(event.get("text") or ""))
                except MexicanTrainError as err:
                    return self._vm(before, _(S.ERROR_IMPORT).format(reason=err.localized()))
                imported = controller.with_local_names(imported)
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
    def _take_over(self, session: controller.Session, from_save: bool = False) -> None:
        """This tab now owns the save (a new match, Continue, Import): write it over whatever readable save
        was there (an unreadable one is kept aside first, or the player is asked)."""
        if from_save:
            self.match_id = self._stored_match_id(session)
        elif self.match_id is None or session.match is not self.session.match:
            self.match_id = f"{self.tab}-{int(self.clock())}"
        self.session = session
        self.blocked = False
        self.notice = None
        self.kept_note = None
        self.base_actions = _actions(session)
        self.saved_actions = self.base_actions if from_save else None
        self.unsaved = None
        self._save(session, force=True)

    def _stored_match_id(self, session: controller.Session) -> str:
        """The name the save gives the match just read from it; a save written before names were kept
        gets one made from its deal (the same each time it is read)."""
        try:
            found = storage.match_id_of(self.store.get_item(storage.MATCH_KEY))
        except Exception:  # noqa: BLE001 - a storage that throws: the deal names the match
            found = None
        if found is not None:
            return found
        match = session.match
        first = match.rounds[0] if match is not None and match.rounds else None
        deal = json.dumps([match.seed, match.rules.to_dict(), [list(p) for p in match.players],
                           [[str(t) for t in hand] for hand in first.hands_dealt] if first else []]) if match else ""
        return "deal-" + storage.fingerprint(deal)

    def _other_tab_check(self) -> None:
        """Another tab may have written the save: if so, stop saving over it and say so at once; if what it
        wrote cannot be read, keep it aside (or ask) and save this match again."""
        if self.session.match is None or self.blocked:
            return
        try:
            current = self.store.get_item(storage.MATCH_KEY)
        except Exception:  # noqa: BLE001 - the next save says what is wrong with the storage
            return
        if current is None or current == self.written:
            return
        found = storage.stamp_of(current)
        if found == self.stamp:
            return
        if found is None:   # not a save at all: our save was overwritten with something unreadable
            self._save(self.session)
            return
        self.blocked = True
        self.notice = _(S.ERROR_OTHER_TAB)

    def _save(self, session: controller.Session, force: bool = False) -> None:
        """Write the save, unless another tab's save or an unreadable one the player has not agreed to
        replace is in its place; while saving fails, count the moves not saved and say so."""
        if self.blocked and not force:
            return
        found = None
        for _look in range(3):   # once more after an unreadable save was kept aside: the place may have changed
            try:
                current = self.store.get_item(storage.MATCH_KEY)
            except Exception as err:  # noqa: BLE001 - a storage that throws: the write would too
                self._failed(session, storage._reason(err), None)
                return
            if current is not None and current == self.written:
                found = self.stamp
                break
            found = storage.stamp_of(current)
            if current is None or (found is not None and found == self.stamp):
                break
            if found is not None and not force:
                self.blocked = True
                self.notice = _(S.ERROR_OTHER_TAB)
                return
            if found is not None and storage.readable(current):
                break   # another tab's save, replaced because the player takes the match over here
            if not self._clear_unreadable(current):
                self._failed(session, _(S.REASON_UNREADABLE_IN_THE_WAY), found)
                return
            if self.replace_ok == storage.fingerprint(current):
                break
        else:
            self._failed(session, _(S.REASON_UNREADABLE_IN_THE_WAY), found)
            return
        saved_at = int(self.clock())
        text = storage.record_text(session, self.tab, saved_at, self.match_id)
        problem = storage.write(self.store, text)
        if problem:
            self._failed(session, problem, found)
            return
        self.written = text
        self.stamp = (self.tab, saved_at)
        self.saved_actions = _actions(session)
        self.unsaved = None
        self.notice = None
        self.replace_ok = None
        self.held = None   # the unreadable save that was in the way has gone (kept aside, replaced, removed)
        storage.clear_behind(self.memo)

    def _clear_unreadable(self, text: str) -> bool:
        """An unreadable save is where this match would be saved: keep it aside, or go ahead if the player
        said yes to replacing exactly this text; else hold the save and ask (True: the way is clear)."""
        fingerprint = storage.fingerprint(text)
        if self.replace_ok == fingerprint or fingerprint in self.kept:
            return True
        try:
            storage.read_session(text)
            reason = ""
        except MexicanTrainError as err:
            reason = err.localized()
        kept = storage.keep_aside(self.store, text)
        if kept.key:
            self.kept.add(fingerprint)
            self.held = None
            self.kept_note = _(S.UNREADABLE_FOUND_KEPT).format(reason=reason)
            return True
        self.held = {"hash": fingerprint, "text": _(S.UNREADABLE_IN_THE_WAY).format(reason=reason,
                                                                                   problem=kept.problem)}
        return False

    def _replace_unreadable(self, fingerprint: str) -> None:
        """The player downloaded the unreadable save, or chose not to, and said yes to replacing it."""
        if self.held is None or self.held["hash"] != fingerprint or self.session.match is None:
            return
        self.replace_ok = fingerprint
        self.held = None
        self._save(self.session, force=True)

    def _failed(self, session: controller.Session, reason: str, found) -> None:
        """Saving failed: count the moves the save is behind, say so (Export is offered), note it for a reload."""
        base = self.saved_actions if self.saved_actions is not None else self.base_actions
        moves = max(0, _actions(session) - base)
        self.unsaved = moves
        if self.held is not None:
            self.notice = plural(S.NOT_SAVED_HELD, moves)
        elif moves == 0:
            self.notice = _(S.ERROR_SAVE_FAILED).format(reason=reason)
        else:
            self.notice = plural(S.NOT_SAVED_FOR, moves, reason=reason)
        if moves:
            storage.note_behind(self.memo, found, moves, reason, same=self.saved_actions is not None)

    def _vm(self, session: controller.Session, error: str | None = None) -> dict:
        vm = view_model(session)
        if error:
            vm["error"] = error
        vm["notice"] = self.notice or self.kept_note
        vm["blocked"] = self.blocked
        job = self._current_job(session) if session.match is not None else None
        vm["thinking"] = job.kind if job is not None and self._may_go_on(session, job) else None
        vm["unsaved"] = self.unsaved
        vm["held"] = self.held
        return vm


WARM_UP_SETTINGS = {"set": 12, "seats": 4, "rounds": 1, "cpu_speed": "instant", "seed": 1,
                    "players": [{"kind": kind} for kind in ("strong", "normal", "easy", "strong")]}
WARM_UP_MOVES = 6


def warm_up_steps() -> Iterator[None]:
    """What the start of a match runs (a deal, the view model and its JSON, the save's text, a few computer
    moves with Strong's thinking), on a throwaway match, in small steps. The browser compiles Python's
    WebAssembly functions one by one at their first call, and after the snapshot's restore few have
    run: without this the first Start and the first computer moves pay for it (python3 -m
    bench.longtasks). Nothing here touches the App, the save or the page."""
    session = controller.start(WARM_UP_SETTINGS)
    yield
    json.dumps(view_model(session))
    yield
    storage.record_text(session, "warm-up", 0)
    yield
    for _move in range(WARM_UP_MOVES):
        steps = controller.cpu_thinking(session)
        if steps is None:
            return
        while True:
            try:
                next(steps)
            except StopIteration as done:
                session = controller.cpu_play(session, done.value)
                break
            yield
        json.dumps(view_model(session))
        yield


def _actions(session: controller.Session) -> int:
    """How many actions the match of a session holds, over all its rounds."""
    return sum(len(r.actions) for r in session.match.rounds) if session.match is not None else 0


# -- the browser glue (skipped on CPython) ----------------------------------------------------
try:
    from pyscript import window
    from pyscript.ffi import create_proxy, to_js
except ImportError:  # CPython: the tests import App
    window = None


class BrowserStorage:
    """window.localStorage (or sessionStorage) with the three methods storage.py expects (it catches what
    they raise). The area is looked up at each call: where the browser forbids it, that call throws."""

    def __init__(self, area: str = "localStorage"):
        self.area = area

    def get_item(self, key: str):
        value = getattr(window, self.area).getItem(key)
        return value if isinstance(value, str) else None

    def set_item(self, key: str, value: str) -> None:
        getattr(window, self.area).setItem(key, value)

    def remove_item(self, key: str) -> None:
        getattr(window, self.area).removeItem(key)


def make_apps(store, clock, tab: str, memo=None, slice_ms: float = SLICE_MS) -> tuple[App, Coach]:
    """The match's App, and the Coach holding it and the daily deal's App (saved under its own key)."""
    app = App(store, clock, tab, slice_ms, memo)
    daily_app = App(records.daily_storage(store), clock, tab, slice_ms,
                    records.daily_memo(memo) if memo is not None else None)
    return app, Coach(store, clock, app, daily_app, slice_ms)


def _expose() -> None:
    # The page is built in one language (index.<lang>.html, <html lang>): Python speaks the same one.
    set_language(str(window.document.documentElement.lang or "en"))
    app, coach = make_apps(BrowserStorage(), clock=lambda: window.Date.now(), tab=os.urandom(6).hex(),
                           memo=BrowserStorage("sessionStorage"))

    def dispatch(text):
        before = coach.app().session.match
        answer = json.dumps(coach.dispatch(json.loads(text)), separators=(",", ":"))
        if coach.app().session.match is not before:
            # Keep the cyclic garbage collector's full passes short: everything alive now (the runtime,
            # the modules, the match so far) is set aside from them. It is all freed by reference
            # counting when it goes (no cycles), so nothing leaks. Without this, a full pass over the
            # heap took 100-400 ms at a 4x slower CPU in the middle of a computer's thinking
            # (python3 -m bench.longtasks).
            gc.freeze()
        return answer

    def boot():
        return json.dumps(app.boot())

    warming = Job("warm-up", None, warm_up_steps())

    def warm_up():
        done, _result = warming.run(SLICE_MS)
        return not done

    def timings():
        cpu, app.cpu_ms = app.cpu_ms + coach.daily.cpu_ms, []
        coach.daily.cpu_ms = []
        return json.dumps({"cpu": cpu})

    def coach_event(text):
        return json.dumps(coach.handle(json.loads(text)), separators=(",", ":"))

    api = {"dispatch": create_proxy(dispatch), "boot": create_proxy(boot),
           "export_match": create_proxy(lambda: coach.app().export_match()), "timings": create_proxy(timings),
           "warm_up": create_proxy(warm_up), "coach": create_proxy(coach_event),
           "python": sys.version.split()[0]}
    window.mtApi = to_js(api)
    gc.freeze()
    window.dispatchEvent(window.CustomEvent.new("app:py-ready"))


if window is not None:
    _expose()
