"""The shapes of what the page draws: every view model Python sends, declared once.

Each is a ``TypedDict``: plain JSON once sent, checked by mypy where it is
built (``viewmodel``, ``replay``, the coach's parts), and turned into the
JavaScript's declarations (``static/js/protocol.d.ts``, written by
``python3 -m scripts.build_protocol``) so the renderer is checked against the
same shapes.

A tile has one shape everywhere (``TileFace``): its notation ``id`` ("3-9",
low-high, what an event names it by) and its two halves ``a`` and ``b`` as
drawn, left to right. On a train ``a`` is the half that matches the train and
``b`` the new end; in a hand and at a round's end ``a`` is the lower half.
"""

# (No ``from __future__ import annotations`` here: TypedDict reads ``NotRequired`` from live annotations.)
from typing import Literal, NotRequired, TypedDict

PartName = Literal["game", "boot", "stats", "daily", "replay", "review", "file", "none", "refused", "warm_up",
                   "timings"]
"""Which part of the page an answer is for (``protocol.Answer``'s ``part``)."""


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
    """A button a view names: the ``data-action`` it runs and its label."""

    id: str
    label: str


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


Screen = Literal["setup", "board", "round_end", "match_end"]
Focus = Literal["setup", "board", "round_end", "match_end", "pause", "next", "reveal", "trains", "hand"]


class GameView(TypedDict):
    """The board, and the round and match ends on top of it, for one viewer; or the setup screen's error.

    Only ``screen``, ``announce``, ``prompts`` and ``error`` are there when no match is in play. The last
    fields are the save's state: a lasting ``notice`` about saving, ``blocked`` while another tab's save is
    left alone, the moves ``unsaved`` while saving fails, an unreadable save ``held`` in the way.
    """

    screen: Screen
    announce: list[str]
    prompts: list[str]
    error: str | None
    round: NotRequired[RoundLine]
    players: NotRequired[list[PlayerRow]]
    trains: NotRequired[list[TrainRow]]
    hand: NotRequired[HandView | None]
    commands: NotRequired[list[CommandButton]]
    banner: NotRequired[str]
    rules: NotRequired[str]
    paused: NotRequired[bool]
    cpu: NotRequired[CpuView]
    after_turn: NotRequired[str]
    hint: NotRequired[Hint | None]
    focus: NotRequired[Focus]
    step: NotRequired[str]
    hotseat: NotRequired[bool]
    viewer: NotRequired[int | None]
    summary: NotRequired[MatchSummary]
    round_end: NotRequired[RoundEnd]
    match_end: NotRequired[MatchEnd]
    notice: NotRequired[str | None]
    blocked: NotRequired[bool]
    unsaved: NotRequired[int | None]
    held: NotRequired[Held | None]
    daily_end: NotRequired[DailyEnd | None]


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


# -- statistics ---------------------------------------------------------------------------------------------

class Figure(TypedDict):
    """A label and its value, in words."""

    label: str
    value: str


class FigureGroup(TypedDict):
    """A table of figures with its caption."""

    title: str
    rows: list[Figure]


class StatsView(TypedDict):
    """The statistics screen."""

    rows: list[Figure]
    groups: list[FigureGroup]
    chart: Chart | None
    empty: str | None
    message: str | None


# -- the daily deal -----------------------------------------------------------------------------------------

class CalendarDay(TypedDict):
    """A day of the daily deal's calendar."""

    day: int
    date: str
    played: bool
    today: bool
    future: bool
    label: str


class Calendar(TypedDict):
    """The last weeks, Monday first, each day played or not."""

    title: str
    weekdays: list[str]
    weeks: list[list[CalendarDay]]


class DailyPlay(TypedDict):
    """The daily deal's main button: what it does and its words."""

    action: Literal["daily_play", "daily_again"]
    label: str


class DailyView(TypedDict):
    """The daily deal's screen."""

    title: str
    about: str
    status: str
    play: DailyPlay
    share: str | None
    streak: str
    longest: str
    calendar: Calendar
    notes: ShareNotes


# -- the replay ---------------------------------------------------------------------------------------------

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


# -- the review ---------------------------------------------------------------------------------------------

class ReviewItemView(TypedDict):
    """One decision of the review: where, what was played, what Strong would play, what it cost, why."""

    round: int
    action: int
    where: str
    played: str
    better: str
    cost: str
    reason: str


class ReviewView(TypedDict):
    """The review: its progress while it runs (``running``), then its items."""

    running: bool
    title: str
    done: NotRequired[int]
    total: NotRequired[int]
    text: NotRequired[str]
    summary: NotRequired[str]
    items: NotRequired[list[ReviewItemView]]
    jump: NotRequired[str]


# -- files, the warm-up, timings ----------------------------------------------------------------------------

class FileView(TypedDict):
    """A file to download: its text and its name ("" when there is nothing to export)."""

    text: str
    name: str


class WarmUpView(TypedDict):
    """Whether the warm-up has more to do."""

    more: bool


class TimingsView(TypedDict):
    """Test hook (bench/page_speed.py): the Python time of each recent computer step, ``[kind, ms]``."""

    cpu: list[tuple[str, float]]
