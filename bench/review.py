#!/usr/bin/env python3
"""How long the coach takes: a full 13-round double-12 match reviewed, and the time per decision.

    python3 -m bench.review [--seed 7] [--seats 2] [--level normal]

The person's seat (seat 0) is played by a CPU level (Normal by default: it often differs from Strong,
so most decisions are priced by play-outs too); the review then runs exactly as
``python -m mexican_train review`` does. Prints the decisions, the items listed and the times.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from mexican_train import Rules, new_match, review
from mexican_train.cli import play_out
from mexican_train.match import Player
from mexican_train.view import seat_view


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--level", default="normal", help="the CPU level that plays the person's seat")
    a = ap.parse_args(argv)
    rules = Rules.make("standard", set=12, seats=a.seats)
    players = [Player("Ana", a.level)] + [Player(f"CPU {s}", "strong") for s in range(1, a.seats)]
    match = play_out(new_match(rules, a.seed, players))
    match = match._replace(players=(Player("Ana", "human"),) + match.players[1:])
    todo = review.decisions(match, [0])
    times = []
    items = []
    started = time.perf_counter()
    for d in todo:
        t0 = time.perf_counter()
        item = review.judge(seat_view(d.position, 0), d.played, match.seed, d.round, d.action)
        times.append((time.perf_counter() - t0) * 1000)
        if item:
            items.append(item)
    total = time.perf_counter() - started
    times.sort()
    print(f"Python {platform.python_version()}, double-12, {a.seats} seats, {rules.rounds} rounds, seat 0 played by "
          f"{a.level}, seed {a.seed}")
    print(f"{len(todo)} decisions, {len(items)} listed; {total:.1f} s in all")
    print(f"per decision: median {statistics.median(times):.0f} ms, p95 {times[int(0.95 * (len(times) - 1))]:.0f} ms, "
          f"max {times[-1]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
