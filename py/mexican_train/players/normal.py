"""Normal: a balanced opponent that looks one move ahead.

Each legal play is scored on what it leaves behind:

* the pips it sheds (worth more when another seat is close to going out);
* future matches: how many tiles in a row it could still lay on its own
  train, picking greedily (it does not search for the best chain as Strong
  does), and how many of its tiles fit some train it may use;
* tiles sharing numbers with the rest of the hand are kept for later, lone
  ones are played while they fit;
* doubles: played when another tile can follow, avoided otherwise; after its
  own double it covers it when it can, and a second double is a last resort;
* it lifts its own marker when it can, and likes using marked trains before
  they close.
"""

from __future__ import annotations

import random

from collections.abc import Iterable

from ..actions import Action
from ..kernel import DOUBLE, FREE, Pair
from ..view import SeatView
from .base import after_play, forced, min_opponent_count, plays_of, public_ends, tile_score

#: Weights of ``score_play``.
WEIGHTS = dict(chain=3.0, fit=2.0, links=1.5, pips=0.5, pips_close=1.6, double_follow=8.0, double_alone=-12.0,
               cover=6.0, second_double=-4.0, unmark=5.0, marked_train=1.0)


def greedy_run(tiles: Iterable[Pair], end: int) -> int:
    """How many tiles of ``tiles`` could be laid in a row from ``end``, always taking the locally best one.

    At each step a double is taken first, else the tile whose far end matches
    the most of the remaining tiles (then the heavier one).
    """
    rest = list(tiles)
    n = 0
    while True:
        options = [u for u in rest if end in u]
        if not options:
            return n
        pick = next((u for u in options if u[0] == u[1]), None)
        if pick is None:
            def outlook(u: Pair, end: int = end) -> tuple[int, int]:
                far = u[1] if u[0] == end else u[0]
                return (sum(1 for x in rest if x is not u and far in x), u[0] + u[1])
            pick = max(options, key=outlook)
        rest.remove(pick)
        n += 1
        end = pick[1] if pick[0] == end else pick[0]


def score_play(view: SeatView, action: Action, w: dict[str, float] = WEIGHTS) -> float:
    """How much Normal likes a legal play: higher is better."""
    seat = view.seat
    seats = view.rules.seats
    trains = view.trains
    t = action.tile
    assert t is not None
    a, b = t
    k, after, rest = after_play(view, action)
    if not rest:
        return 1000.0  # going out
    # The ends this seat may use after the play: its own train, the Mexican Train, marked trains.
    own_end = after if k == seat else trains[seat].end
    ends = public_ends(view, k, after) | {own_end}
    fitting = sum(1 for u in rest if u[0] in ends or u[1] in ends)
    run = greedy_run(rest, own_end)
    links = sum(1 for u in rest if a in u or b in u)
    close = min_opponent_count(view) <= 3
    score = tile_score(t, view.rules.blank_double_penalty) * w["pips_close" if close else "pips"]
    score += w["fit"] * min(fitting, 4) + w["chain"] * run - w["links"] * links
    phase = view.phase
    if a == b and phase is FREE:
        follow = any(after in u or u[0] in ends or u[1] in ends for u in rest)
        score += w["double_follow"] if follow else w["double_alone"]
    if phase is DOUBLE and view.doubles and k == view.doubles[0]:
        score += w["cover"]
    if phase is DOUBLE and a == b:
        score += w["second_double"]
    if k == seat and trains[seat].marked:
        score += w["unmark"]
    if k != seat and k != seats:
        score += w["marked_train"]
    return score


def choose(view: SeatView, rng: random.Random) -> Action:
    """Normal's action: the play that scores best (near-ties broken at random)."""
    action = forced(view)
    if action is not None:
        return action
    plays = plays_of(view)
    best, best_score = plays[0], None
    for action in plays:
        score = score_play(view, action) + rng.random() * 0.5
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best
