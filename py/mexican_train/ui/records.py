"""The statistics record and the daily deal's save in the browser, kept like the match's save.

* The statistics (``mexican_train.stats``) live under ``STATS_KEY``. Every
  change reads the record afresh, changes it and writes it back (``update``),
  so two tabs never undo each other's counting. A record that cannot be read
  is copied aside to ``mexican-train:unreadable/<n>`` like an unreadable save
  (``storage.keep_aside``), never deleted; while it cannot be copied it stays
  in its place and nothing is written over it.
* The daily deal is a match saved under ``DAILY_KEY``. ``Renamed`` gives a
  second ``matchapp.MatchApp`` a storage in which the match's key (and the tab's
  "behind" note) are the daily deal's own, so the daily deal is saved, kept
  aside and guarded against other tabs exactly as the match is, and never
  touches the match in progress.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .. import stats
from ..i18n import _
from . import storage
from . import strings as S
from .storage import Storage

STATS_KEY = storage.PREFIX + "stats"
DAILY_KEY = storage.PREFIX + "daily"
DAILY_BEHIND_KEY = storage.PREFIX + "daily-behind"


class Renamed:
    """A storage that stores some keys under other names (the rest unchanged)."""

    def __init__(self, inner: Storage, names: dict[str, str]):
        self.inner = inner
        self.names = names

    def get_item(self, key: str) -> str | None:
        return self.inner.get_item(self.names.get(key, key))

    def set_item(self, key: str, value: str) -> None:
        self.inner.set_item(self.names.get(key, key), value)

    def remove_item(self, key: str) -> None:
        self.inner.remove_item(self.names.get(key, key))


def daily_storage(inner: Storage) -> Renamed:
    """The storage of the daily deal's MatchApp: its match is saved under ``DAILY_KEY``."""
    return Renamed(inner, {storage.MATCH_KEY: DAILY_KEY})


def daily_memo(inner: Storage) -> Renamed:
    """The tab's note of unsaved moves for the daily deal (sessionStorage), apart from the match's."""
    return Renamed(inner, {storage.BEHIND_KEY: DAILY_BEHIND_KEY})


class Loaded(NamedTuple):
    """The statistics found (an empty record when there are none or they cannot be read), a message when
    something is wrong, and ``stuck``: an unreadable record is still in its place, so nothing may be written."""

    record: stats.Record
    message: str | None = None
    stuck: bool = False


def load(store: Storage) -> Loaded:
    """The statistics record in ``store``; an unreadable one is kept aside and said so."""
    try:
        text = store.get_item(STATS_KEY)
    except Exception as err:  # noqa: BLE001 - storage forbidden: count nothing, say why
        return Loaded(stats.empty(), _(S.STATS_NOT_SAVED).format(reason=storage._reason(err)), stuck=True)
    if text is None:
        return Loaded(stats.empty())
    try:
        return Loaded(stats.loads(text))
    except stats.StatsError as err:
        reason = err.localized()
    kept = storage.keep_aside(store, text, STATS_KEY)
    if kept.key:
        return Loaded(stats.empty(), _(S.STATS_UNREADABLE).format(reason=reason, key=kept.key))
    return Loaded(stats.empty(), _(S.STATS_UNREADABLE_STUCK).format(reason=reason, problem=kept.problem), stuck=True)


def write(store: Storage, record: stats.Record) -> str | None:
    """Store the record; None, or a sentence saying why it could not be stored."""
    try:
        store.set_item(STATS_KEY, stats.dumps(record))
    except Exception as err:  # noqa: BLE001 - full or forbidden
        return _(S.STATS_NOT_SAVED).format(reason=storage._reason(err))
    return None


def update(store: Storage, change: Callable[[stats.Record], stats.Record]) -> Loaded:
    """Read the record afresh, apply ``change`` and write the result if it differs: the record after it,
    and a message when something went wrong (read or write). Nothing is written over an unreadable record
    that could not be kept aside."""
    found = load(store)
    if found.stuck:
        return found
    after = change(found.record)
    if after is found.record or after == found.record:
        return Loaded(after, found.message)
    problem = write(store, after)
    return Loaded(after, problem or found.message)
