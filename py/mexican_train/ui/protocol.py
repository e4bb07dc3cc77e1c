"""The one door between the page and Python: every message declared once, as typed values.

The page sends a **call** (``Call``): a sequence number, one **event** (a
dataclass below, named by its ``type``), where it comes from (``Source``:
this screen, or a seat playing from another device), the texts of the
browser's storage that changed since the last call, and the last call whose
storage writes the page has applied. Python answers with an **answer**
(``Answer``): the same sequence number, the ``part`` of the page it is for
and that part's view (``views``), a job still thinking (the page sends
``think`` to run its next slice), and the storage writes to make, each a
compare-and-set against the text Python read (``Write``).

Every event is declared once, with the part of the game that handles it
(``declare``): the match's and the saves' here, each screen beside the board
in its own module (``ui/parts/``), with its view and its answer. ``EVENTS`` and
``ROUTES`` (the one route table) and ``ANSWERS`` collect them; ``parse_call``
turns the page's JSON into typed values or raises ``ProtocolError``, which the
page is answered with in words (``refused``) while nothing changes.
``scripts/build_protocol.py`` writes the JavaScript's declarations of all of
this (``types/protocol.d.ts``), and the page build writes the names, keys,
limits, parts and dialogs (``page_data``) into each page's ``#mt-data`` block.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Literal, NamedTuple, TypedDict, Union

from .. import boundedjson
from ..errors import MexicanTrainError
from ..i18n import N_
from .views import BootView, FileView, GameView, TimingsView, WarmUpView


class ProtocolError(MexicanTrainError):
    """A message from the page that is not one of the declared events, or not of its declared shape."""

    def __init__(self, msgid: str, /, *, event_type: str, **params: Any) -> None:
        self.event_type = event_type
        super().__init__(msgid, **params)


UNKNOWN_EVENT = N_("The game does not know the message {type} that the page sent; nothing was changed.")
MALFORMED_EVENT = N_("The message {type} that the page sent is not of the right shape ({field}); nothing was "
                     "changed.")
NOT_FROM_THERE = N_("The message {type} cannot come from another device; nothing was changed.")


# -- what an event may name ---------------------------------------------------------------------------------

class Command(StrEnum):
    """A command of the board: the person's actions that are not a tile on a train, and the screen's own."""

    DRAW = "draw"
    PASS = "pass"
    STOP = "stop"
    CLEAR = "clear"
    HINT = "hint"
    NEXT = "next"
    REVEAL = "reveal"
    PAUSE = "pause"
    RESUME = "resume"
    ESCAPE = "escape"
    NEXT_ROUND = "next_round"
    FINAL_RESULTS = "final_results"


class StorageArea(StrEnum):
    """Which of the browser's storages a key is in: the origin's (localStorage) or the tab's (sessionStorage)."""

    LOCAL = "local"
    SESSION = "session"


class FailureReason(StrEnum):
    """Why the page could not apply an answer's writes: a text changed since Python read it (another tab
    wrote), a written text read back differently, or the storage refused (full, forbidden)."""

    CHANGED = "changed"
    DIFFERS = "differs"
    ERROR = "error"


# -- events -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """An event from the page; each kind is a subclass naming its ``type`` (``declare``)."""

    type: ClassVar[str]


EVENTS: dict[str, type[Event]] = {}
"""Every declared event class, by its type."""
ROUTES: dict[str, str] = {}
"""The one route table: which part handles each event, by type (``MATCH``, ``PAGE`` or a screen's part)."""
ANSWERS: dict[str, type] = {}
"""Every declared answer by its ``part`` (``declare_answer``)."""
DIALOGS: list[Dialog] = []
"""Every ``<dialog>`` of the page (``declare_dialogs``; tests/test_page_build.py checks the template has
exactly these)."""

MATCH = "match"
"""The match on screen: the board's screens, its save, its thinking (``matchapp``)."""
PAGE = "page"
"""The page's upkeep: the job's next slice, the warm-up, timings, a failed write (``dispatch``)."""

_E = typing.TypeVar("_E", bound=type[Event])
_A = typing.TypeVar("_A", bound=type)


def declare(kind: str, part: str) -> typing.Callable[[_E], _E]:
    """Declare an event class: its ``type`` on the page, and the part that handles it."""
    def register(cls: _E) -> _E:
        if kind in EVENTS:
            raise ValueError(f"the event {kind!r} is declared twice")
        cls.type = kind
        EVENTS[kind] = cls
        ROUTES[kind] = part
        return cls
    return register


def declare_answer(cls: _A) -> _A:
    """Declare an answer (a TypedDict whose ``part`` is one literal): the page's part it is drawn by."""
    (part,) = typing.get_args(typing.get_type_hints(cls)["part"])
    ANSWERS[part] = cls
    return cls


class Dialog(NamedTuple):
    """A dialog of the page: its element's id, and whether it is the person's own (help, menu, a question:
    computers wait while it is open) or a screen of the match (the pause, a round's or the match's end)."""

    id: str
    persons: bool


def declare_dialogs(*dialogs: Dialog) -> None:
    """Declare dialogs of the page (a screen's part declares its own)."""
    DIALOGS.extend(dialogs)


Settings = dict[str, object]
"""The setup form's settings (``controller.settings_to_match`` checks every one and names a bad one)."""


@declare("new_match", MATCH)
@dataclass(frozen=True)
class NewMatch(Event):
    """Start a match with these settings."""

    settings: Settings


@declare("tile", MATCH)
@dataclass(frozen=True)
class PickTile(Event):
    """Pick a tile of the hand on screen (or put the picked one back): its notation, "3-9"."""

    tile: str


@declare("train", MATCH)
@dataclass(frozen=True)
class PickTrain(Event):
    """Play the picked tile on a train: "M" or a seat's number."""

    train: str


@declare("command", MATCH)
@dataclass(frozen=True)
class RunCommand(Event):
    """A command of the board."""

    name: Command


@declare("cpu", MATCH)
@dataclass(frozen=True)
class CpuTurn(Event):
    """The computer to move starts thinking (its speed's pause is over)."""


@declare("speed", MATCH)
@dataclass(frozen=True)
class SetSpeed(Event):
    """The computers' speed, from the menu."""

    speed: str


@declare("after_turn", MATCH)
@dataclass(frozen=True)
class SetAfterTurn(Event):
    """What happens after a person's turn, from the menu: "wait" or "go"."""

    value: str


@declare("visibility", MATCH)
@dataclass(frozen=True)
class Visibility(Event):
    """The page was hidden (the match pauses) or shown again."""

    hidden: bool


@declare("friend_seat", MATCH)
@dataclass(frozen=True)
class FriendSeat(Event):
    """A friend's seat, from the host's page: its device is connected (``away`` false) or its channel closed;
    while it is away, a computer of level ``stand_in`` plays it, or nobody ("": the match waits at its turn).
    When the friend is back, the computer hands the seat back."""

    seat: int
    away: bool
    stand_in: str = ""


@declare("refresh", MATCH)
@dataclass(frozen=True)
class Refresh(Event):
    """The view of the match on screen again, changing nothing (back from the replay or the setup screen)."""


@declare("boot", MATCH)
@dataclass(frozen=True)
class Boot(Event):
    """What the setup screen offers about the save (at start, and when another tab changed it)."""


@declare("continue_saved", MATCH)
@dataclass(frozen=True)
class ContinueSaved(Event):
    """Continue the saved match."""


@declare("import", MATCH)
@dataclass(frozen=True)
class ImportMatch(Event):
    """Open a match file (its text)."""

    text: str


@declare("export_match", MATCH)
@dataclass(frozen=True)
class ExportMatch(Event):
    """The match file of the match on screen, to download."""


@declare("save_changed", MATCH)
@dataclass(frozen=True)
class SaveChanged(Event):
    """Another tab wrote the save (a storage event)."""


@declare("take_over", MATCH)
@dataclass(frozen=True)
class TakeOver(Event):
    """Carry on here from the latest save, after another tab saved the match."""


@declare("replace_unreadable", MATCH)
@dataclass(frozen=True)
class ReplaceUnreadable(Event):
    """The player's yes to replacing the unreadable save with this fingerprint."""

    hash: str


@declare("storage_failed", PAGE)
@dataclass(frozen=True)
class StorageFailed(Event):
    """The writes of answer ``failed`` could not all be made: at write ``at`` (its index), for ``reason``;
    ``error`` is the browser's message when the storage refused. The page put back what it had written, last
    first, but for the first ``kept`` writes, which it could not undo. The call carries every text as it is."""

    failed: int
    at: int
    reason: FailureReason
    error: str = ""
    kept: int = 0


@declare("think", PAGE)
@dataclass(frozen=True)
class Think(Event):
    """Run the next slice of the job in progress (a computer's turn, the hint, the review, the warm-up)."""


@declare("warm_up", PAGE)
@dataclass(frozen=True)
class WarmUp(Event):
    """A slice of idle-time work: the warm-up while the first screen waits, then the coach reading the rounds
    over ahead (the page sends it while idle, for as long as the answer says there is more)."""


@declare("timings", PAGE)
@dataclass(frozen=True)
class Timings(Event):
    """Test hook: the Python time of recent computer steps (reading them empties the list)."""


@declare("loop", PAGE)
@dataclass(frozen=True)
class Loop(Event):
    """Benchmark hook: a fixed Python loop of ``n`` steps (at most ten million), timed where Python runs; the
    answer is the timings' (``[["loop", ms]]``). bench/phone_speed.py times it throttled and not, to show that
    its slower processor reaches Python's worker."""

    n: int


SPIN_MS = 120_000
"""The longest ``spin`` (two minutes)."""


@declare("spin", PAGE)
@dataclass(frozen=True)
class Spin(Event):
    """Test hook: Python works ``ms`` milliseconds (at most ``SPIN_MS``) without a break, then answers nothing
    (e2e/test_worker.py: the page answers taps meanwhile, since Python is not on its thread)."""

    ms: int


# -- the call and where it comes from -----------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    """Where an event comes from: this screen (``seat`` None), or the seat that plays from another device."""

    seat: int | None = None

    @property
    def here(self) -> bool:
        """The event comes from the person (or people) at this screen."""
        return self.seat is None


HERE = Source()

STORAGE_PREFIX = "mexican-train:"
"""Every key the game keeps in the browser's storage starts with this (``storage.PREFIX``)."""

Texts = dict[str, str | None]
"""Storage texts by key (None: the key holds nothing)."""


@dataclass(frozen=True)
class Call:
    """One message from the page: the event, its number, its source, what changed in storage since the last
    call (``local``, ``session``: the game's keys only; every one of them when ``complete``, as at the first
    call and after writes failed), the browser's message where a storage cannot be used at all
    (``local_error``, ``session_error``: a frame on another site, a privacy setting), and the last call whose
    writes the page applied (-1: none yet)."""

    seq: int
    event: Event
    source: Source = HERE
    local: Texts = field(default_factory=dict)
    session: Texts = field(default_factory=dict)
    complete: bool = False
    local_error: str | None = None
    session_error: str | None = None
    applied: int = -1


FROM_OTHER_DEVICES = frozenset({"tile", "train", "command", "refresh"})
"""The events a seat playing from another device may send (the host checks each as it checks a tap here)."""
REMOTE_COMMANDS = frozenset({Command.DRAW, Command.PASS, Command.STOP, Command.CLEAR, Command.HINT})
"""The commands a seat at another device may give: its own actions, never the host's screen's."""


# -- answers --------------------------------------------------------------------------------------------------

class SetWrite(TypedDict):
    """Store ``value`` under ``key`` if it still holds ``expect`` (None: nothing); the page reads it back."""

    op: Literal["set"]
    area: Literal["local", "session"]
    key: str
    value: str
    expect: str | None


class RemoveWrite(TypedDict):
    """Remove ``key`` if it still holds ``expect``."""

    op: Literal["remove"]
    area: Literal["local", "session"]
    key: str
    expect: str | None


Write = Union[SetWrite, RemoveWrite]
"""One storage write of an answer: the page checks every ``expect`` first and writes nothing on a mismatch,
then makes them in order, reading each stored text back."""

JobKind = Literal["cpu", "hint", "review", "warm_up"]


class AnswerBase(TypedDict):
    """What every answer carries, besides its ``part`` (each answer names its own, one literal)."""

    seq: int
    thinking: JobKind | None
    writes: list[Write]


class FriendViews(TypedDict, total=False):
    """What a game answer carries when seats are played from friends' devices: each one's view model, by seat
    (as text), for the host's page to send to that device alone (static/js/friends.js)."""

    friends: dict[str, GameView]


class GameAnswer(AnswerBase, FriendViews):
    """The match on screen (``part`` "game")."""

    part: Literal["game"]
    view: GameView


class BootAnswer(AnswerBase):
    """The setup screen's offer (``part`` "boot")."""

    part: Literal["boot"]
    view: BootView


class FileAnswer(AnswerBase):
    """A file to download (``part`` "file")."""

    part: Literal["file"]
    view: FileView


class NoneAnswer(AnswerBase):
    """Nothing to draw (``part`` "none"): a job goes on thinking, or the event changed nothing on screen."""

    part: Literal["none"]


class RefusedAnswer(AnswerBase):
    """An undeclared or malformed event (``part`` "refused"): ``error`` in words for the person, ``warn`` for
    the console (it names the event's type); nothing changed."""

    part: Literal["refused"]
    error: str
    warn: str


class WarmUpAnswer(AnswerBase):
    """A slice of the warm-up done (``part`` "warm_up")."""

    part: Literal["warm_up"]
    view: WarmUpView


class TimingsAnswer(AnswerBase):
    """The test hook's figures (``part`` "timings")."""

    part: Literal["timings"]
    view: TimingsView


Answer = Union[GameAnswer, BootAnswer, FileAnswer, NoneAnswer, RefusedAnswer, WarmUpAnswer, TimingsAnswer]
"""The answers of the match and the page's upkeep, told apart by ``part`` (a screen's part declares its own:
``ANSWERS`` has them all)."""
for _answer in typing.get_args(Answer):
    declare_answer(_answer)
del _answer


SETUP_EVENTS = frozenset({"new_match", "import", "continue_saved", "boot"})
"""Events of the setup screen: they are about the match, never the daily deal (its App leaves the screen)."""


# -- reading a call ---------------------------------------------------------------------------------------------

MAX_CALL_BYTES = boundedjson.MAX_BYTES * 3
"""The largest call the page may send: a match file to import plus the storage texts that came with it."""


def parse_call(data: object) -> Call:
    """The typed call in the page's JSON (already parsed); ProtocolError says what is wrong with it."""
    if not isinstance(data, dict):
        raise ProtocolError(MALFORMED_EVENT, event_type="?", type="?", field="call")
    raw = data.get("event")
    kind = raw.get("type") if isinstance(raw, dict) else None
    shown = _shown_type(kind)
    seq = data.get("seq")
    if not _is_int(seq):
        raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field="seq")
    event = parse_event(raw)
    source = _source(data.get("source"), shown)
    if not source.here and event.type not in FROM_OTHER_DEVICES:
        raise ProtocolError(NOT_FROM_THERE, event_type=shown, type=shown)
    if not source.here and isinstance(event, RunCommand) and event.name not in REMOTE_COMMANDS:
        raise ProtocolError(NOT_FROM_THERE, event_type=shown, type=shown)
    applied = data.get("applied", -1)
    if not _is_int(applied):
        raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field="applied")
    errors = [data.get(name) for name in ("local_error", "session_error")]
    if not all(e is None or isinstance(e, str) for e in errors):
        raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field="local_error")
    complete = data.get("complete", False)
    if not isinstance(complete, bool):
        raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field="complete")
    return Call(seq=typing.cast(int, seq), event=event, source=source,
                local=_texts(data.get("local"), shown, "local"), session=_texts(data.get("session"), shown, "session"),
                complete=complete, local_error=typing.cast("str | None", errors[0]), session_error=typing.cast("str | None", errors[1]),
                applied=typing.cast(int, applied))


def parse_event(raw: object) -> Event:
    """The typed event in ``raw`` (a JSON object with ``type``); ProtocolError names what is wrong."""
    if not isinstance(raw, dict):
        raise ProtocolError(MALFORMED_EVENT, event_type="?", type="?", field="event")
    kind = raw.get("type")
    shown = _shown_type(kind)
    cls = EVENTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(UNKNOWN_EVENT, event_type=shown, type=shown)
    values: dict[str, object] = {}
    hints = _hints(cls)
    for f in dataclasses.fields(cls):
        if f.name not in raw:
            if f.default is dataclasses.MISSING:
                raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field=f.name)
            continue
        value = _checked(raw[f.name], hints[f.name])
        if value is _BAD:
            raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field=f.name)
        values[f.name] = value
    return cls(**values)


def _shown_type(kind: object) -> str:
    """An event's type as a message may quote it: at most 40 characters of a string, else its JSON kind."""
    if isinstance(kind, str):
        return kind[:40]
    return "?" if kind is None else type(kind).__name__


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _source(raw: object, shown: str) -> Source:
    if raw is None:
        return HERE
    seat = raw.get("seat") if isinstance(raw, dict) else None
    if not _is_int(seat) or not 0 <= typing.cast(int, seat) < 10:
        raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field="source")
    return Source(typing.cast(int, seat))


def _texts(raw: object, shown: str, name: str) -> Texts:
    if raw is None:
        return {}
    if not isinstance(raw, dict) or not all(isinstance(k, str) and (v is None or isinstance(v, str))
                                            for k, v in raw.items()):
        raise ProtocolError(MALFORMED_EVENT, event_type=shown, type=shown, field=name)
    return {k: v for k, v in raw.items() if k.startswith(STORAGE_PREFIX)}


_BAD = object()


_HINTS: dict[type[Event], dict[str, Any]] = {}


def _hints(cls: type[Event]) -> dict[str, Any]:
    """The field types of an event class, worked out once (``get_type_hints`` compiles each annotation's text
    again at every call: most of a small call's Python time in the page)."""
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


def _checked(value: object, hint: Any) -> object:
    """``value`` if it is of the declared type ``hint`` (an enum member for an enum), else ``_BAD``."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        for option in typing.get_args(hint):
            found = _checked(value, option)
            if found is not _BAD:
                return found
        return _BAD
    if hint is type(None):
        return value if value is None else _BAD
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return hint(value) if isinstance(value, str) and value in hint._value2member_map_ else _BAD
    if hint is bool:
        return value if isinstance(value, bool) else _BAD
    if hint is int:
        return value if _is_int(value) else _BAD
    if hint is str:
        return value if isinstance(value, str) else _BAD
    if origin is dict:
        return value if isinstance(value, dict) else _BAD
    raise TypeError(f"the protocol cannot check a field of type {hint!r}")


# -- what the page's scripts read from #mt-data -----------------------------------------------------------------

declare_dialogs(
    Dialog("pause-dialog", False), Dialog("round-dialog", False), Dialog("match-dialog", False),
    Dialog("help-dialog", True), Dialog("menu-dialog", True), Dialog("confirm-dialog", True),
    Dialog("export-dialog", True), Dialog("unreadable-dialog", True),
)


def page_data() -> dict[str, object]:
    """The protocol's names, keys and limits for the page's scripts (written into ``#mt-data``)."""
    from . import parts, records, storage
    parts.load()   # every screen declares its events and dialogs
    return {
        "events": sorted(EVENTS),
        "parts": sorted({part for part in ROUTES.values()} - {MATCH, PAGE}),
        "commands": [str(c) for c in Command],
        "keys": {"prefix": storage.PREFIX, "match": storage.MATCH_KEY, "daily": records.DAILY_KEY,
                 "stats": records.STATS_KEY, "unreadable": storage.UNREADABLE_PREFIX},
        "limits": {"import_bytes": boundedjson.MAX_BYTES, "call_bytes": MAX_CALL_BYTES},
        "dialogs": [{"id": d.id, "persons": d.persons} for d in DIALOGS],
    }
