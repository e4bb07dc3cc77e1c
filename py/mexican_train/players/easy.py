"""Easy: a beginner's opponent.

It plays like someone who has just learnt the rules: it always makes a legal
and plausible move, usually getting rid of a heavy tile, without planning a
chain or watching the other seats. Now and then (about one decision in five
with a real choice) it makes a plain mistake: any legal play at all, which can
leave its hand poorly connected or a double it cannot follow.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..view import SeatView
from .base import forced, plays_of

#: How often Easy picks any legal play instead of a sensible one.
MISTAKE_RATE = 0.2


def choose(view: SeatView, rng: random.Random) -> Action:
    """Easy's action: mostly the heaviest playable tile, sometimes any legal play."""
    action = forced(view)
    if action is not None:
        return action
    plays = plays_of(view)
    if rng.random() < MISTAKE_RATE:
        return rng.choice(plays)
    seat = view.seat
    trains = view.trains
    best, best_score = plays[0], None
    for action in plays:
        assert action.tile is not None
        a, b = action.tile
        score = a + b + rng.random() * 6
        if action.train == seat:
            score += 3  # a beginner likes to build its own train
            if trains[seat].marked:
                score += 3
        if a == b:
            score += 4  # and likes to put doubles down, follow-up or not
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best
