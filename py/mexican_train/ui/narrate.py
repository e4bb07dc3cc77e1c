"""Plain sentences for what just happened, from the engine's public event log."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from ..actions import DRAW, MEXICAN, PASS, PLAY, STOP, Action
from ..engine import Event, EventKind, RoundState
from ..i18n import LANGUAGES, _, translations
from ..match import Match
from . import strings as S


PeopleHere = Callable[[Match], "tuple[int, ...] | None"]
"""The seats of ``match`` played by people at the screen being spoken to, or None: all its people's."""
_here: ContextVar[PeopleHere | None] = ContextVar("people_here", default=None)


@contextmanager
def people_here(find: PeopleHere) -> Iterator[None]:
    """Inside the block, "you" is said to the one person at the screen being spoken to, as ``find`` names the
    people there (a friend's seat is played at its own device: ui/friends.py)."""
    token = _here.set(find)
    try:
        yield
    finally:
        _here.reset(token)


def _people(match: Match) -> tuple[int, ...]:
    find = _here.get()
    found = find(match) if find is not None else None
    return match.humans if found is None else found


def single_human(match: Match) -> bool:
    """Exactly one person plays at this screen (against CPUs, or friends at their own devices): that person is
    "you" on screen."""
    return len(_people(match)) == 1


def is_you(match: Match, seat: int, viewer: int | None) -> bool:
    """True when ``seat`` is the one person playing at this screen, who is addressed as "you"."""
    return seat == viewer and single_human(match) and seat in _people(match)


def default_you_names() -> frozenset[str]:
    """The default name of the one person at the device ("You"), in every language of the game."""
    return frozenset(translations(lang).gettext(S.YOU) for lang in LANGUAGES) | {_(S.YOU)}


def seat_label(match: Match, seat: int, viewer: int | None) -> str:
    """A seat in a list or a table (players, round and match ends, the replay's hands): its name, but the
    viewer's own seat as "You" when it kept the default name, or as "Ana (you)"; never "You (you)"."""
    name = match.players[seat].name
    if seat != viewer:
        return name
    if name in default_you_names() or not name:
        return _(S.VIEWER_LABEL)
    return _(S.NAME_YOU).format(name=name)


def train_name(match: Match, train: int | str, viewer: int | None) -> str:
    """A train inside a sentence: "the Mexican Train", "your train", "Ana's train"."""
    if train == MEXICAN or train == match.rules.seats:
        return _(S.TRAIN_MEXICAN)
    seat = int(train)
    if is_you(match, seat, viewer):
        return _(S.TRAIN_YOURS)
    return _(S.TRAIN_SEAT).format(name=match.players[seat].name)


def train_title(match: Match, train: int | str, viewer: int | None) -> str:
    """A train's heading on the board: "Mexican Train", "Your train", "Ana's train"."""
    if train == MEXICAN or train == match.rules.seats:
        return _(S.MEXICAN_TRAIN)
    seat = int(train)
    if is_you(match, seat, viewer):
        return _(S.TRAIN_TITLE_YOURS)
    return _(S.TRAIN_TITLE_SEAT).format(name=match.players[seat].name)


def tile_text(t: Sequence[int]) -> str:
    """A tile as printed: 3-9."""
    return S.TILE.format(a=t[0], b=t[1])


def describe_move(match: Match, action: Action, viewer: int | None) -> str:
    """An action in words, for the hint: "3-9 on the Mexican Train", "draw a tile"."""
    if action.kind == PLAY:
        assert action.tile is not None and action.train is not None    # a play names both
        return _(S.MOVE_PLAY).format(tile=tile_text(action.tile), train=train_name(match, action.train, viewer))
    return _(_MOVE_WORDS[action.kind])


_MOVE_WORDS = {DRAW: S.MOVE_DRAW, PASS: S.MOVE_PASS, STOP: S.MOVE_STOP}


ROUND_ENDS = (EventKind.OUT, EventKind.BLOCKED)
"""The events that end a round."""


def _new_events(before: Match, after: Match) -> tuple[RoundState, RoundState, tuple[Event, ...]]:
    """The round ``before`` was in, as it stands in ``after``, and its events since ``before`` that changed
    something (``step_events``)."""
    old = before.round
    done = after.rounds[old.number] if old.number < len(after.rounds) else after.round
    marked = [train.marked for train in old.trains]
    # a failed draw, or a pass, on a train marked already marks it again in the log: nothing changed
    return old, done, tuple(event for event in done.events[len(old.events):]
                            if not (event.kind == EventKind.MARK and marked[event.seat]))


def step_events(before: Match, after: Match) -> tuple[Event, ...]:
    """The public events between two positions of a match that changed the board, in order: every event
    of the round ``before`` was in since then, but a ``mark`` of a train that was marked already."""
    return _new_events(before, after)[2]


def _end_line(match: Match, event: Event, viewer: int | None) -> str:
    """How a round ended, for an ``out`` or ``blocked`` event."""
    if event.kind == EventKind.BLOCKED:
        return _(S.SAID_BLOCKED)
    if is_you(match, event.seat, viewer):
        return _(S.SAID_OUT_YOU)
    return _(S.SAID_OUT).format(name=match.players[event.seat].name)


def round_end(before: Match, after: Match, viewer: int | None) -> tuple[str, ...]:
    """How the round ended between two positions, if it did: said at every speed, even after a summary."""
    _old, _done, events = _new_events(before, after)
    return tuple(_end_line(after, event, viewer) for event in events if event.kind in ROUND_ENDS)


def narrate(before: Match, after: Match, viewer: int | None,
            drawn_shown: bool = True) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Sentences for the events between two positions, and the same moves in short for a summary; the
    viewer is told the tile it drew unless ``drawn_shown`` is False (the replay of an unfinished round)."""
    old, done, events = _new_events(before, after)
    lines: list[str] = []
    moves: list[str] = []
    for event in events:
        you = event.seat >= 0 and is_you(after, event.seat, viewer)
        name = after.players[event.seat].name if event.seat >= 0 else ""
        if event.kind == EventKind.PLAY:
            assert event.tile is not None and event.train is not None   # a play names both
            if event.tile.is_double:
                template = S.SAID_PLAY_DOUBLE_YOU if you else S.SAID_PLAY_DOUBLE
            else:
                template = S.SAID_PLAY_YOU if you else S.SAID_PLAY
            where = train_name(after, event.train, viewer)
            lines.append(_(template).format(name=name, tile=tile_text(event.tile), train=where))
            moves.append(_(S.MOVE_PLAY).format(tile=tile_text(event.tile), train=where))
        elif event.kind == EventKind.DRAW:
            if you and drawn_shown:  # only the one person playing against CPUs is told the tile
                drawn = done.boneyard_dealt[old.draws]  # one action draws at most one tile
                lines.append(_(S.SAID_DRAW_YOU).format(tile=tile_text(drawn)))
            elif you:
                lines.append(_(S.SAID_DRAW_YOU_UNSEEN))
            else:
                lines.append(_(S.SAID_DRAW).format(name=name))
            moves.append(_(S.MOVED_DRAW))
        elif event.kind == EventKind.PASS:
            lines.append(_(S.SAID_PASS_YOU) if you else _(S.SAID_PASS).format(name=name))
            moves.append(_(S.MOVED_PASS))
        elif event.kind == EventKind.STOP:
            lines.append(_(S.SAID_STOP_YOU) if you else _(S.SAID_STOP).format(name=name))
            moves.append(_(S.MOVED_STOP))
        elif event.kind == EventKind.MARK:
            lines.append(_(S.SAID_MARK_YOURS) if you else _(S.SAID_MARK).format(name=name))
            moves.append(_(S.MOVED_MARK))
        elif event.kind == EventKind.UNMARK:
            lines.append(_(S.SAID_UNMARK_YOURS) if you else _(S.SAID_UNMARK).format(name=name))
        elif event.kind in ROUND_ENDS:
            lines.append(_end_line(after, event, viewer))
    return tuple(lines), tuple(moves)
