"""The replay screen: a match stepped through action by action, as a bystander sees the table.

``replay.steps`` lists every position; each event answers with one of them
(``replay.view_model``), with the review's items of that match to jump to.
"""

from __future__ import annotations

from ...errors import MexicanTrainError
from ...i18n import _
from ...match import Match
from .. import protocol, replay, storage
from .. import strings as S
from ..matchapp import Apps
from ..protocol import Event, ReplayAnswer, ReplaySource
from ..saves import Stores
from ..storage import Storage
from ..views import ReplayItem
from .reviewing import Reviewing
from .statistics import number


class Replaying:
    """The match being replayed in this tab, if any."""

    def __init__(self, apps: Apps, reviewing: Reviewing) -> None:
        self.apps = apps
        self.reviewing = reviewing
        self.shown: tuple[list[replay.Step], Match] | None = None

    def handle(self, event: Event, stores: Stores) -> ReplayAnswer:
        """One event of the replay."""
        match event:
            case protocol.OpenReplay(source=source, text=text):
                return self.open(source, text, stores)
            case protocol.ReplayGo(index=index):
                return self.at(index)
            case protocol.ReplayToItem(round=round_index, action=action_index):
                if self.shown is None:
                    return _refused(_(S.REPLAY_NOTHING))
                try:
                    index = replay.index_of(self.shown[0], round_index, action_index)
                except ValueError:
                    index = 0
                return self.at(index)
        return _refused(_(S.REPLAY_NOTHING))

    def open(self, source: ReplaySource, text: str, stores: Stores) -> ReplayAnswer:
        """Open a match to replay: the one in play (``current``), the saved one, today's daily deal, a file."""
        apps = self.apps
        match: Match | None = None
        try:
            if source == ReplaySource.CURRENT:
                match = apps.active.session.match
            elif source == ReplaySource.DAILY:
                match = apps.daily.session.match or _saved_match(apps.daily.store_of(stores))
            elif source == ReplaySource.SAVED:
                match = apps.main.session.match or _saved_match(apps.main.store_of(stores))
            elif source == ReplaySource.FILE:
                match = storage.import_text(text).match
        except MexicanTrainError as err:
            return _refused(_(S.REPLAY_UNREADABLE).format(reason=err.localized()))
        if match is None:
            return _refused(_(S.REPLAY_NOTHING))
        self.shown = (replay.steps(match), match)
        return self.at(0)

    def at(self, index: int) -> ReplayAnswer:
        """The replay at step ``index`` (clamped), with the review's items for this match, if any."""
        if self.shown is None:
            return _refused(_(S.REPLAY_NOTHING))
        found, match = self.shown
        items = {}
        for item in self.reviewing.items_of(match):
            at = replay.index_of(found, item.round, item.action)
            items[at] = ReplayItem(index=at, label=_(S.REPLAY_REVIEW_ITEM).format(
                round=item.round + 1, action=item.action + 1, cost=number(item.cost)))
        return {"seq": -1, "part": "replay", "thinking": None, "writes": [], "error": None,
                "view": replay.view_model(found, index, match, [items[i] for i in sorted(items)])}


def _saved_match(store: Storage) -> Match | None:
    try:
        text = store.get_item(storage.MATCH_KEY)
    except Exception:  # noqa: BLE001 - a storage that refuses holds nothing to replay
        return None
    return storage.read_session(text).match if text is not None else None


def _refused(error: str) -> ReplayAnswer:
    return {"seq": -1, "part": "replay", "thinking": None, "writes": [], "view": None, "error": error}
