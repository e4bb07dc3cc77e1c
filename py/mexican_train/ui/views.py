"""The shapes of what the page draws: the views of the board and the save, and the pieces the screens share.

Each is a ``TypedDict``: plain JSON once sent, checked by mypy where it is
built (``viewmodel``, the screens of ``parts``, which declare their own views
beside them), and turned into the JavaScript's declarations (``types/protocol.d.ts``, written by
``python3 -m scripts.build_protocol``) so the renderer is checked against the
same shapes.

A tile has one shape everywhere (``TileFace``): its notation ``id`` ("3-9",
low-high, what an event names it by) and its two halves ``a`` and ``b`` as
drawn, left to right. On a train ``a`` is the half that matches the train and
``b`` the new end; in a hand and at a round's end ``a`` is the lower half.
"""

# (No ``from __future__ import annotations`` here: TypedDict reads ``NotRequired`` from live annotations.)
from typing import Literal, NotRequired, TypedDict

from ..engine import EventKind



class TileFace(TypedDict):
    """One tile as drawn: its notation and its halves, left to right."""

    id: str
    a: int
    b: int


# -- the board ----------------------------------------------------------------------------------------------

class RoundLine(TypedDict):
    """Which round is played, its engine and the boneyard, as numbers and in words."""

    number: int
    of: int
    engine: int
    text: str
    engine_text: str
    boneyard: int
    boneyard_text: str


class PlayerRow(TypedDict):
    """One seat beside the board: who plays it, how many tiles it holds, its match total."""

    seat: int
    name: str
    kind: str
    kind_label: str
    tiles: int
    tiles_text: str
    total: int
    total_text: str
    to_move: bool
    is_viewer: bool
    face_down: str
    away: str  # a friend's seat whose device is not connected: says so (and who plays meanwhile); else ""


TrainState = Literal["double", "shared", "marked", "private"]


class TrainRow(TypedDict):
    """One train: whose it is, its state in words and looks, its tiles and where the tile in hand may go."""

    id: str
    owner: int | None
    title: str
    state: TrainState
    state_text: str
    end: int
    needs: str
    tiles: list[TileFace]
    marked: bool
    mine: bool
    open_double: bool
    eligible: bool
    target: bool
    hinted: bool
    label: str
    earlier_text: list[str]


class HandTile(TileFace):
    """A tile of the hand on screen, with where it may go now."""

    playable: bool
    selected: bool
    drawn: bool
    targets: list[str]
    hinted: bool
    label: str


class HandView(TypedDict):
    """The hand on screen (``hidden``: a person must take the device and reveal it first)."""

    hidden: bool
    text: NotRequired[str]
    seat: NotRequired[int]
    title: NotRequired[str]
    tiles: NotRequired[list[HandTile]]
    pips: NotRequired[int]
    points_text: NotRequired[str]
    active: NotRequired[bool]


CommandId = Literal["draw", "pass", "stop", "clear", "hint", "next", "reveal", "pause", "resume"]


class CommandButton(TypedDict):
    """A command of the board (``protocol.Command``), its label, its key and whether it is offered now."""

    id: CommandId
    label: str
    key: str | None
    shown: bool


class CpuView(TypedDict):
    """Whether a computer is to move now, and the pause its speed gives before it acts."""

    pending: bool
    delay: int
    speed: str


class Hint(TypedDict):
    """The hint on screen: the action it suggests, in the notation, and the tile and train it names."""

    action: str
    tile: str | None
    train: str | None


class RoundEndRow(TypedDict):
    """A seat at the end of a round: the tiles it kept, its points, its total."""

    seat: int
    name: str
    tiles: list[TileFace]
    tiles_text: str
    points: int
    points_text: str
    total: int


class Button(TypedDict):
    """A button a view names: the ``data-action`` it runs and its label (``disabled``: shown, not pressed)."""

    id: str
    label: str
    disabled: NotRequired[bool]


class RoundEnd(TypedDict):
    """The round's end dialog."""

    title: str
    rows: list[RoundEndRow]
    button: Button
    total_label: str


class MatchEndRow(TypedDict):
    """A seat in the final standings."""

    seat: int
    name: str
    total: int
    winner: bool


class Series(TypedDict):
    """One line of a chart: running totals (or points) round by round, with the same figures in words."""

    name: NotRequired[str]
    points: list[float]
    winner: bool
    summary: str


class Chart(TypedDict):
    """A line chart: its title, how many points along it, its lines."""

    title: str
    rounds: int
    series: list[Series]
    round_label: NotRequired[str]
    label: NotRequired[str]


class MatchEnd(TypedDict):
    """The match's end dialog."""

    title: str
    text: str
    rows: list[MatchEndRow]
    total_label: str
    chart: Chart
    button: Button


class StepEvent(TypedDict):
    """One thing the step on screen did, as the engine's public event log says it (``engine.Event``): a tile
    played on a train (``tile``, ``train``), a draw (never its tile), a pass, the end of an opening chain, a
    train marked (only when it was not) or unmarked, the round over (``out``; ``blocked``, whose ``seat`` is
    -1). ``round`` counts from 1."""

    kind: EventKind
    seat: int
    round: int
    tile: str | None
    train: str | None


class MatchSummary(TypedDict):
    """What a page that embeds the game may learn of the match (``static/js/host.js``): never a tile."""

    match: str
    rules: dict[str, object]
    kinds: list[str]
    names: list[str]
    rounds: list[list[int]]
    totals_after: list[list[int]]
    totals: list[int]
    over: bool
    winners: list[int]


class ShareNotes(TypedDict):
    """What the page says after the share button: shared, copied, or select it and copy it yourself."""

    shared: str
    copied: str
    select: str


class DailyEnd(TypedDict):
    """The daily deal's end: the counted result to share, or that this attempt was practice."""

    share: str | None
    practice: str | None
    notes: ShareNotes
    again: str


class Held(TypedDict):
    """An unreadable save in the way of this match's save: its fingerprint and the question to ask."""

    hash: str
    text: str


BoardScreen = Literal["board", "round_end", "match_end"]
Focus = Literal["board", "round_end", "match_end", "pause", "next", "reveal", "trains", "hand"]


class SetupView(TypedDict):
    """No match on screen: the setup screen, with why the settings could not start one (``error``). The last
    fields, on every view of the game (``matchapp.MatchApp.view``), are the save's state: a lasting ``notice``
    about saving, ``blocked`` while another tab's save is left alone, the moves ``unsaved`` while saving fails,
    an unreadable save ``held`` in the way; and how the daily deal ended, when it is the one that ended."""

    screen: Literal["setup"]
    announce: list[str]
    prompts: list[str]
    error: str | None
    notice: NotRequired[str | None]
    blocked: NotRequired[bool]
    unsaved: NotRequired[int | None]
    held: NotRequired[Held | None]
    daily_end: NotRequired[DailyEnd | None]


class BoardView(TypedDict):
    """The board, and the round's and the match's end on top of it, for one ``viewer`` (see ``SetupView`` for
    the save's fields)."""

    screen: BoardScreen
    announce: list[str]
    prompts: list[str]
    error: str | None
    round: RoundLine
    players: list[PlayerRow]
    trains: list[TrainRow]
    hand: HandView | None
    commands: list[CommandButton]
    banner: str
    rules: str
    paused: bool
    cpu: CpuView
    after_turn: str
    hint: Hint | None
    focus: Focus
    step: str
    hotseat: bool
    viewer: int | None
    summary: MatchSummary
    events: list[StepEvent]
    round_end: NotRequired[RoundEnd]
    match_end: NotRequired[MatchEnd]
    notice: NotRequired[str | None]
    blocked: NotRequired[bool]
    unsaved: NotRequired[int | None]
    held: NotRequired[Held | None]
    daily_end: NotRequired[DailyEnd | None]


GameView = SetupView | BoardView
"""The game's view model: the setup screen's, or the board's (told apart by ``screen``)."""


# -- the setup screen's offer -------------------------------------------------------------------------------

class SavedOffer(TypedDict):
    """The saved match the first screen offers: a line naming it, and whether it is over."""

    text: str
    over: bool


class BootView(TypedDict):
    """What the setup screen says about the save: the match to continue, or why it cannot be read (``stuck``:
    it could not be copied aside and stays in its place), and how far behind it is after failed saves."""

    saved: SavedOffer | None
    message: str | None
    stuck: bool
    behind: str | None


# -- files, the warm-up, timings ----------------------------------------------------------------------------

class FileView(TypedDict):
    """A file to download: its text and its name ("" when there is nothing to export)."""

    text: str
    name: str


class WarmUpView(TypedDict):
    """Whether the idle-time work (the warm-up, the coach's reading ahead) has more to do."""

    more: bool


class TimingsView(TypedDict):
    """Test hook (bench/page_speed.py): the Python time of each recent computer step, ``[kind, ms]``."""

    cpu: list[tuple[str, float]]
