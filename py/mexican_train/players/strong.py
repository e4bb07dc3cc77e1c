"""Strong: plans its own train, reasons about the unseen tiles, and looks ahead by playing out guesses.

How it decides, for a turn with a real choice:

1. **Judge each legal play by its plan** (``judge``): the best chain the hand
   can lay on the seat's own train after the play (an exact search for the
   hands of a round: see ``base.plan_chain``), the spare tiles that chain does
   not need and whether they fit a public train, doubles with and without a
   follow-up, closing its own marker, shedding pips when another seat is
   close to going out, and not handing an opponent a new end on its marked
   train.
2. **Guess the hidden tiles** consistently with the record (``sampling``):
   tile counts, and the numbers each seat showed it lacked when it drew or
   passed.
3. **Play out** each of the best few plays on each guess to the end of the
   round (``rollout``), every seat following a quick version of the same plan,
   and keep the play with the best average result (round won, points left).

The number of play-outs is a fixed budget (``iterations``), never a clock, so
the choice depends only on the view and the generator.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from collections.abc import Callable, Generator, Sequence
from typing import Any

from ..actions import Action
from ..kernel import CHAIN, DOUBLE, FREE
from ..tiles import Tile
from ..view import SeatView
from .base import (Chain, after_play, finish, min_opponent_count, plan_chain, plays_of, public_ends,
                   spare_tiles, tile_score)
from .rollout import Plan, Plans, play_out
from .sampling import Knowledge
from .sim import Sim

#: Play-outs per decision (shared among the candidate plays).
ITERATIONS = 160
#: How many of the best-judged plays are played out.
CANDIDATES = 5
#: Weight of the points left in hand against a round won, in a play-out's result.
POINTS_WEIGHT = 0.25
#: A play-out result must beat the judged-best play by this much, and by Z standard errors, to overturn it.
MARGIN = 0.02
Z = 1.0
#: Share of the budget spread over every candidate before all but the best three are dropped.
SPLIT = 0.5
#: Play-out length in steps (plays, draws, passes) before the position is judged instead of played on.
HORIZON = 20
#: Logistic weights of ``_estimate`` (fitted to play-outs): tiles ahead, chain length ahead, own marker, to move.
ESTIMATE = (0.086, 0.077, -0.12, 0.012)


class Settings(NamedTuple):
    """The knobs of the look-ahead (module constants by default; the tuning script varies them)."""

    margin: float = MARGIN
    z: float = Z
    split: float = SPLIT
    horizon: int = HORIZON
    points_weight: float = POINTS_WEIGHT
    steps: bool = False         # the budget counts play-out steps (``iterations`` times the horizon), not play-outs
    most: float = 4.0           # with ``steps``: at most this many times ``iterations`` play-outs


SETTINGS = Settings()


class Judgement(NamedTuple):
    """Strong's static view of one play: its score and what it was based on."""

    action: Action
    score: float
    chain: Chain        # the own-train chain the hand can still lay after the play
    spare_fit: int      # spare tiles that fit a public train after the play
    follow: bool        # for a double: another tile can follow it this turn


#: Weights of ``judge`` (tuned by tournament; see the README).
WEIGHTS = dict(
    chain=10.0, chain_double=2.0, spare_fit=3.0, pips=0.3, pips_close=1.5, double_follow=12.0,
    double_alone=-12.0, unmark=6.0, opponent_train=-4.0, open_own_double=-6.0,
)


def judge(view: SeatView, action: Action, w: dict[str, float] = WEIGHTS,
          plan: Callable[[Sequence[Tile], int], Chain] = plan_chain) -> Judgement:
    """Score one legal play by the plan it leaves (higher is better); ``plan`` finds the chain the hand can still
    lay from an end (a caller judging many hands may pass a memoised one)."""
    seat = view.seat
    seats = view.rules.seats
    trains = view.trains
    t = action.tile
    assert t is not None
    a, b = t
    k, after, rest = after_play(view, action)
    own_end = after if k == seat else trains[seat].end
    if not rest:
        return Judgement(action, 1e9, Chain(own_end), 0, True)
    public = public_ends(view, k, after)
    chain = plan(rest, own_end)
    spares = spare_tiles(rest, chain)
    spare_fit = sum(1 for u in spares if u[0] in public or u[1] in public)
    close = min_opponent_count(view) <= 3
    score = w["chain"] * len(chain) + w["chain_double"] * chain.doubles + w["spare_fit"] * min(spare_fit, 2)
    score += w["pips_close" if close else "pips"] * tile_score(t, view.rules.blank_double_penalty)
    follow = True
    phase = view.phase
    if a == b and phase is FREE:
        follow = any(after in u or u[0] in public or u[1] in public or own_end in u for u in rest)
        score += w["double_follow"] if follow else w["double_alone"]
    if phase is DOUBLE and view.doubles and view.doubles[0] == seat and k != seat and not (a == b):
        score += w["open_own_double"]  # the next seat would cover it on our train and break the chain
    if k == seat and trains[seat].marked:
        score += w["unmark"]
    if k != seat and k != seats:
        score += w["opponent_train"]  # a new end on an opponent's marked train is a gift to its owner
    return Judgement(action, score, chain, spare_fit, follow)


class Decision(NamedTuple):
    """What Strong chose and why: the judged plays and, when it looked ahead, their play-out results."""

    action: Action
    judged: tuple[Judgement, ...]  # of each legal play, best first
    results: dict[Action, float]   # mean play-out result of each action tried (empty without a look-ahead)
    playouts: int
    knowledge: Knowledge | None


def _estimate(sim: Sim, plans: Plans, seat: int) -> float:
    """A cut-off play-out's expected result for ``seat``: the chance of winning the round from here."""
    wc, wl, wm, wt = ESTIMATE
    mine = len(sim.hands[seat])
    my_chain = len(plans.get(sim, seat))
    best = math.inf
    for s in range(sim.seats):
        if s == seat:
            continue
        x = (wc * (len(sim.hands[s]) - mine) + wl * (my_chain - len(plans.get(sim, s)))
             + wm * (sim.marked[seat] - sim.marked[s]) + wt * (1 if sim.seat == seat else -1))
        if x < best:
            best = x
    return 1.0 / (1.0 + math.exp(-best))


def _result(sim: Sim, seat: int, points_weight: float = POINTS_WEIGHT) -> float:
    """A finished play-out's result for ``seat``: 1 for a round won (a half for a shared win), plus a little
    for every point the others keep more than it does."""
    scores: list[int] = sim.scores  # type: ignore[assignment]  # a finished play-out has its scores
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    best_other = min(others)
    won = 1.0 if mine < best_other else 0.5 if mine == best_other else 0.0
    return won + points_weight * (sum(others) / len(others) - mine) / 50.0


def think(view: SeatView, rng: random.Random, iterations: int = ITERATIONS,
          candidates: int = CANDIDATES, weights: dict[str, float] = WEIGHTS,
          settings: Settings = SETTINGS) -> Generator[None, None, Decision]:
    """Strong's decision in small steps: a generator that yields after each unit of work (the judgement
    of one play, a guess at the hidden tiles, one play-out) and returns the ``Decision``.

    Driven to its end it is ``decide``; where a caller pauses it changes nothing (there is no clock
    inside), so a page can run it a few milliseconds at a time between input events.
    """
    legal = view.legal
    plays = plays_of(view)
    if len(legal) == 1 or not plays:
        return Decision(legal[0], (), {}, 0, None)
    judgements = []
    for p in plays:
        judgements.append(judge(view, p, weights))
        yield
    judged = sorted(judgements, key=lambda j: -j.score)
    if judged[0].score >= 1e9 or iterations <= 0:
        return Decision(judged[0].action, tuple(judged), {}, 0, None)
    chosen = [j.action for j in judged[:candidates]]
    if view.phase is CHAIN and len(legal) > len(plays):
        chosen.append(legal[-1])  # stop is a choice too
    if len(chosen) == 1:
        return Decision(chosen[0], tuple(judged), {}, 0, None)
    knowledge = Knowledge(view)
    yield
    me = view.seat
    seats = view.rules.seats
    memo: dict[tuple[tuple[Tile, ...], int], Plan] = {}
    results: list[list[float]] = [[] for _ in chosen]
    template = Sim.from_view(view, [() for _ in range(seats)], ())
    yield

    spent = [0, 0]  # play-outs, play-out steps

    def play_outs(alive: list[int], samples: int, steps: int = 0) -> Generator[None, None, None]:
        """Play each candidate in ``alive`` out on ``samples`` new guesses (the same guesses for all); with
        ``steps``, on new guesses until the play-outs have taken that many steps more (and at most ``samples``)."""
        goal = spent[1] + steps
        for n in range(samples):
            if steps and n >= 2 and spent[1] >= goal:
                break
            hands, boneyard = knowledge.sample(rng)
            base = template.copy()
            base.hands = hands  # fresh lists from the sampler
            base.boneyard = tuple(boneyard)
            plans = Plans(seats, memo=memo)
            for s in range(seats):
                if s != me:
                    plans.get(base, s)
            yield
            for i in alive:
                sim = base.copy()
                sim.apply(chosen[i])
                p = plans.copy()
                p.tiles[me] = None
                spent[1] += play_out(sim, p, settings.horizon)
                spent[0] += 1
                results[i].append(_result(sim, me, settings.points_weight) if sim.scores is not None
                                  else _estimate(sim, p, me))
                yield

    # Half the budget on every candidate, the other half on the judged-best and the best two others.
    alive = list(range(len(chosen)))
    if settings.steps:
        budget = iterations * settings.horizon
        most = int(iterations * settings.most)
        yield from play_outs(alive, max(2, int(most * settings.split) // len(alive)), int(budget * settings.split))
        if len(alive) > 3:
            others = sorted(alive[1:], key=lambda i: -sum(results[i]))[:2]
            alive = [0] + others
        yield from play_outs(alive, max(0, (most - spent[0]) // len(alive)), max(1, budget - spent[1]))
    else:
        first = max(2, int(iterations * settings.split) // len(alive))
        yield from play_outs(alive, first)
        if len(alive) > 3:
            others = sorted(alive[1:], key=lambda i: -sum(results[i]))[:2]
            alive = [0] + others
        yield from play_outs(alive, max(0, (iterations - first * len(chosen)) // len(alive)))
    # The judged-best play stands unless a play-out shows another clearly better (paired on the same guesses).
    best, best_gain = 0, 0.0
    for i in alive[1:]:
        n = len(results[i])
        diffs = [x - y for x, y in zip(results[i], results[0])]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > settings.margin and mean > settings.z * (var / n) ** 0.5 and mean > best_gain:
            best, best_gain = i, mean
    means = {a: sum(r) / len(r) for a, r in zip(chosen, results)}
    return Decision(chosen[best], tuple(judged), means, sum(len(r) for r in results), knowledge)


def decide(view: SeatView, rng: random.Random, iterations: int = ITERATIONS,
           candidates: int = CANDIDATES, weights: dict[str, float] = WEIGHTS,
           settings: Settings = SETTINGS) -> Decision:
    """Strong's full decision, with what it rests on (``choose`` keeps only the action): ``think`` run to its end."""
    return finish(think(view, rng, iterations, candidates, weights, settings))


def choose(view: SeatView, rng: random.Random, iterations: int = ITERATIONS, **options: Any) -> Action:
    """Strong's action for the seat to move in ``view`` (``options``: see ``decide``)."""
    return decide(view, rng, iterations, **options).action
