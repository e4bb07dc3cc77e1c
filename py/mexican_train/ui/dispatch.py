"""The page's Python, whole: one call in, one answer out (``Page.call``), for every event of the protocol.

``Page`` holds every part of the game: the two matches (``matchapp.Apps``)
and one of each screen beside the board (``parts``), and routes each call's
event to its part through the one route table, ``protocol.ROUTES``. It also
runs the one long job there may be at a time (a computer's turn, the hint,
the review, the warm-up: ``jobs.Job``), a slice per ``think`` call, and keeps
Python's copy of the browser's storage (``saves.Mirror``).

Storage writes are compare-and-set (``saves``). When the page reports that an
answer's writes failed (``storage_failed``), the state the call started from
is put back and the call's work is done again: from the texts as they are now
when one had changed, or from the texts it first read with the write that
failed now throwing the browser's message, as a storage that throws at once
would; so what the page says about its save stays true.
"""

from __future__ import annotations

import gc
import json
import os
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from ..errors import MexicanTrainError
from ..i18n import _, set_language
from . import controller, friends, parts, protocol, records, storage
from .narrate import people_here
from . import strings as S
from .jobs import SLICE_MS, Job
from .matchapp import Apps, MatchApp
from .protocol import Call, FailureReason, ProtocolError
from .saves import Faults, Mirror, Stores
from .viewmodel import SCREEN_SEAT, view_model

MAX_FAILURES = 3
"""How many times in a row one call's writes may fail before Python stops writing for it (saves then fail,
and say so)."""

AnyAnswer = dict[str, Any]
"""An answer on its way to the page: one of ``protocol.ANSWERS`` (each part builds its own, typed)."""

T = TypeVar("T", bound=parts.Part)


@dataclass
class _Done:
    """A job that finished in a call, and its result: what doing the call again repeats."""

    job: Job[Any]
    result: Any


@dataclass
class _Pending:
    """A call whose writes the page has not confirmed yet: its number, the state it started from, how to do its
    work again, the storages its work used (its writes; which failed in Python, how many first writes were
    made already, each write's number), and how many times in a row its writes have failed."""

    seq: int
    state: dict[str, Any]
    redo: Callable[[Stores], AnyAnswer]
    stores: Stores
    failures: int = 0


class Page:
    """Everything the page's Python holds for one tab. ``clock()`` gives ms since 1970; ``tab`` names this tab
    in its saves."""

    def __init__(self, tab: str, clock: Callable[[], float], slice_ms: float = SLICE_MS) -> None:
        self.tab = tab
        self.clock = clock
        self.slice_ms = slice_ms
        self.mirror = Mirror()
        self.apps = Apps(MatchApp(tab, clock),
                         MatchApp(tab, clock, lambda stores: records.daily_storage(stores.local),
                                  lambda stores: records.daily_memo(stores.session)))
        self.parts: dict[str, parts.Part] = {name: cls(self) for name, cls in parts.load().items()}
        self.job: Job[Any] | None = None
        self.warming: Job[None] | None = None
        self.pending: _Pending | None = None
        self.relay = friends.Relay()

    def part(self, cls: type[T]) -> T:
        """The page's part of class ``cls``."""
        found = self.parts[cls.name]
        assert isinstance(found, cls)
        return found

    # -- one call -----------------------------------------------------------------------------------------
    def call_text(self, text: str) -> str:
        """``call`` for the page's JSON text, answered as JSON text."""
        return answer_text(self.call(call_data(text)))

    def call(self, data: object) -> AnyAnswer:
        """Handle one call from the page (its JSON, parsed) and answer it."""
        with people_here(self._people_here):
            return self._call(data)

    def _people_here(self, match: Any) -> tuple[int, ...] | None:
        """The people of ``match`` at this device, when it is the match in play with friends at their own."""
        session = self.apps.active.session
        now = session.match
        if not session.friends or now is None or match.players != now.players or match.seed != now.seed:
            return None
        return controller.local_people(session)

    def _call(self, data: object) -> AnyAnswer:
        try:
            call = protocol.parse_call(data)
        except ProtocolError as err:
            seq = data.get("seq") if isinstance(data, dict) else None
            return refused(seq if isinstance(seq, int) and not isinstance(seq, bool) else -1, err)
        self.mirror.take(call.local, call.session, call.complete, call.local_error, call.session_error)
        if self.pending is not None and call.applied >= self.pending.seq:
            self.pending = None
        if isinstance(call.event, protocol.StorageFailed):
            return self._storage_failed(call)
        self.pending = None   # the page sends nothing while an answer's writes are unconfirmed
        state = self._state()
        done: list[_Done] = []
        stores = Stores(self.mirror)
        answer = self._route(call, stores, done)

        def redo(again: Stores) -> AnyAnswer:
            if done:   # the job's result stands: only what it did with it is done again
                self.job = None
                return self._finish(done[0].job, done[0].result, again)
            return self._route(call, again, [])
        return self._sent(call.seq, answer, stores, state, redo)

    def _sent(self, seq: int, answer: AnyAnswer, stores: Stores, state: dict[str, Any],
              redo: Callable[[Stores], AnyAnswer], failures: int = 0) -> AnyAnswer:
        """The answer to call ``seq`` with its writes; Python's copy of the storage holds them from now on."""
        answer["seq"] = seq
        answer["writes"] = stores.writes()
        if answer["part"] == "game" and self.apps.active.session.friends:   # each friend's device draws its own
            answer["friends"] = self.relay.views(self.apps.active.session)
        if answer["thinking"] is None:
            answer["thinking"] = self._thinking()
        if answer["writes"]:
            self.pending = _Pending(seq, state, redo, stores, failures)
        stores.commit()
        return answer

    def _route(self, call: Call, stores: Stores, done: list[_Done]) -> AnyAnswer:
        event = call.event
        route = protocol.ROUTES[event.type]
        if route == protocol.MATCH:
            return self._match(call, stores, done)
        if route == protocol.PAGE:
            return self._upkeep(event, stores, done)
        return self._game_extras(dict(self.parts[route].handle(event, stores)), stores)

    def _upkeep(self, event: protocol.Event, stores: Stores, done: list[_Done]) -> AnyAnswer:
        """The page's own events: the job's next slice, the warm-up, timings."""
        if isinstance(event, protocol.Think):
            return self._slice(stores, done)
        if isinstance(event, protocol.WarmUp):
            return self._warm_up()
        if isinstance(event, protocol.Loop):
            started, total = time.perf_counter(), 0
            for i in range(min(max(event.n, 0), 10_000_000)):
                total += i & 7
            ms = round((time.perf_counter() - started) * 1000, 3)
            return {"seq": -1, "part": "timings", "thinking": None, "writes": [], "view": {"cpu": [["loop", ms]]}}
        if isinstance(event, protocol.Spin):
            until = time.perf_counter() + min(max(event.ms, 0), protocol.SPIN_MS) / 1000
            while time.perf_counter() < until:
                pass
            return nothing()
        apps = self.apps
        cpu, apps.main.cpu_ms, apps.daily.cpu_ms = apps.main.cpu_ms + apps.daily.cpu_ms, [], []
        return {"seq": -1, "part": "timings", "thinking": None, "writes": [], "view": {"cpu": cpu}}

    # -- the match on screen -------------------------------------------------------------------------------
    def _match(self, call: Call, stores: Stores, done: list[_Done]) -> AnyAnswer:
        event = call.event
        if event.type in protocol.SETUP_EVENTS:
            self.apps.active = self.apps.main
        app = self.apps.active
        if isinstance(event, protocol.Boot):
            return self._boot(app.boot(stores), stores)
        if isinstance(event, protocol.ExportMatch):
            return {"seq": -1, "part": "file", "thinking": None, "writes": [],
                    "view": {"text": app.export(), "name": _(S.MATCH_FILE_NAME)}}
        if not call.source.here:   # a friend's tap, checked as a tap here is
            return self._from_friend(call, app, stores)
        if isinstance(event, protocol.NewMatch):
            self.relay.forget()
        if isinstance(event, protocol.CpuTurn):
            if self._going_on("cpu"):   # the same decision, held back a moment (a pause): it goes on
                return self._slice(stores, done)
            job = app.cpu_job()
            return self.start(job, stores, done) if job is not None else self._game(stores)
        if isinstance(event, protocol.RunCommand) and event.name == protocol.Command.HINT:
            if self._going_on("hint"):
                return self._slice(stores, done)
            hint = app.hint_job()
            return self.start(hint, stores, done) if hint is not None else self._game(stores)
        before = app.session.match
        answer = app.handle(event, stores)
        self._noticed(app, before, stores)
        return self._game_extras(dict(answer), stores)

    def _boot(self, answer: protocol.BootAnswer, stores: Stores) -> AnyAnswer:
        """The first screen's answer, which also says, once, that the statistics or the daily deal in progress
        could not be read and where each was kept (reading them keeps them aside)."""
        notes = [answer["view"]["message"]] if answer["view"]["message"] else []
        found = records.load(stores.local)
        if found.message:
            notes.append(found.message)
        daily = self.apps.daily
        store = daily.store_of(stores)
        try:
            text = store.get_item(storage.MATCH_KEY) if daily.session.match is None else None
            if text is not None:
                storage.read_session(text)
        except MexicanTrainError as err:
            assert text is not None
            kept = storage.keep_aside(store, text, storage.MATCH_KEY)
            if kept.key:
                notes.append(_(S.DAILY_UNREADABLE).format(reason=err.localized(), key=kept.key))
        except Exception:  # noqa: BLE001 - a storage that refuses: the daily deal's screen says so when opened
            pass
        view = dict(answer["view"])
        view["message"] = " ".join(notes) or None
        return {**answer, "view": view}

    def _from_friend(self, call: Call, app: MatchApp, stores: Stores) -> AnyAnswer:
        """An event from a friend's device (``call.source``): refused, changing nothing, unless it is a tap its
        seat may make now (``friends.refusal``); the answer is the host's screen, with every friend's view."""
        event, seat = call.event, call.source.seat
        assert seat is not None
        reason = friends.refusal(app.session, seat, event) if app is self.apps.main else friends.NOT_A_FRIEND
        if reason is not None:
            return refused(call.seq, ProtocolError(reason, event_type=event.type, type=event.type, seat=seat))
        before = app.session.match
        answer = app.handle(event, stores, seat=seat)
        self._noticed(app, before, stores)
        return self._game_extras(dict(answer), stores)

    def _game(self, stores: Stores, viewer: int | None = SCREEN_SEAT) -> AnyAnswer:
        """The answer of the match on screen as it is now."""
        app = self.apps.active
        return self._game_extras(dict(app.answer(app.session, viewer)), stores)

    def _game_extras(self, answer: AnyAnswer, stores: Stores) -> AnyAnswer:
        """A game answer also says how the daily deal ended, when it is the daily deal that ended."""
        if answer["part"] == "game":
            from .parts.daily_deal import DailyDeal
            answer["view"]["daily_end"] = self.part(DailyDeal).end(stores)
        return answer

    def _noticed(self, app: MatchApp, before: Any, stores: Stores) -> None:
        """After ``app``'s match moved on from ``before``: count what is new in the statistics."""
        from .parts.daily_deal import DailyDeal
        from .parts.statistics import Statistics
        if app is self.apps.daily:
            self.part(DailyDeal).noticed(before, stores)
        else:
            self.part(Statistics).noticed(app, before, stores)

    # -- the one job ---------------------------------------------------------------------------------------
    def start(self, job: Job[Any], stores: Stores, done: list[_Done] | None = None) -> AnyAnswer:
        """Make ``job`` the job in progress (replacing any other) and run its first slice."""
        self.job = job
        return self._slice(stores, done if done is not None else [])

    def _going_on(self, kind: protocol.JobKind) -> bool:
        """A job of ``kind`` is in progress for the position on screen and may go on now."""
        job = self.job
        return job is not None and job.kind == kind and job.current() and job.wanted()

    def _slice(self, stores: Stores, done: list[_Done]) -> AnyAnswer:
        """Run the next slice of the job in progress (kept, not run, while it is held back); put its result to
        use once it is done. A job whose position has gone is dropped."""
        job = self.job
        if job is not None and not job.current():
            self.job = job = None
        if job is None or not job.wanted():
            return nothing()
        finished, result = job.run(self.slice_ms)
        if not finished:
            return dict(job.report(job, False)) if job.report is not None else nothing()
        self.job = None
        done.append(_Done(job, result))
        return self._finish(job, result, stores)

    def _finish(self, job: Job[Any], result: Any, stores: Stores) -> AnyAnswer:
        """Put a finished job's result to use and answer with what changed."""
        if job.report is not None:   # a screen's job
            job.finish(result, stores)
            return dict(job.report(job, True))
        app = self.apps.active
        before = app.session.match
        job.finish(result, stores)
        self._noticed(app, before, stores)
        return self._game(stores)

    def slice_on(self, kind: str) -> bool:
        """One more slice of what a ``think`` call (the job in progress) or a ``warm_up`` call (idle-time work) is
        doing, with no answer: whether more is left to do now. Python's worker runs these between a call's first
        slice and its last, which answers as usual, so the call's parsing, storage texts and answer are worked
        out twice a call, not once a slice (each cost about what 2 ms of a slice's work did on a slow phone). A
        job that ends here is put to use by the next call (``Job.run`` keeps its result)."""
        if kind == "think":
            job = self.job
            if job is None or not job.current() or not job.wanted():
                return False
            finished, _result = job.run(self.slice_ms)
            return not finished
        answer = self._warm_up()
        answer["thinking"] = self._thinking()   # as a call's answer says it (``_sent``)
        return self.goes_on(kind, answer)

    @staticmethod
    def goes_on(kind: str, answer: Mapping[str, object]) -> bool:
        """Whether a call's next slice may follow at once, with no answer between (``slice_on``): a ``think``
        whose job goes on, with nothing to draw yet or only its progress (the review's bar, which then moves once
        a call instead of once a slice), or idle-time work (``warm_up``) with more to do and no job waiting for
        its turn; nothing to write either way."""
        if answer.get("writes"):
            return False
        if kind == "think":
            return answer.get("part") in ("none", "review") and bool(answer.get("thinking"))
        view = answer.get("view")
        return kind == "warm_up" and not answer.get("thinking") and isinstance(view, dict) and view.get("more") is True

    def _thinking(self) -> protocol.JobKind | None:
        """The kind of the job in progress, if it may go on now (the page then sends ``think``)."""
        job = self.job
        return job.kind if job is not None and job.wanted() else None

    def _warm_up(self) -> AnyAnswer:
        """A slice of idle-time work while nothing else runs: the warm-up (``warm_up_steps``) before any match,
        then the coach's reading ahead of the rounds over in the match on screen (``Reviewing.read_ahead``)."""
        from .parts.reviewing import Reviewing
        if self.apps.active.session.match is not None:
            more = self.part(Reviewing).read_ahead(self.slice_ms)
            return {"seq": -1, "part": "warm_up", "thinking": None, "writes": [], "view": {"more": more}}
        if self.warming is None:
            self.warming = Job("warm_up", warm_up_steps(), lambda: True, lambda _result, _stores: None)
        finished, _result = self.warming.run(self.slice_ms)
        return {"seq": -1, "part": "warm_up", "thinking": None, "writes": [], "view": {"more": not finished}}

    # -- when the page could not write -----------------------------------------------------------------------
    def _storage_failed(self, call: Call) -> AnyAnswer:
        """The writes of answer ``failed`` could not all be made: put back the state that call started from and
        do its work again (see the module's docstring)."""
        event = cast(protocol.StorageFailed, call.event)
        pending = self.pending
        self.pending = None
        if pending is None or pending.seq != event.failed:
            return self._game(Stores(self.mirror))
        failed = pending.failures + 1
        done = pending.stores
        numbers = done.numbers()
        faults, kept, again = Faults(), 0, False   # a text changed meanwhile: decide again from the texts as they are
        if event.reason != FailureReason.CHANGED and 0 <= event.at < len(numbers):
            # done again from the texts first read, the work comes to the same writes up to the one that
            # failed, which now throws; those the page could not put back are made already
            message = event.error or _(S.REASON_STORAGE_REFUSED)
            if event.reason == FailureReason.DIFFERS:
                message = _(S.REASON_READ_BACK_DIFFERS)
            faults, again = done.faults.after(numbers[event.at], message), True
            kept = done.kept + (event.kept if 0 <= event.kept <= event.at else 0)
        if failed >= MAX_FAILURES:   # the storage keeps failing: stop writing for this call, and say so
            faults = Faults(every=faults.message or _(S.REASON_STORAGE_REFUSED))
        self._put_back(pending.state)
        again = again or faults.every is not None
        stores = Stores(self.mirror, faults, pending.state["texts"] if again else None, kept)
        answer = pending.redo(stores)
        return self._sent(call.seq, answer, stores, dict(pending.state), pending.redo, failed)

    def _state(self) -> dict[str, Any]:
        """What a call may change that its writes' failure must put back (everything is a value or copied)."""
        apps = self.apps
        return {"main": (apps.main.session, apps.main.keeper.copy()),
                "daily": (apps.daily.session, apps.daily.keeper.copy()),
                "active": apps.active, "job": self.job,
                "parts": {name: p.saved_state() for name, p in self.parts.items()},
                "texts": (dict(self.mirror.local), dict(self.mirror.session))}

    def _put_back(self, state: dict[str, Any]) -> None:
        apps = self.apps
        apps.main.session, apps.main.keeper = state["main"][0], state["main"][1].copy()
        apps.daily.session, apps.daily.keeper = state["daily"][0], state["daily"][1].copy()
        apps.active = state["active"]
        self.job = state["job"]
        for name, saved in state["parts"].items():
            self.parts[name].put_back(saved)


def nothing() -> AnyAnswer:
    """The answer with nothing to draw."""
    return {"seq": -1, "part": "none", "thinking": None, "writes": []}


def refused(seq: int, err: ProtocolError) -> AnyAnswer:
    """The answer to an undeclared or malformed event: the refusal in words, and a console warning naming it."""
    return {"seq": seq, "part": "refused", "thinking": None, "writes": [], "error": err.localized(),
            "warn": f"mexican-train: refused the message {err.event_type!r}: {err}"}


# -- the warm-up -----------------------------------------------------------------------------------------------

WARM_UP_SETTINGS = {"set": 12, "seats": 4, "rounds": 1, "cpu_speed": "instant", "seed": 1,
                    "players": [{"kind": kind} for kind in ("strong", "normal", "easy", "strong")]}
WARM_UP_MOVES = 24


def warm_up_steps() -> Generator[None, None, None]:
    """What the start of a match runs (a deal, the view model and its JSON, the save's text, computer moves
    with Strong's thinking), on a throwaway match, in small steps. The browser compiles Python's WebAssembly
    functions one by one at their first call, and after the snapshot's restore few have run: without this the
    first Start and the first computer moves pay for it (python3 -m bench.longtasks). It then compiles the
    functions that ran most again, optimised, on threads of its own: after 6 moves that still took 0.35-0.65 s of
    those threads' time in the first match's first 0.8 s, beside the page's thread drawing the first board on a
    2-core machine; after 12 or 24 it is done before the first Start (README: Long tasks during a match).
    Nothing here touches the page's state or its storage."""
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
            except StopIteration as finished:
                session = controller.cpu_play(session, finished.value)
                break
            yield
        json.dumps(view_model(session))
        yield


def call_data(text: str) -> object:
    """The page's JSON text as data (None when it is no JSON: ``protocol.parse_call`` refuses that in words)."""
    try:
        return json.loads(text)
    except ValueError:
        return None


def answer_text(answer: AnyAnswer) -> str:
    """An answer as the JSON text the page reads."""
    return json.dumps(answer, separators=(",", ":"))


def open_page(lang: str, clock: Callable[[], float]) -> Page:
    """The browser's Page, as py/worker.py and py/page.py start it: speaking the page's language ``lang``, a
    tab of its own, and everything alive once it is made set aside from the cyclic collector (``gc_kept_short``)."""
    set_language(lang or "en")
    page = Page(tab=os.urandom(6).hex(), clock=clock)
    gc.freeze()
    return page


@contextmanager
def gc_kept_short(page: Page) -> Iterator[None]:
    """Around the browser's calls: when the match moved on, everything alive now (the runtime, the modules,
    the match so far) is set aside from the cyclic collector's full passes. It is all freed by reference
    counting when it goes (the game's data has no cycles), so nothing leaks; without this a full pass over the
    heap took 100-400 ms at a 4x slower CPU in the middle of a computer's thinking (bench.longtasks)."""
    before = page.apps.active.session.match
    yield
    if page.apps.active.session.match is not before:
        gc.freeze()
