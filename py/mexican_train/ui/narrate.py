"""Plain sentences for what just happened, from the engine's public event log."""

from __future__ import annotations

from ..actions import MEXICAN, Action
from ..match import Match
from . import strings as S


def seat_name(match: Match, seat: int, viewer: int | None) -> str:
    """How a seat is called: its name, or "You" for the one person playing against CPUs."""
    if seat == viewer and _single_human(match):
        return S.YOU
    return match.players[seat].name


def train_name(match: Match, train, viewer: int | None, capital: bool = False) -> str:
    """A train in words: "the Mexican Train", "your train", "Ana's train"."""
    if train == MEXICAN or train == match.rules.seats:
        text = "the " + S.MEXICAN_TRAIN
    elif train == viewer and _single_human(match):
        text = S.YOUR_TRAIN.lower()
    else:
        text = S.SEATS_TRAIN.format(name=match.players[train].name)
    return text[0].upper() + text[1:] if capital else text


def tile_text(t) -> str:
    """A tile as printed: 3-9."""
    return S.TILE.format(a=t[0], b=t[1])


def describe_move(match: Match, action: Action, viewer: int | None) -> str:
    """An action in words, for the hint: "3-9 on the Mexican Train", "draw a tile"."""
    if action.kind == "play":
        return S.MOVE_PLAY.format(tile=tile_text(action.tile), train=train_name(match, action.train, viewer))
    return {"draw": S.MOVE_DRAW, "pass": S.MOVE_PASS, "stop": S.MOVE_STOP}[action.kind]


def narrate(before: Match, after: Match, viewer: int | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Sentences for the events between two positions, and the same moves in short for a summary."""
    old = before.round
    done = after.rounds[old.number] if old.number < len(after.rounds) else after.round
    events = done.events[len(old.events):]
    lines, moves = [], []
    hide_draws = len([p for p in after.players if p.kind == "human"]) >= 2
    for event in events:
        name = seat_name(after, event.seat, viewer) if event.seat >= 0 else ""
        if event.kind == "play":
            template = S.SAID_PLAY_DOUBLE if event.tile.is_double else S.SAID_PLAY
            where = train_name(after, event.train, viewer)
            lines.append(template.format(name=name, tile=tile_text(event.tile), train=where))
            moves.append(S.MOVE_PLAY.format(tile=tile_text(event.tile), train=where))
        elif event.kind == "draw":
            if event.seat == viewer and not hide_draws:
                drawn = done.boneyard_dealt[old.draws]  # one action draws at most one tile
                lines.append(S.SAID_DRAW_YOU.format(tile=tile_text(drawn)))
            else:
                lines.append(S.SAID_DRAW.format(name=name))
            moves.append(S.MOVED_DRAW)
        elif event.kind == "pass":
            lines.append(S.SAID_PASS.format(name=name))
            moves.append(S.MOVED_PASS)
        elif event.kind == "stop":
            lines.append(S.SAID_STOP.format(name=name))
            moves.append(S.MOVED_STOP)
        elif event.kind == "mark":
            lines.append(S.SAID_MARK.format(train=train_name(after, event.train, viewer, capital=True)))
            moves.append(S.MOVED_MARK)
        elif event.kind == "unmark":
            lines.append(S.SAID_UNMARK.format(train=train_name(after, event.train, viewer, capital=True)))
        elif event.kind == "out":
            lines.append(S.SAID_OUT.format(name=name))
        elif event.kind == "blocked":
            lines.append(S.SAID_BLOCKED)
    return tuple(lines), tuple(moves)


def _single_human(match: Match) -> bool:
    return sum(1 for p in match.players if p.kind == "human") == 1
