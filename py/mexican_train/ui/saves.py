"""The match's save and the guard between two tabs, decided in Python, written by the page.

Python never touches the browser's storage. Each call from the page brings
the stored texts that changed (``protocol.Call``); ``Mirror`` keeps what
Python knows of them, and a ``StorageView`` over it is what the storage
functions (``storage``, ``records``) read and write during one call: reads see
the call's own writes, and every write is recorded as a compare-and-set
against the text Python read (``protocol.Write``). The page checks every
expectation, writes nothing on a mismatch, makes the writes in order, reads
each one back, and reports a failure (``protocol.StorageFailed``): Python then
decides again from the texts as they are (``Page.storage_failed``).

``SaveKeeper`` is the save of one match (the match in play, or the daily
deal's under its own key): what this tab last wrote and read, whether another
tab's save is in the way, an unreadable save kept aside or held until the
player says yes, and how far behind the save is while saving fails. Its rules
are the README's "Saves: nothing lost". It holds only immutable values, so a
copy taken before a call can be put back when that call's writes fail.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from ..errors import MexicanTrainError
from ..i18n import _, join_and, plural
from . import controller, storage
from . import strings as S
from .protocol import RemoveWrite, SetWrite, Texts, Write
from .storage import Storage
from .views import BootView, Held, SavedOffer

Stamp = tuple[Any, Any]
"""Who wrote a save and when: ``(tab, saved_at)`` (``storage.stamp_of``)."""


class Mirror:
    """What Python knows of the browser's storage: the texts of the game's keys, in each area, as the page
    sent them and as the writes it applied left them."""

    def __init__(self) -> None:
        self.local: Texts = {}
        self.session: Texts = {}
        self.local_error: str | None = None   # the browser's message where the storage cannot be used at all
        self.session_error: str | None = None

    def take(self, local: Texts, session: Texts, complete: bool = False, local_error: str | None = None,
             session_error: str | None = None) -> None:
        """The texts that changed, from a call (a key holding None has been removed; ``complete``: these are
        all the texts there are), and whether each storage can be used at all."""
        if complete:
            self.local.clear()
            self.session.clear()
        self.local.update(local)
        self.session.update(session)
        self.local_error = local_error
        self.session_error = session_error


class StorageView:
    """A storage over the mirror's texts of one area for one call: reads see the call's writes; every write
    is recorded as a compare-and-set in ``writes`` (the call's list, shared by its two views). ``error`` is the
    message of a storage that cannot be used at all: every read and write throws it. ``faults`` (shared by a
    call's two views) makes writes throw when Python decides again after the page could not write
    (``Faults``); it then reads ``base``, the texts as they were when it first decided, and the mirror gets
    the writes on top of the texts as they are."""

    def __init__(self, texts: Texts, area: str, faults: Faults, writes: list[Write],
                 error: str | None = None, base: Texts | None = None) -> None:
        self.texts = texts
        self.base = texts if base is None else base
        self.area = area
        self.faults = faults
        self.error = error
        self.overlay: Texts = {}
        self.writes = writes

    def get_item(self, key: str) -> str | None:
        if self.error is not None:
            raise OSError(self.error)
        return self.overlay[key] if key in self.overlay else self.base.get(key)

    def set_item(self, key: str, value: str) -> None:
        self._write()
        write: SetWrite = {"op": "set", "area": "local" if self.area == "local" else "session", "key": key,
                           "value": value, "expect": self.get_item(key)}
        self.writes.append(write)
        self.overlay[key] = value

    def remove_item(self, key: str) -> None:
        if self.get_item(key) is None:
            return
        self._write()
        write: RemoveWrite = {"op": "remove", "area": "local" if self.area == "local" else "session", "key": key,
                              "expect": self.get_item(key)}
        self.writes.append(write)
        self.overlay[key] = None

    def _write(self) -> None:
        if self.error is not None:
            raise OSError(self.error)
        self.faults.next_write()

    def commit(self) -> None:
        """The page applied the writes: the mirror holds what they wrote."""
        self.texts.update(self.overlay)
        self.overlay = {}


class Faults:
    """The writes that throw when a call's work is done again after the page could not make its writes
    (it puts back what it had written). Every write the work tries is numbered in order, the ones that throw
    included; done again from the texts it first read, the work tries the same writes up to the first that
    throws, so a number names the same write each time. ``throws`` maps the numbers of the writes the page
    could not make to the browser's message, and those writes now throw it, as a storage that throws at once
    would have; after repeated failures every write throws (``every``, its message). ``made`` holds the number
    of each write the work recorded, in order."""

    def __init__(self, throws: dict[int, str] | None = None, every: str | None = None) -> None:
        """``every``: the message every write throws."""
        self.throws = dict(throws or {})
        self.every = every
        self.count = 0
        self.made: list[int] = []

    @property
    def message(self) -> str:
        """The browser's message of the last write the page could not make ("" if none)."""
        return self.throws[max(self.throws)] if self.throws else ""

    def next_write(self) -> None:
        number, self.count = self.count, self.count + 1
        if self.every is not None:
            raise OSError(self.every)
        if number in self.throws:
            raise OSError(self.throws[number])
        self.made.append(number)

    def after(self, number: int, message: str) -> Faults:
        """The faults of the next attempt, once the page could not make write ``number``: the writes before it
        that failed still fail, it fails too; what came after it is decided again."""
        throws = {n: m for n, m in self.throws.items() if n < number}
        throws[number] = message
        return Faults(throws)


class Stores:
    """The two storages of one call: the origin's (local) and the tab's (session), their writes in one list."""

    def __init__(self, mirror: Mirror, faults: Faults | None = None, base: tuple[Texts, Texts] | None = None,
                 kept: int = 0) -> None:
        """``faults`` and ``base`` (the local and session texts to read): see ``StorageView``. ``kept``: how many
        of the call's first writes the page could not undo after a failure, so are made already: the work done
        again from ``base`` comes to the same first writes, and those are not sent again."""
        self.faults = faults or Faults()
        self.kept = kept
        self.log: list[Write] = []
        local, session = base if base is not None else (None, None)
        self.local = StorageView(mirror.local, "local", self.faults, self.log, mirror.local_error, local)
        self.session = StorageView(mirror.session, "session", self.faults, self.log, mirror.session_error, session)

    def writes(self) -> list[Write]:
        """Every write of the call the page must make, in order."""
        return list(self.log[self.kept:])

    def numbers(self) -> list[int]:
        """The number of each of those writes among all the writes the work tried (``Faults``)."""
        return self.faults.made[self.kept:]

    def commit(self) -> None:
        self.local.commit()
        self.session.commit()


class SaveKeeper:
    """The save of one match, for one tab (``tab`` names it in the save's stamp). ``clock()`` gives ms."""

    def __init__(self, tab: str, clock: Callable[[], float]) -> None:
        self.tab = tab
        self.clock = clock
        self.stamp: Stamp | None = None  # the save stamp this tab last read or wrote
        self.blocked = False  # another tab saved since: stop saving over it
        self.notice: str | None = None  # a lasting message about saving
        self.base_actions = 0  # actions of the match in play when it was started, opened or continued here
        self.saved_actions: int | None = None  # its actions in the last save written or read (None: never)
        self.unsaved: int | None = None  # moves not saved while saving fails (None: saving works)
        self.held: Held | None = None  # an unreadable save in the way: the page's question
        self.replace_ok: str | None = None  # the fingerprint of the unreadable save the player agreed to replace
        self.kept_note: str | None = None  # an unreadable save found during play and kept aside: said until a new match
        self.kept: frozenset[str] = frozenset()  # fingerprints of unreadable saves this tab has copied aside
        self.written: str | None = None  # the text of the save this tab last wrote (found again: no need to parse it)
        self.match_id: str | None = None  # the match's name in the save, under which the statistics count it

    def copy(self) -> SaveKeeper:
        """A copy to put back if the writes of a call fail (every field is an immutable value)."""
        return copy.copy(self)

    # -- the setup screen -----------------------------------------------------------------------------------
    def boot(self, store: Storage, memo: Storage) -> BootView:
        """Read the save (at start, and when another tab changed it with no match in play here): offer it
        (Continue) or say why it cannot be read; and, after a reload, how far behind it is."""
        loaded = storage.load(store)
        self.stamp = storage.stamp(store)
        return {"saved": summary(loaded.session) if loaded.session else None, "message": loaded.message,
                "stuck": loaded.stuck, "behind": self._behind_text(memo)}

    def _behind_text(self, memo: Storage) -> str | None:
        note = storage.read_behind(memo, self.stamp)
        if note is None:
            return None
        pair = S.SAVE_BEHIND if note["same"] else S.SAVE_BEHIND_OTHER
        return plural(pair, note["moves"], reason=note["reason"])

    # -- taking a match over ------------------------------------------------------------------------------
    def take_over(self, session: controller.Session, store: Storage, memo: Storage, from_save: bool = False,
                  replacing: controller.Session | None = None) -> None:
        """This tab now owns the save (a new match, Continue, Import): write it over whatever readable save
        was there (an unreadable one is kept aside first, or the player is asked). ``replacing`` is the
        session this one takes the place of."""
        if from_save:
            self.match_id = self._stored_match_id(session, store)
        elif self.match_id is None or replacing is None or session.match is not replacing.match:
            self.match_id = f"{self.tab}-{int(self.clock())}"
        self.blocked = False
        self.notice = None
        self.kept_note = None
        self.base_actions = actions_of(session)
        self.saved_actions = self.base_actions if from_save else None
        self.unsaved = None
        self.save(session, store, memo, force=True)

    def _stored_match_id(self, session: controller.Session, store: Storage) -> str:
        """The name the save gives the match just read from it; a save written before names were kept
        gets one made from its deal (the same each time it is read)."""
        try:
            found = storage.match_id_of(store.get_item(storage.MATCH_KEY))
        except Exception:  # noqa: BLE001 - a storage that throws: the deal names the match
            found = None
        if found is not None:
            return found
        match = session.match
        first = match.rounds[0] if match is not None and match.rounds else None
        deal = json.dumps([match.seed, match.rules.to_dict(), [list(p) for p in match.players],
                           [[str(t) for t in hand] for hand in first.hands_dealt] if first else []]) if match else ""
        return "deal-" + storage.fingerprint(deal)

    # -- another tab ----------------------------------------------------------------------------------------
    def other_tab_check(self, session: controller.Session, store: Storage, memo: Storage) -> None:
        """Another tab may have written the save: if so, stop saving over it and say so at once; if what it
        wrote cannot be read, keep it aside (or ask) and save this match again."""
        if session.match is None or self.blocked:
            return
        try:
            current = store.get_item(storage.MATCH_KEY)
        except Exception:  # noqa: BLE001 - the next save says what is wrong with the storage
            return
        if current is None or current == self.written:
            return
        found = storage.stamp_of(current)
        if found == self.stamp:
            return
        if found is None:   # not a save at all: our save was overwritten with something unreadable
            self.save(session, store, memo)
            return
        self.blocked = True
        self.notice = _(S.ERROR_OTHER_TAB)

    # -- saving ---------------------------------------------------------------------------------------------
    def save(self, session: controller.Session, store: Storage, memo: Storage, force: bool = False) -> None:
        """Write the save, unless another tab's save or an unreadable one the player has not agreed to
        replace is in its place; while saving fails, count the moves not saved and say so."""
        if self.blocked and not force:
            return
        found = None
        for _look in range(3):   # once more after an unreadable save was kept aside: the place may have changed
            try:
                current = store.get_item(storage.MATCH_KEY)
            except Exception as err:  # noqa: BLE001 - a storage that throws: the write would too
                self._failed(session, memo, storage._reason(err), None)
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
            if not self._clear_unreadable(store, current):
                self._failed(session, memo, _(S.REASON_UNREADABLE_IN_THE_WAY), found)
                return
            if self.replace_ok == storage.fingerprint(current):
                break
        else:
            self._failed(session, memo, _(S.REASON_UNREADABLE_IN_THE_WAY), found)
            return
        saved_at = int(self.clock())
        text = storage.record_text(session, self.tab, saved_at, self.match_id)
        problem = storage.write(store, text)
        if problem:
            self._failed(session, memo, problem, found)
            return
        self.written = text
        self.stamp = (self.tab, saved_at)
        self.saved_actions = actions_of(session)
        self.unsaved = None
        self.notice = None
        self.replace_ok = None
        self.held = None   # the unreadable save that was in the way has gone (kept aside, replaced, removed)
        storage.clear_behind(memo)

    def _clear_unreadable(self, store: Storage, text: str) -> bool:
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
        kept = storage.keep_aside(store, text)
        if kept.key:
            self.kept = self.kept | {fingerprint}
            self.held = None
            self.kept_note = _(S.UNREADABLE_FOUND_KEPT).format(reason=reason)
            return True
        self.held = {"hash": fingerprint, "text": _(S.UNREADABLE_IN_THE_WAY).format(reason=reason,
                                                                                   problem=kept.problem)}
        return False

    def replace_unreadable(self, session: controller.Session, fingerprint: str, store: Storage,
                           memo: Storage) -> None:
        """The player downloaded the unreadable save, or chose not to, and said yes to replacing it."""
        if self.held is None or self.held["hash"] != fingerprint or session.match is None:
            return
        self.replace_ok = fingerprint
        self.held = None
        self.save(session, store, memo, force=True)

    def _failed(self, session: controller.Session, memo: Storage, reason: str, found: Stamp | None) -> None:
        """Saving failed: count the moves the save is behind, say so (Export is offered), note it for a reload."""
        base = self.saved_actions if self.saved_actions is not None else self.base_actions
        moves = max(0, actions_of(session) - base)
        self.unsaved = moves
        if self.held is not None:
            self.notice = plural(S.NOT_SAVED_HELD, moves)
        elif moves == 0:
            self.notice = _(S.ERROR_SAVE_FAILED).format(reason=reason)
        else:
            self.notice = plural(S.NOT_SAVED_FOR, moves, reason=reason)
        if moves:
            storage.note_behind(memo, found, moves, reason, same=self.saved_actions is not None)


def summary(session: controller.Session) -> SavedOffer:
    """One line naming a saved match, for its Continue button, and whether that match is over (a preset's
    autostart replaces a finished match, never one still in play)."""
    from .narrate import default_you_names
    from .viewmodel import round_text
    session = controller.with_local_names(session)
    match = session.match
    assert match is not None
    # the one person at the device, by the default name: "You against …", never "You and CPU 1"
    you = match.humans[0] if len(match.humans) == 1 else None
    if you is not None and match.players[you].name not in default_you_names():
        you = None
    names = join_and(p.name for seat, p in enumerate(match.players) if seat != you)
    if match.over:
        return {"text": _(S.SAVED_MATCH_OVER_YOU if you is not None else S.SAVED_MATCH_OVER).format(players=names),
                "over": True}
    template = S.SAVED_MATCH_YOU if you is not None else S.SAVED_MATCH
    return {"text": _(template).format(players=names, round=round_text(match, match.round)), "over": False}


def actions_of(session: controller.Session) -> int:
    """How many actions the match of a session holds, over all its rounds."""
    return sum(len(r.actions) for r in session.match.rounds) if session.match is not None else 0
