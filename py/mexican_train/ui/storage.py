"""Saving the match in the browser: never lose one, never crash on a bad one.

The storage is injected: anything with ``get_item(key)``, ``set_item(key,
value)`` and ``remove_item(key)`` (the page wraps localStorage; tests use a
dict). Any of the three may raise (a full storage, a storage the browser
forbids, one that has gone away): every function here catches that and says
so. Every key starts with ``PREFIX`` so nothing collides with other games on
the same origin.

A save is a record ``{"save_version": 2, "match": <match file>, "app":
{...}, "tab": ..., "saved_at": ...}``. Version 1 was the bare match file
(what Export writes); it is still read and migrated. Records and match files
are read within the bounds of ``boundedjson`` (size, nesting), so no text
found in storage can crash Python.

A save that cannot be read is never destroyed: it is copied to
``PREFIX + "unreadable/<n>"`` (the copy read back and compared) and only then
removed from its place; when it cannot be copied (the storage is full), it
stays where it is, and the page overwrites it only after the player has been
offered to download it and said yes (``saves.SaveKeeper``).
"""

from __future__ import annotations

import json
import re
import zlib
from typing import Any, NamedTuple, Protocol

from .. import boundedjson, matchfile
from ..errors import MatchFileError, MexicanTrainError
from ..i18n import N_, _
from . import strings as S
from .controller import Session, app_state, restore, with_names_cleaned_said
from .protocol import STORAGE_PREFIX

PREFIX = STORAGE_PREFIX
MATCH_KEY = PREFIX + "match"
UNREADABLE_PREFIX = PREFIX + "unreadable/"
BEHIND_KEY = PREFIX + "behind"
"""In the tab's sessionStorage: how far behind the save is while saves fail (read back after a reload)."""
SAVE_VERSION = 2
MAX_KEPT = 999
"""How many unreadable saves can be kept aside (``unreadable/1`` to ``unreadable/999``)."""

NOT_A_SAVE = N_("it is not a saved match")
NEWER_SAVE = N_("it was saved by a newer version of the game (save version {version})")
TOO_BIG_TO_SAVE = N_("the match is too large to save")


class Storage(Protocol):
    """What the game needs of a storage (localStorage in the page)."""

    def get_item(self, key: str) -> str | None: ...

    def set_item(self, key: str, value: str) -> None: ...

    def remove_item(self, key: str) -> None: ...


class DictStorage:
    """An in-memory storage with the same three methods as the page's localStorage wrapper."""

    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None):
        self.items = dict(items or {})
        self.quota = quota

    def get_item(self, key: str) -> str | None:
        return self.items.get(key)

    def set_item(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise OSError("QuotaExceededError: the storage is full")
        self.items[key] = value

    def remove_item(self, key: str) -> None:
        self.items.pop(key, None)


# -- reading --------------------------------------------------------------------------------------

def fingerprint(text: str) -> str:
    """A short name of one exact text: the page asks before replacing an unreadable save with this name.

    Two checksums of 32 bits each, not hashlib: Pyodide leaves hashlib out of its standard library.
    """
    data = text.encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def parse_record(text: str) -> dict[str, Any]:
    """A save record of the current version from stored text; MexicanTrainError says why not."""
    return migrate(boundedjson.parse(text))


def migrate(data: Any) -> dict[str, Any]:
    """Bring a save record of any known version to the current one; MexicanTrainError says why it cannot."""
    if isinstance(data, dict) and data.get("format") == matchfile.FORMAT:
        return {"save_version": SAVE_VERSION, "match": data, "app": data.get("app") or {}}  # version 1
    if not isinstance(data, dict) or "save_version" not in data:
        raise MatchFileError(NOT_A_SAVE)
    if data["save_version"] != SAVE_VERSION:
        raise MatchFileError(NEWER_SAVE, field="save_version", version=matchfile.show(data["save_version"]))
    if "match" not in data:
        raise MatchFileError(matchfile.MISSING, field="match", name="match")
    return data


def session_of(record: dict[str, Any]) -> Session:
    """The session a save record holds. Only the match must be readable: screens and pause that do not
    make sense are left out rather than losing the match. Names that lost control or invisible
    characters on the way in are said once."""
    cleaned: list[int] = []
    match = matchfile.from_dict(record["match"], cleaned)
    try:
        session = restore(match, record.get("app"))
    except Exception:  # noqa: BLE001 - the app part is a nicety; the match is what matters
        session = restore(match, None)
    return with_names_cleaned_said(session, cleaned)


def read_session(text: str) -> Session:
    """The session in a stored text (a save record, or a bare match file); MexicanTrainError says why not."""
    return session_of(parse_record(text))


def _stored_object(text: str | None) -> dict[str, Any] | None:
    """The JSON object a stored text holds, or None (no text, not JSON, or not an object)."""
    if text is None:
        return None
    try:
        data = boundedjson.parse(text)
    except MexicanTrainError:
        return None
    return data if isinstance(data, dict) else None


def stamp_of(text: str | None) -> tuple[Any, Any] | None:
    """Who wrote a stored save and when, ``(tab, saved_at)``; None when it is no save record at all.

    A tab remembers the stamp it last read or wrote; if the stamp has changed
    before it saves, another tab has written the match since, and saving
    would silently overwrite it.
    """
    data = _stored_object(text)
    if data is None:
        return None
    stamp = (data.get("tab"), data.get("saved_at"))
    return stamp if all(isinstance(v, (str, int, type(None))) for v in stamp) else None


def stamp(storage: Storage) -> tuple[Any, Any] | None:
    """The stamp of the save in ``storage`` (None: none, unreadable, or the storage refuses)."""
    try:
        return stamp_of(storage.get_item(MATCH_KEY))
    except Exception:  # noqa: BLE001 - a storage that throws has no stamp to offer
        return None


def readable(text: str) -> bool:
    """True when a stored text loads as a match."""
    try:
        read_session(text)
    except MexicanTrainError:
        return False
    return True


class Loaded(NamedTuple):
    """What ``load`` found: a session, or a message saying why there is none; ``stuck`` is True when an
    unreadable save could not be copied aside and so stays in its place."""

    session: Session | None
    message: str | None
    stuck: bool = False


def load(storage: Storage) -> Loaded:
    """The saved session, or (None, None) when there is none, or (None, message) when it cannot be read.

    An unreadable save is kept aside (copied, never deleted) and the message
    says what went wrong in plain words, and truthfully whether it was copied.
    A save is called unreadable only when two reads give the same text (a
    storage can give back something else than it holds, once).
    """
    for _look in range(3):
        try:
            text = storage.get_item(MATCH_KEY)
        except Exception as err:  # noqa: BLE001 - SecurityError: storage forbidden (third-party frame, privacy)
            return Loaded(None, _(S.ERROR_STORAGE_FORBIDDEN).format(reason=_reason(err)))
        if text is None:
            return Loaded(None, None)
        try:
            return Loaded(read_session(text), None)
        except MexicanTrainError as err:
            if _read_again(storage) == text:
                return unreadable(storage, text, err)
    return Loaded(None, _(S.ERROR_STORAGE_UNSTABLE))


def _read_again(storage: Storage) -> str | None:
    try:
        return storage.get_item(MATCH_KEY)
    except Exception:  # noqa: BLE001
        return None


def unreadable(storage: Storage, text: str, err: MexicanTrainError) -> Loaded:
    """Keep an unreadable save aside; the message says why it cannot be read and where it is now."""
    reason = err.localized()
    kept = keep_aside(storage, text)
    if kept.key:
        return Loaded(None, _(S.ERROR_SAVE_UNREADABLE).format(reason=reason))
    return Loaded(None, _(S.ERROR_SAVE_UNREADABLE_STUCK).format(reason=reason, problem=kept.problem), stuck=True)


class Kept(NamedTuple):
    """Where ``keep_aside`` copied a save (``key``), or why it could not (``problem``, a plain phrase)."""

    key: str | None
    problem: str | None = None


def keep_aside(storage: Storage, text: str, key_of_text: str = MATCH_KEY) -> Kept:
    """Copy an unreadable save (or record: ``key_of_text`` is where it is) to a key of its own, then
    remove it from its place.

    The copy is read back and compared before anything is removed, and the
    save is removed only if it is still the same text; a storage that throws,
    is full or gives back something else leaves it where it is.
    """
    try:
        for n in range(1, MAX_KEPT + 1):
            key = f"{UNREADABLE_PREFIX}{n}"
            if storage.get_item(key) is None:
                break
        else:
            return Kept(None, _(S.REASON_NO_ROOM_ASIDE))
        storage.set_item(key, text)
        if storage.get_item(key) != text:
            return Kept(None, _(S.REASON_COPY_DIFFERS))
        if storage.get_item(key_of_text) == text:
            storage.remove_item(key_of_text)
        return Kept(key)
    except Exception as err:  # noqa: BLE001 - full, forbidden, gone: the save stays where it is
        return Kept(None, _reason(err))


# -- writing --------------------------------------------------------------------------------------

def record(session: Session, tab: str, saved_at: int, match_id: str | None = None) -> dict[str, Any]:
    """The save record of a session; ``match_id`` names the match for the statistics (``match_id_of``)."""
    assert session.match is not None
    found = {"save_version": SAVE_VERSION, "match": matchfile.to_dict(session.match), "app": app_state(session),
             "tab": tab, "saved_at": saved_at}
    if match_id is not None:
        found["match_id"] = match_id
    return found


def record_text(session: Session, tab: str, saved_at: int, match_id: str | None = None) -> str:
    """The save record as the text stored."""
    return json.dumps(record(session, tab, saved_at, match_id), separators=(",", ":"))


def match_id_of(text: str | None) -> str | None:
    """The name a save record gives its match (the statistics count a match once under it), or None."""
    data = _stored_object(text)
    found = data.get("match_id") if data is not None else None
    return found if isinstance(found, str) and 0 < len(found) <= 100 else None


def write(storage: Storage, text: str) -> str | None:
    """Store a save record's text; returns None, or why it could not be stored (a plain phrase)."""
    if boundedjson.utf8_size(text) > boundedjson.MAX_BYTES:   # it could not be read back: do not write it
        return _(TOO_BIG_TO_SAVE)
    try:
        storage.set_item(MATCH_KEY, text)
    except Exception as err:  # noqa: BLE001 - QuotaExceededError, SecurityError: storage full or forbidden
        return _reason(err)
    return None


# -- moving a match between devices ------------------------------------------------------------------

def import_text(text: str) -> Session:
    """A session from an imported match file or save record; MexicanTrainError says why it cannot open."""
    return read_session(text)


def export_text(session: Session) -> str:
    """The match file of a session, as Export downloads it."""
    assert session.match is not None
    return matchfile.dumps(session.match)


# -- how far behind: a note in the tab's sessionStorage while saves fail ----------------------------

def note_behind(memo: Storage | None, stamp: tuple[Any, Any] | None, moves: int, reason: str,
                same: bool) -> None:
    """Remember, for a reload of this tab, that ``moves`` moves could not be saved over the save with
    ``stamp`` (None: there is none); ``same`` says whether that save is of the match in play."""
    if memo is None:
        return
    note = {"stamp": list(stamp) if stamp else None, "moves": moves, "reason": reason, "same": same}
    try:
        memo.set_item(BEHIND_KEY, json.dumps(note))
    except Exception:  # noqa: BLE001 - where the browser allows no note, a reload cannot say it
        pass


def clear_behind(memo: Storage | None) -> None:
    """The save is up to date: forget the note."""
    if memo is None:
        return
    try:
        memo.remove_item(BEHIND_KEY)
    except Exception:  # noqa: BLE001
        pass


def read_behind(memo: Storage | None, current: tuple[Any, Any] | None) -> dict[str, Any] | None:
    """The note left before a reload, if it is about the save there now (``current`` is its stamp)."""
    if memo is None:
        return None
    try:
        note = boundedjson.parse(memo.get_item(BEHIND_KEY) or "null")
    except Exception:  # noqa: BLE001 - no note, or one that cannot be read: say nothing
        return None
    if not isinstance(note, dict):
        return None
    moves, reason = note.get("moves"), note.get("reason")
    if not isinstance(moves, int) or isinstance(moves, bool) or moves < 1 or not isinstance(reason, str):
        return None
    stamp = note.get("stamp")
    if (tuple(stamp) if isinstance(stamp, list) else None) != (tuple(current) if current else None):
        return None   # the save has been written since (by this tab after all, or by another)
    return {"moves": moves, "reason": reason, "same": note.get("same") is True}


# What the browser's exception names mean, in plain words (the rest of its message is kept as it is).
PLAIN_REASONS = {"QuotaExceededError": S.REASON_STORAGE_FULL, "SecurityError": S.REASON_STORAGE_DENIED}


def _reason(err: BaseException) -> str:
    if isinstance(err, MexicanTrainError):
        return err.localized()
    text = str(err).strip() or type(err).__name__
    for name, plain in PLAIN_REASONS.items():
        if name in text:
            return _(plain)
    # the browser's own message is English: the page says it in its language, with the error's name only
    named = re.match(r"\s*([A-Za-z]+(?:Error|Exception))\b", text)
    return _(S.REASON_STORAGE_ERROR).format(error=named.group(1) if named else type(err).__name__)
