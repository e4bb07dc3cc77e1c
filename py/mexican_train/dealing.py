"""Seeded dealing, identical on every machine and in the browser.

The shuffle uses its own small generator (SplitMix64) and a Fisher-Yates
shuffle written out here, so a deal depends only on the match seed and the
round number: not on the Python version, not on any other random generator,
not on how anyone plays. Another implementation can reproduce our deals from
this description alone:

1. ``state = (seed mod 2**64) XOR ((round + 1) * 0xD1B54A32D192ED03 mod 2**64)``;
   each draw adds 0x9E3779B97F4A7C15 to ``state`` and mixes it (SplitMix64).
2. Take the set in canonical order (``0-0, 0-1, ..., 0-N, 1-1, ...``) without
   the round's engine; for ``i`` from the last index down to 1 swap item ``i``
   with item ``j``, ``j`` uniform in ``0..i`` (rejection sampling, no bias).
3. Seat ``s`` gets items ``s*h .. s*h+h-1``; the rest, in order, is the
   boneyard (its first item is drawn first).
"""

from __future__ import annotations

from .rules import Rules
from .tiles import Tile, full_set

_MASK = (1 << 64) - 1


class SplitMix64:
    """A tiny, fully specified 64-bit generator (Steele, Lea and Flood, 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1``."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(items: tuple[Tile, ...], seed: int, round_number: int) -> list[Tile]:
    """The items in the order the round's shuffle puts them."""
    rng = SplitMix64(seed ^ (((round_number + 1) * 0xD1B54A32D192ED03) & _MASK))
    order = list(items)
    for i in range(len(order) - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def deal(rules: Rules, seed: int, round_number: int) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """The hands and the boneyard (in draw order) of a round of a match."""
    engine = rules.engine(round_number)
    tiles = tuple(t for t in full_set(rules.set) if not (t.is_double and t.low == engine))
    order = shuffled(tiles, seed, round_number)
    h = rules.hand_size
    hands = tuple(tuple(order[s * h:(s + 1) * h]) for s in range(rules.seats))
    return hands, tuple(order[rules.seats * h:])
