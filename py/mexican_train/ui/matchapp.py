"""One match on screen with its save: the match in play, or the daily deal's (saved under its own key).

``MatchApp.handle`` takes the events the route table gives the match
(``protocol.Part.MATCH``): the board's, through ``controller.apply``, and the
save's (Continue, Import, another tab, an unreadable save in the way), through
its ``saves.SaveKeeper``. It answers with the view model of the match for the
viewer the call names, plus the save's state. A computer's decision and the
hint are jobs (``jobs.Job``) it hands to the page's one runner
(``dispatch.Page``), which runs them a slice at a time and calls back
``cpu_done`` / ``hint_done``.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from ..actions import Action
from ..errors import MexicanTrainError
from ..i18n import _
from . import controller, protocol, storage
from . import strings as S
from .jobs import Job
from .protocol import Event, GameAnswer
from .saves import SaveKeeper, Stores
from .storage import Storage
from .viewmodel import SCREEN_SEAT, view_model
from .views import GameView


class MatchApp:
    """The Session of one match and its save. ``store_of`` and ``memo_of`` pick this match's storages out
    of a call's (the daily deal's keys are renamed: ``records.daily_storage``)."""

    def __init__(self, tab: str, clock: Callable[[], float],
                 store_of: Callable[[Stores], Storage] = lambda stores: stores.local,
                 memo_of: Callable[[Stores], Storage] = lambda stores: stores.session) -> None:
        self.session = controller.Session()
        self.keeper = SaveKeeper(tab, clock)
        self.store_of = store_of
        self.memo_of = memo_of
        self.cpu_ms: list[tuple[str, float]] = []  # recent computer steps: (kind, ms of its choice and move)
        self.told: controller.Happened | None = None   # the step whose events an answer carried last

    # -- events ---------------------------------------------------------------------------------------------
    def handle(self, event: Event, stores: Stores, viewer: int | None = SCREEN_SEAT,
               seat: int | None = None) -> GameAnswer:
        """Apply one of the match's events (``seat``: from that friend's device) and answer with what to draw for
        ``viewer``."""
        store, memo = self.store_of(stores), self.memo_of(stores)
        before = self.session
        try:
            match event:
                case protocol.ContinueSaved():
                    saved, message, _stuck = storage.load(store)
                    if saved is None:
                        return self.answer(before, viewer, message)
                    saved = controller.with_local_names(saved)
                    self._take_over(saved, store, memo, from_save=True)
                    return self.answer(saved, viewer)
                case protocol.SaveChanged():
                    self.keeper.other_tab_check(self.session, store, memo)
                    return self.answer(before._replace(announce=()), viewer)
                case protocol.TakeOver():
                    saved, message, _stuck = storage.load(store)
                    if message:
                        return self.answer(before._replace(announce=()), viewer, message)
                    if saved is None and before.match is None:
                        return self.answer(before, viewer)
                    taken = controller.with_local_names(saved) if saved is not None else before
                    self._take_over(taken, store, memo, from_save=saved is not None)
                    return self.answer(self.session if saved else before._replace(announce=()), viewer)
                case protocol.ReplaceUnreadable(hash=fingerprint):
                    self.keeper.replace_unreadable(self.session, fingerprint, store, memo)
                    return self.answer(before._replace(announce=()), viewer)
                case protocol.ImportMatch(text=text):
                    try:
                        imported = storage.import_text(text)
                    except MexicanTrainError as err:
                        return self.answer(before, viewer, _(S.ERROR_IMPORT).format(reason=err.localized()))
                    imported = controller.with_local_names(imported)
                    self._take_over(imported, store, memo)
                    return self.answer(imported, viewer)
                case protocol.NewMatch():
                    after = controller.apply(before, event)
                    if after.match is None:  # bad settings: keep whatever was being played, show why
                        return self.answer(after, viewer)
                    self._take_over(after, store, memo)
                    return self.answer(after, viewer)
                case protocol.Refresh():
                    return self.answer(controller.quiet(before), viewer)
                case _:
                    after = controller.apply(before, event, seat)
        except Exception as err:  # a bug: keep the match as it was, say so, show the traceback in the console
            traceback.print_exc()
            return self.answer(before._replace(announce=()), viewer,
                               _(S.ERROR_INTERNAL).format(reason=type(err).__name__))
        self.commit(after, stores)
        return self.answer(after, viewer)

    def commit(self, after: controller.Session, stores: Stores) -> None:
        """The match moves on to ``after``: saved when the match or what the save keeps of the screen changed."""
        before = self.session
        self.session = after
        if after.match is not None and (after.match is not before.match
                                        or controller.app_state(after) != controller.app_state(before)):
            self.keeper.save(after, self.store_of(stores), self.memo_of(stores))

    def _take_over(self, session: controller.Session, store: Storage, memo: Storage, from_save: bool = False) -> None:
        replacing = self.session
        self.session = session
        self.keeper.take_over(session, store, memo, from_save=from_save, replacing=replacing)

    def boot(self, stores: Stores) -> protocol.BootAnswer:
        """What the setup screen offers about this match's save."""
        return {"seq": -1, "part": "boot", "thinking": None, "writes": [],
                "view": self.keeper.boot(self.store_of(stores), self.memo_of(stores))}

    def export(self) -> str:
        """The match file of the match in play, or "" when there is none."""
        return storage.export_text(self.session) if self.session.match is not None else ""

    # -- thinking -------------------------------------------------------------------------------------------
    def cpu_job(self) -> Job[Action] | None:
        """The decision of the computer to move, as a job (None when no computer may act now)."""
        steps = controller.cpu_thinking(self._quiet())
        if steps is None:
            return None
        match = self.session.match
        job: Job[Action] = Job("cpu", steps,
                               lambda: self.session.match is match and controller.facts(self.session).cpu_to_move,
                               lambda action, stores: self.cpu_done(action, stores, job.spent),
                               lambda: self.session.match is match)
        return job

    def cpu_done(self, action: Action, stores: Stores, thought_ms: float = 0.0) -> None:
        """The computer to move plays ``action``, its decision for this very position."""
        started = time.perf_counter()
        before = self._quiet()
        match = before.match
        assert match is not None
        kind = match.players[match.round.seat].kind
        after = controller.cpu_play(before, action)
        spent = thought_ms + (time.perf_counter() - started) * 1000   # the choice and the move, not the save
        self.cpu_ms = self.cpu_ms[-499:] + [(kind, round(spent, 3))]
        self.commit(after, stores)

    def hint_job(self) -> Job[tuple[Action, str]] | None:
        """The hint for the person to move, as a job (None when no hint is due)."""
        steps = controller.hint_thinking(self._quiet())
        if steps is None:
            return None
        match = self.session.match
        return Job("hint", steps,
                   lambda: self.session.match is match and controller.facts(self.session).human_to_move is not None,
                   lambda found, stores: self.commit(controller.show_hint(self._quiet(), *found), stores),
                   lambda: self.session.match is match)

    def _quiet(self) -> controller.Session:
        """The Session with nothing said yet: the start of a step."""
        return controller.quiet(self.session)

    # -- what to draw ---------------------------------------------------------------------------------------
    def answer(self, session: controller.Session, viewer: int | None, error: str | None = None) -> GameAnswer:
        """The game's answer: the view model of ``session`` for ``viewer`` and the save's state."""
        return {"seq": -1, "part": "game", "thinking": None, "writes": [], "view": self.view(session, viewer, error)}

    def view(self, session: controller.Session, viewer: int | None = SCREEN_SEAT,
             error: str | None = None) -> GameView:
        """The view model of ``session`` for ``viewer``, with what the page must know of the save. A step's
        events go out once, in the first answer that shows its Session (the page may be answered again with the
        same Session: a command that had nothing to do, a refresh)."""
        vm = view_model(session, controller.facts(session), viewer)
        if vm["screen"] != "setup" and session.happened is not None:
            if session.happened is self.told:
                vm["events"] = []
            self.told = session.happened
        if error:
            vm["error"] = error
        keeper = self.keeper
        vm["notice"] = keeper.notice or keeper.kept_note
        vm["blocked"] = keeper.blocked
        vm["unsaved"] = keeper.unsaved
        vm["held"] = keeper.held
        return vm



class Apps:
    """The page's two matches (the match in play, and the daily deal saved under its own key) and which of
    them the game screen shows (``active``: the match's events go to it)."""

    def __init__(self, main: MatchApp, daily: MatchApp) -> None:
        self.main = main
        self.daily = daily
        self.active = main
