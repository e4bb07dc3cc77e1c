"""CPU players. Each is ``choose(view, rng) -> Action``: a function of one seat's view
and its own ``random.Random``, never of the full state, never of the dealing generator.

Levels: ``easy`` (a beginner's opponent, ``easy.py``), ``normal`` (one move
ahead, ``normal.py``), ``strong`` (chain planning and sampled play-outs,
``strong.py``), and ``random`` for testing. ``explain`` gives an action with a
reason in plain words (the hint is ``explain("strong", view, rng)``).
"""

from __future__ import annotations

import random
from typing import Callable

from ..actions import Action
from ..view import SeatView
from . import easy, normal, strong

Chooser = Callable[[SeatView, random.Random], Action]


def random_player(view: SeatView, rng: random.Random) -> Action:
    """A uniformly random legal action (for testing)."""
    return rng.choice(view.legal)


PLAYERS: dict[str, Chooser] = {
    "random": random_player,
    "easy": easy.choose,
    "normal": normal.choose,
    "strong": strong.choose,
}
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


def explain(kind: str, view: SeatView, rng: random.Random, names=None) -> tuple[Action, str]:
    """The action CPU ``kind`` chooses for the seat to move in ``view``, with a reason in plain words.

    For ``strong`` (the hint) this is exactly ``strong.choose(view, rng)`` with
    the reason it rests on; for the other levels the reason describes the
    chosen action the way Strong would see it. ``names``, the players' names
    seat by seat, name the other seats in the reason ("seat N" without them).
    """
    from . import hint
    if kind == "strong":
        decision = strong.decide(view, rng)
        return decision.action, hint.reason(view, decision.action, decision, names)
    action = get_player(kind)(view, rng)
    decision = strong.decide(view, random.Random(0), iterations=0)
    return action, hint.reason(view, action, decision, names)
