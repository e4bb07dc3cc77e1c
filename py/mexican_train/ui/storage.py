"""Saving the match in the browser: never lose one, never crash on a bad one.

The storage is injected: anything with ``get_item(key)``, ``set_item(key,
value)`` and ``remove_item(key)`` (the page wraps localStorage; tests use a
dict). Every key starts with ``PREFIX`` so nothing collides with other games
on the same origin.

A save is a record ``{"save_version": 2, "match": <match file>, "app":
{...}, "tab": ..., "saved_at": ...}``. Version 1 was the bare match file
(what Export writes); it is still read and migrated. A record that cannot be
read is moved aside under ``PREFIX + "unreadable/<n>"``, never deleted.
"""

from __future__ import annotations

import json

from .. import matchfile
from ..errors import MexicanTrainError
from ..i18n import _
from . import strings as S
from .controller import Session, app_state, restore

PREFIX = "mexican-train:"
MATCH_KEY = PREFIX + "match"
UNREADABLE_PREFIX = PREFIX + "unreadable/"
SAVE_VERSION = 2


class DictStorage:
    """An in-memory storage with the same three methods as the page's localStorage wrapper."""

    def __init__(self, items: dict | None = None, quota: int | None = None):
        self.items = dict(items or {})
        self.quota = quota

    def get_item(self, key: str):
        return self.items.get(key)

    def set_item(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise OSError("QuotaExceededError: the storage is full")
        self.items[key] = value

    def remove_item(self, key: str) -> None:
        self.items.pop(key, None)


def record(session: Session, tab: str, saved_at: int) -> dict:
    """The save record of a session."""
    return {"save_version": SAVE_VERSION, "match": matchfile.to_dict(session.match), "app": app_state(session),
            "tab": tab, "saved_at": saved_at}


def save(storage, session: Session, tab: str, saved_at: int) -> str | None:
    """Write the session's match; returns None, or a plain sentence saying why it could not be saved."""
    if session.match is None:
        return None
    text = json.dumps(record(session, tab, saved_at), separators=(",", ":"))
    try:
        storage.set_item(MATCH_KEY, text)
    except Exception as err:  # QuotaExceededError, SecurityError: storage full or forbidden
        return _(S.ERROR_SAVE_FAILED).format(reason=_reason(err))
    return None


def stamp(storage) -> tuple | None:
    """Who wrote the save and when: ``(tab, saved_at)``, or None.

    A tab remembers the stamp it last read or wrote; if the stamp has changed
    before it saves, another tab has written the match since, and saving
    would silently overwrite it.
    """
    try:
        data = json.loads(storage.get_item(MATCH_KEY) or "null")
    except Exception:
        return None
    return (data.get("tab"), data.get("saved_at")) if isinstance(data, dict) else None


def migrate(data) -> dict:
    """Bring a save record of any known version to the current one; MatchFileError-free by itself."""
    if isinstance(data, dict) and data.get("format") == matchfile.FORMAT:
        return {"save_version": SAVE_VERSION, "match": data, "app": data.get("app") or {}}  # version 1
    if not isinstance(data, dict) or "save_version" not in data:
        raise MexicanTrainError("it is not a saved match")
    if data["save_version"] != SAVE_VERSION:
        raise MexicanTrainError(f"it was saved by a newer version of the game (save version {data['save_version']})")
    return data


def load(storage) -> tuple[Session | None, str | None]:
    """The saved session, or (None, None) when there is none, or (None, message) when it cannot be read.

    An unreadable save is moved aside (kept, not deleted) and the message says
    what went wrong in plain words.
    """
    try:
        text = storage.get_item(MATCH_KEY)
    except Exception as err:  # SecurityError: storage forbidden (a blocked third-party frame, a privacy setting)
        return None, _(S.ERROR_STORAGE_FORBIDDEN).format(reason=_reason(err))
    if text is None:
        return None, None
    try:
        data = migrate(json.loads(text))
        session = restore(matchfile.from_dict(data["match"]), data.get("app"))
    except (ValueError, TypeError, KeyError, MexicanTrainError) as err:
        reason = _(S.REASON_NOT_JSON) if isinstance(err, json.JSONDecodeError) else _reason(err)
        keep_aside(storage, text)
        return None, _(S.ERROR_SAVE_UNREADABLE).format(reason=reason)
    return session, None


def keep_aside(storage, text: str) -> str | None:
    """Move an unreadable save to a key of its own; returns that key (None if even that failed)."""
    for n in range(1, 1000):
        key = f"{UNREADABLE_PREFIX}{n}"
        try:
            if storage.get_item(key) is None:
                storage.set_item(key, text)
                storage.remove_item(MATCH_KEY)
                return key
        except Exception:
            return None
    return None


def discard(storage) -> None:
    """Forget the saved match (after the player confirmed a new match)."""
    try:
        storage.remove_item(MATCH_KEY)
    except Exception:
        pass


def import_text(text: str) -> Session:
    """A session from an imported match file or save record; MexicanTrainError says why it cannot open."""
    try:
        data = migrate(json.loads(text))
    except ValueError as err:
        if isinstance(err, MexicanTrainError):
            raise
        raise MexicanTrainError(_(S.REASON_NOT_JSON)) from None
    return restore(matchfile.from_dict(data["match"]), data.get("app"))


def export_text(session: Session) -> str:
    """The match file of a session, as Export downloads it."""
    return matchfile.dumps(session.match)


# What the browser's exception names mean, in plain words (the rest of its message is kept as it is).
PLAIN_REASONS = {"QuotaExceededError": S.REASON_STORAGE_FULL, "SecurityError": S.REASON_STORAGE_DENIED}


def _reason(err: Exception) -> str:
    text = str(err).strip() or type(err).__name__
    for name, plain in PLAIN_REASONS.items():
        if name in text:
            return _(plain)
    return text[0].lower() + text[1:] if text[:1].isupper() and not text[:2].isupper() else text
