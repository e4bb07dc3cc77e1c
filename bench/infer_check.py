#!/usr/bin/env python3
"""Checks and measures ``bench.infer`` on strong0-against-strong0 rounds (a tuning tool, not a test).

    nice -n 19 python3 -m bench.infer_check --deals 10 --seed 99 "tau=3.0,last=3" "p=0.8,tau=0.0"

1. The replay: at every decision with a choice, every exact past play of the other seat is rebuilt from its true
   hand today; the rebuilt hand and legal plays must be the true ones, the judge copy must agree with
   ``strong.judge``.
2. What the weights buy: the share of the other seat's true tiles in the guesses, plain (``Knowledge.sample``) and
   resampled (``InferredKnowledge``), and the CPU ms the resampling takes per decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from mexican_train import tournament
from mexican_train.actions import PLAY, train_index
from mexican_train.match import start_round
from mexican_train.players import player_rng, strong, strong0
from mexican_train.players.sampling import Knowledge
from mexican_train.rules import Rules
from mexican_train.view import seat_view

from bench import infer


def parse(text: str) -> infer.Options:
    o = {}
    for item in filter(None, text.split(",")):
        k, _, v = item.partition("=")
        o[k] = type(getattr(infer.Options(), k))(float(v) if "." in v else int(v))
    return infer.Options(**o)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--guesses", type=int, default=48)
    args = parser.parse_args(argv)
    rules = Rules.make(set=12, seats=2)
    variants = [parse(t) for t in args.variants]
    checked = bad = 0
    plain = []
    brier_plain: list[float] = []
    brier: list[list[float]] = [[] for _ in variants]
    inferred: list[list[float]] = [[] for _ in variants]
    ms: list[list[float]] = [[] for _ in variants]
    for deal in range(args.deals):
        deal_seed, number = tournament.deal_of(rules, args.seed, deal)
        state = start_round(rules, deal_seed, number)
        rngs = [player_rng(deal_seed, s, number) for s in range(rules.seats)]
        truth: list[list[tuple[tuple, set]]] = [[] for _ in range(rules.seats)]
        guesser = random.Random(deal)
        while not state.over:
            seat = state.seat
            view = seat_view(state, seat)
            other = 1 - seat
            if len(view.legal) > 1:
                h = infer.History(view)
                assert h.ok
                true_hand = list(state.hands[other])
                for past in h.pasts:
                    if past.seat != other or not past.exact:
                        continue
                    then = h.hand_then(past, true_hand)
                    hand0, legal0 = truth[other][past.index]
                    plays = h.legal_then(past, then)
                    checked += 1
                    if sorted(then) != sorted(hand0) or set(plays) != legal0:
                        bad += 1
                        if bad < 5:
                            print("mismatch", deal, past.index, sorted(then), sorted(hand0), plays, legal0)
                        continue
                    if len(plays) > 1:
                        v = h.view_then(past, then, plays)
                        for a in v.legal:
                            if abs(infer._score(v, a, 4000, {}) - strong.judge(v, a).score) > 1e-9:
                                bad += 1
                                print("judge differs", a)
                T = set(true_hand)
                end = view.trains[other].end
                held = float(any(end in t for t in T))
                if T:
                    kn = Knowledge(view)
                    gs = [kn.sample(guesser)[0][other] for _ in range(args.guesses)]
                    plain.append(statistics.mean(len(T & set(g)) / len(T) for g in gs))
                    brier_plain.append((statistics.mean(any(end in t for t in g) for g in gs) - held) ** 2)
                    for i, o in enumerate(variants):
                        ik = infer.InferredKnowledge.__new__(infer.InferredKnowledge)
                        infer.InferredKnowledge.OPTIONS = o._replace(pool=args.guesses)
                        c0 = time.process_time()
                        ik.__init__(view)
                        gs = [ik.sample(guesser)[0][other] for _ in range(args.guesses)]
                        ms[i].append((time.process_time() - c0) * 1000)
                        inferred[i].append(statistics.mean(len(T & set(g)) / len(T) for g in gs))
                        brier[i].append((statistics.mean(any(end in t for t in g) for g in gs) - held) ** 2)
            action = strong0.choose(view, rngs[seat])
            if action.kind is PLAY:
                legal = {(a.tile, train_index(a.train, rules.seats)) for a in view.legal if a.kind is PLAY}
                truth[seat].append((tuple(sorted(state.hands[seat])), legal))
            state = state.apply(action)
    print(f"replay: {checked} past plays checked, {bad} mismatches")
    print(f"share of the other hand's tiles in the guesses, {len(plain)} decisions: plain {statistics.mean(plain):.4f}"
          f" (Brier of 'holds a tile of its own end' {statistics.mean(brier_plain):.4f})")
    for text, r, b, t in zip(args.variants, inferred, brier, ms):
        t.sort()
        print(f"  {text}: {statistics.mean(r):.4f}, Brier {statistics.mean(b):.4f}  (resampling CPU ms median {statistics.median(t):.1f}, "
              f"p95 {t[int(0.95 * (len(t) - 1))]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
