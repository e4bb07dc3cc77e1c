"""Actions and their notation (FORMATS.md): ``a-b@M``, ``a-b@N``, ``draw``, ``pass``, ``stop``."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple, Union

from .errors import NotationError
from .tiles import Tile, full_set, parse_tile, tile

MEXICAN = "M"
"""The train name of the shared Mexican Train in the notation."""

TrainName = Union[int, str]
"""A seat number for a personal train, or ``MEXICAN``."""


def train_index(name: TrainName, seats: int) -> int:
    """Where a train named in the notation stands among a round's trains: each seat's train at its seat
    number, the Mexican Train last (index ``seats``)."""
    return seats if name == MEXICAN else int(name)


def train_name(index: int, seats: int) -> TrainName:
    """The notation name of the train at ``index`` (see ``train_index``): its seat number, or ``MEXICAN``."""
    return MEXICAN if index == seats else index


def train_of(text: str, seats: int) -> TrainName | None:
    """The train a text names as the notation writes it (``str(name)``: "M", or a seat number below
    ``seats``), or None when it names none."""
    if text == MEXICAN:
        return MEXICAN
    if text.isascii() and text.isdigit() and str(int(text)) == text and int(text) < seats:
        return int(text)
    return None


class ActionKind(StrEnum):
    """What an action does; the values are the notation's words (``play`` is written ``a-b@T``)."""

    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    STOP = "stop"


PLAY, DRAW, PASS, STOP = ActionKind.PLAY, ActionKind.DRAW, ActionKind.PASS, ActionKind.STOP


class Action(NamedTuple):
    """One action of a seat. ``tile`` and ``train`` are set for plays only."""

    kind: ActionKind
    tile: Tile | None = None
    train: TrainName | None = None

    def __str__(self) -> str:
        if self.kind is PLAY:
            return f"{self.tile}@{self.train}"
        return self.kind.value


DRAW_ACTION = Action(DRAW)
PASS_ACTION = Action(PASS)
STOP_ACTION = Action(STOP)
_SPECIAL: dict[str, Action] = {DRAW: DRAW_ACTION, PASS: PASS_ACTION, STOP: STOP_ACTION}
PLAYS: dict[Tile, dict[TrainName, Action]] = {
    t: {name: Action(PLAY, t, name) for name in (*range(10), MEXICAN)} for t in full_set(12)}
"""Every play action, made once: ``PLAYS[tile][train]``."""


def play(t: Tile, train: TrainName) -> Action:
    """The shared action that plays tile ``t`` on ``train`` (a seat number or ``MEXICAN``)."""
    return PLAYS[t][train]


def parse_action(text: str, top: int = 12, seats: int = 10) -> Action:
    """Read one action in the notation; anything malformed raises NotationError.

    ``top`` (the set) and ``seats`` bound the tile values and the seat numbers.
    Whether the action is *legal* is a separate question (see ``engine``).
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text like '3-9@M' or 'draw', not {text!r}")
    word = text.strip()
    if word in _SPECIAL:
        return _SPECIAL[word]
    if "@" not in word:
        raise NotationError(
            f"'{text}' is not an action: write a play as tile@train ('3-9@M', '3-9@0') or one of draw, pass, stop")
    tile_text, _, train_text = word.partition("@")
    try:
        t = parse_tile(tile_text, top)
    except NotationError as err:
        raise NotationError(f"'{text}' is not an action: {err}") from None
    if train_text == MEXICAN:
        return play(t, MEXICAN)
    if not (train_text.isdigit() and train_text.isascii()) or str(int(train_text)) != train_text:
        raise NotationError(f"'{text}' names no train: after @ write M or a seat number")
    seat = int(train_text)
    if seat >= seats:
        raise NotationError(f"'{text}' names seat {seat}, but seats count 0 to {seats - 1}")
    return play(t, seat)


def sort_key(action: Action, seats: int) -> tuple[int, Tile | None, int]:
    """Canonical order: plays by tile then train (seats, then M), then draw, pass, stop."""
    if action.kind is PLAY:
        return (0, action.tile, train_index(action.train, seats) if action.train is not None else 0)
    return (1, None, (DRAW, PASS, STOP).index(action.kind))


__all__ = ["Action", "ActionKind", "MEXICAN", "PLAY", "DRAW", "PASS", "STOP", "DRAW_ACTION", "PASS_ACTION",
           "STOP_ACTION", "TrainName", "play", "parse_action", "sort_key", "tile", "train_index", "train_name",
           "train_of"]
