"""CPU players. Each is ``choose(view, rng) -> Action``: a function of one seat's view
and its own ``random.Random``, never of the full state, never of the dealing generator.

Levels: ``easy`` (a beginner's opponent, ``easy.py``), ``normal`` (one move
ahead, ``normal.py``), ``strong`` (chain planning and sampled play-outs,
``strong.py``), and ``random`` for testing. ``explain`` gives an action with a
reason in plain words (the hint is ``explain("strong", view, rng)``).

``think`` and ``explain_steps`` give the same answers in steps: generators
that yield between small units of work, so that a page can think a few
milliseconds at a time and handle input in between.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from typing import NamedTuple

from ..actions import Action
from ..i18n import N_
from ..match import HUMAN
from ..view import SeatView
from . import easy, normal, strong
from .base import Steps, finish

Chooser = Callable[[SeatView, random.Random], Action]
Thinker = Callable[[SeatView, random.Random], Steps[strong.Decision]]


def random_player(view: SeatView, rng: random.Random) -> Action:
    """A uniformly random legal action (for testing)."""
    return rng.choice(view.legal)


class Level(NamedTuple):
    """A CPU player: the ``kind`` the match file names it by, its chooser, and how the page offers it."""

    name: str
    choose: Chooser
    label: str          # msgid: its name on the setup screen and beside its seat
    description: str    # msgid: one sentence for the help
    offered: bool = True  # on the setup screen (``random`` is for tests: only with ?test=1)
    think: Thinker | None = None  # a level that thinks in steps (the page runs them in slices)


LEVELS: tuple[Level, ...] = (
    Level("easy", easy.choose, N_("Easy"),
          N_("Easy plays its heaviest tile and often misses a better move: room to learn the rules.")),
    Level("normal", normal.choose, N_("Normal"),
          N_("Normal looks one move ahead, weighing the pips it sheds against the tiles it keeps connected.")),
    Level("strong", strong.choose, N_("Strong"),
          N_("Strong plans its own train, keeps spare tiles for the shared trains and plays its options out "
             "on guesses of the hidden tiles, never looking at them."), think=strong.think),
    Level("random", random_player, N_("Random (testing)"), N_("Random makes any legal move."), offered=False),
)
"""Every CPU level, declared once: the match file, the setup screen, the help and the command line use this."""

PLAYERS: dict[str, Chooser] = {level.name: level.choose for level in LEVELS}
"""Every CPU player by the name the match file gives its ``kind``."""

THINKERS: dict[str, Thinker] = {level.name: level.think for level in LEVELS if level.think is not None}
"""The levels that think in steps, by name."""

KINDS: tuple[str, ...] = (HUMAN,) + tuple(PLAYERS)
"""Every ``kind`` a seat of a match file may have: a person, or a CPU level."""


def get_player(kind: str) -> Chooser:
    """The chooser for a CPU kind; raises ValueError for ``human`` or an unknown kind."""
    try:
        return PLAYERS[kind]
    except KeyError:
        raise ValueError(f"no CPU player called {kind!r}; there are {', '.join(PLAYERS)}") from None


def player_rng(seed: int, seat: int, round_number: int = 0) -> random.Random:
    """The generator a CPU seat uses in a round of a match: its own, apart from the deal's."""
    return random.Random(f"mexican-train/cpu/{seed}/{round_number}/{seat}")


def think(kind: str, view: SeatView, rng: random.Random) -> Steps[Action]:
    """CPU ``kind``'s action for the seat to move, in steps: a generator that yields between small units
    of work and returns the action (exactly ``get_player(kind)(view, rng)``). Easy and Normal decide in
    one step; a level with a ``think`` (Strong) yields while it judges and plays out."""
    thinker = THINKERS.get(kind)
    if thinker is not None:
        decision = yield from thinker(view, rng)
        return decision.action
    return get_player(kind)(view, rng)


def explain_steps(kind: str, view: SeatView, rng: random.Random,
                  names: Sequence[str] | None = None) -> Steps[tuple[Action, str]]:
    """``explain``, in steps (see ``think``)."""
    from . import hint
    thinker = THINKERS.get(kind)
    if thinker is not None:
        decision = yield from thinker(view, rng)
        return decision.action, hint.reason(view, decision.action, decision, names)
    action = get_player(kind)(view, rng)
    # the reason is how Strong sees the action (its judgement alone, no play-outs)
    decision = yield from strong.think(view, random.Random(0), iterations=0)
    return action, hint.reason(view, action, decision, names)


def explain(kind: str, view: SeatView, rng: random.Random,
            names: Sequence[str] | None = None) -> tuple[Action, str]:
    """The action CPU ``kind`` chooses for the seat to move in ``view``, with a reason in plain words.

    For ``strong`` (the hint) this is exactly ``strong.choose(view, rng)`` with
    the reason it rests on; for the other levels the reason describes the
    chosen action the way Strong would see it. ``names``, the players' names
    seat by seat, name the other seats in the reason ("seat N" without them).
    """
    return finish(explain_steps(kind, view, rng, names))
