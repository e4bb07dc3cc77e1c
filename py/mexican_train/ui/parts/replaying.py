"""The replay screen: a match stepped through action by action, as a bystander sees the table.

``replay.steps`` lists every position; each event answers with one of them
(``view_model``), with the review's items of that match to jump to:

* the board (trains, engine, boneyard count, every seat's tile count and the
  match totals before the round) as anyone at the table sees it;
* every hand face up once its round is over in the file, and only counts while
  the round is unfinished (nothing a bystander may not see: no hand, no
  boneyard tile, no list of where a hand could play);
* the step narrated in the game's own sentences, and where it is (round r of
  n, action k of m), with the first step of every round to jump to.
"""

# (No ``from __future__ import annotations``: TypedDict reads ``NotRequired`` from live annotations.)
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from ...engine import RoundState
from ...errors import MexicanTrainError
from ...i18n import _, plural
from ...match import Match
from .. import protocol, replay, storage
from .. import strings as S
from ..controller import Session, facts, with_local_names
from ..narrate import narrate, seat_label, single_human
from ..protocol import AnswerBase, Dialog, Event
from ..saves import Stores
from ..storage import Storage
from ..viewmodel import _players, _trains, rules_summary, tile_face
from ..views import PlayerRow, TileFace, TrainRow
from . import Part, part
from .reviewing import Reviewing
from .statistics import number

if TYPE_CHECKING:
    from ..dispatch import Page

NAME = "replay"


# -- its events, view and answer --------------------------------------------------------------------------------

class ReplaySource(StrEnum):
    """Which match the replay opens."""

    CURRENT = "current"
    SAVED = "saved"
    DAILY = "daily"
    FILE = "file"


@protocol.declare("replay_open", NAME)
@dataclass(frozen=True)
class OpenReplay(Event):
    """Replay a match: the one on screen, the saved one, today's daily deal, or a file (its text)."""

    source: ReplaySource
    text: str = ""


@protocol.declare("replay_go", NAME)
@dataclass(frozen=True)
class ReplayGo(Event):
    """The replay at step ``index``."""

    index: int


@protocol.declare("replay_item", NAME)
@dataclass(frozen=True)
class ReplayToItem(Event):
    """The replay just before action ``action`` of round ``round`` (both counted from 0)."""

    round: int
    action: int


class ReplayHand(TypedDict):
    """A seat's hand in the replay: its tiles only once its round is over in the file."""

    seat: int
    name: str
    count: int
    count_text: str
    tiles: NotRequired[list[TileFace]]


class ReplayItem(TypedDict):
    """A review item to jump to in the replay: the step and its label."""

    index: int
    label: str


class ReplayView(TypedDict):
    """One step of the replay, as a bystander sees the table."""

    index: int
    last: int
    round: int
    action: int
    where: str
    engine_text: str
    boneyard_text: str
    players: list[PlayerRow]
    trains: list[TrainRow]
    hands: list[ReplayHand]
    hands_shown: bool
    said: list[str]
    round_starts: list[int]
    rules: str
    items: list[ReplayItem]
    hidden_text: str
    round_labels: list[str]
    rounds_later: list[str]



@protocol.declare_answer
class ReplayAnswer(AnswerBase):
    """The replay (``part`` "replay"); ``view`` None and ``error`` say why nothing can be replayed."""

    part: Literal["replay"]
    view: ReplayView | None
    error: str | None


protocol.declare_dialogs(Dialog("replay-dialog", True))


# -- the part ---------------------------------------------------------------------------------------------------

@part(NAME)
class Replaying(Part):
    """The match being replayed in this tab, if any."""

    def __init__(self, page: "Page") -> None:
        super().__init__(page)
        self.apps = page.apps
        self.shown: tuple[list[replay.Step], Match] | None = None

    def handle(self, event: Event, stores: Stores) -> ReplayAnswer:
        """One event of the replay."""
        match event:
            case OpenReplay(source=source, text=text):
                return self.open(source, text, stores)
            case ReplayGo(index=index):
                return self.at(index)
            case ReplayToItem(round=round_index, action=action_index):
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
        match = with_local_names(Session(match=match)).match or match   # names said as this language says them
        self.shown = (replay.steps(match), match)
        return self.at(0)

    def at(self, index: int) -> ReplayAnswer:
        """The replay at step ``index`` (clamped), with the review's items for this match, if any."""
        if self.shown is None:
            return _refused(_(S.REPLAY_NOTHING))
        found, match = self.shown
        items = {}
        for item in self.page.part(Reviewing).items_of(match):
            at = replay.index_of(found, item.round, item.action)
            items[at] = ReplayItem(index=at, label=_(S.REPLAY_REVIEW_ITEM).format(
                round=item.round + 1, action=item.action + 1, cost=number(item.cost)))
        return {"seq": -1, "part": "replay", "thinking": None, "writes": [], "error": None,
                "view": view_model(found, index, match, [items[i] for i in sorted(items)])}


def _saved_match(store: Storage) -> Match | None:
    try:
        text = store.get_item(storage.MATCH_KEY)
    except Exception:  # noqa: BLE001 - a storage that refuses holds nothing to replay
        return None
    return storage.read_session(text).match if text is not None else None


def _refused(error: str) -> ReplayAnswer:
    return {"seq": -1, "part": "replay", "thinking": None, "writes": [], "view": None, "error": error}


# -- the view ---------------------------------------------------------------------------------------------------

def _state(step: replay.Step) -> RoundState:
    return step.match.rounds[step.round]


def view_model(found: list[replay.Step], index: int, full: Match, items: list[ReplayItem] | None = None) -> ReplayView:
    """What the replay screen draws at step ``index`` of ``found`` (the steps of ``full``), with the review's
    ``items`` to jump to."""
    index = max(0, min(index, len(found) - 1))
    step = found[index]
    state = _state(step)
    position = step.match
    # a paused session shows no one's hand and lists no legal play: the board as a bystander sees it
    session = Session(match=position, paused=True, rounds_seen=len(position.rounds))
    # the one person against computers is spoken to as "you", as in the match itself; the table is a bystander's
    you = full.humans[0] if single_human(full) else None
    bystander = facts(session)._replace(viewer=you, human_to_move=None, needs_reveal=False, hotseat=False)
    over_in_file = full.rounds[step.round].result is not None
    said: tuple[str, ...] = ()
    if step.action > 0:
        before = found[index - 1].match
        said, _moves = narrate(before, position, viewer=you, drawn_shown=over_in_file)
    hands: list[ReplayHand] = []
    for seat, player in enumerate(full.players):
        tiles = state.hands[seat]
        row: ReplayHand = {"seat": seat, "name": seat_label(full, seat, you), "count": len(tiles),
                           "count_text": plural(S.TILES_IN_HAND, len(tiles))}
        if over_in_file:
            row["tiles"] = [tile_face(t) for t in tiles]
        hands.append(row)
    actions = len(full.rounds[step.round].actions)
    rounds = full.rules.rounds   # the match's count, as its own screens say it (13 in a full double-12 match)
    if not actions:
        where = _(S.REPLAY_NOT_PLAYED).format(round=_(S.ROUND_OF).format(number=step.round + 1, rounds=rounds))
    elif step.action < actions:
        where = _(S.REPLAY_WHERE).format(round=step.round + 1, rounds=rounds, action=step.action + 1, actions=actions)
    else:
        where = plural(S.REPLAY_WHERE_END, actions, round=step.round + 1, rounds=rounds)
    starts = replay.round_starts(found)
    played = len(starts)
    return {
        "index": index, "last": len(found) - 1,
        "round": step.round, "action": step.action,
        "where": where,
        "engine_text": _(S.ENGINE).format(value=state.engine),
        "boneyard_text": _(S.BONEYARD).format(count=state.boneyard_count),
        "players": _players(session, bystander, position, state, you),
        "trains": _trains(session, bystander, position, state, you),
        "hands": hands, "hands_shown": over_in_file,
        "said": list(said) or ([_(S.REPLAY_DEAL).format(round=step.round + 1)] if step.action == 0 else []),
        "round_starts": replay.round_starts(found),
        "rules": rules_summary(full.rules),
        "items": items or [],
        "hidden_text": _(S.REPLAY_HAND_HIDDEN),
        "round_labels": [_(S.ROUND_N).format(number=n + 1) for n in range(played)],
        "rounds_later": [_(S.REPLAY_NOT_PLAYED).format(round=_(S.ROUND_N).format(number=n + 1))
                         for n in range(played, rounds)],
    }
