"""The coach: a review of one seat's decisions, judged by Strong from what the seat knew at the time.

A *decision* is a position where the seat was to move with two or more legal
actions. For each, Strong decides from the seat's view at that moment (never
from hidden tiles) with the generator ``move --player strong --seed S`` would
use there (``players.player_rng(S, seat, round)``). Where the seat played
something else, the difference is priced by play-outs from the same view: the
hidden tiles are guessed (``players.sampling``), both actions are played out
to the end of the round by the quick play-out policy on the same guesses, and
the cost is the mean increase of the seat's own score (the pips left in its
hand). A decision costing less than a point is not listed: the coach does not
nag. Everything is seeded, so the same file and seed give the same review.

``review_steps`` does the work one decision at a time (a generator yielding
its progress), so the page can run it in slices; ``review`` runs it through.
FORMATS.md ("review") specifies the command line's output.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from typing import Any, NamedTuple

from .actions import Action
from .engine import new_round
from .match import Match
from .players import player_rng, strong
from .players.base import finish
from .players.hint import reason as hint_reason
from .players.rollout import Plans, play_out
from .players.sampling import Knowledge
from .players.sim import Sim
from .view import SeatView, seat_view

SAMPLES = 48
"""Play-outs (paired: both actions on the same guess) that price one decision."""
THRESHOLD = 1.0
"""The least cost, in points, worth a word."""
MAX_STEPS = 10_000


class Item(NamedTuple):
    """One decision worth a word: where, what was played, what Strong would play, its cost and why."""

    round: int       # index in the match file's rounds (0-based)
    action: int      # index of the action in that round's actions (0-based)
    seat: int
    played: Action
    better: Action
    cost: float      # points, rounded to one decimal, at least THRESHOLD
    reason: str


class Decision(NamedTuple):
    """A position where ``seat`` had a real choice, and what it played there."""

    round: int
    action: int
    seat: int
    position: Match
    played: Action


def decisions(match: Match, seats: Iterable[int]) -> list[Decision]:
    """Every decision of ``seats`` in the match, in the order they were made."""
    wanted = set(seats)
    found = []
    for number, played in enumerate(match.rounds):
        state = new_round(match.rules, number, played.hands_dealt, played.boneyard_dealt)
        earlier = match.rounds[:number]
        for k, action in enumerate(played.actions):
            position = match._replace(rounds=earlier + (state,))
            if state.seat in wanted and len(state.legal) >= 2:
                found.append(Decision(number, k, state.seat, position, action))
            state = state.apply(action)
    return found


def cost_steps(view: SeatView, played: Action, better: Action, rng: random.Random,
               samples: int = SAMPLES) -> Generator[None, None, float]:
    """``cost_of`` in steps: yields after each guess of the hidden tiles (both actions played out on it)."""
    seat = view.seat
    seats = view.rules.seats
    knowledge = Knowledge(view)
    template = Sim.from_view(view, [() for _ in range(seats)], ())
    memo: dict[Any, Any] = {}
    total = 0.0
    for _ in range(samples):
        hands, boneyard = knowledge.sample(rng)
        base = template.copy()
        base.hands = hands
        base.boneyard = tuple(boneyard)
        scores = []
        for action in (played, better):
            sim = base.copy()
            sim.apply(action)
            plans = Plans(seats, memo=memo)
            play_out(sim, plans, MAX_STEPS)
            scores.append(sim.scores[seat] if sim.scores is not None else sum(a + b for a, b in sim.hands[seat]))
        total += scores[0] - scores[1]
        yield
    return total / samples


def cost_of(view: SeatView, played: Action, better: Action, rng: random.Random, samples: int = SAMPLES) -> float:
    """The mean increase of the seat's own end-of-round score from playing ``played`` instead of ``better``,
    over ``samples`` guesses of the hidden tiles, both actions played out on each guess."""
    return finish(cost_steps(view, played, better, rng, samples))


def judge_steps(view: SeatView, played: Action, seed: int, round_index: int, action_index: int,
                names: list[str] | None = None, samples: int = SAMPLES) -> Generator[None, None, Item | None]:
    """``judge`` in small steps (Strong's thinking, then one guess of the hidden tiles at a time), so that
    the page can run a review a few milliseconds at a time; where it is paused changes nothing."""
    decision = yield from strong.think(view, player_rng(seed, view.seat, round_index))
    if decision.action == played:
        return None
    rng = random.Random(f"mexican-train/review/{seed}/{round_index}/{action_index}")
    cost = round((yield from cost_steps(view, played, decision.action, rng, samples)), 1)
    if cost < THRESHOLD:
        return None
    return Item(round_index, action_index, view.seat, played, decision.action, cost,
                hint_reason(view, decision.action, decision, names))


def judge(view: SeatView, played: Action, seed: int, round_index: int, action_index: int,
          names: list[str] | None = None, samples: int = SAMPLES) -> Item | None:
    """The item for one decision, or None when it is not worth a word: decided from ``view`` alone."""
    return finish(judge_steps(view, played, seed, round_index, action_index, names, samples))


def review_steps(match: Match, seats: Iterable[int] | None = None, seed: int | None = None,
                 samples: int = SAMPLES, rounds: Iterable[int] | None = None
                 ) -> Generator[tuple[int, int], None, list[Item]]:
    """The review in small steps: yields (decisions done, decisions in all) after each unit of work (a
    few milliseconds: see ``judge_steps``); returns the items. ``rounds`` (indexes) limits it to those
    rounds: the page reviews the round just over."""
    seed = match.seed if seed is None else seed
    todo = decisions(match, match.humans if seats is None else seats)
    if rounds is not None:
        wanted = set(rounds)
        todo = [d for d in todo if d.round in wanted]
    names = [p.name for p in match.players]
    items = []
    for done, d in enumerate(todo):
        yield done, len(todo)
        item = yield from _counted(judge_steps(seat_view(d.position, d.seat), d.played, seed, d.round, d.action,
                                               names, samples), done, len(todo))
        if item is not None:
            items.append(item)
    yield len(todo), len(todo)
    return items


def _counted(steps: Generator[None, None, Item | None], done: int, total: int
             ) -> Generator[tuple[int, int], None, Item | None]:
    """Run one decision's steps to its result, yielding the review's progress at each of them."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]
        yield done, total


def review(match: Match, seats: Iterable[int] | None = None, seed: int | None = None,
           samples: int = SAMPLES) -> list[Item]:
    """The review of ``seats`` (default: every person's seat), run through."""
    steps = review_steps(match, seats, seed, samples)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return list(done.value)


def as_json(items: Iterable[Item]) -> list[dict[str, Any]]:
    """The review as FORMATS.md's JSON: rounds and actions counted from 0, actions in the notation."""
    return [{"round": i.round, "action": i.action, "seat": i.seat, "played": str(i.played),
             "better": str(i.better), "cost": i.cost, "reason": i.reason} for i in items]


def as_line(item: Item) -> str:
    """One item as FORMATS.md's text line (rounds and actions counted from 1)."""
    return (f"round {item.round + 1}, action {item.action + 1} (seat {item.seat}): played {item.played}; "
            f"better {item.better}, about {item.cost:.1f} points: {item.reason}")
