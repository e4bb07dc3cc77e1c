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
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, NamedTuple

from .actions import PLAY, Action
from .i18n import N_, NP_, _, language, plural
from .engine import new_round
from .match import Match
from .players import player_rng, strong
from .players.base import finish
from .players.base import train_index
from .players.hint import move_words as hint_move, train_words as hint_train
from .players.rollout import Plans, play_out
from .players.sampling import Knowledge
from .players.sim import Sim
from .view import SeatView, seat_view

SAMPLES = 32
"""Play-outs (paired: both actions on the same guess) that price one decision. One guess's difference varies by
some 38 points, so a price is rough whatever the count: against a reference of 96 more play-outs, 48 were off by
5.0 points on average and 32 by 5.8, and each disagreed with it on listing a decision 36-37 % of the time; 32 save
the phone a tenth of a review (``bench.review_noise``; README, "The coach")."""
THRESHOLD = 1.0
"""The least cost, in points, worth a word."""
MAX_STEPS = 10_000


class Contrast(NamedTuple):
    """What differs between the move played and Strong's, field by field: the reason is built from these and
    says only what is true of the suggestion and not of the move played (``claims``: which fields it uses)."""

    played: Action
    better: Action
    same_tile: bool      # both lay the same tile, on different trains
    same_train: bool     # both lay a tile on the same train, different tiles
    pips_played: int     # points the move played lays down (0: it lays no tile)
    pips_better: int
    chain_played: int    # tiles of the own-train chain the hand still holds after each (Strong's count)
    chain_better: int
    covers_played: bool  # the move covers an open double
    covers_better: bool
    unmarks_played: bool  # the move is a play on the seat's own marked train (it lifts the marker)
    unmarks_better: bool
    out_better: bool     # Strong's move lays the last tile
    closest: int         # the other seat with the fewest tiles, and how many it holds (why points matter now)
    closest_left: int
    claims: tuple[str, ...]


class Item(NamedTuple):
    """One decision worth a word: where, what was played, what Strong would play, its cost and why."""

    round: int       # index in the match file's rounds (0-based)
    action: int      # index of the action in that round's actions (0-based)
    seat: int
    played: Action
    better: Action
    cost: float      # points, rounded to one decimal, at least THRESHOLD
    reason: str      # ``reason_text(contrast)`` in English with seat names (the command line's)
    contrast: Contrast


# -- the reason, from the contrast's fields (msgids: the page says them in its language) ------------------------
SAME_TILE = N_("The same tile, {tile}, on {better} rather than on {played}")
SAME_TRAIN = N_("{better} rather than {played} on {train}")
PLAY_NOT_MOVE = N_("{better} rather than {played}")
WHY_OUT = N_("it lays your last tile and ends the round")
WHY_COVER = N_("it covers the open double, which {played} leaves open")
WHY_UNMARK = N_("it lifts the marker from your own train")
WHY_CHAIN = NP_("your own train's chain keeps {n} tile more for later turns",
                "your own train's chain keeps {n} tiles more for later turns")
WHY_PIPS = NP_("it lays down {n} point more", "it lays down {n} points more")
WHY_PIPS_CLOSE = NP_("it lays down {n} point more while {name} is close to going out",
                     "it lays down {n} points more while {name} is close to going out")
CLOSE = 3
"""An opponent with this many tiles or fewer may go out soon: the points left in hand are what count."""
WHY_PLAYED_OUT = N_("played out on guesses of the hidden tiles, it leaves fewer points in your hand")
REASON = N_("{moves}: {why}.")
REASON_AND = N_("; ")


def contrast_of(view: SeatView, played: Action, better: Action, decision: Any) -> Contrast:
    """The fields that tell ``played`` from ``better`` in ``view`` (``decision``: Strong's, for the chains)."""
    judged = {j.action: j for j in decision.judged} if decision is not None and decision.judged else {}

    def pips(action: Action) -> int:
        return sum(action.tile) if action.kind == PLAY and action.tile is not None else 0

    def chain(action: Action) -> int:
        found = judged.get(action)
        return len(found.chain) if found is not None else 0

    def covers(action: Action) -> bool:
        return action.kind == PLAY and train_index(view, action) in view.open_doubles

    def unmarks(action: Action) -> bool:
        return action.kind == PLAY and action.train == view.seat and view.trains[view.seat].marked

    both_play = played.kind == PLAY and better.kind == PLAY
    others = [seat for seat in range(view.rules.seats) if seat != view.seat]
    closest = min(others, key=lambda seat: view.hand_counts[seat])
    c = Contrast(played=played, better=better,
                 same_tile=both_play and played.tile == better.tile,
                 same_train=both_play and played.train == better.train and played.tile != better.tile,
                 pips_played=pips(played), pips_better=pips(better), chain_played=chain(played),
                 chain_better=chain(better), covers_played=covers(played), covers_better=covers(better),
                 unmarks_played=unmarks(played), unmarks_better=unmarks(better),
                 out_better=better.kind == PLAY and len(view.hand) == 1,
                 closest=closest, closest_left=view.hand_counts[closest], claims=())
    claims = []
    if c.out_better:
        claims.append("out")
    if c.covers_better and not c.covers_played:
        claims.append("cover")
    if c.unmarks_better and not c.unmarks_played:
        claims.append("unmark")
    if c.chain_better > c.chain_played:
        claims.append("chain")
    if c.pips_better > c.pips_played and not c.same_tile:
        claims.append("pips")
    return c._replace(claims=tuple(claims) or ("played_out",))


def reason_text(contrast: Contrast, move: Callable[[Action], str], train: Callable[[Action], str],
                name: Callable[[int], str] = str) -> str:
    """The reason in the language spoken now, from the contrast's fields only: ``move`` names a move in words
    ("3-9 on the Mexican Train", "draw a tile"), ``train`` the train of a play, ``name`` a seat."""
    c = contrast
    if c.same_tile:
        moves = _(SAME_TILE).format(tile=c.better.tile, better=train(c.better), played=train(c.played))
    elif c.same_train:
        moves = _(SAME_TRAIN).format(better=c.better.tile, played=c.played.tile, train=train(c.better))
    else:
        moves = _(PLAY_NOT_MOVE).format(better=move(c.better), played=move(c.played))
    why = []
    for claim in c.claims:
        if claim == "out":
            why.append(_(WHY_OUT))
        elif claim == "cover":
            why.append(_(WHY_COVER).format(played=move(c.played)))
        elif claim == "unmark":
            why.append(_(WHY_UNMARK))
        elif claim == "chain":
            why.append(plural(WHY_CHAIN, c.chain_better - c.chain_played))
        elif claim == "pips" and c.closest_left <= CLOSE:
            why.append(plural(WHY_PIPS_CLOSE, c.pips_better - c.pips_played, name=name(c.closest)))
        elif claim == "pips":
            why.append(plural(WHY_PIPS, c.pips_better - c.pips_played))
        else:
            why.append(_(WHY_PLAYED_OUT))
    return _(REASON).format(moves=moves, why=_(REASON_AND).join(why))


class Decision(NamedTuple):
    """A position where ``seat`` had a real choice, and what it played there."""

    round: int
    action: int
    seat: int
    position: Match
    played: Action


def decisions(match: Match, seats: Iterable[int], rounds: Iterable[int] | None = None) -> list[Decision]:
    """Every decision of ``seats`` in the match (in ``rounds``, indexes, when given), in the order they were
    made."""
    wanted = set(seats)
    only = None if rounds is None else set(rounds)
    found = []
    for number, played in enumerate(match.rounds):
        if only is not None and number not in only:
            continue
        state = new_round(match.rules, number, played.hands_dealt, played.boneyard_dealt)
        earlier = match.rounds[:number]
        for k, action in enumerate(played.actions):
            position = match._replace(rounds=earlier + (state,))
            if state.seat in wanted and len(state.legal) >= 2:
                found.append(Decision(number, k, state.seat, position, action))
            state = state.apply(action)
    return found


def differences(view: SeatView, played: Action, better: Action, rng: random.Random,
                samples: int = SAMPLES) -> Iterator[int]:
    """For each of ``samples`` guesses of the hidden tiles, the seat's end-of-round score after ``played`` less its
    score after ``better``, both played out on that guess."""
    seat = view.seat
    seats = view.rules.seats
    knowledge = Knowledge(view)
    template = Sim.from_view(view, [() for _ in range(seats)], ())
    memo: dict[Any, Any] = {}
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
        yield scores[0] - scores[1]


def cost_steps(view: SeatView, played: Action, better: Action, rng: random.Random,
               samples: int = SAMPLES) -> Generator[None, None, float]:
    """``cost_of`` in steps: yields after each guess of the hidden tiles (both actions played out on it)."""
    total = 0.0
    for difference in differences(view, played, better, rng, samples):
        total += difference
        yield
    return total / samples


def cost_of(view: SeatView, played: Action, better: Action, rng: random.Random, samples: int = SAMPLES) -> float:
    """The mean increase of the seat's own end-of-round score from playing ``played`` instead of ``better``,
    over ``samples`` guesses of the hidden tiles, both actions played out on each guess."""
    return finish(cost_steps(view, played, better, rng, samples))


def price_rng(seed: int, round_index: int, action_index: int) -> random.Random:
    """The generator that prices the decision at ``action_index`` of round ``round_index`` (its guesses of the
    hidden tiles): the same for a match's seed wherever and whenever the decision is judged."""
    return random.Random(f"mexican-train/review/{seed}/{round_index}/{action_index}")


def judge_steps(view: SeatView, played: Action, seed: int, round_index: int, action_index: int,
                names: list[str] | None = None, samples: int = SAMPLES) -> Generator[None, None, Item | None]:
    """``judge`` in small steps (Strong's thinking, then one guess of the hidden tiles at a time), so that
    the page can run a review a few milliseconds at a time; where it is paused changes nothing."""
    decision = yield from strong.think(view, player_rng(seed, view.seat, round_index))
    if decision.action == played:
        return None
    cost = round((yield from cost_steps(view, played, decision.action, price_rng(seed, round_index, action_index),
                                        samples)), 1)
    if cost < THRESHOLD:
        return None
    contrast = contrast_of(view, played, decision.action, decision)
    return Item(round_index, action_index, view.seat, played, decision.action, cost,
                reason_text(contrast, lambda a: hint_move(view, a, names), lambda a: hint_train(view, a.train, names),
                            lambda seat: names[seat] if names else f"seat {seat}"),
                contrast)


def judge(view: SeatView, played: Action, seed: int, round_index: int, action_index: int,
          names: list[str] | None = None, samples: int = SAMPLES) -> Item | None:
    """The item for one decision, or None when it is not worth a word: decided from ``view`` alone."""
    return finish(judge_steps(view, played, seed, round_index, action_index, names, samples))


Judged = dict[tuple[Any, ...], "Item | None"]
"""Decisions judged already (``review_steps``'s ``judged``): each key holds everything the judgement depends
on (the seat's view, the action, the seed, where it was, the names, the play-outs), so a hit is exact."""


def review_steps(match: Match, seats: Iterable[int] | None = None, seed: int | None = None,
                 samples: int = SAMPLES, rounds: Iterable[int] | None = None, judged: Judged | None = None
                 ) -> Generator[tuple[int, int], None, list[Item]]:
    """The review in small steps: yields (decisions done, decisions in all) after each unit of work (a
    few milliseconds: see ``judge_steps``); returns the items. ``rounds`` (indexes) limits it to those
    rounds: the page reviews the round just over. ``judged`` keeps each decision's judgement: one found
    there is not worked out again, and each one worked out is added (the page reads a match's finished
    rounds ahead, while the person plays on)."""
    seed = match.seed if seed is None else seed
    todo = decisions(match, match.humans if seats is None else seats, rounds)
    names = [p.name for p in match.players]
    items = []
    for done, d in enumerate(todo):
        yield done, len(todo)
        view = seat_view(d.position, d.seat)
        key = (view, d.played, seed, d.round, d.action, tuple(names), samples, language())
        if judged is not None and key in judged:
            item = judged[key]
        else:
            item = yield from _counted(judge_steps(view, d.played, seed, d.round, d.action, names, samples),
                                       done, len(todo))
            if judged is not None:
                judged[key] = item
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
