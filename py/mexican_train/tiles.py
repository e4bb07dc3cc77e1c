"""Tiles, sets and the tile notation ``a-b`` (written low-high)."""

from __future__ import annotations

from typing import NamedTuple

from .errors import NotationError

SET_SIZES = (6, 9, 12)


class Tile(NamedTuple):
    """One domino. Unordered: ``low <= high`` always holds."""

    low: int
    high: int

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    @property
    def is_double(self) -> bool:
        """True for a tile with the same value on both halves."""
        return self.low == self.high

    @property
    def pips(self) -> int:
        """The tile's value at scoring time: both halves added."""
        return self.low + self.high


_TILES = {(a, b): Tile(a, b) for a in range(13) for b in range(a, 13)}


def tile(a: int, b: int) -> Tile:
    """The canonical tile with halves ``a`` and ``b``, in either order."""
    return _TILES[(a, b) if a <= b else (b, a)]


def full_set(top: int) -> tuple[Tile, ...]:
    """Every tile of the double-``top`` set, in canonical order (low, then high)."""
    if top not in SET_SIZES:
        raise NotationError(f"there is no double-{top} set; sets are double-6, double-9 and double-12")
    return tuple(_TILES[(a, b)] for a in range(top + 1) for b in range(a, top + 1))


def parse_tile(text: str, top: int = 12) -> Tile:
    """Read ``a-b`` (low-high, values 0..top) into a Tile; anything else raises NotationError."""
    if not isinstance(text, str):
        raise NotationError(f"a tile is written as text like '3-9', not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() and p.isascii() for p in parts):
        raise NotationError(f"'{text}' is not a tile: write it as two numbers like '3-9'")
    a, b = int(parts[0]), int(parts[1])
    if a > b:
        raise NotationError(f"'{text}' is not in tile notation: write the lower number first ('{b}-{a}')")
    if b > top:
        raise NotationError(f"'{text}' is not a tile of the double-{top} set (values run from 0 to {top})")
    if parts[0] != str(a) or parts[1] != str(b):
        raise NotationError(f"'{text}' is not in tile notation: write it as '{a}-{b}'")
    return _TILES[(a, b)]
