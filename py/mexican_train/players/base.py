"""Helpers shared by the CPU players: reading a view, scoring hands, planning chains.

Everything here reads only a ``SeatView`` (or plain tiles and numbers) and is
deterministic: no random generator, no clock. Train indices follow the engine:
seats first, the Mexican Train last (index ``seats``).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from typing import TypeVar

from ..actions import MEXICAN, PLAY, Action
from ..kernel import Pair, tile_score
from ..tiles import Tile
from ..view import SeatView

__all__ = ["CHAIN_NODE_LIMIT", "Chain", "Steps", "after_play", "finish", "forced", "min_opponent_count", "new_end",
           "plan_chain", "plays_of", "public_ends", "spare_tiles", "tile_score", "train_index"]

R = TypeVar("R")
Steps = Generator[None, None, R]
"""Work done in steps: a generator that yields between small units of work and returns its result."""


def finish(steps: Steps[R]) -> R:
    """Run ``steps`` to its end and give its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

#: The most nodes ``plan_chain`` visits before it settles for the best chain found so far.
CHAIN_NODE_LIMIT = 4000


def train_index(view: SeatView, action: Action) -> int:
    """The index in ``view.trains`` of the train a play goes on."""
    return view.rules.seats if action.train == MEXICAN else int(action.train or 0)


def plays_of(view: SeatView) -> list[Action]:
    """The legal plays (tiles placed) of the view's seat, in the engine's order."""
    return [a for a in view.legal if a.kind == PLAY]


def new_end(end: int, t: Pair) -> int:
    """The open end of a train after tile ``t`` is placed on end ``end``."""
    return t[1] if t[0] == end else t[0]


def after_play(view: SeatView, action: Action) -> tuple[int, int, list[Tile]]:
    """A legal play's train index, that train's open end after it, and the hand it leaves."""
    t = action.tile
    assert t is not None
    k = train_index(view, action)
    rest = list(view.hand)
    rest.remove(t)
    return k, new_end(view.trains[k].end, t), rest


def public_ends(view: SeatView, k: int, after: int) -> set[int]:
    """After a play on train ``k`` that leaves it ending in ``after``: the open ends of the trains
    everyone may use (the Mexican Train, the other seats' marked trains)."""
    trains = view.trains
    seats = view.rules.seats
    ends = {after if k == seats else trains[seats].end}
    for s in range(seats):
        if s != view.seat and trains[s].marked:
            ends.add(after if k == s else trains[s].end)
    return ends


def forced(view: SeatView) -> Action | None:
    """The action when the seat has no real choice (one legal action, or no tile to place), else None."""
    legal = view.legal
    if len(legal) == 1 or not any(a.kind == PLAY for a in legal):
        return legal[0]
    return None


def min_opponent_count(view: SeatView) -> int:
    """The fewest tiles any other seat holds."""
    return min(c for s, c in enumerate(view.hand_counts) if s != view.seat)


# -- chain planning --------------------------------------------------------------

class Chain:
    """A planned chain for a train: ``tiles`` in playing order starting from ``start``.

    ``ends`` holds the open end after each tile. ``doubles`` counts the doubles
    in the chain (each gives a free extra play), ``pips`` their value.
    """

    __slots__ = ("start", "tiles", "ends", "complete")

    start: int
    tiles: tuple[Pair, ...]
    ends: tuple[int, ...]
    complete: bool

    def __init__(self, start: int, tiles: Iterable[Pair] = (), ends: Iterable[int] = (),
                 complete: bool = True) -> None:
        self.start = start
        self.tiles = tuple(tiles)
        self.ends = tuple(ends)
        self.complete = complete  # False when the search hit its node limit

    # Worked out when asked for: a play-out plans thousands of chains and uses only their tiles.
    @property
    def pips(self) -> int:
        """The chain's points."""
        return sum(a + b for a, b in self.tiles)

    @property
    def doubles(self) -> int:
        """How many of its tiles are doubles."""
        return sum(1 for a, b in self.tiles if a == b)

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def end(self) -> int:
        """The open end after the whole chain is laid."""
        return self.ends[-1] if self.ends else self.start

    def __repr__(self) -> str:
        return f"Chain({self.start}: {' '.join(f'{a}-{b}' for a, b in self.tiles)})"


def plan_chain(hand: Iterable[Pair], start: int, limit: int = CHAIN_NODE_LIMIT) -> Chain:
    """The best chain of tiles from ``hand`` that can be laid one after another from end ``start``.

    Best means the most tiles, then the most doubles (each is a free extra
    play), then the most pips (heavy tiles are safest in a planned chain).
    The search is exact (a depth-first search over trails of the tile graph)
    unless it visits ``limit`` nodes; then the best chain found so far is
    returned, with ``complete`` False. A double is always taken on reaching its
    value: it never costs a position.
    """
    tiles = list(hand)
    n = len(tiles)
    by_value: dict[int, list[int]] = {}
    for i in sorted(range(n), key=lambda i: -(tiles[i][0] + tiles[i][1])):
        a, b = tiles[i]
        by_value.setdefault(a, []).append(i)
        if b != a:
            by_value.setdefault(b, []).append(i)
    used = [False] * n
    path: list[tuple[int, int]] = []
    best_key = (-1, -1, -1)
    best_path: list[tuple[int, int]] = []
    nodes = 0

    def visit(end: int, length: int, doubles: int, pips: int) -> None:
        nonlocal best_key, best_path, nodes
        nodes += 1
        key = (length, doubles, pips)
        if key > best_key:
            best_key = key
            best_path = path[:]
        if nodes >= limit or length == n:
            return
        options = [i for i in by_value.get(end, ()) if not used[i]]
        if not options or length + (n - length) < best_key[0]:
            return
        for i in options:
            a, b = tiles[i]
            if a == b:  # a double never costs a position: always take it
                used[i] = True
                path.append((i, end))
                visit(end, length + 1, doubles + 1, pips + a + b)
                path.pop()
                used[i] = False
                return
        for i in options:
            if nodes >= limit:
                return
            a, b = tiles[i]
            nxt = b if a == end else a
            used[i] = True
            path.append((i, nxt))
            visit(nxt, length + 1, doubles, pips + a + b)
            path.pop()
            used[i] = False

    visit(start, 0, 0, 0)
    return Chain(start, [tiles[i] for i, _ in best_path], [e for _, e in best_path], complete=nodes < limit)


def spare_tiles(hand: Sequence[Pair], chain: Chain) -> list[Pair]:
    """The tiles of ``hand`` that the chain does not use."""
    rest = list(hand)
    for t in chain.tiles:
        rest.remove(t)
    return rest
