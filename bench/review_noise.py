#!/usr/bin/env python3
"""How much the coach's price of a decision moves with the number of play-outs behind it.

    python3 -m bench.review_noise [--seeds 7,8,9,10,11,12] [--levels normal,easy] [--reference 96]

For 13-round double-12 matches (seat 0 played by a CPU level, the other by Strong, as in bench/review.py), every
decision the coach prices (Strong would have played otherwise) is priced as the coach prices it
(``review.differences``, on the coach's own generator), on 48 guesses of the hidden tiles and then on
``--reference`` more. The later ones are a reference the first ones do not share: for each count n of the first
ones, the table gives how far the price from n play-outs is from the reference (mean absolute difference, in
points), and how often the two disagree on listing the decision (a cost of at least ``review.THRESHOLD`` once
rounded). The reference is itself an estimate; its own spread is printed with it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from mexican_train import Rules, new_match, review
from mexican_train.cli import play_out
from mexican_train.match import Player
from mexican_train.players import player_rng, strong
from mexican_train.view import seat_view

FIRST = 48
COUNTS = (16, 24, 32, 40, 48)


def listed(cost: float) -> bool:
    return round(cost, 1) >= review.THRESHOLD


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="7,8,9,10,11,12")
    ap.add_argument("--levels", default="normal,easy", help="the CPU levels that play seat 0, a match each")
    ap.add_argument("--reference", type=int, default=96, help="play-outs of the reference, after the first 48")
    a = ap.parse_args(argv)
    started = time.perf_counter()
    rows = []
    for seed in map(int, a.seeds.split(",")):
        for level in a.levels.split(","):
            rules = Rules.make("standard", set=12, seats=2)
            match = play_out(new_match(rules, seed, [Player("Ana", level), Player("CPU 1", "strong")]))
            for d in review.decisions(match, [0]):
                view = seat_view(d.position, 0)
                chosen = strong.decide(view, player_rng(match.seed, 0, d.round)).action
                if chosen != d.played:
                    rng = review.price_rng(match.seed, d.round, d.action)
                    rows.append(list(review.differences(view, d.played, chosen, rng, FIRST + a.reference)))
    reference = [statistics.fmean(r[FIRST:]) for r in rows]
    spread = statistics.median(statistics.stdev(r) for r in rows)
    print(f"{len(rows)} priced decisions ({a.seeds}; seat 0 played by {a.levels}); one guess's difference: "
          f"median standard deviation {spread:.1f} points, so the reference's own standard error is about "
          f"{spread / a.reference ** 0.5:.1f}; {time.perf_counter() - started:.0f} s")
    print("| play-outs | mean distance to the reference (points) | listing differs from the reference's |")
    print("|---:|---:|---:|")
    for n in COUNTS:
        priced = [statistics.fmean(r[:n]) for r in rows]
        distance = statistics.fmean(abs(p - q) for p, q in zip(priced, reference))
        differ = sum(listed(p) != listed(q) for p, q in zip(priced, reference))
        print(f"| {n} | {distance:.2f} | {differ} of {len(rows)} ({100 * differ / len(rows):.1f} %) |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
