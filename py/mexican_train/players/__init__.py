"""CPU players. Each is ``choose(view, rng) -> Action``: a function of one seat's view
and its own ``random.Random``, never of the full state, never of the dealing generator.
"""

from __future__ import annotations

import random
from typing import Callable

from ..actions import Action
from ..view import SeatView

Chooser = Callable[[SeatView, random.Random], Action]


def random_player(view: SeatView, rng: random.Random) -> Action:
    """A uniformly random legal action (for testing)."""
    return rng.choice(view.legal)


PLAYERS: dict[str, Chooser] = {"random": random_player}
"""Every CPU player by the name the match file gives its ``kind``."""


def get_player(kind: str) -> Chooser:
    """The chooser for a CPU kind; raises ValueError for ``human`` or an unknown kind."""
    try:
        return PLAYERS[kind]
    except KeyError:
        raise ValueError(f"no CPU player called {kind!r}; there are {', '.join(PLAYERS)}") from None


def player_rng(seed: int, seat: int, round_number: int = 0) -> random.Random:
    """The generator a CPU seat uses in a round of a match: its own, apart from the deal's."""
    return random.Random(f"mexican-train/cpu/{seed}/{round_number}/{seat}")
