"""Guessing the hidden tiles from what a seat has seen.

A seat cannot see the other hands or the boneyard, but the public record says
a good deal about them:

* how many tiles each seat holds, and which tiles are not on the layout or in
  the seat's own hand (the *unseen* tiles);
* which numbers a seat showed it did not hold: a seat that draws or passes
  held no tile fitting any train it could use (the engine records these
  numbers as ``lacks`` on ``draw`` and ``pass`` events; a seat owing the extra
  tile after a double may still hold doubles of them);
* a tile drawn and not played did not fit either.

``Knowledge`` follows every hidden tile of every other seat as a *slot* with
the set of tiles it cannot be. A slot that was in the hand when the seat
showed a lack cannot hold those numbers; a tile drawn later can. When a seat
plays a tile, the slot it came from is not known, so the most constrained slot
the tile fits is retired: the slots that stay are then the loosest the record
allows, so a guess never rules out what could be true.

``sample`` deals the unseen tiles into the slots at random, respecting the
constraints, and shuffles the rest into a boneyard. Tiles are bits of one
integer (``bit[tile]``); everything is deterministic for a given generator.
"""

from __future__ import annotations

import random

from ..tiles import Tile, full_set
from ..view import SeatView

_BITS: dict[int, dict[Tile, int]] = {}


def tile_bits(top: int) -> dict[Tile, int]:
    """Each tile of the double-``top`` set and its bit."""
    bits = _BITS.get(top)
    if bits is None:
        bits = _BITS[top] = {t: 1 << i for i, t in enumerate(full_set(top))}
    return bits


def _value_masks(top: int) -> tuple[list[int], list[int]]:
    """Per value: the mask of every tile showing it, and of those tiles but its double."""
    bits = tile_bits(top)
    every = [0] * (top + 1)
    plain = [0] * (top + 1)
    for t, bit in bits.items():
        a, b = t
        every[a] |= bit
        every[b] |= bit
        if a != b:
            plain[a] |= bit
            plain[b] |= bit
    return every, plain


def shuffle(rng: random.Random, x: list[Tile]) -> None:
    """``rng.shuffle(x)``, the same draws in the same order (``random.Random``'s own algorithm, its
    ``_randbelow`` written inline): a guess shuffles some 60 tiles, and the calls per tile were a tenth of a
    look-ahead's time."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


class Knowledge:
    """What a seat knows about the tiles it cannot see.

    ``unseen``: the tiles in other hands or the boneyard (canonical order).
    ``slots[s]``: for each other seat ``s``, one forbidden-tile mask per tile it
    holds, oldest (most constrained) first; empty for the seat itself.
    ``lacking[s]``: the numbers seat ``s`` is known to lack right now, for
    every one of its tiles (used for plain-words hints and play choices).
    """

    __slots__ = ("view", "unseen", "slots", "lacking", "consistent", "order")

    def __init__(self, view: SeatView):
        self.view = view
        self.unseen = view.unseen_tiles()
        rules = view.rules
        top = rules.set
        bits = tile_bits(top)
        every, plain = _value_masks(top)
        seats = rules.seats
        me = view.seat
        slots = [[0] * rules.hand_size if s != me else [] for s in range(seats)]
        pending: list[int | None] = [None] * seats  # the slot of a tile just drawn, until it is played or the train is marked
        last_mask = [0] * seats
        for e in view.events:
            s = e.seat
            if s is None or s < 0 or s == me:
                continue
            kind = e.kind
            if kind == "draw" or kind == "pass":
                mask = 0
                for v in e.lacks:
                    mask |= plain[v] if e.may_hold_doubles else every[v]
                own = slots[s]
                for i in range(len(own)):
                    own[i] |= mask
                last_mask[s] = mask
                if kind == "draw":
                    own.append(0)
                    pending[s] = len(own) - 1
            elif kind == "mark":
                slot = pending[s]
                if slot is not None:
                    slots[s][slot] = last_mask[s]  # the drawn tile did not fit either
                    pending[s] = None
            elif kind == "play":
                own = slots[s]
                slot = pending[s]
                if slot is not None:
                    del own[slot]
                    pending[s] = None
                elif own:
                    assert e.tile is not None
                    bit = bits[e.tile]
                    for i in range(len(own)):
                        if not own[i] & bit:
                            del own[i]
                            break
                    else:
                        del own[0]
        self.consistent = all(len(slots[s]) == view.hand_counts[s] for s in range(seats) if s != me)
        if not self.consistent:
            slots = [[0] * view.hand_counts[s] if s != me else [] for s in range(seats)]
        self.slots = slots
        # Numbers a seat lacks in every tile it holds: common to all its slots.
        lacking: list[tuple[int, ...]] = []
        for s in range(seats):
            own = slots[s]
            if s == me or not own:
                lacking.append(())
                continue
            common = own[0]
            for m in own[1:]:
                common &= m
            lacking.append(tuple(v for v in range(top + 1) if every[v] & ~bits[Tile(v, v)] & ~common == 0))
        self.lacking = lacking
        # Every slot as (mask, seat), the most constrained first: the order ``sample`` deals in.
        order = [(m, s) for s, own in enumerate(slots) for m in own]
        if any(m for m, _ in order):
            order.sort(key=lambda x: -bin(x[0]).count("1"))
        self.order = order

    def sample(self, rng: random.Random, tries: int = 8) -> tuple[list[list[Tile]], list[Tile]]:
        """A guess at the hidden tiles: ``(hands, boneyard)``, hands indexed by seat (the own hand as seen)."""
        view = self.view
        bits = tile_bits(view.rules.set)
        me = view.seat
        order = self.order
        for attempt in range(tries + 1):
            pool = list(self.unseen)
            shuffle(rng, pool)
            hands: list[list[Tile]] = [[] for _ in self.slots]
            ok = True
            for m, s in order:
                if m and attempt < tries:
                    for i in range(len(pool) - 1, -1, -1):
                        if not bits[pool[i]] & m:
                            hands[s].append(pool.pop(i))
                            break
                    else:
                        ok = False
                        break
                else:
                    hands[s].append(pool.pop())
            if ok:
                hands[me] = list(view.hand)
                return hands, pool
        raise AssertionError("unreachable")  # the last attempt ignores the constraints
