"""The quick policy that plays out a guessed round to its end (for Strong's look-ahead).

Every seat in a play-out follows the same plain plan, a fast cousin of
Strong's own judgement:

1. go out when it can;
2. play a double when another tile can follow it (the double is a free extra play);
3. with its own train marked, close it with the next tile of its planned chain;
4. put a spare tile (one its chain does not need) on the Mexican Train or a
   marked train, the heaviest first;
5. else lay the next tile of its planned chain on its own train;
6. else anything, the heaviest first, its own train before the others.

Each seat's chain is planned from its hand with a small node limit and kept
until it stops fitting (another seat played on its marked train, or the plan
ran out); then it is planned again.
"""

from __future__ import annotations

from ..kernel import Pair
from ..tiles import Tile
from .base import plan_chain
from .sim import BOUND, CHAIN, DOUBLE, FREE, OVER, TWO_DOUBLES, Play, Sim

Plan = tuple[Pair, ...]
"""A seat's planned chain: the tiles to lay on its own train, in order."""

#: Node limit of a chain planned inside a play-out (the full search is too slow there).
PLAYOUT_CHAIN_NODES = 50


class Plans:
    """Each seat's planned chain for its own train, planned again when it stops fitting.

    ``memo`` (shared by copies) keeps the chains already planned, by hand and end.
    """

    __slots__ = ("tiles", "nodes", "memo")

    tiles: list[Plan | None]
    nodes: int
    memo: dict[tuple[tuple[Tile, ...], int], Plan]

    def __init__(self, seats: int, nodes: int = PLAYOUT_CHAIN_NODES,
                 memo: dict[tuple[tuple[Tile, ...], int], Plan] | None = None) -> None:
        self.tiles = [None] * seats
        self.nodes = nodes
        self.memo = {} if memo is None else memo

    def copy(self) -> Plans:
        """A copy whose plans can change apart from this one's (the memo is shared)."""
        p = Plans.__new__(Plans)
        p.tiles = self.tiles[:]  # plans are tuples: shared, never edited
        p.nodes = self.nodes
        p.memo = self.memo
        return p

    def get(self, sim: Sim, seat: int) -> Plan:
        """The seat's planned chain, planned again when it no longer fits."""
        plan = self.tiles[seat]
        hand = sim.hands[seat]
        if plan is not None:
            if not plan:
                return plan
            head = plan[0]
            end = sim.ends[seat]
            if (head[0] == end or head[1] == end) and head in hand:
                return plan
        key = (tuple(sorted(hand)), sim.ends[seat])
        plan = self.memo.get(key)
        if plan is None:
            plan = self.memo[key] = plan_chain(key[0], key[1], self.nodes).tiles
        self.tiles[seat] = plan
        return plan

    def played(self, seat: int, t: Pair, k: int) -> None:
        """Follow a play: the plan moves on, or is dropped when the play broke it."""
        plan = self.tiles[seat]
        if plan and plan[0] == t and k == seat:
            self.tiles[seat] = plan[1:]
        elif plan and t in plan:
            self.tiles[seat] = None  # the chain was broken: plan again when needed


def choose_play(sim: Sim, plays: list[Play], plans: Plans, reach: list[int] | None = None) -> Play:
    """The play-out policy's choice among legal ``plays`` of the seat to move.

    ``reach``: the open ends of the trains the seat may use (worked out here when not given).
    """
    seat = sim.seat
    hand = sim.hands[seat]
    if len(hand) == 1:
        return plays[0]
    plan = plans.get(sim, seat)
    seats = sim.seats
    # 2. a double with a follow-up (on the own train first, then the heaviest)
    best = None
    best_score = -1
    for t, k in plays:
        a = t[0]
        if a == t[1]:
            score = a + (100 if k == seat else 0)
            if score > best_score:
                if reach is None:
                    reach = [sim.ends[j] for j in sim.eligible(seat)]
                for u in hand:
                    if u != t and (a in u or u[0] in reach or u[1] in reach):
                        best, best_score = (t, k), score
                        break
    if best is not None:
        return best
    head = plan[0] if plan else None
    # 3. close the own marked train with the chain
    if head is not None and sim.marked[seat]:
        for t, k in plays:
            if t == head and k == seat:
                return (t, k)
    # 4. a spare on a public train, heaviest first, the Mexican Train preferred
    for t, k in plays:
        if k != seat and t not in plan:
            score = t[0] + t[1] + (50 if k == seats else 0)
            if score > best_score:
                best, best_score = (t, k), score
    if best is not None:
        return best
    # 5. the chain
    if head is not None:
        for t, k in plays:
            if t == head and k == seat:
                return (t, k)
    # 6. anything
    for t, k in plays:
        score = t[0] + t[1] + (20 if k == seat else 0)
        if score > best_score:
            best, best_score = (t, k), score
    return best  # type: ignore[return-value]  # plays is never empty


def uses_common_rules(sim: Sim) -> bool:
    """True when ``common_plays`` may stand in for ``sim.plays()``: flexible doubles, no opening chain,
    no exhausted suits, the Mexican Train open from the first turn."""
    return not (sim.opening_chain or sim.exhausted_rule or sim.immediate or sim.mexican_later)


def common_plays(sim: Sim) -> tuple[list[Play], list[int] | None]:
    """The legal plays ``(tile, train)`` of the seat to move, under the common rules (see
    ``uses_common_rules``), and the ends of the trains it may choose among on a free turn (None when
    a double binds it). The same plays as ``sim.plays()``, written out for the play-out's speed: under
    these rules the trains a seat may use do not depend on whether it has had a turn."""
    plays, reach, _targets = _listing(sim)
    return plays, reach


def _listing(sim: Sim) -> tuple[list[Play], list[int] | None, list[int]]:
    """``common_plays`` and the trains the seat may play on (a tile it draws next can go on those only)."""
    seats = sim.seats
    seat, phase, ends = sim.seat, sim.phase, sim.ends
    if phase is FREE and sim.drawn is None and True not in sim.marked:
        # the commonest step by far: the own train and the Mexican Train only (a third quicker written out)
        own, mexican = ends[seat], ends[seats]
        plays = []
        for t in sim.hands[seat]:
            if own in t:
                plays.append((t, seat))
            if mexican in t:
                plays.append((t, seats))
        return plays, [own, mexican], [seat, seats]
    if phase is FREE or phase is DOUBLE:
        marked = sim.marked
        if True in marked:
            targets = [k for k in range(seats) if k == seat or marked[k]]
            targets.append(seats)   # the Mexican Train
        else:
            targets = [seat, seats]
        reach = [ends[k] for k in targets]
        if phase is DOUBLE and sim.doubles[0] not in targets:
            targets.append(sim.doubles[0])
    elif phase is BOUND:
        dbl = sim.dbl
        targets = [k for k in range(seats + 1) if dbl[k]]
        reach = None
    else:
        targets = sim.doubles
        reach = None
    drawn = sim.drawn
    if drawn is not None:
        plays = [(drawn, k) for k in targets if ends[k] in drawn]
    else:
        # the hand's tiles that fit some train first: most do not, and most turns have two or three trains
        values = set(reach) if reach is not None and phase is FREE else {ends[k] for k in targets}
        plays = [(t, k) for t in sim.hands[seat] if t[0] in values or t[1] in values
                 for k in targets if ends[k] in t]
    if phase is DOUBLE and plays:
        hand = sim.hands[seat]
        # Two doubles in one turn: only with a cover for one of them left in hand.
        first_value = ends[sim.doubles[0]]
        plays = [(t, k) for t, k in plays
                 if t[0] != t[1] or any(u != t and (first_value in u or t[0] in u) for u in hand)]
    return plays, reach, targets


def _drawn_plays(sim: Sim, targets: list[int]) -> list[Play]:
    """``common_plays(sim)[0]`` just after a draw, on the trains the seat had (a draw changes none)."""
    drawn = sim.drawn
    assert drawn is not None
    ends = sim.ends
    plays = [(drawn, k) for k in targets if ends[k] in drawn]
    if plays and sim.phase is DOUBLE and drawn[0] == drawn[1]:
        # Two doubles in one turn: only with a cover for one of them left in hand.
        first_value = ends[sim.doubles[0]]
        if not any(u != drawn and (first_value in u or drawn[0] in u) for u in sim.hands[sim.seat]):
            return []
    return plays


def play_out(sim: Sim, plans: Plans, max_steps: int = 400) -> int:
    """Play ``sim`` to the end of the round with the play-out policy (edits ``sim`` and ``plans``), or for
    ``max_steps`` steps (plays, draws, passes, stops); returns the steps taken."""
    if not uses_common_rules(sim):
        return _play_out_any_rules(sim, plans, max_steps)
    nbone = len(sim.boneyard)
    steps = 0
    drawn_plays: list[Play] = []   # the plays of a tile just drawn: the next step's plays
    reach: list[int] | None = None
    while sim.phase is not OVER and steps < max_steps:
        steps += 1
        if drawn_plays:
            plays, drawn_plays = drawn_plays, []
        else:
            plays, reach, targets = _listing(sim)
        if plays:
            seat = sim.seat
            t, k = plays[0] if len(plays) == 1 else choose_play(sim, plays, plans, reach)
            sim.play(t, k)
            plans.played(seat, t, k)
        elif sim.draws < nbone:
            sim.take_draw()
            drawn_plays = _drawn_plays(sim, targets)
            if not drawn_plays:
                sim.drawn_does_not_fit()
        else:
            sim.pass_turn()
    return steps


def any_rule_plays(sim: Sim) -> list[Play]:
    """The legal plays ``(tile, train)`` of the seat to move under any rule options: ``sim.plays()`` (the
    kernel's listing, in the same order), written out for the play-out's speed."""
    phase = sim.phase
    seat = sim.seat
    seats = sim.seats
    if phase is OVER:
        return []
    if phase is FREE or (phase is DOUBLE and not sim.immediate):
        first = not sim.had_turn[seat]
        if first and sim.opening_chain:
            targets = [seat]
        else:
            marked = sim.marked
            targets = [k for k in range(seats) if k == seat or marked[k]]
            if not (first and sim.mexican_later):
                targets.append(seats)
        if phase is DOUBLE and sim.doubles[0] not in targets:
            targets.append(sim.doubles[0])
    elif phase is BOUND:
        targets = sim.binding()
    elif phase is DOUBLE:
        targets = sim.doubles[:1]
    elif phase is TWO_DOUBLES:
        targets = sim.doubles
    else:
        targets = [seat]
    ends = sim.ends
    hand = sim.hands[seat]
    drawn = sim.drawn
    plays = [(t, k) for t in ((drawn,) if drawn is not None else hand) for k in targets if ends[k] in t]
    if phase is DOUBLE and not sim.immediate and plays:
        # Two doubles in one turn: only with a cover for one of them left in hand.
        first_value = ends[sim.doubles[0]]
        plays = [(t, k) for t, k in plays
                 if t[0] != t[1] or sim.exhausted(t[0]) or any(u != t and (first_value in u or t[0] in u) for u in hand)]
    return plays


def _play_out_any_rules(sim: Sim, plans: Plans, max_steps: int) -> int:
    steps = 0
    nbone = len(sim.boneyard)
    while sim.phase is not OVER and steps < max_steps:
        steps += 1
        plays = any_rule_plays(sim)
        if plays:
            t, k = choose_play(sim, plays, plans)
            seat = sim.seat
            sim.play(t, k)
            plans.played(seat, t, k)
        elif sim.phase is CHAIN:
            if sim.chain == 0:
                sim.pass_turn()
            else:
                sim.stop()
        elif sim.draws < nbone:
            sim.take_draw()
            if not any_rule_plays(sim):
                sim.drawn_does_not_fit()
        else:
            sim.pass_turn()
    return steps
