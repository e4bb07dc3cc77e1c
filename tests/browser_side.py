"""The page's side of the protocol, in Python, for tests on CPython: what static/js/bridge.js and
static/js/storage.js do around ``dispatch.Page`` in the browser.

``Tab`` numbers each call, sends the storage texts that changed since the last call (or the browser's
message when a storage throws), applies an answer's writes as the page does (every expectation checked
first, nothing written on a mismatch, then each write made and read back) and, when they fail, reports it
(``storage_failed``) with the texts as they are, until an answer's writes are applied.
"""

from __future__ import annotations

from typing import Any

from mexican_train.ui.dispatch import Page
from mexican_train.ui.storage import PREFIX, DictStorage


class Clock:
    """The page's clock: milliseconds that move on by one at every reading."""

    def __init__(self) -> None:
        self.now = 1000

    def __call__(self) -> int:
        self.now += 1
        return self.now


def read_texts(store: Any, known: dict[str, str | None]) -> tuple[dict[str, str | None], str | None]:
    """The texts of the game's keys in ``store`` that differ from ``known`` (and every key ``known`` has), or
    the storage's error when it cannot be read."""
    try:
        keys = {k for k in _keys(store) if k.startswith(PREFIX)} | set(known) | {PREFIX + "match"}
        now = {k: store.get_item(k) for k in sorted(keys)}
    except Exception as err:  # noqa: BLE001 - what the page does when localStorage throws
        return {}, f"{type(err).__name__}: {err}"
    return {k: v for k, v in now.items() if known.get(k, None) != v or k not in known}, None


def _keys(store: Any) -> list[str]:
    items = getattr(store, "items", None)
    return list(items) if isinstance(items, dict) else []


def apply_writes(areas: dict[str, Any], writes: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Make an answer's writes as the page does, all or none: None when all were made, else the failure to
    report (``{"at", "reason", "error"}``) after putting back what was written."""
    seen: dict[tuple[str, str], str | None] = {}
    for i, write in enumerate(writes):
        where = (write["area"], write["key"])
        try:
            current = seen[where] if where in seen else areas[write["area"]].get_item(write["key"])
        except Exception as err:  # noqa: BLE001
            return {"at": i, "reason": "error", "error": f"{type(err).__name__}: {err}"}
        if current != write["expect"]:
            return {"at": i, "reason": "changed", "error": ""}
        seen[where] = write["value"] if write["op"] == "set" else None
    for i, write in enumerate(writes):
        area = areas[write["area"]]
        failure = None
        try:
            if write["op"] == "set":
                area.set_item(write["key"], write["value"])
                if area.get_item(write["key"]) != write["value"]:
                    failure = {"at": i, "reason": "differs", "error": ""}
            else:
                area.remove_item(write["key"])
        except Exception as err:  # noqa: BLE001
            failure = {"at": i, "reason": "error", "error": f"{type(err).__name__}: {err}"}
        if failure is not None:
            failure["kept"] = _put_back(areas, writes[:i + 1])
            return failure
    return None


def _put_back(areas: dict[str, Any], made: list[dict[str, Any]]) -> int:
    """Undo writes already made, last first (each back to the text it expected), stopping at the first undo
    that fails: what stays is the first writes of the answer, in order (a copy kept aside stays with the
    original's removal). Returns how many first writes stay."""
    for i in range(len(made) - 1, -1, -1):
        write = made[i]
        area = areas[write["area"]]
        try:
            if write["expect"] is None:
                area.remove_item(write["key"])
            else:
                area.set_item(write["key"], write["expect"])
        except Exception:  # noqa: BLE001
            return i + 1 if i < len(made) - 1 else i
    return 0


class Tab:
    """One tab of the game: its Page, the browser's localStorage (``store``, shared between tabs) and the
    tab's sessionStorage (``memo``)."""

    def __init__(self, store: Any = None, tab: str = "tab-a", memo: Any = None, clock: Any = None,
                 slice_ms: float | None = None) -> None:
        self.store = store if store is not None else DictStorage()
        self.memo = memo if memo is not None else DictStorage()
        self.page = Page(tab, clock or Clock(), **({"slice_ms": slice_ms} if slice_ms is not None else {}))
        self.seq = 0
        self.applied = -1
        self.known: dict[str, dict[str, str | None]] = {"local": {}, "session": {}}
        self.answers: list[dict[str, Any]] = []   # every answer, failures' included

    def call(self, event: dict[str, Any], source: dict[str, Any] | None = None, full: bool = False,
             meanwhile: Any = None) -> dict[str, Any]:
        """Send one event; apply its answer's writes (reporting failures until writes are applied); the last
        answer. ``meanwhile`` runs once between the event and its answer's writes (another tab writing while
        Python works in this tab's worker)."""
        answer = self._send(event, source, full)
        if meanwhile is not None:
            meanwhile()
        for _attempt in range(10):
            failure = apply_writes({"local": self.store, "session": self.memo}, answer["writes"])
            if failure is None:
                self.applied = answer["seq"]
                for write in answer["writes"]:
                    self.known[write["area"]][write["key"]] = write.get("value")
                return answer
            answer = self._send({"type": "storage_failed", "failed": answer["seq"], **failure}, None, full=True)
        raise AssertionError("the writes kept failing after 10 attempts")

    def _send(self, event: dict[str, Any], source: dict[str, Any] | None, full: bool) -> dict[str, Any]:
        self.seq += 1
        message: dict[str, Any] = {"seq": self.seq, "event": event, "applied": self.applied,
                                   "complete": full or self.seq == 1}
        for area, store in (("local", self.store), ("session", self.memo)):
            if full or self.seq == 1:
                self.known[area] = {}
            texts, error = read_texts(store, self.known[area])
            self.known[area].update(texts)
            message[area] = texts
            message[area + "_error"] = error
        if source is not None:
            message["source"] = source
        answer = self.page.call(message)
        self.answers.append(answer)
        return answer  # type: ignore[return-value]

    # -- what most tests want -----------------------------------------------------------------------------
    def send(self, event: dict[str, Any]) -> dict[str, Any]:
        """Send one event; the view of the answer (the game's view model for the match's events), with the
        answer's ``thinking``, or ``{"same": True, ...}`` when there is nothing to draw."""
        answer = self.call(event)
        if answer["part"] == "none":
            return {"same": True, "thinking": answer["thinking"]}
        if answer["part"] == "refused":
            return {"refused": True, "error": answer["error"], "warn": answer["warn"]}
        view = dict(answer.get("view") or {})
        view["thinking"] = answer["thinking"]
        if answer.get("error"):
            view["error"] = answer["error"]
        return view

    def boot(self) -> dict[str, Any]:
        """What the setup screen offers."""
        return self.call({"type": "boot"})["view"]  # type: ignore[no-any-return]

    def export_match(self) -> str:
        """The match file of the match on screen ("" when none)."""
        return self.call({"type": "export_match"})["view"]["text"]  # type: ignore[no-any-return]

    @property
    def session(self) -> Any:
        """The Session of the match on screen."""
        return self.page.apps.active.session

    @property
    def keeper(self) -> Any:
        """The save keeper of the match on screen."""
        return self.page.apps.active.keeper


def new_tab(store: Any = None, tab: str = "tab-a", memo: Any = None, slice_ms: float | None = None) -> Tab:
    """A tab of the game on ``store`` (a fresh DictStorage if none) and a fake clock."""
    return Tab(store, tab, memo, slice_ms=slice_ms)
