"""Hand inference for Strong: weigh the guesses of the hidden hands by how likely the other seats' observed plays
are under a model of their own policy (Strong's static judge), a particle filter (a tuning tool: no level, match
file or page meets it; see docs/strong-notes.md, "Weighing the guesses by the other seat's plays").

``History(view)`` replays the round's public events in a ``Sim`` (the layout, markers, phase and tile counts
are public; the hidden hands are stand-ins) and keeps, for each play of another seat, the position just before
it. With a guess ``H`` of that seat's hand today, its hand at a past play is ``H`` plus the tiles it played since
(exact back to its last *kept* draw, a draw followed by a marker; before that the tile it drew and kept is in
``H`` but was not yet in its hand, so the reconstruction is a superset: used only with ``superset``).
``History.loglik`` judges every legal play of that position with ``strong.judge`` and takes the log of the
softmax (temperature ``tau``) of the observed play, or with ``p`` the log of ``p`` when the observed play is the
judge's top choice and of ``(1 - p) / (n - 1)`` otherwise, summed over the last ``last`` informative plays.

``InferredKnowledge`` is ``sampling.Knowledge`` whose ``sample`` first draws ``factor`` times the guesses Strong
needs, weighs each by its likelihood and keeps as many by systematic resampling (all with Strong's generator), then
serves them one by one; a guess kept twice gets a new shuffle of its boneyard, so its play-outs differ.
``choose(view, rng, ...)`` is Strong with that knowledge (``strong.Knowledge`` replaced during the call).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from mexican_train.actions import MEXICAN, play, train_index, train_name
from mexican_train.engine import Train
from mexican_train.kernel import CHAIN
from mexican_train.players import sampling, strong
from mexican_train.players.base import plan_chain
from mexican_train.players.rollout import common_plays, uses_common_rules
from mexican_train.players.sim import FREE, Sim
from mexican_train.tiles import Tile, full_set
from mexican_train.view import SeatView

_FILLER = Tile(99, 99)  # a stand-in for a hidden tile: fits no train


class Past(NamedTuple):
    """One play of another seat, and the position just before it."""

    seat: int
    index: int          # its index among that seat's plays
    sim: Sim            # the position (hands are stand-ins)
    counts: tuple[int, ...]
    tile: Tile
    train: int
    exact: bool         # no kept draw of that seat since (the reconstructed hand is exact)


class History:
    """The other seats' plays of the round so far, with the positions they were made in."""

    def __init__(self, view: SeatView):
        self.view = view
        self.judged = 0
        rules = view.rules
        seats = rules.seats
        me = view.seat
        top = rules.set
        sim = Sim.from_view(view, [[_FILLER] for _ in range(seats)], ())
        sim.ends = [view.engine] * (seats + 1)
        sim.marked = [False] * (seats + 1)
        sim.dbl = [False] * (seats + 1)
        sim.laid = [0] * (top + 1)
        sim.boneyard = (_FILLER,) * (len(full_set(top)) - 1 - seats * rules.hand_size)
        sim.draws = 0
        sim.seat = view.first_seat
        sim.phase = CHAIN if rules.opening_chain else FREE
        sim.doubles = []
        sim.chain = 0
        sim.drawn = None
        sim.placed = False
        sim.had_turn = [False] * seats
        sim.idle = 0
        counts = [rules.hand_size] * seats
        self.plays: list[list[Tile]] = [[] for _ in range(seats)]  # each seat's played tiles, in order
        self.fresh: list[list[bool]] = [[] for _ in range(seats)]  # whether each was the tile just drawn
        self.pasts: list[Past] = []
        kept: list[int] = [-1] * seats  # the number of plays of each seat before its last kept draw
        drew = False
        self.ok = uses_common_rules(sim)
        for e in view.events:
            kind = e.kind
            s = e.seat
            if kind == "play":
                t = e.tile
                assert t is not None
                k = train_index(e.train, seats)  # type: ignore[arg-type]
                if s != me:
                    snap = sim.copy()
                    if drew:
                        snap.drawn = t
                    self.pasts.append(Past(s, len(self.plays[s]), snap, tuple(counts), t, k, True))
                sim.hands[s].append(t)
                if drew:
                    sim.drawn = t
                sim.play(t, k)
                self.plays[s].append(t)
                self.fresh[s].append(drew)
                counts[s] -= 1
                drew = False
            elif kind == "draw":
                sim.take_draw()
                counts[s] += 1
                drew = True
            elif kind == "mark":
                if drew:
                    sim.drawn_does_not_fit()
                    kept[s] = len(self.plays[s])
                drew = False
            elif kind == "pass":
                sim.pass_turn()
                drew = False
            elif kind == "stop":
                sim.stop()
            # unmark, out, blocked: followed by the plays themselves
        self.kept = kept
        # Does the replay reach today's position? (It must; else inference is skipped.)
        if sim.ends != [t.end for t in view.trains] or sim.marked != [t.marked for t in view.trains] \
                or (not view.over and sim.seat != view.to_move) or tuple(counts) != view.hand_counts:
            self.ok = False
        self.pasts = [p._replace(exact=p.index >= kept[p.seat]) for p in self.pasts]

    def hand_then(self, past: Past, hand: Sequence[Tile]) -> list[Tile]:
        """The seat's hand just before ``past``, given its hand today: plus the tiles it played since, but
        those it drew after ``past`` and played at once."""
        i = past.index
        plays, fresh = self.plays[past.seat], self.fresh[past.seat]
        return list(hand) + [plays[i]] + [plays[j] for j in range(i + 1, len(plays)) if not fresh[j]]

    def view_then(self, past: Past, hand: list[Tile], plays: list[tuple[Tile, int]]) -> SeatView:
        sim = past.sim
        seats = self.view.rules.seats
        trains = tuple(Train((), sim.ends[k], sim.marked[k]) for k in range(seats + 1))
        return self.view._replace(
            seat=past.seat, to_move=past.seat, phase=sim.phase, doubles=tuple(sim.doubles), trains=trains,
            hand_counts=past.counts, hand=tuple(hand), drawn=sim.drawn,
            legal=tuple(play(t, train_name(k, seats)) for t, k in plays))

    def legal_then(self, past: Past, hand: list[Tile]) -> list[tuple[Tile, int]]:
        sim = past.sim
        keep = sim.hands[past.seat]
        sim.hands[past.seat] = hand
        try:
            return common_plays(sim)[0]
        finally:
            sim.hands[past.seat] = keep

    def informative(self, seat: int, last: int, superset: bool = False) -> list[Past]:
        """The last ``last`` plays of ``seat`` whose hand can be reconstructed (exactly, or a superset)."""
        own = [p for p in self.pasts if p.seat == seat and (p.exact or superset)]
        return own[-last:] if last else own

    def loglik(self, seat: int, hand: Sequence[Tile], pasts: list[Past], tau: float = 0.0, p: float = 0.0,
               nodes: int = 4000, memo: dict[Any, Any] | None = None) -> float:
        """Log-likelihood of ``seat``'s plays in ``pasts`` if it holds ``hand`` today (``self.judged`` counts
        the plays judged)."""
        total = 0.0
        for past in pasts:
            then = self.hand_then(past, hand)
            plays = self.legal_then(past, then)
            if len(plays) < 2:
                continue
            observed = (past.tile, past.train)
            if observed not in plays:
                return -math.inf  # the guess could not have made that play (should not happen: the tile is added)
            view = self.view_then(past, then, plays)
            self.judged += len(plays)
            scores = [_score(view, a, nodes, memo) for a in view.legal]
            i = plays.index(observed)
            if p:
                best = max(range(len(scores)), key=lambda j: scores[j])  # first of the best, as sorted() keeps
                total += math.log(p) if i == best else math.log((1 - p) / (len(scores) - 1))
            else:
                m = max(scores)
                z = sum(math.exp((x - m) / tau) for x in scores)
                total += (scores[i] - m) / tau - math.log(z)
        return total


def _score(view: SeatView, action: Any, nodes: int, memo: dict[Any, Any] | None) -> float:
    """``strong.judge``'s score (its default weights), with a node limit for the chain plan and a memo of plans."""
    def plan(rest: Sequence[Tile], end: int) -> Any:
        key = (tuple(sorted(rest)), end)
        chain = memo.get(key) if memo is not None else None
        if chain is None:
            chain = plan_chain(rest, end, nodes)
            if memo is not None:
                memo[key] = chain
        return chain
    return strong.judge(view, action, plan=plan).score


class Options(NamedTuple):
    factor: int = 4        # candidate guesses drawn per guess kept
    tau: float = 3.0       # softmax temperature over the judge's scores (0: use p)
    p: float = 0.0         # probability the judge's top choice is played (when tau is 0)
    last: int = 3          # how many of the other seat's last informative plays (0: all)
    superset: bool = False # also plays before its last kept draw (the hand then a superset)
    nodes: int = 4000      # chain-plan node limit inside the likelihood
    pool: int = 0          # guesses resampled at a time (0: as many as Strong will draw)
    work: int = 0          # at most this many judged plays (chain plans) per refill (0: no cap); once spent, no
                           # more candidates are drawn (at least one), and the guesses kept are resampled from those


class InferredKnowledge(sampling.Knowledge):
    """``Knowledge`` whose guesses are resampled by the likelihood of the other seats' plays."""

    __slots__ = ("options", "history", "queue", "served", "pasts", "memo")
    OPTIONS = Options()

    def __init__(self, view: SeatView):
        super().__init__(view)
        self.options = InferredKnowledge.OPTIONS
        self.history: History | None = None
        self.queue: list[tuple[list[list[Tile]], list[Tile]]] = []
        self.served = 0
        self.pasts: dict[int, list[Past]] = {}
        self.memo: dict[Any, Any] = {}

    def _refill(self, rng: random.Random) -> None:
        o = self.options
        view = self.view
        if self.history is None:
            self.history = History(view)
            if self.history.ok:
                for s in range(view.rules.seats):
                    if s != view.seat:
                        self.pasts[s] = self.history.informative(s, o.last, o.superset)
        history = self.history
        pasts = self.pasts
        if not history.ok or not any(pasts.values()):
            self.queue = [sampling.Knowledge.sample(self, rng) for _ in range(o.pool or 24)]
            return
        n = o.pool or 24
        cands = []
        logw = []
        start = history.judged
        for _ in range(n * o.factor):
            if o.work and cands and history.judged - start >= o.work:
                break
            hands, boneyard = sampling.Knowledge.sample(self, rng)
            cands.append((hands, boneyard))
            lw = 0.0
            for s, ps in pasts.items():
                if ps:
                    lw += history.loglik(s, hands[s], ps, o.tau, o.p, o.nodes, self.memo)
            logw.append(lw)
        m = max(logw)
        w = [math.exp(x - m) if x > -math.inf else 0.0 for x in logw] if m > -math.inf else [1.0] * len(logw)
        total = sum(w)
        # systematic resampling
        step = total / n
        u = rng.random() * step
        chosen = []
        acc = 0.0
        i = 0
        for j in range(n):
            target = u + j * step
            while acc + w[i] < target and i < len(w) - 1:
                acc += w[i]
                i += 1
            chosen.append(i)
        seen: set[int] = set()
        queue = []
        for i in chosen:
            hands, boneyard = cands[i]
            if i in seen:
                boneyard = boneyard[:]
                rng.shuffle(boneyard)
                hands = [h[:] for h in hands]
            seen.add(i)
            queue.append((hands, boneyard))
        rng.shuffle(queue)
        self.queue = queue

    def sample(self, rng: random.Random, tries: int = 8) -> tuple[list[list[Tile]], list[Tile]]:
        if not self.queue:
            self._refill(rng)
        return self.queue.pop()


def guesses_needed(view: SeatView, iterations: int, candidates: int, settings: strong.Settings) -> int:
    """How many guesses ``strong.think`` draws for ``view`` (its budget in play-outs, not steps)."""
    plays = [a for a in view.legal if a.kind == "play"]
    c = min(candidates, len(plays)) + (1 if view.phase is CHAIN and len(view.legal) > len(plays) else 0)
    if c < 2:
        return 1
    first = max(2, int(iterations * settings.split) // c)
    alive = 3 if c > 3 else c
    return first + max(0, (iterations - first * c) // alive)


def choose(view: SeatView, rng: random.Random, options: Options = Options(), **strong_options: Any) -> Any:
    """Strong's action with inferred guesses (``strong_options``: ``strong.choose``'s)."""
    saved_k, saved_o = strong.Knowledge, InferredKnowledge.OPTIONS
    strong.Knowledge = InferredKnowledge  # type: ignore[misc]
    if not options.pool:
        options = options._replace(pool=guesses_needed(
            view, int(strong_options.get("iterations", strong.ITERATIONS)),
            int(strong_options.get("candidates", strong.CANDIDATES)), strong_options.get("settings", strong.SETTINGS)))
    InferredKnowledge.OPTIONS = options
    try:
        return strong.choose(view, rng, **strong_options)
    finally:
        strong.Knowledge = saved_k  # type: ignore[misc]
        InferredKnowledge.OPTIONS = saved_o
