"""Strong0: the Strong of before the stronger Strong, frozen as a tournament-only opponent.

``python -m mexican_train tournament --pairings strong-strong0`` measures Strong against it. It is not a level
of ``players.LEVELS`` and no match file may name it. It is Strong's own look-ahead (``strong.think``) with every
knob pinned here to the value it had (160 play-outs shared by the five best-judged plays, the old judge's
weights, ``strong.Settings`` as it was; the cut-off estimate ``strong.ESTIMATE`` is shared), so a change of
Strong's defaults leaves it as it is; and
``tests/test_strong_golden.py`` replays every 8th position of the old golden file against it, so a change of
the code they share (``strong``, ``rollout``, ``sampling``, ``sim``, ``base``) cannot go unseen. A stronger
Strong that its settings cannot express is built beside the old path, which stays for this opponent.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..view import SeatView
from . import strong

#: The old budget: play-outs per decision, and how many of the best-judged plays are played out.
ITERATIONS = 160
CANDIDATES = 5
#: The old judge's weights.
WEIGHTS = dict(
    chain=10.0, chain_double=2.0, spare_fit=3.0, pips=0.3, pips_close=1.5, double_follow=12.0,
    double_alone=-12.0, unmark=6.0, opponent_train=-4.0, open_own_double=-6.0,
)
#: The old look-ahead: margin and z to overturn the judged-best play, the budget's split, the horizon, the
#: weight of points, a budget in play-outs (not steps).
SETTINGS = strong.Settings(margin=0.02, z=1.0, split=0.5, horizon=20, points_weight=0.25, steps=False, most=4.0)


def choose(view: SeatView, rng: random.Random) -> Action:
    """The old Strong's action for the seat to move in ``view``."""
    return strong.decide(view, rng, ITERATIONS, CANDIDATES, WEIGHTS, SETTINGS).action
